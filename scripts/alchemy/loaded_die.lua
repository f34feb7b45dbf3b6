-- Loaded Die: randomness comes from the game's seeded generator (ctx.random), so the same
-- seed rolls the same number. What the hook learns before entering it keeps with
-- ctx.remember, for its `defeats` hook to read on every reveal.
return {
  before_entering = function(ctx)
    local species = ctx.species_with_strength(ctx.random(6))
    if species ~= nil then
      ctx.remember("species", species)
    end
  end,
  defeats = function(ctx, m)
    return m.species ~= nil and m.species == ctx.recall("species")
  end,
}
