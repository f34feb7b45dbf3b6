-- Hostile, quietly: probes for addresses and for what other cards left behind; what it
-- finds would change its HP.
return {
  before_entering = function(ctx)
    local found = 0
    if pcall(tostring, {}) then
      found += 1
    end
    if pcall(string.format, "%s", {}) then
      found += 1
    end
    if rawget(_G, "leak") ~= nil then
      found += 1
    end
    local seen = 0
    for _, v in { 1, 2, 3, x = 4, y = 5 } do
      seen = seen * 7 + v
    end
    ctx.gain_hp(found + seen % 3)
  end,
}
