-- Hostile: ending the host process at the end of the dungeon.
return {
  at_end = function(ctx)
    os.exit(1) -- offending
  end,
}
