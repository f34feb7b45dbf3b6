-- Hostile: an endless loop before entering. The step budget must stop it.
return {
  before_entering = function(ctx)
    while true do end -- offending
  end,
}
