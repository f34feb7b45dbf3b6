-- Hostile: catches the end of its budget with pcall and goes on.
return {
  before_entering = function(ctx)
    pcall(function() while true do end end) -- offending
    ctx.gain_hp(5)
  end,
}
