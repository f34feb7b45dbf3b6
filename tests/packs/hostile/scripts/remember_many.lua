-- Hostile: remembers more keys than a card may keep.
return {
  before_entering = function(ctx)
    for i = 1, 100 do
      ctx.remember("key" .. i, i) -- offending
    end
  end,
}
