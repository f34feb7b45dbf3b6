-- Hostile: the debug library (registry, upvalues of other scripts).
return {
  defeats = function(ctx, m)
    local registry = debug.getregistry() -- offending
    return registry ~= nil
  end,
}
