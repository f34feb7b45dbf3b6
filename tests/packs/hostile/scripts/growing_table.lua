-- Hostile: a table that grows until memory runs out, before damage.
return {
  before_damage = function(ctx, m)
    local t = {}
    while true do
      t[#t + 1] = string.rep("y", 65536) .. #t -- offending
    end
  end,
}
