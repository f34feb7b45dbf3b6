-- Load-time attack: an endless loop at the top level of the script.
while true do end -- offending
return {}
