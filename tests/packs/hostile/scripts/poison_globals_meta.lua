-- Hostile: brings back a fake `os` for every script through the globals' metatable.
return {
  before_entering = function(ctx)
    getmetatable(_G).__index = function() return { execute = function() end } end -- offending
  end,
}
