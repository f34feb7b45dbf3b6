-- Hostile: string.split with a long separator that nearly matches everywhere, again and
-- again.
return {
  before_entering = function(ctx)
    local s, separator = string.rep("a", 1000000), string.rep("a", 10000) .. "b"
    while true do
      string.split(s, separator) -- offending
    end
  end,
}
