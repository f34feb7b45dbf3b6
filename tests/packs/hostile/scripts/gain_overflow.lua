-- Hostile: gains so much HP that a 32-bit HP would wrap.
return {
  before_entering = function(ctx)
    ctx.gain_hp(2147483647) -- offending
  end,
}
