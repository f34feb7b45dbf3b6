-- Mimic: as strong as the number of tiles the runner still holds when it is revealed.
return {
  identity = function(ctx, m)
    ctx.set_strength(ctx.tile_count())
  end,
}
