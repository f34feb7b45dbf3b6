-- Hostile monster: its own effect reaches for os.
return {
  on_reveal = function(ctx, m)
    os.execute("echo pwned") -- offending
  end,
}
