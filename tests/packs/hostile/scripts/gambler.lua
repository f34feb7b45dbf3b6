-- Hostile: draws from the game's generator, then fails. The draws must be undone.
return {
  before_entering = function(ctx)
    local total = 0
    for _ = 1, 10 do
      total += math.random(1, 6) + ctx.random(6)
    end
    ctx.gain_hp(total)
    error("lost after " .. total) -- offending
  end,
}
