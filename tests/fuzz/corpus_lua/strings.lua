--[==[ comment ]==] return "\u{48}\x41\z
   \065"