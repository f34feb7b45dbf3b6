-- Hostile: writes into its own ctx past __newindex.
return {
  before_entering = function(ctx)
    rawset(ctx, "random", function() return 6 end) -- offending
  end,
}
