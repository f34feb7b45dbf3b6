-- Hostile monster: its identity hook loops forever.
return {
  identity = function(ctx, m)
    while true do end -- offending
  end,
}
