-- Benign: asks a yes/no question before entering; a "yes" gives 1 HP.
return {
  before_entering = function(ctx)
    if ctx.ask_yes_no("use_tile") then
      ctx.gain_hp(1)
    end
  end,
}
