-- Balancing Scales: a `defeats` hook is a question the engine asks about each revealed
-- monster; answering true defeats it, like a data rule would. The `: Hooks` annotation
-- lets an editor with scripts/types/dungeon.d.luau check the table (the engine ignores it).
local hooks: Hooks = {
  defeats = function(ctx, m)
    return m.strength ~= nil and m.strength == m.hp_at_reveal
  end,
}
return hooks
