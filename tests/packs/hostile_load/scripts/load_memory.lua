-- Load-time attack: exhausting memory at the top level.
local s = string.rep("x", 2^30) -- offending
return { at_end = function(ctx) return #s end }
