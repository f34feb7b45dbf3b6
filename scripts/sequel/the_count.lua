-- The Count: a strength-4 Vampire against a runner without success cards; otherwise
-- strength 8 and no species.
return {
  identity = function(ctx, m)
    if ctx.successes() == 0 then
      ctx.set_strength(4)
      ctx.set_species("vampire")
    else
      ctx.set_strength(8)
      ctx.set_species(nil)
    end
  end,
}
