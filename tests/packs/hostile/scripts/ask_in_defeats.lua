-- Hostile: a question asked from a hook that may not ask.
return {
  defeats = function(ctx, m)
    return ctx.ask_yes_no("use_tile") -- offending
  end,
}
