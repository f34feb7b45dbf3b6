-- Scroll of Possession (reconstructed): once, defeat a revealed monster (even one another
-- tile defeats) and gain half its strength in HP, rounded down.
return dungeon.defeat_for_hp_on_reveal(function(m)
  return math.floor((m.strength or 0) / 2)
end)
