-- Elven Harp: while HP (when the monster is revealed) is below 5, odd monsters deal at most
-- 1 damage and even ones at most 2 (it never makes a monster hit harder); reductions from
-- other tiles come after.
return {
  base_damage = function(ctx, m, damage)
    if m.hp_at_reveal < 5 then
      if dungeon.odd(m) then
        return math.min(damage, 1)
      elseif dungeon.even(m) then
        return math.min(damage, 2)
      end
    end
    return damage
  end,
}
