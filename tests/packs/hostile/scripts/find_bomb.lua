-- Hostile: table.find over a million entries, again and again.
return {
  before_entering = function(ctx)
    local t = table.create(1000000, 1)
    while true do
      table.find(t, 2) -- offending
    end
  end,
}
