-- Hostile: records effects without end.
return {
  before_entering = function(ctx)
    while true do
      ctx.gain_hp(0) -- offending
    end
  end,
}
