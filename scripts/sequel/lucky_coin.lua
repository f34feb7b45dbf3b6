-- Lucky Coin: the runner may use it on an even monster; from then on it defeats every even
-- monster no other tile defeats, until an odd monster nothing defeats comes and the coin
-- is discarded.
return {
  on_reveal = function(ctx, m)
    if not ctx.recall("active") and not m.defeated and dungeon.even(m) and ctx.ask_yes_no("use_tile") then
      ctx.remember("active", true)
      ctx.defeat()
    end
  end,
  defeats = function(ctx, m)
    return ctx.recall("active") == true and dungeon.even(m)
  end,
  before_damage = function(ctx, m)
    if ctx.recall("active") and dungeon.odd(m) then
      ctx.discard()
    end
  end,
}
