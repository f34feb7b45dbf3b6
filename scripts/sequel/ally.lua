-- Ally: no strength; the next monster revealed is ignored. Under the `ally` ruling's
-- "may_decline", the runner chooses when that monster is revealed (the engine asks).
return {
  on_reveal = function(ctx, m)
    if ctx.ruling("ally") == "may_decline" then
      ctx.defeat_next("ally_ignore")
    else
      ctx.defeat_next()
    end
  end,
}
