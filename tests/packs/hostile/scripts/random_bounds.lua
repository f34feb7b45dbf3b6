-- Hostile: an empty range for the game's generator.
return {
  before_entering = function(ctx)
    ctx.random(0) -- offending
  end,
}
