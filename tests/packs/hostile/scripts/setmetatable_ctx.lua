-- Hostile: replaces the metatable of its ctx to reach the shared one.
return {
  before_entering = function(ctx)
    setmetatable(ctx, { __index = function() return 99 end }) -- offending
  end,
}
