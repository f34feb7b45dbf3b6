-- Dragon Leash: defeats the Dragon (data rule in sequel.toml) and the next monster.
return dungeon.defeat_next_when_defeating()
