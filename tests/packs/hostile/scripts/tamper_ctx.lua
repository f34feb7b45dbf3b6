-- Hostile: replacing a function of the engine's ctx table.
return {
  on_reveal = function(ctx, m)
    ctx.hp = function() return 99 end -- offending
  end,
}
