-- Careless: misspells the helper library's name.
return {
  before_entering = function(ctx)
    dungoen.threatens(nil) -- offending
  end,
}
