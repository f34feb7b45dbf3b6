-- Hostile: writing to the host's output.
return {
  after_defeat = function(ctx, m)
    print("hello from a card") -- offending
  end,
}
