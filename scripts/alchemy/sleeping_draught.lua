-- Sleeping Draught: an optional tile. The runner is asked only when it can help (the
-- monster would hurt); the answer comes back from ctx.ask_yes_no. The price is kept with
-- ctx.remember and paid by the next monster through on_damage.
return {
  on_reveal = function(ctx, m)
    if ctx.recall("used") == nil and dungeon.threatens(m) and ctx.ask_yes_no("sleeping_draught") then
      ctx.defeat()
      ctx.remember("used", true)
      ctx.remember("wakes_at", m.position + 1)
    end
  end,
  on_damage = function(ctx, m, damage)
    if ctx.recall("wakes_at") == m.position then
      return damage + 2
    end
    return damage
  end,
}
