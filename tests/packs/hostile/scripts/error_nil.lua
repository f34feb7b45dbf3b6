-- Hostile: an error without a message.
return {
  before_entering = function(ctx)
    error(nil) -- offending
  end,
}
