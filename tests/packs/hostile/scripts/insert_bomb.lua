-- Hostile: inserting at the front of a long array, again and again.
return {
  before_entering = function(ctx)
    local t = table.create(1000000, 1)
    while true do
      table.insert(t, 1, 0) -- offending
    end
  end,
}
