-- Hostile: compiling code at hook time.
return {
  on_reveal = function(ctx, m)
    local f = load("return 1") -- offending
    return f
  end,
}
