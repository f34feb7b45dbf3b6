-- Hostile: yielding out of the hook.
return {
  before_entering = function(ctx)
    coroutine.yield(1) -- offending
  end,
}
