-- Hostile: an effect used in a hook that may not have it.
return {
  at_end = function(ctx)
    ctx.defeat() -- offending
  end,
}
