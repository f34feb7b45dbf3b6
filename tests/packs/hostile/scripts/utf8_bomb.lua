-- Hostile: one step of utf8.len over megabytes, again and again.
return {
  before_entering = function(ctx)
    local s = string.rep("é", 4000000)
    while true do
      utf8.len(s) -- offending
    end
  end,
}
