-- Homunculus: takes the strength and species of the monster revealed just before it.
-- `identity` hooks set a monster's own identity when it is revealed; they may not ask.
return {
  identity = function(ctx, m)
    local before = ctx.faced()
    local last = before[#before]
    if last == nil then
      ctx.set_strength(1)
      ctx.set_species(nil)
    else
      ctx.set_strength(last.strength)
      ctx.set_species(last.species)
    end
  end,
}
