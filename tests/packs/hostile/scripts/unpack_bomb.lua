-- Hostile: unpacking thousands of values, again and again.
return {
  before_entering = function(ctx)
    local t = table.create(7000, 1)
    while true do
      select("#", table.unpack(t)) -- offending
    end
  end,
}
