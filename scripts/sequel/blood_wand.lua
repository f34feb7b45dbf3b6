-- Blood Wand (reconstructed): gain 1 HP each time another tile defeats a monster.
return {
  after_defeat = function(ctx, m)
    if dungeon.defeated_by_other_tile(ctx) then
      ctx.gain_hp(1)
    end
  end,
}
