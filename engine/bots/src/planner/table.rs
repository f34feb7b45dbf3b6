//! What the `normal` bot knows of the table: what each player's success or failure is worth
//! to it, and the odds at which each player would rather run than let another run.

use super::Params;
use crate::ids::Seat;
use crate::outlook::Standings;
use crate::view::View;

/// Each seat's chances after a success and after a failure.
type Chances = ([f64; 4], [f64; 4]);

/// Break-even odds never taken below or above these.
const BREAK_EVEN: (f64, f64) = (0.05, 0.95);

/// What the bot knows of the table: the standings' worth to it, each player's break-even
/// odds, and who bids in what order.
pub(super) struct Table {
    pub(super) me: Seat,
    pub(super) params: Params,
    /// The chance a bidder strips the adventurer (see [`Params::strip`]).
    pub(super) strip: f64,
    /// The bot's chance to win once seat `j`'s run succeeds, or fails.
    if_success: [f64; 4],
    if_failure: [f64; 4],
    /// The odds at which each seat would rather run than let another run.
    pub(super) break_even: [f64; 4],
}

impl Table {
    pub(super) fn new(view: &View, params: &Params) -> Table {
        let standings = Standings::of(view);
        let model = params.model;
        let players = view.players();
        let me = view.seat();
        let mut table = Table {
            me,
            params: *params,
            strip: params.strip,
            if_success: [0.0; 4],
            if_failure: [0.0; 4],
            break_even: [0.5; 4],
        };
        let alive: Vec<Seat> = (0..players).filter(|&s| !view.eliminated(s)).collect();
        let after: Vec<([f64; 4], [f64; 4])> = (0..players)
            .map(|s| {
                (
                    standings.after_run(model, s, true),
                    standings.after_run(model, s, false),
                )
            })
            .collect();
        for &j in &alive {
            let (s, f) = after[j as usize];
            table.if_success[j as usize] = s[me as usize];
            table.if_failure[j as usize] = f[me as usize];
            // j runs: a = worth to j of j's success, b of j's failure; another runs:
            // c and d, the same for j, averaged over the others.
            let a = s[j as usize];
            let b = f[j as usize];
            let others: Vec<Seat> = alive.iter().copied().filter(|&o| o != j).collect();
            if others.is_empty() {
                continue;
            }
            let mean = |pick: fn(&Chances) -> &[f64; 4]| {
                others
                    .iter()
                    .map(|&o| pick(&after[o as usize])[j as usize])
                    .sum::<f64>()
                    / others.len() as f64
            };
            let c = mean(|x| &x.0);
            let d = mean(|x| &x.1);
            let denominator = (a - b) + (d - c);
            let tau = if denominator > 1e-9 {
                (d - b) / denominator
            } else {
                0.5
            };
            table.break_even[j as usize] = tau.clamp(BREAK_EVEN.0, BREAK_EVEN.1);
        }
        table
    }

    /// The bot's chance to win if `runner` runs a dungeon survived with chance `p`.
    pub(super) fn worth(&self, runner: Seat, p: f64) -> f64 {
        let r = runner as usize;
        p * self.if_success[r] + (1.0 - p) * self.if_failure[r]
    }
}

/// The seats still bidding, in turn order from `first`.
pub(super) fn bidders_from(view: &View, first: Seat) -> Vec<Seat> {
    let n = view.players();
    (0..n)
        .map(|i| (first + i) % n)
        .filter(|&s| !view.eliminated(s) && !view.passed(s))
        .collect()
}
