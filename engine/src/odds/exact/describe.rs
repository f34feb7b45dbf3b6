//! What the search knows of the catalog before it starts: which cards may raise HP (a
//! spent run without any is lost) and which may draw from the monster deck.

use super::*;

pub(super) struct Describe {
    /// The cards whose scripts can draw from the monster deck (Polymorph): a step with
    /// one of them in play may need redoing once per card the deck's top may be.
    pub(super) deck_draws: DeckDraws,
    /// The cards that may raise HP: a spent run without any is lost.
    pub(super) raisers: Raisers,
}

/// The cards that may raise the runner's HP or make the run a success: tiles whose hooks
/// may or that hold negative HP (discarded, they would give it back), monsters whose hooks
/// may ([`Rules::may_raise_hp`]).
pub(super) struct Raisers {
    /// By tile index.
    pub(super) tiles: Vec<bool>,
    /// By monster index.
    pub(super) monsters: Vec<bool>,
}

impl Raisers {
    pub(super) fn new(engine: &dyn Rules) -> Raisers {
        let catalog = engine.catalog();
        let tiles = (catalog.tiles.iter().enumerate())
            .map(|(i, t)| t.hp < 0 || engine.may_raise_hp(CardRef::Tile(TileId(i as u16))))
            .collect();
        let monsters = (0..catalog.monsters.len())
            .map(|i| engine.may_raise_hp(CardRef::Monster(MonsterId(i as u16))))
            .collect();
        Raisers { tiles, monsters }
    }

    /// The run is lost whatever happens, unless a card still to come may raise HP
    /// ([`Raisers::may_come`]): in the base box's model (every card is revealed; the run
    /// succeeds if HP ends above 0), HP is spent, nothing forced a success, and nothing in
    /// play may raise HP (a held tile, the card being resolved, one replacing it). Its odds
    /// are then 0, exactly what working it out would sum.
    pub(super) fn lost(&self, state: &GameState) -> bool {
        let run = &state.run;
        let in_play = |card: CardId| self.monsters[state.monster_of(card).ix()];
        state.damage_model == DamageModel::EndTotal
            && run.hp <= 0
            && !run.success_forced
            && !state.tiles.iter().any(|t| self.tiles[t.ix()])
            && !run.current().is_some_and(|f| self.monsters[f.monster.ix()])
            && !run.incoming.is_some_and(in_play)
    }

    /// Whether a card still to come may raise HP: one in the dungeon, or (when a tile may
    /// draw from the deck) one drawn from the unseen pool.
    pub(super) fn may_come(&self, chances: &Chances, may_draw: bool) -> bool {
        let from_pool = chances.unknown > 0 || may_draw;
        let kinds = (chances.known.iter().zip(&chances.pool)).zip(&self.monsters);
        kinds
            .into_iter()
            .any(|((&k, &p), &raises)| raises && (k > 0 || (from_pool && p > 0)))
            || from_pool
                && chances.unknown_specials > 0
                && chances.candidates.iter().any(|m| self.monsters[m.ix()])
    }
}

/// Which cards' scripts may draw from the monster deck (they name the ctx function, or the
/// helper built on it).
pub(super) struct DeckDraws {
    /// By tile index.
    pub(super) tiles: Vec<bool>,
    /// Some monster's script may: it can be met in any dungeon.
    pub(super) monsters: bool,
}

impl DeckDraws {
    pub(super) fn new(catalog: &Catalog) -> DeckDraws {
        let draws = |info: &crate::catalog::CardInfo| {
            (info.script.as_ref()).is_some_and(|s| s.code.contains("replace_from_deck"))
        };
        DeckDraws {
            tiles: catalog.tiles.iter().map(|t| draws(&t.info)).collect(),
            monsters: catalog.monsters.iter().any(|m| draws(&m.info)),
        }
    }

    /// Whether a step from `state` may draw from the deck: there is a deck, and a card
    /// that may draw from it is in play (a tile the runner holds, or a monster).
    pub(super) fn may_draw(&self, state: &GameState) -> bool {
        !state.deck.is_empty() && (self.monsters || state.tiles.iter().any(|t| self.tiles[t.ix()]))
    }
}
