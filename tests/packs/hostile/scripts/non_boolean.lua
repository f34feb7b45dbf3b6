-- Hostile: `defeats` must return a boolean. A returned value has no line of its own, so
-- the error points at the hook's definition.
return {
  defeats = function(ctx, m) -- offending
    return 42
  end,
}
