-- Enchanting Flute: defeats Goblins (data rule in sequel.toml); each Goblin it defeats
-- lowers the damage of every later monster by 1.
return {
  on_defeat = function(ctx, m)
    ctx.remember("goblins", (ctx.recall("goblins") or 0) + 1)
  end,
  on_damage = function(ctx, m, damage)
    return math.max(0, damage - (ctx.recall("goblins") or 0))
  end,
}
