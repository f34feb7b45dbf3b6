-- Hostile: reads a memory address through string interpolation.
return {
  before_entering = function(ctx)
    local t = {}
    ctx.remember("address", `{t}`) -- offending
  end,
}
