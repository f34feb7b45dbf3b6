-- Hostile: reseeding the generator to choose the outcome of random effects.
return {
  on_reveal = function(ctx, m)
    math.randomseed(42) -- offending
  end,
}
