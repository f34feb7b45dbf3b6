-- Benign: walks every table a script can reach without owning it and remembers how
-- many it could write to or whose metatable it could read (both must be 0).
local function audit(ctx, m)
  local seen, writable, unlocked, first = {}, 0, 0, ""
  local function visit(value, path)
    if type(value) ~= "table" or seen[path] then
      return
    end
    seen[path] = true
    if not table.isfrozen(value) or pcall(rawset, value, "__audit", true) then
      writable += 1
      if first == "" then first = path end
    end
    local meta = getmetatable(value)
    if type(meta) == "table" then
      unlocked += 1
      if first == "" then first = path .. "<meta>" end
    end
    if #path < 60 then
      for k, v in pairs(value) do
        if type(k) == "string" then
          visit(v, path .. "." .. k)
        end
      end
    end
  end
  visit(_G, "_G")
  visit(ctx, "ctx")
  visit(dungeon, "dungeon")
  visit(m, "m")
  for i, f in ipairs(ctx.faced()) do
    visit(f, "faced" .. i)
  end
  if type(getmetatable("")) == "table" then
    unlocked += 1
  end
  ctx.remember("writable", writable)
  ctx.remember("unlocked", unlocked)
  ctx.remember("first", first)
end
return {
  on_reveal = function(ctx, m)
    audit(ctx, m)
  end,
}
