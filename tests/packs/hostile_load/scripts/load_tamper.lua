-- Load-time attack: replacing a shared library function before any hook runs.
string.find = function() return nil end -- offending
return {}
