-- Benign: iterates tables whose internal layout depends on insertions and deletions, and
-- keeps the order it saw; the same seed must give the same order in every process.
return {
  before_entering = function(ctx)
    local t = {}
    for i = 1, 40 do
      t["k" .. i] = i
      t[i * 3] = i
    end
    for i = 1, 40, 3 do
      t["k" .. i] = nil
    end
    local order = {}
    for k in t do
      order[#order + 1] = tostring(k)
    end
    for k in pairs(t) do
      order[#order + 1] = tostring(k)
    end
    order[#order + 1] = tostring((next(t)))
    -- Keys that are tables have no order but their address: refused.
    local by_tables = {}
    local keyed_by_tables = pcall(function()
      local s = {}
      for i = 1, 8 do
        s[{ id = i }] = i
      end
      for _, v in s do
        by_tables[#by_tables + 1] = tostring(v)
      end
    end)
    ctx.remember("by_tables", tostring(keyed_by_tables) .. ":" .. table.concat(by_tables, ","))
    ctx.remember("order", string.sub(table.concat(order, ","), 1, 1000))
    ctx.gain_hp(#order % 7)
  end,
}
