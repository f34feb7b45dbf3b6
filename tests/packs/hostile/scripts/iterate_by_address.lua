-- Hostile: generalized iteration over a table keyed by functions.
return {
  before_entering = function(ctx)
    local t = {}
    for i = 1, 8 do
      t[function() return i end] = i
    end
    for _, v in t do -- offending
      ctx.gain_hp(v)
      break
    end
  end,
}
