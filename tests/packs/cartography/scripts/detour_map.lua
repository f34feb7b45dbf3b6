-- Detour Map: once, a strong monster (5 or more) that would hurt can be avoided for 2 HP.
-- Asked only when it can help; the tile is spent when used.
local hooks: Hooks = {
  on_reveal = function(ctx, m)
    if dungeon.threatens(m) and (m.strength or 0) >= 5 and ctx.ask_yes_no("detour_map") then
      ctx.defeat()
      ctx.lose_hp(2)
      ctx.discard()
    end
  end,
}
return hooks
