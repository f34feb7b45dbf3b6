-- Benign: leaves garbage of a size that depends on the game's seed, so the next game's
-- tables land elsewhere in the Lua heap (see tests/sandbox.rs).
return {
  before_entering = function(ctx)
    local junk = {}
    for i = 1, ctx.random(3000) do
      junk[i] = { i, tostring(i) .. string.rep("j", ctx.random(40)) }
    end
    ctx.remember("junk", #junk)
  end,
}
