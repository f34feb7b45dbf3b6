-- Ring of Power: defeats strength 2 or less (data rule in base.toml) and adds the
-- defeated monster's strength to HP, even when another tile defeats it too.
return dungeon.gain_strength_when_defeating()
