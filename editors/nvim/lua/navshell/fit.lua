-- Text fitted to a number of screen cells, by display width (wide characters take two), a cut
-- marked with "…".
local M = {}

M.ELLIPSIS = "…"

local strwidth = vim.api.nvim_strwidth
local CHARACTER = "[^\128-\191][\128-\191]*" -- a UTF-8 sequence: a lead byte, its continuations

-- The cells `text` takes.
function M.width(text)
  return strwidth(text)
end

-- Whether `text` fits `cells`: its bytes bound its cells from above, so most text needs no
-- measuring.
function M.fits(text, cells)
  return #text <= cells or strwidth(text) <= cells
end

-- `text` cut at its end to fit `cells`.
function M.right(text, cells)
  if M.fits(text, cells) then return text end
  local room, used, kept = cells - strwidth(M.ELLIPSIS), 0, {}
  if room < 0 then return "" end
  for character in text:gmatch(CHARACTER) do
    local width = strwidth(character)
    if used + width > room then break end
    used = used + width
    kept[#kept + 1] = character
  end
  return table.concat(kept) .. M.ELLIPSIS
end

-- `text` cut at its start to fit `cells`.
function M.left(text, cells)
  if M.fits(text, cells) then return text end
  local room, used, characters = cells - strwidth(M.ELLIPSIS), 0, {}
  if room < 0 then return "" end
  for character in text:gmatch(CHARACTER) do characters[#characters + 1] = character end
  local first = #characters + 1
  while first > 1 and used + strwidth(characters[first - 1]) <= room do
    first = first - 1
    used = used + strwidth(characters[first])
  end
  return M.ELLIPSIS .. table.concat(characters, "", first)
end

-- `text` broken into lines of at most `cells` cells at its spaces (a word longer than a line is
-- split); each line after the first starts with `indent`, which is counted. `text`'s own
-- leading spaces start the first line.
function M.wrap(text, cells, indent)
  if M.fits(text, cells) then return { text } end
  local lines = {}
  local start = text:match("^%s*")
  local line, used, bare = start, strwidth(start), true -- bare: nothing but the line's start yet
  local function new_line()
    lines[#lines + 1] = line
    line, used, bare = indent, strwidth(indent), true
  end
  for space, word in text:sub(#start + 1):gmatch("(%s*)(%S+)") do
    local width = strwidth(word)
    if not bare and used + strwidth(space) + width <= cells then
      line, used = line .. space .. word, used + strwidth(space) + width
    else
      if not bare then new_line() end
      for character in word:gmatch(CHARACTER) do
        local cell = strwidth(character)
        if used + cell > cells and not bare then new_line() end
        line, used, bare = line .. character, used + cell, false
      end
    end
  end
  lines[#lines + 1] = line
  return lines
end

-- The titles of a stack as "Users › mojombo's repositories › mojombo/grit" fitted to `cells`:
-- the first titles give way to "…" so that the last, where the user is, shows; alone too long,
-- it is cut at its start.
function M.path(titles, cells)
  local separator = " › "
  for first = 1, #titles do
    local text = (first > 1 and (M.ELLIPSIS .. separator) or "") .. table.concat(titles, separator, first)
    if M.fits(text, cells) then return text end
  end
  return M.left(titles[#titles] or "", cells)
end

return M
