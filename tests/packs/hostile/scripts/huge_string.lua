-- Hostile: a 1 GiB string when a monster is revealed. The memory limit must stop it.
return {
  on_reveal = function(ctx, m)
    local s = string.rep("x", 2^30) -- offending
    return #s
  end,
}
