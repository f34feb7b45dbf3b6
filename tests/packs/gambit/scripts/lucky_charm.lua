-- Lucky Charm: the first monster revealed is defeated.
return {
  defeats = function(ctx, m)
    return m.position == 1
  end,
}
