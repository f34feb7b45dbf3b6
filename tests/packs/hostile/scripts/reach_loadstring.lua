-- Hostile: compiling code at hook time with loadstring.
return {
  before_damage = function(ctx, m)
    local f = loadstring("return 1") -- offending
    return f
  end,
}
