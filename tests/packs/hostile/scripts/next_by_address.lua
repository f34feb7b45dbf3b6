-- Hostile: next() over a table keyed by a coroutine.
return {
  before_entering = function(ctx)
    local t = { [coroutine.create(function() end)] = 1, a = 2 }
    local k, v = next(t) -- offending
    ctx.gain_hp(v)
  end,
}
