-- Omnipotence: after the last reveal, success if no two monsters faced share a species.
return dungeon.succeed_if_all_species_differ()
