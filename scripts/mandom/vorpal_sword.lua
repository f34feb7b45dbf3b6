-- Vorpal Sword: name a species before the first reveal; every monster of it is defeated.
return dungeon.name_species_before_entering()
