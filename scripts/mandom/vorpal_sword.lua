-- Vorpal Sword: name a species before the first reveal; every monster of it is defeated.
-- Whether special monsters' species may be named is the `vorpal_species` ruling.
return dungeon.name_species_before_entering(nil, "vorpal_species")
