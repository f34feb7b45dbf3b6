-- Benign: random effects from the game's generator.
return {
  before_entering = function(ctx)
    ctx.gain_hp(math.random(1, 1000))
    ctx.gain_hp(ctx.random(1000))
    ctx.remember("roll", math.floor(math.random() * 1000000))
  end,
}
