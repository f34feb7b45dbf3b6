-- Hostile: an error message that drives the terminal.
return {
  before_entering = function(ctx)
    error("\27[2J\27]0;pwned\7\r\nevery check passed") -- offending
  end,
}
