-- Hostile: keeps state between calls in a local of the script (an upvalue), so the same
-- dungeon plays differently the second time.
local calls = 0

return {
  defeats = function(ctx, m)
    calls += 1
    return calls % 2 == 1
  end,
}
