-- Hostile: sets HP to the lowest 32-bit number.
return {
  on_death = function(ctx, m)
    ctx.set_hp(-2147483648) -- offending
  end,
}
