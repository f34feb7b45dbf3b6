-- Demonic Pact: defeats the Demon (data rule in base.toml) and the next monster revealed.
return dungeon.defeat_next_when_defeating()
