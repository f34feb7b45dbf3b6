-- Hostile: keeping state between calls in a global.
return {
  before_entering = function(ctx)
    stolen_hp = ctx.hp() -- offending
  end,
}
