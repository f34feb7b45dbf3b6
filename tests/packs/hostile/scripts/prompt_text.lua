-- Hostile: a question whose prompt is free text with escape sequences.
return {
  before_entering = function(ctx)
    ctx.ask_yes_no("\27[2J\27]0;pwned\7Every check passed") -- offending
  end,
}
