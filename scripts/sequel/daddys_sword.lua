-- Daddy's Sword: another player, chosen by the runner, names the Golem, the Lich or the
-- Demon; every monster of that species is defeated.
return dungeon.another_player_names_species(
  { "golem", "lich", "demon" },
  "daddys_sword_player",
  "daddys_sword_species"
)
