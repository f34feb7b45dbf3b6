-- Hostile: replaces the string metatable every script's strings share.
return {
  before_entering = function(ctx)
    getmetatable("").__index = { rep = function() return "" end } -- offending
  end,
}
