-- Hostile: a question with a hundred thousand options.
return {
  before_entering = function(ctx)
    ctx.ask_tile("choose_tile", table.create(100000, "club")) -- offending
  end,
}
