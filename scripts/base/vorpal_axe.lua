-- Vorpal Axe: once, when a monster is revealed, the runner may name its species; it and
-- every later monster of that species are defeated. Whether special monsters' species
-- may be named is the `vorpal_species` ruling.
return dungeon.name_species_on_reveal(nil, "vorpal_species")
