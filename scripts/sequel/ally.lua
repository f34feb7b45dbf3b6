-- Ally: no strength; the next monster revealed is defeated.
return {
  on_reveal = function(ctx, m)
    ctx.defeat_next()
  end,
}
