-- Enchanting Flute: defeats Goblins (data rule in sequel.toml); each Goblin it defeats
-- lowers by 1 the damage of every later monster, or only of the monster revealed right
-- after it under the `enchanting_flute` ruling's "next".
return {
  on_defeat = function(ctx, m)
    if ctx.ruling("enchanting_flute") == "next" then
      ctx.remember("weakens", m.position + 1)
    else
      ctx.remember("goblins", (ctx.recall("goblins") or 0) + 1)
    end
  end,
  on_damage = function(ctx, m, damage)
    if ctx.recall("weakens") == m.position then
      return math.max(0, damage - 1)
    end
    return math.max(0, damage - (ctx.recall("goblins") or 0))
  end,
}
