-- Healing Potion: once, when HP drops to 0 or less, HP becomes the adventurer's own HP.
-- Whether the runner may keep it for a later fall is the `healing_potion` ruling.
return dungeon.revive_to_base_hp("healing_potion", "healing_potion_use")
