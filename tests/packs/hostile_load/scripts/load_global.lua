-- Hostile: tries to keep state in a global of its own while loading.
keeper_secret = "kept" -- offending

return {
  defeats = function(ctx, m)
    return keeper_secret == "kept"
  end,
}
