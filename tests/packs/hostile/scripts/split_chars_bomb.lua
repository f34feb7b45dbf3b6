-- Hostile: string.split with an empty separator makes a string and a table slot for each
-- byte: hundreds of megabytes from an 8 MB string.
return {
  before_entering = function(ctx)
    local s = string.rep("a", 8000000)
    return string.split(s, "") -- offending
  end,
}
