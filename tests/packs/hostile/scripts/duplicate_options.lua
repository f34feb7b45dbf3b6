-- Hostile: a question whose options repeat.
return {
  before_entering = function(ctx)
    ctx.ask_seat("choose_player", { 1, 1, 1 }) -- offending
  end,
}
