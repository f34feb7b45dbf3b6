-- Loaded Die: randomness comes from the game's seeded generator (ctx.random), so the same
-- seed rolls the same number. What the hook learns before entering it keeps with
-- ctx.remember, for its `defeats` hook to read on every reveal. The roll is told to the
-- table with ctx.log: its text, in each language, is in the pack's [messages].
return {
  before_entering = function(ctx)
    local roll = ctx.random(6)
    local species = ctx.species_with_strength(roll)
    if species ~= nil then
      ctx.remember("species", species)
      ctx.log("loaded_die_roll", { roll = roll, species = species })
    else
      ctx.log("loaded_die_blank", { roll = roll })
    end
  end,
  defeats = function(ctx, m)
    return m.species ~= nil and m.species == ctx.recall("species")
  end,
}
