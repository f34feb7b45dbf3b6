-- The helper library every card script sees as the global `dungeon`.
-- Its closures never assign to a local they capture, and the tables they keep are frozen:
-- a card built from these helpers holds no state, so the engine can keep one instance of
-- it for every operation (see engine/src/script/inert.rs).
-- Most cards are one of these building blocks, or a few of them combined with
-- `dungeon.combine`. Hooks receive `ctx` (the engine API) and, when a monster is being
-- resolved, `m` (its id, species, strength, position and whether it is defeated).

local dungeon = {}

-- True when `m` would hurt the runner if nothing else happened.
function dungeon.threatens(m)
  return m ~= nil and not m.defeated and (m.strength or 0) > 0
end

-- True when the calling tile is among those that defeated the current monster.
function dungeon.defeated_by_self(ctx)
  for _, tile in ipairs(ctx.defeaters()) do
    if tile == ctx.self then
      return true
    end
  end
  return false
end

-- True when no two monsters of `list` (as from ctx.faced()) share a species.
-- Monsters without a species share nothing.
function dungeon.all_species_differ(list)
  local seen = {}
  for _, m in ipairs(list) do
    if m.species ~= nil then
      if seen[m.species] then
        return false
      end
      seen[m.species] = true
    end
  end
  return true
end

-- How many monsters of `list` are of `species`.
function dungeon.count_species(list, species)
  local n = 0
  for _, m in ipairs(list) do
    if species ~= nil and m.species == species then
      n += 1
    end
  end
  return n
end

-- Defeats monsters of the species this tile remembered under "species".
local function defeats_remembered_species(ctx, m)
  return m.species ~= nil and m.species == ctx.recall("species")
end

-- The species a runner may name, by the ruling `ruling` (an id; nil: no ruling): only
-- the regular monsters' when its choice is "regular"; nil (every species) otherwise.
local function nameable(ctx, ruling)
  if ruling ~= nil and ctx.ruling(ruling) == "regular" then
    return ctx.regular_species()
  end
  return nil
end

-- May the runner name `species`, by the ruling `ruling`?
local function may_name(ctx, ruling, species)
  local allowed = nameable(ctx, ruling)
  return allowed == nil or table.find(allowed, species) ~= nil
end

-- Before entering, the runner names a species; every monster of it is defeated. With a
-- ruling id, that ruling's choice "regular" limits the names to the regular monsters'.
function dungeon.name_species_before_entering(prompt, ruling)
  return {
    before_entering = function(ctx)
      local species = ctx.ask_species(prompt or "name_species", nameable(ctx, ruling))
      ctx.remember("species", species)
    end,
    defeats = defeats_remembered_species,
  }
end

-- Once, right after a threatening monster is revealed, the runner may name its
-- species: that monster and every later one of the species are defeated. With a ruling
-- id, as in `name_species_before_entering`.
function dungeon.name_species_on_reveal(prompt, ruling)
  return {
    on_reveal = function(ctx, m)
      if ctx.recall("species") == nil and m.species ~= nil and dungeon.threatens(m)
        and may_name(ctx, ruling, m.species) and ctx.ask_yes_no(prompt or "use_tile") then
        ctx.remember("species", m.species)
        ctx.defeat()
      end
    end,
    defeats = defeats_remembered_species,
  }
end

-- When HP falls to 0 or less, it becomes the adventurer's own HP; the tile is spent.
-- With a ruling id whose choice is "may_decline", the runner may keep it for a later
-- fall, and is asked when that can pay off: in the end-total model, with cards to come.
function dungeon.revive_to_base_hp(ruling, prompt)
  return {
    on_death = function(ctx)
      if ruling ~= nil and ctx.model() == "end_total" and ctx.dungeon_left() > 0
        and ctx.ruling(ruling) == "may_decline" and not ctx.ask_yes_no(prompt or "use_tile") then
        return
      end
      ctx.set_hp(ctx.base_hp())
      ctx.discard()
    end,
  }
end

-- Each monster this tile defeats adds its strength to HP.
function dungeon.gain_strength_when_defeating()
  return {
    on_defeat = function(ctx, m)
      if (m.strength or 0) > 0 then
        ctx.gain_hp(m.strength)
      end
    end,
  }
end

-- When this tile defeats a monster, the next monster revealed is defeated too.
function dungeon.defeat_next_when_defeating()
  return {
    on_defeat = function(ctx, m)
      ctx.defeat_next()
    end,
  }
end

-- Once, the runner may discard a threatening monster and face the top card of the
-- monster deck instead (not when the deck is empty).
function dungeon.replace_from_deck_on_reveal(prompt)
  return {
    on_reveal = function(ctx, m)
      if ctx.deck_size() > 0 and dungeon.threatens(m) and ctx.ask_yes_no(prompt or "use_tile") then
        ctx.replace_from_deck()
        ctx.discard()
      end
    end,
  }
end

-- After the last reveal, the run succeeds if no two monsters faced share a species.
function dungeon.succeed_if_all_species_differ()
  return {
    at_end = function(ctx)
      if dungeon.all_species_differ(ctx.faced()) then
        ctx.succeed()
      end
    end,
  }
end

-- True when `m` has a strength and it is even (0 counts as even).
function dungeon.even(m)
  return m.strength ~= nil and m.strength % 2 == 0
end

-- True when `m` has a strength and it is odd.
function dungeon.odd(m)
  return m.strength ~= nil and m.strength % 2 == 1
end

-- True when a tile other than the calling one defeated the current monster.
function dungeon.defeated_by_other_tile(ctx)
  for _, tile in ipairs(ctx.defeaters()) do
    if tile ~= ctx.self then
      return true
    end
  end
  return false
end

-- The tiles the runner holds, except the calling one.
function dungeon.other_tiles(ctx)
  local others = {}
  for _, tile in ipairs(ctx.tiles()) do
    if tile ~= ctx.self then
      table.insert(others, tile)
    end
  end
  return others
end

-- Every monster deals `n` less damage (never below 0).
function dungeon.reduce_damage(n)
  return {
    on_damage = function(ctx, m, damage)
      return math.max(0, damage - n)
    end,
  }
end

-- Before entering, the runner picks another player (even an eliminated one), who names
-- one of `species`; every monster of it is defeated.
function dungeon.another_player_names_species(species, player_prompt, species_prompt)
  if type(species) == "table" and not table.isfrozen(species) then
    table.freeze(species)
  end
  return {
    before_entering = function(ctx)
      local seat = ctx.ask_seat(player_prompt or "choose_player", ctx.other_seats())
      ctx.remember("species", ctx.ask_species(species_prompt or "name_species", species, seat))
    end,
    defeats = defeats_remembered_species,
  }
end

-- Once, the runner may defeat a monster, even one already defeated, for the HP this
-- gives: `gain(m)` HP, spending the tile. Offered only when it changes something.
function dungeon.defeat_for_hp_on_reveal(gain, prompt)
  return {
    on_reveal = function(ctx, m)
      local hp = gain(m)
      if (dungeon.threatens(m) or (m.defeated and hp > 0)) and ctx.ask_yes_no(prompt or "use_tile") then
        if not m.defeated then
          ctx.defeat()
        end
        if hp > 0 then
          ctx.gain_hp(hp)
        end
        ctx.discard()
      end
    end,
  }
end

-- Merges hook tables. Hooks defined by several parts run in order; `defeats` is true if
-- any part says so; damage hooks pass the damage along.
function dungeon.combine(...)
  local parts = { ... }
  local merged = {}
  local names = {}
  for _, part in ipairs(parts) do
    for name, fn in pairs(part) do
      if merged[name] == nil then
        merged[name] = {}
        table.insert(names, name)
      end
      table.insert(merged[name], fn)
    end
  end
  local hooks = {}
  for _, name in ipairs(names) do
    local fns = table.freeze(merged[name])
    if #fns == 1 then
      hooks[name] = fns[1]
    elseif name == "defeats" then
      hooks[name] = function(ctx, m)
        for _, fn in ipairs(fns) do
          if fn(ctx, m) then
            return true
          end
        end
        return false
      end
    elseif name == "base_damage" or name == "on_damage" then
      hooks[name] = function(ctx, m, damage)
        for _, fn in ipairs(fns) do
          damage = fn(ctx, m, damage) or damage
        end
        return damage
      end
    else
      hooks[name] = function(ctx, m, extra)
        for _, fn in ipairs(fns) do
          fn(ctx, m, extra)
        end
      end
    end
  end
  return hooks
end

return dungeon
