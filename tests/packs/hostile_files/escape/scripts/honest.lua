-- An honest tile next to the hostile paths: it loads.
return {
  on_damage = function(ctx, m, damage)
    return damage
  end,
}
