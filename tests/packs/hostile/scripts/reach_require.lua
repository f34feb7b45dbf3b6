-- Hostile: loading a native module when a monster is defeated.
return {
  on_defeat = function(ctx, m)
    local ffi = require("ffi") -- offending
    return ffi
  end,
}
