-- Royal Sceptre: defeats a monster whose species was already revealed in this dungeon,
-- whether or not that earlier monster was defeated.
return {
  defeats = function(ctx, m)
    return m.species ~= nil and dungeon.count_species(ctx.faced(), m.species) > 0
  end,
}
