-- Benign: a scripted tile that needs a little memory: +1 HP per monster faced at the end.
return {
  at_end = function(ctx)
    local names = {}
    for _, m in ipairs(ctx.faced()) do
      names[#names + 1] = m.id .. string.rep("!", 100)
    end
    if #names > 0 then
      ctx.remember("faced", #names)
    end
  end,
}
