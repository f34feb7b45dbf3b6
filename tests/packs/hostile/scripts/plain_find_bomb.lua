-- Hostile: a plain string.find over megabytes, again and again.
return {
  before_entering = function(ctx)
    local s = string.rep("a", 8000000)
    while true do
      string.find(s, "b", 1, true) -- offending
    end
  end,
}
