-- Hostile: replaces a function of the ctx table every card shares, through its metatable.
return {
  before_entering = function(ctx)
    getmetatable(ctx).__index.base_hp = function() return 99 end -- offending
  end,
}
