//! The public view: what every seat may know of a game, as a [`PlayerView`] of nobody.
//! A spectator is sent it (the server strips the secrets before anything leaves it), and
//! the screen between two hot-seat players shows it.

pub use dungeon_engine::view::{public_part, public_view};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::NOBODY;
    use dungeon_engine::GameOptions;
    use dungeon_engine::view::{PlayerView, View};

    /// Whole games of 2 to 4 seats, drawing whenever allowed so seats hold cards, put
    /// them in and set them aside: at every decision, the public part is the same from
    /// every seat, holds none of a seat's secrets, and keeps the table as it stands.
    #[test]
    fn the_public_part_is_the_same_from_every_seat_and_keeps_the_table() {
        let mut engine = dungeon_tests::engine(&["base", "sequel"]);
        let mut secrets_seen = 0;
        for (players, seed) in [(2, 1), (3, 2), (4, 3)] {
            let options = GameOptions {
                players,
                ..GameOptions::default()
            };
            let mut state = engine.new_game(options, seed, &mut Vec::new()).unwrap();
            let mut number = 0usize;
            while let Some(decision) = state.pending.clone() {
                let views: Vec<PlayerView> = (0..players)
                    .map(|s| View::new(&state, s).snapshot())
                    .collect();
                let public = public_view(&state);
                for view in &views {
                    assert_eq!(public_part(view), public, "seed {seed}, decision {number}");
                    let secret = view.hand.is_some()
                        || !view.my_added.is_empty()
                        || !view.my_set_aside.is_empty()
                        || view.decision.is_some();
                    secrets_seen += usize::from(secret);
                }
                assert_eq!(public.seat, NOBODY);
                assert_eq!(public.hand, None);
                assert!(public.my_added.is_empty() && public.my_set_aside.is_empty());
                assert!(public.known_specials.is_empty() && public.decision.is_none());
                assert!(public.dungeon_pile.iter().all(|c| c.monster.is_none()));
                // The table as it stands: what the panel shows.
                let seen = &views[0];
                assert_eq!(public.players, seen.players);
                assert_eq!((public.phase, public.round), (seen.phase, seen.round));
                assert_eq!(
                    (public.adventurer, &public.tiles),
                    (seen.adventurer, &seen.tiles)
                );
                assert_eq!(public.run, seen.run);
                assert_eq!(
                    (public.deck_size, public.dungeon_size),
                    (seen.deck_size, seen.dungeon_size)
                );
                assert_eq!(public.waiting_for, seen.waiting_for);
                let legal = decision.legal_actions();
                let draw = legal
                    .iter()
                    .position(|a| *a == dungeon_engine::action::Action::Draw);
                let action = legal[draw.unwrap_or(number % legal.len())];
                engine.apply(&mut state, action, &mut Vec::new()).unwrap();
                number += 1;
            }
        }
        assert!(
            secrets_seen > 50,
            "seats held secrets to strip ({secrets_seen})"
        );
    }
}
