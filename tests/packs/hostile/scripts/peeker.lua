-- Hostile: looks for a global another script might have left behind.
return {
  defeats = function(ctx, m)
    return rawget(_G, "keeper_secret") ~= nil
  end,
}
