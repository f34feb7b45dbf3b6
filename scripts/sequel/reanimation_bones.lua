-- Reanimation Bones (reconstructed): when HP falls to 0 or less and it was above 1 when
-- the monster was revealed, come back with 1 HP. Usable any number of times.
return {
  on_death = function(ctx, m)
    if m ~= nil and m.hp_at_reveal > 1 then
      ctx.set_hp(1)
    end
  end,
}
