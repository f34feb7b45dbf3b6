-- Hostile: an error whose value is not a string and whose __tostring loops.
return {
  before_entering = function(ctx)
    error(setmetatable({}, { __tostring = function() while true do end end })) -- offending
  end,
}
