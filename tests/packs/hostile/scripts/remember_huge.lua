-- Hostile: remembers a value of megabytes, outside the Lua memory.
return {
  before_entering = function(ctx)
    ctx.remember("hoard", string.rep("x", 8000000)) -- offending
  end,
}
