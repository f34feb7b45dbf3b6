-- Hostile: a string that doubles at every iteration.
return {
  before_entering = function(ctx)
    local s = "x"
    while true do
      s = s .. s -- offending
    end
  end,
}
