-- Hostile, quietly: keeps megabytes in a local of its script for as long as it can.
local hoard = {}
return {
  before_entering = function(ctx)
    hoard[#hoard + 1] = string.rep("h", 4000000)
    ctx.remember("hoard", #hoard)
  end,
}
