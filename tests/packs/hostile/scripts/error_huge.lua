-- Hostile: an error message of a megabyte.
return {
  before_entering = function(ctx)
    error(string.rep("spam ", 200000)) -- offending
  end,
}
