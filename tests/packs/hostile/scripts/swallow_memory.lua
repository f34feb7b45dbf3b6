-- Hostile: catches running out of memory with pcall and goes on.
return {
  before_entering = function(ctx)
    local t = {}
    pcall(function() while true do t[#t + 1] = string.rep("z", 1048576) .. #t end end) -- offending
    ctx.gain_hp(5)
  end,
}
