//! Mazmorra in words, in the reader's language: the table as one seat sees it, each legal
//! move as an option, each event as a log line (already masked for that seat).

use crate::text::{Arg, tr};
use dungeon_core::Seat;
use dungeon_engine::Lang;
use dungeon_mazmorra::action::{Action, Event, HIDDEN};
use dungeon_mazmorra::cards::{Card, label};
use dungeon_mazmorra::state::{Darkness, Phase, Prisoner};
use dungeon_mazmorra::view::{PrisonerView, View};

pub struct Words<'a> {
    pub lang: Lang,
    pub names: &'a [String],
    /// The seat the words are for.
    pub seat: Seat,
    /// In the dark, face-down cards stay hidden in the log.
    pub darkness: Darkness,
}

fn cards(list: &[Card]) -> String {
    list.iter().map(|&c| label(c)).collect::<Vec<_>>().join(" ")
}

pub fn rank(r: u8) -> String {
    match r {
        1 => "A".into(),
        11 => "J".into(),
        12 => "Q".into(),
        13 => "K".into(),
        r => r.to_string(),
    }
}

impl Words<'_> {
    fn t(&self, key: &'static str, args: &[(&str, Arg)]) -> String {
        tr(self.lang, key, args)
    }

    fn name(&self, seat: Seat) -> String {
        self.names
            .get(seat as usize)
            .cloned()
            .unwrap_or_else(|| seat.to_string())
    }

    /// A dungeon as its paths from the cell, the last passage played marked `*`.
    fn dungeon(&self, p: &PrisonerView) -> String {
        if !p.alive {
            return self.t("mz-dead", &[]);
        }
        let prisoner = Prisoner {
            hand: Vec::new(),
            cell: p.cell,
            cell_face_down: true,
            passages: p.passages.clone(),
            last: p.last,
            left_cell: p.left_cell,
            alive: p.alive,
        };
        let leaves: Vec<usize> = (prisoner.standing())
            .filter(|(i, _)| !prisoner.has_child(*i))
            .map(|(i, _)| i)
            .collect();
        if leaves.is_empty() {
            return self.t("mz-in-cell", &[]);
        }
        let mut shown = std::collections::BTreeSet::new();
        let mut paths = Vec::new();
        for leaf in leaves {
            let mut path = vec![leaf];
            while let Some(parent) = p.passages[*path.last().expect("a passage")].parent {
                path.push(parent);
            }
            path.reverse();
            // A branch starts at the passage it leads on from.
            let from = path.iter().position(|i| !shown.contains(i)).unwrap_or(0);
            let words: Vec<String> = path[from.saturating_sub(1)..]
                .iter()
                .map(|&i| {
                    shown.insert(i);
                    let q = &p.passages[i];
                    let mut w = label(q.card);
                    if q.card.rank != q.value {
                        w = format!("{w}={}", q.value);
                    }
                    if Some(i) == p.last {
                        w.push('*');
                    }
                    w
                })
                .collect();
            paths.push(words.join(" "));
        }
        paths.join(" | ")
    }

    /// The table: the piles, every prisoner, and the seat's hand.
    pub fn table(&self, view: &View) -> Vec<String> {
        let top = view
            .discard
            .last()
            .map_or_else(|| "-".to_string(), |&c| label(c));
        let mut lines = vec![self.t(
            "mz-table-head",
            &[
                ("turn", view.turns.into()),
                ("deck", view.deck.into()),
                ("discard", view.discard.len().into()),
                ("top", top.into()),
            ],
        )];
        for (s, p) in view.prisoners.iter().enumerate() {
            let cell = if p.cell == HIDDEN {
                self.t("mz-face-down", &[])
            } else {
                self.t("mz-joker", &[])
            };
            let mut name = self.name(s as Seat);
            if s as Seat == self.seat {
                name = format!("{name} ({})", self.t("mz-you", &[]));
            }
            lines.push(self.t(
                "mz-seat-line",
                &[
                    ("name", name.into()),
                    ("cell", self.t("mz-cell", &[("cell", cell.into())]).into()),
                    ("dungeon", self.dungeon(p).into()),
                    (
                        "hand",
                        self.t("mz-cards", &[("count", p.hand_size.into())]).into(),
                    ),
                ],
            ));
        }
        if view.seat.is_some() {
            let hand = if view.hand.is_empty() {
                self.t("mz-none", &[])
            } else {
                cards(&view.hand)
            };
            lines.push(self.t("mz-your-hand", &[("cards", hand.into())]));
        }
        lines
    }

    /// What the seat is asked.
    pub fn prompt(&self, view: &View) -> String {
        match &view.phase {
            Phase::Opening { .. } => self.t("mz-prompt-opening", &[]),
            Phase::Turn { played: false } => self.t("mz-prompt-turn", &[]),
            Phase::Turn { played: true } => self.t("mz-prompt-turn-played", &[]),
            Phase::Discard => self.t("mz-prompt-discard", &[]),
            Phase::Rob => self.t("mz-prompt-rob", &[]),
            Phase::Defend {
                creature, value, ..
            } => self.t(
                "mz-prompt-defend",
                &[
                    ("attacker", self.name(view.turn).into()),
                    ("creature", label(*creature).into()),
                    ("value", (*value).into()),
                ],
            ),
            Phase::Answer { rank: r, .. } => self.t(
                "mz-prompt-answer",
                &[
                    ("fisher", self.name(view.turn).into()),
                    ("rank", rank(*r).into()),
                ],
            ),
            Phase::Doubt { target, rank: r } => self.t(
                "mz-prompt-doubt",
                &[
                    ("target", self.name(*target).into()),
                    ("rank", rank(*r).into()),
                ],
            ),
            Phase::Aces { .. } => self.t("mz-prompt-aces", &[]),
            Phase::Counter { .. } => self.t("mz-prompt-counter", &[]),
            Phase::Rescue { value, .. } => {
                self.t("mz-prompt-rescue", &[("value", (*value).into())])
            }
            Phase::Escape { claimant, .. } => self.t(
                "mz-prompt-escape",
                &[("claimant", self.name(*claimant).into())],
            ),
            Phase::Over => String::new(),
        }
    }

    /// One option.
    pub fn action(&self, view: &View, action: &Action) -> String {
        let c = |card: &Card| Arg::from(label(*card));
        let me = &view.prisoners[self.seat as usize];
        let as_value = |card: &Card, value: u8| {
            if card.rank == value {
                label(*card)
            } else {
                self.t(
                    "mz-act-as",
                    &[("card", c(card)), ("value", rank(value).into())],
                )
            }
        };
        match action {
            Action::Open(card) => self.t("mz-act-open", &[("card", c(card))]),
            Action::Passage {
                card,
                value,
                parent,
            } => {
                let card = as_value(card, *value);
                match parent {
                    Some(p) => self.t(
                        "mz-act-passage",
                        &[
                            ("card", card.into()),
                            ("after", label(me.passages[*p].card).into()),
                        ],
                    ),
                    None => self.t("mz-act-passage-cell", &[("card", card.into())]),
                }
            }
            Action::Collapse {
                card,
                value,
                target,
            } => self.t(
                "mz-act-collapse",
                &[
                    ("card", as_value(card, *value).into()),
                    ("target", self.name(*target).into()),
                    ("value", (*value).into()),
                ],
            ),
            Action::Attack {
                card,
                rank: r,
                target,
            } => self.t(
                "mz-act-attack",
                &[
                    ("card", as_value(card, *r).into()),
                    ("target", self.name(*target).into()),
                ],
            ),
            Action::Rob { card } => self.t("mz-act-rob", &[("card", c(card))]),
            Action::Take(card) => self.t("mz-act-take", &[("card", c(card))]),
            Action::Fish { card, .. } => self.t("mz-act-fish", &[("card", c(card))]),
            Action::Ace(card) => self.t("mz-act-ace", &[("card", c(card))]),
            Action::EndTurn => self.t("mz-act-end", &[]),
            Action::Discard(card) => self.t("mz-act-discard", &[("card", c(card))]),
            Action::Defend(list) => self.t("mz-act-defend", &[("cards", cards(list).into())]),
            Action::Retreat => match &view.phase {
                Phase::Defend {
                    passage: Some(p), ..
                } => self.t(
                    "mz-act-retreat",
                    &[("passage", label(me.passages[*p].card).into())],
                ),
                _ => self.t("mz-act-die", &[]),
            },
            Action::Give(card) => self.t("mz-act-give", &[("card", c(card))]),
            Action::Deny => self.t("mz-act-deny", &[]),
            Action::DiscardHand => self.t("mz-act-discard-hand", &[]),
            Action::Believe => self.t("mz-act-believe", &[]),
            Action::SeeHand => self.t("mz-act-see", &[]),
            Action::Pass if matches!(view.phase, Phase::Rob) => self.t("mz-act-nothing", &[]),
            Action::Pass => self.t("mz-act-pass", &[]),
            Action::Counter(card) => self.t("mz-act-counter", &[("card", c(card))]),
            Action::Save(card) => self.t("mz-act-save", &[("card", c(card))]),
            Action::Lose => self.t("mz-act-lose", &[]),
            Action::Accuse(target) => {
                self.t("mz-act-accuse", &[("target", self.name(*target).into())])
            }
        }
    }

    /// The log line of an event as the seat sees it (`None`: nothing to say).
    pub fn event(&self, event: &Event) -> Option<String> {
        let n = |s: &Seat| Arg::from(self.name(*s));
        let c = |card: &Card| Arg::from(label(*card));
        let line = match event.seen_in(Some(self.seat), self.darkness) {
            Event::Dealt { seat, cards: list } if seat == self.seat => {
                self.t("mz-ev-dealt", &[("cards", cards(&list).into())])
            }
            Event::Dealt { .. } => return None,
            Event::Opened { cards: list } => {
                let shown: Vec<String> = (list.iter())
                    .map(|(s, card)| format!("{} {}", self.name(*s), label(*card)))
                    .collect();
                self.t("mz-ev-opened", &[("cards", shown.join(", ").into())])
            }
            Event::Starts { seat } => self.t("mz-ev-starts", &[("name", n(&seat))]),
            Event::TurnBegins { seat, turn } => {
                self.t("mz-ev-turn", &[("name", n(&seat)), ("turn", turn.into())])
            }
            Event::Drew { seat, cards: list } if seat == self.seat => {
                self.t("mz-ev-drew-you", &[("cards", cards(&list).into())])
            }
            Event::Drew { seat, cards: list } => self.t(
                "mz-ev-drew",
                &[("name", n(&seat)), ("count", list.len().into())],
            ),
            Event::Reshuffled { cards: count } => {
                self.t("mz-ev-reshuffled", &[("count", count.into())])
            }
            Event::PassagePlayed { seat, card } => {
                self.t("mz-ev-passage", &[("name", n(&seat)), ("card", c(&card))])
            }
            Event::Collapsed { seat, target, card } => self.t(
                "mz-ev-collapsed",
                &[
                    ("name", n(&seat)),
                    ("target", n(&target)),
                    ("card", c(&card)),
                ],
            ),
            Event::Attacked { seat, target, card } => self.t(
                "mz-ev-attacked",
                &[
                    ("name", n(&seat)),
                    ("target", n(&target)),
                    ("card", c(&card)),
                ],
            ),
            Event::Defended { seat, cards: list } => self.t(
                "mz-ev-defended",
                &[("name", n(&seat)), ("cards", cards(&list).into())],
            ),
            Event::Retreated { seat, passage } => self.t(
                "mz-ev-retreated",
                &[("name", n(&seat)), ("card", c(&passage))],
            ),
            Event::Died { seat } => self.t("mz-ev-died", &[("name", n(&seat))]),
            Event::Robbing { seat, card } => {
                self.t("mz-ev-robbing", &[("name", n(&seat)), ("card", c(&card))])
            }
            Event::Took { seat, card } => {
                self.t("mz-ev-took", &[("name", n(&seat)), ("card", c(&card))])
            }
            Event::Fished {
                seat,
                target,
                rank: r,
            } => self.t(
                "mz-ev-fished",
                &[
                    ("name", n(&seat)),
                    ("target", n(&target)),
                    ("rank", rank(r).into()),
                ],
            ),
            Event::Gave { seat, to, card } => self.t(
                "mz-ev-gave",
                &[("name", n(&seat)), ("to", n(&to)), ("card", c(&card))],
            ),
            Event::Denied { seat } => self.t("mz-ev-denied", &[("name", n(&seat))]),
            Event::Believed { seat } => self.t("mz-ev-believed", &[("name", n(&seat))]),
            Event::HandShown { seat, to, hand } if to == self.seat => self.t(
                "mz-ev-shown-you",
                &[("name", n(&seat)), ("cards", cards(&hand).into())],
            ),
            Event::HandShown { seat, to, .. } => {
                self.t("mz-ev-shown", &[("name", n(&seat)), ("to", n(&to))])
            }
            Event::Caught { seat, lied: true } => self.t("mz-ev-lied", &[("name", n(&seat))]),
            Event::Caught { seat, .. } => self.t("mz-ev-truthful", &[("name", n(&seat))]),
            Event::HandDiscarded { seat, cards: list } => self.t(
                "mz-ev-hand-discarded",
                &[("name", n(&seat)), ("cards", cards(&list).into())],
            ),
            Event::AcePlayed { seat, card } => {
                self.t("mz-ev-ace", &[("name", n(&seat)), ("card", c(&card))])
            }
            Event::Discarded { seat, card } => {
                self.t("mz-ev-discarded", &[("name", n(&seat)), ("card", c(&card))])
            }
            Event::Countered { seat, card } => {
                self.t("mz-ev-countered", &[("name", n(&seat)), ("card", c(&card))])
            }
            Event::Cancelled => self.t("mz-ev-cancelled", &[]),
            Event::Saved { seat, card } => {
                self.t("mz-ev-saved", &[("name", n(&seat)), ("card", c(&card))])
            }
            Event::Won { seats } => {
                let names: Vec<String> = seats.iter().map(|s| self.name(*s)).collect();
                self.t("mz-ev-won", &[("names", names.join(", ").into())])
            }
            Event::Stopped => self.t("mz-ev-stopped", &[]),
            Event::Accused {
                seat,
                target,
                cheated,
                shown,
            } => self.t(
                if cheated {
                    "mz-ev-accused-cheat"
                } else {
                    "mz-ev-accused-honest"
                },
                &[
                    ("name", n(&seat)),
                    ("target", n(&target)),
                    ("cards", cards(&shown).into()),
                ],
            ),
            Event::Missed { seat, target, card } => self.t(
                "mz-ev-missed",
                &[
                    ("name", n(&seat)),
                    ("target", n(&target)),
                    ("card", c(&card)),
                ],
            ),
            Event::Escaping { seat } => self.t("mz-ev-escaping", &[("name", n(&seat))]),
        };
        Some(line)
    }
}
