-- Vorpal Axe: once, when a monster is revealed, the runner may name its species; it and
-- every later monster of that species are defeated.
return dungeon.name_species_on_reveal()
