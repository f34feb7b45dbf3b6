-- Family Crown: every monster deals 2 less damage; its identity does not change.
return dungeon.reduce_damage(2)
