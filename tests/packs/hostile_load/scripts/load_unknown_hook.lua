-- Load-time attack: a hook name the engine does not know.
return {
  on_enter = function(ctx) end,
}
