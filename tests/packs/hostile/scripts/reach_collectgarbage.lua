-- Hostile: driving the garbage collector (timing side channel, pauses).
return {
  at_end = function(ctx)
    collectgarbage("collect") -- offending
  end,
}
