-- What the buffer shows for the top screen: its lines, their highlights, which row each line
-- stands for. A page of rows arriving at the end of a long list carries the last layout on in
-- place instead of laying every row out again, so a draw costs the page, not the list.
local config = require("navshell.config")
local fit = require("navshell.fit")

local M = {}

local function one_line(text)
  return (tostring(text or ""):gsub("[%z\r\n]+", " "))
end

local ACCESSORY = { disclosure = "  ›", link = "  ↗" }
local SEPARATOR = "  —  "
-- The fewest cells a cut detail keeps; with less room the detail goes and the title is cut.
local SHORTEST_DETAIL = 4

-- A row's line fitted to `width` cells: the accessory always shows; the detail, then the
-- title, is cut with "…". Returns the line and the byte where the title ends.
local function row_line(row, width)
  local title = one_line(row.title)
  local accessory = ACCESSORY[row.accessory] or ""
  local line = "  " .. title .. (row.detail and (SEPARATOR .. one_line(row.detail)) or "") .. accessory
  if fit.fits(line, width) then return line, 2 + #title end
  local room = width - fit.width(accessory) - 2
  local detail_room = room - fit.width(title) - fit.width(SEPARATOR)
  if row.detail and detail_room >= SHORTEST_DETAIL then
    return "  " .. title .. SEPARATOR .. fit.right(one_line(row.detail), detail_room) .. accessory, 2 + #title
  end
  local shown = fit.right(title, math.max(0, room))
  return "  " .. shown .. accessory, 2 + #shown
end

-- Rows of prose, whose text wraps over as many lines as it needs rather than being cut: a
-- paragraph or a line of a description (`text`: the title) and a comment (its subtitle).
local PROSE_TITLE, PROSE_SUBTITLE = { text = true }, { comment = true }
local INDENT, SUBTITLE_INDENT = "  ", "      "

-- Each row's text as the layout shows it, kept per row: the plugin never changes a row table
-- (new rows come as new tables). Weak keys: a row no screen holds any more takes its text with it.
-- `lines`, the first the title's; `marks`, its highlights as { line (from 0), from, to, group }.
local rendered = setmetatable({}, { __mode = "k" })

local function render(row, width)
  local subtitles = config.options.subtitles and true or false
  local text = rendered[row]
  if text and text.subtitles == subtitles and text.width == width then return text end
  local group = row.kind == "error" and "NavShellError" or "NavShellRow"
  text = { subtitles = subtitles, width = width, lines = {}, marks = {} }
  local function add(line, from, mark_group)
    text.lines[#text.lines + 1] = line
    if #line > from then table.insert(text.marks, { #text.lines - 1, from, #line, mark_group }) end
  end
  if PROSE_TITLE[row.kind] then
    local title = one_line(row.title)
    local whole = INDENT .. title .. (row.detail and (SEPARATOR .. one_line(row.detail)) or "")
      .. (ACCESSORY[row.accessory] or "")
    -- Lines after the first go under the text: past its own indent, and a list item's bullet.
    local hanging = INDENT .. title:match("^%s*") .. (title:match("^%s*(• )") or "")
    for _, line in ipairs(fit.wrap(whole, width, hanging)) do add(line, #INDENT, group) end
  else
    local line, title_end = row_line(row, width)
    text.lines[1] = line
    text.marks[1] = { 0, 2, title_end, group }
    if #line > title_end then text.marks[2] = { 0, title_end, #line, "NavShellDetail" } end
  end
  if subtitles and row.subtitle and row.subtitle ~= "" then
    local subtitle = SUBTITLE_INDENT .. one_line(row.subtitle)
    local lines = PROSE_SUBTITLE[row.kind] and fit.wrap(subtitle, width, SUBTITLE_INDENT) or { fit.right(subtitle, width) }
    for _, line in ipairs(lines) do add(line, 0, "NavShellSubtitle") end
  end
  rendered[row] = text
  return text
end

-- A row's first line with its mark shown or not: a marked row has a `*` where its indent
-- begins (the same bytes, so its highlights hold; view.lua paints the `*`).
function M.marked_line(line, marked)
  return (marked and "* " or "  ") .. line:sub(3)
end

-- The stack's titles, root first.
function M.titles(session)
  local titles = {}
  for _, entry in ipairs(session.stack) do table.insert(titles, one_line(entry.title)) end
  return titles
end

-- Whether `previous` can be carried on for `screen`: made for the same screen, title, width,
-- subtitle setting and marks, from the same rows table with no fewer rows now (rows are only ever
-- appended to a table; reading from the start makes a new one), and with every section up to
-- where its rows ended as it was (the last one's count may have grown, never below its rows).
local function resumable(previous, screen, title, width)
  local stop = previous and previous.stop
  if not stop or previous.screen ~= screen or previous.rows ~= screen.rows or previous.title ~= title
    or previous.width ~= width or previous.subtitles ~= (config.options.subtitles and true or false)
    or previous.marked ~= screen.marked or #screen.rows < stop.row then
    return false
  end
  for index = 1, stop.section do
    local old, new = stop.sections[index], screen.sections[index]
    if not new or old.header ~= new.header then return false end
    if index < stop.section and (old.footer ~= new.footer or old.count ~= (new.count or 0) or old.state ~= new.state) then
      return false
    end
  end
  -- The last section still holds its rows laid out, and is still reached (a section with rows
  -- and none read yet ends the layout before its header).
  local count = screen.sections[stop.section].count or 0
  return stop.first + count - 1 >= stop.row and not (count > 0 and stop.first > #screen.rows)
end

-- Cuts `layout` back to where its rows ended; returns what was cut (the lines and highlights
-- the buffer holds after that point), for the draw to compare with what replaces it.
local function cut(layout)
  local stop, lines, marks = layout.stop, layout.lines, layout.marks
  local tail = { lines = {}, marks = { line = {}, from = {}, to = {}, group = {} } }
  for line = stop.lines + 1, #lines do
    tail.lines[#tail.lines + 1] = lines[line]
    lines[line], layout.row_at[line], layout.whole[line] = nil, nil, nil
  end
  for index = stop.marks + 1, #marks.line do
    local at = #tail.marks.line + 1
    tail.marks.line[at], tail.marks.from[at], tail.marks.to[at], tail.marks.group[at] =
      marks.line[index], marks.from[index], marks.to[index], marks.group[index]
    marks.line[index], marks.from[index], marks.to[index], marks.group[index] = nil, nil, nil, nil
  end
  layout.more_line = nil
  return tail
end

-- The layout of `screen` (nil while navhost starts): `lines`; `marks`, the highlights as
-- columns in line order (mark `i` is `group[i]` on line `line[i]`, from 0, bytes `from[i]` to
-- `to[i]`; no table per mark); `row_at`, the row index of each line that shows a row (its
-- title and subtitle lines); `line_of`, the title line of each row index; `more_line`, the
-- line that stands for rows not read yet; `whole`, the text of each line other than a row's that
-- was cut to fit. Lines fit `width` cells (nil: no limit). `previous`, the layout drawn last, is
-- carried on in place when it can be (`resumable`). Also returns what `previous` showed past the lines the new
-- layout keeps (`lines`, `marks` from there, `kept_lines`, `kept_marks`, `count` of its lines), or
-- nil without a `previous`: what the draw compares the new layout with.
function M.build(session, screen, previous, width)
  width = width or math.huge
  local titles = M.titles(session)
  local title = #titles > 0 and table.concat(titles, " › ") or "NavShell"
  local out, shown, section_from, first, row_from
  local resumed = false -- carried on inside the section whose header `previous` has
  local stop = previous and previous.stop
  if screen and resumable(previous, screen, title, width) then
    out = previous
    local count = #out.lines
    local tail = cut(out)
    shown = { lines = tail.lines, marks = tail.marks, kept_lines = stop.lines, kept_marks = stop.marks, count = count }
    section_from, first, row_from, resumed = stop.section, stop.first, stop.row + 1, true
  else
    out = { lines = {}, marks = { line = {}, from = {}, to = {}, group = {} }, row_at = {}, line_of = {}, whole = {} }
    if previous then
      shown = { lines = previous.lines, marks = previous.marks, kept_lines = 0, kept_marks = 0, count = #previous.lines }
    end
  end
  local lines, marks = out.lines, out.marks
  local function mark(line, from, to, group)
    local index = #marks.line + 1
    marks.line[index], marks.from[index], marks.to[index], marks.group[index] = line, from, to, group
  end
  -- A line other than a row's, cut to fit if it must (its whole text kept for `K`).
  local function add(text, group)
    local shown = fit.right(text, width)
    lines[#lines + 1] = shown
    if shown ~= text then out.whole[#lines] = text end
    if group and #shown > 0 then mark(#lines - 1, 0, #shown, group) end
    return #lines
  end
  if not section_from then
    local path = #titles > 0 and fit.path(titles, width) or title
    add(path, "NavShellTitle")
    if path ~= title then out.whole[#lines] = title end
    add("")
    section_from, first, row_from = 1, 1, 1
  end
  out.screen, out.rows, out.title, out.width, out.stop = screen, screen and screen.rows, title, width, nil
  out.subtitles = config.options.subtitles and true or false
  out.marked = screen and screen.marked
  if screen then
    local marked = screen.marked
    local read = #screen.rows
    local sections = {}
    for index = 1, section_from - 1 do sections[index] = stop.sections[index] end
    for index = section_from, #screen.sections do
      local section = screen.sections[index]
      local count = section.count or 0
      if count > 0 and first > read then break end
      if section.header and not (resumed and index == section_from) then
        add(one_line(section.header):upper(), "NavShellSection")
      end
      for row = math.max(first, row_from), math.min(first + count - 1, read) do
        local text, at = render(screen.rows[row], width), #lines
        for offset, line in ipairs(text.lines) do
          lines[at + offset] = line
          out.row_at[at + offset] = row
        end
        if marked[screen.rows[row].id] then lines[at + 1] = M.marked_line(text.lines[1], true) end
        for _, span in ipairs(text.marks) do mark(at + span[1], span[2], span[3], span[4]) end
        out.line_of[row] = at + 1
      end
      sections[index] = { header = section.header, footer = section.footer, count = count, state = section.state }
      out.stop = { section = index, first = first, row = math.min(first + count - 1, read), lines = #lines, marks = #marks.line, sections = sections }
      if first + count - 1 > read then break end
      if section.footer then
        add("  (" .. one_line(section.footer) .. ")", section.state == "failed" and "NavShellError" or "NavShellFooter")
      end
      first = first + count
    end
    out.read = read
    local unread = screen:total() - read
    if unread > 0 then out.more_line = add("  … " .. unread .. " more", "NavShellMore") end
  end
  if session.failed then
    add(session.failed, "NavShellError")
  elseif not screen or screen.fetching or screen.revision == nil then
    add("Loading…", "NavShellLoading")
  end
  if screen and screen.failed then add("Could not load: " .. one_line(screen.failed) .. " (R reloads)", "NavShellError") end
  if screen and screen.notice then add(one_line(screen.notice), "NavShellError") end
  return out, shown
end

return M
