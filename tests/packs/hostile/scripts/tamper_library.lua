-- Hostile: replacing a shared library function other scripts use.
return {
  before_entering = function(ctx)
    string.rep = function() return "" end -- offending
  end,
}
