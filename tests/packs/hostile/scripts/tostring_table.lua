-- Hostile: reads a memory address through tostring.
return {
  before_entering = function(ctx)
    ctx.remember("address", tostring({})) -- offending
  end,
}
