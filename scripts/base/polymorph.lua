-- Polymorph: once, swap a revealed monster for the top card of the monster deck.
return dungeon.replace_from_deck_on_reveal()
