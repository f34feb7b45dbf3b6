-- Hostile: iterates a table keyed by tables, in address order.
return {
  before_entering = function(ctx)
    local t = {}
    for i = 1, 8 do
      t[{}] = i
    end
    for _, v in pairs(t) do -- offending
      ctx.gain_hp(v)
      break
    end
  end,
}
