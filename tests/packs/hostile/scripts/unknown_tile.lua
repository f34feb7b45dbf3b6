-- Hostile: an equipment id no pack defines.
return {
  before_damage = function(ctx, m)
    if ctx.has("no_such_tile") then -- offending
      ctx.gain_hp(1)
    end
  end,
}
