-- Hostile: replaces a helper of the `dungeon` library other cards call.
return {
  before_entering = function(ctx)
    rawset(dungeon, "threatens", function() return false end) -- offending
  end,
}
