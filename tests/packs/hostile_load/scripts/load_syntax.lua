-- Load-time attack: a syntax error.
return {
  before_entering = function(ctx)
    if ctx.hp() > 0 then then -- offending
    end
  end,
}
