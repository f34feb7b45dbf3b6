-- Loaded Dice: once, swap a threatening monster for the top card of the deck.
return dungeon.replace_from_deck_on_reveal("loaded_dice")
