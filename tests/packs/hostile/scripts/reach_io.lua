-- Hostile: reading a file of the host.
return {
  before_entering = function(ctx)
    local f = io.open("/etc/passwd") -- offending
    return f
  end,
}
