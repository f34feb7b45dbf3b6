-- Hostile: gains HP in steps each within range, together beyond it.
return {
  before_entering = function(ctx)
    for _ = 1, 5 do
      ctx.gain_hp(9000) -- offending
    end
  end,
}
