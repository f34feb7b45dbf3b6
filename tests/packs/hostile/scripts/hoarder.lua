-- Hostile: fills the Lua state's memory from a hook, in ever smaller pieces that leave
-- no garbage behind, keeps it in a local of the script (an upvalue, which loading does
-- not freeze), and returns normally: later hooks of other cards then have no memory.
local hoard = {}

return {
  before_entering = function(ctx)
    local slots = 65536
    while slots >= 1 do
      local ok = pcall(function()
        hoard[#hoard + 1] = table.create(slots, true)
      end)
      if not ok then
        slots = slots // 2
      end
    end
  end,
}
