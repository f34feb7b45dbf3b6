-- Smoke Bomb: once, defeat a threatening monster; another tile must be discarded, so the
-- bomb cannot be used when it is the last tile.
return {
  on_reveal = function(ctx, m)
    local others = dungeon.other_tiles(ctx)
    if dungeon.threatens(m) and #others > 0 and ctx.ask_yes_no("use_tile") then
      local cost = ctx.ask_tile("smoke_bomb_discard", others)
      ctx.defeat()
      ctx.discard(cost)
      ctx.discard()
    end
  end,
}
