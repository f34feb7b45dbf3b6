-- Hostile: asks a seat that cannot exist.
return {
  before_entering = function(ctx)
    ctx.ask_yes_no("use_tile", 300) -- offending
  end,
}
