-- Hostile: an error whose value is a table (its text would be an address).
return {
  before_entering = function(ctx)
    error({ code = 1 }) -- offending
  end,
}
