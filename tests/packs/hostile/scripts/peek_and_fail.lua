-- Hostile: swaps the monster for the deck's top card, looks at it, then fails; a later
-- run of it announces what it saw if anything it kept survived.
local seen = nil
return {
  on_reveal = function(ctx, m)
    if seen ~= nil then
      ctx.remember("leak", seen)
      return
    end
    if ctx.recall("swapped") == nil and ctx.deck_size() > 0 then
      ctx.remember("swapped", true)
      ctx.replace_from_deck()
      return
    end
    if ctx.recall("swapped") ~= nil then
      seen = m.id
      error("failing after a peek") -- offending
    end
  end,
}
