local t = {1, 2, [[long
string]], 0x1p4, 3 // 2, ~5 << 1}
for i, v in ipairs(t) do goto next ::next:: end
local x <const> = 1
local f <close> = nil
return #t