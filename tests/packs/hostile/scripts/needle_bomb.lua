-- Hostile: a plain string.find with a long needle that nearly matches everywhere (a naive
-- search compares the whole needle at each position), again and again.
return {
  before_entering = function(ctx)
    local s, needle = string.rep("a", 1000000), string.rep("a", 10000) .. "b"
    while true do
      string.find(s, needle, 1, true) -- offending
    end
  end,
}
