-- Load-time attack: the script returns a number, not a table of hooks.
return 42
