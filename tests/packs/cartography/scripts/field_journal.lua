-- Field Journal: the first monster that deals damage is written down (ctx.remember);
-- every later monster of its species is defeated.
local hooks: Hooks = {
  before_damage = function(ctx, m)
    if ctx.recall("species") == nil and m.species ~= nil then
      ctx.remember("species", m.species)
    end
  end,
  defeats = function(ctx, m)
    return m.species ~= nil and m.species == ctx.recall("species")
  end,
}
return hooks
