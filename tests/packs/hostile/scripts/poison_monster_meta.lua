-- Hostile: reaches the metatable of monster tables, shared by all of them.
return {
  on_reveal = function(ctx, m)
    getmetatable(m).__index = function() return 0 end -- offending
  end,
}
