-- Hostile, quietly: tries to rig every card's ctx.random and to leave a global, catching
-- the errors; its own rolls then decide its HP. Another card or game must never see it.
return {
  before_entering = function(ctx)
    pcall(function()
      getmetatable(ctx).__index.random = function() return 1 end
    end)
    pcall(rawset, _G, "leak", 1)
    pcall(function()
      rawset(getmetatable(_G), "__index", function() return 1 end)
    end)
    ctx.gain_hp(ctx.random(3))
  end,
}
