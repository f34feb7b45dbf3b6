-- Hostile: reads a memory address through string.format.
return {
  before_entering = function(ctx)
    ctx.remember("address", string.format("%s", function() end)) -- offending
  end,
}
