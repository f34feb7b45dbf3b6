-- Healing Potion: once, when HP drops to 0 or less, HP becomes the adventurer's own HP.
return dungeon.revive_to_base_hp()
