-- Gelatinous Cube: the runner discards a tile of their choice (losing its HP); with no
-- tile left, the cube has no effect.
return {
  on_reveal = function(ctx, m)
    if ctx.tile_count() == 0 then
      ctx.defeat()
    else
      ctx.discard(ctx.ask_tile("cube_discard"))
    end
  end,
}
