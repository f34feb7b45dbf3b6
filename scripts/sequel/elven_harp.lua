-- Elven Harp: while HP (when the monster is revealed) is below 5, odd monsters deal 1
-- damage and even ones 2; reductions from other tiles come after.
return {
  base_damage = function(ctx, m, damage)
    if m.hp_at_reveal < 5 then
      if dungeon.odd(m) then
        return 1
      elseif dungeon.even(m) then
        return 2
      end
    end
    return damage
  end,
}
