-- Hostile: runs out of budget inside a coroutine and resumes the hook.
return {
  before_entering = function(ctx)
    local co = coroutine.create(function() while true do end end) -- offending
    coroutine.resume(co)
    ctx.gain_hp(5)
  end,
}
