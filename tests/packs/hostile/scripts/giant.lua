-- Hostile: a monster whose identity sets a strength beyond any HP.
return {
  identity = function(ctx, m)
    ctx.set_strength(2147483647) -- offending
  end,
}
