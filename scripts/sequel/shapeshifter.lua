-- Shapeshifter: strength = its place in the reveal order; species = that of the regular
-- monster with that strength, if there is one.
return {
  identity = function(ctx, m)
    ctx.set_strength(m.position)
    ctx.set_species(ctx.species_with_strength(m.position))
  end,
}
