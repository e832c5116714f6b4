-- Draws the top screen of a session into its buffer and keeps each window's cursor on a row:
-- the row it was on when the lines change, the row a screen was left on when it comes back.
local bar = require("navshell.bar")
local layouts = require("navshell.layout")
local messages = require("navshell.messages")

local M = {}

local namespace = vim.api.nvim_create_namespace("navshell")

-- The layout each buffer shows, for the highlighter below.
local painted = {}

-- The layout `buffer` shows (layout.lua's `build`), or nil.
function M.layout_of(buffer)
  return painted[buffer]
end

-- The highlights of a buffer's line (from 0) as its layout has them: { group, from, to } each,
-- in column order, the `*` of a marked row first. Marks are in line order: a binary search
-- finds the line's first.
function M.painted_on(buffer, line)
  local layout, found = painted[buffer], {}
  if not layout then return found end
  local index = layout.row_at[line + 1]
  if index and layout.line_of[index] == line + 1 and layout.marked and layout.marked[layout.rows[index].id] then
    found[1] = { "NavShellMark", 0, 1 }
  end
  local marks = layout.marks
  local low, high = 1, #marks.line + 1
  while low < high do
    local middle = math.floor((low + high) / 2)
    if marks.line[middle] < line then low = middle + 1 else high = middle end
  end
  while marks.line[low] == line do
    found[#found + 1] = { marks.group[low], marks.from[low], marks.to[low] }
    low = low + 1
  end
  return found
end

-- Highlights are painted as Neovim draws each line a window shows, not stored as extmarks: a
-- draw of a long list would otherwise set thousands of marks (a highlight call for each title,
-- detail and subtitle), most of them on lines no window shows. Ephemeral marks last one redraw.
vim.api.nvim_set_decoration_provider(namespace, {
  on_win = function(_, _, buffer) return painted[buffer] ~= nil end,
  on_line = function(_, _, buffer, line)
    for _, mark in ipairs(M.painted_on(buffer, line)) do
      -- pcall: a user who made the buffer modifiable and shortened a line gets that line
      -- unpainted until the next draw, not an error at every redraw.
      pcall(vim.api.nvim_buf_set_extmark, buffer, namespace, line, mark[2], { end_col = mark[3], hl_group = mark[1], ephemeral = true })
    end
  end,
})

M.highlights = {
  NavShellTitle = "Title",
  NavShellSection = "Statement",
  NavShellRow = "Identifier",
  NavShellDetail = "Comment",
  NavShellSubtitle = "Comment",
  NavShellFooter = "Comment",
  NavShellMore = "NonText",
  NavShellLoading = "WarningMsg",
  NavShellError = "ErrorMsg",
  NavShellMark = "Special",
}

-- Links each group to its default unless the colour scheme or the user set it.
function M.define_highlights()
  for group, target in pairs(M.highlights) do
    vim.cmd("highlight default link " .. group .. " " .. target)
  end
  -- A colour scheme starts with :highlight clear, which drops the links: set them again.
  local group = vim.api.nvim_create_augroup("navshell_highlights", { clear = true })
  vim.api.nvim_create_autocmd("ColorScheme", { group = group, callback = function()
    for name, target in pairs(M.highlights) do vim.cmd("highlight default link " .. name .. " " .. target) end
  end })
end

-- Where a window's cursor is: { row_id, offset } on a row (offset: lines below the window's
-- top), { after_row } on "… N more", { line } elsewhere.
function M.cursor_place(ui, window)
  local line = vim.api.nvim_win_get_cursor(window)[1]
  local screen = ui.layout and ui.shown and ui.session.screens[ui.shown]
  local index = ui.layout and ui.layout.row_at[line]
  if screen and index and screen.rows[index] then
    local top = vim.api.nvim_win_call(window, function() return vim.fn.line("w0") end)
    return { row_id = screen.rows[index].id, offset = line - top }
  end
  -- On "… N more" the cursor goes on to the first of the rows read next.
  if screen and line == ui.layout.more_line then return { after_row = ui.layout.read } end
  -- Before any row was drawn the cursor was nowhere the user chose.
  return { line = line, before_rows = not (ui.layout and ui.layout.line_of[1]) }
end

local function put_cursor(window, line, offset)
  vim.api.nvim_win_set_cursor(window, { line, 0 })
  if offset then
    vim.api.nvim_win_call(window, function()
      vim.fn.winrestview({ topline = math.max(1, line - offset) })
    end)
  end
end

-- The line a window's cursor goes to after a draw.
local function target_line(ui, screen, place)
  local layout = ui.layout
  local pending = ui.pending
  if pending and screen and pending.screen == screen.id then
    if layout.line_of[pending.index] then
      ui.pending = nil
      return layout.line_of[pending.index], nil
    end
    return layout.line_of[#screen.rows] or #layout.lines, nil
  end
  -- The row the cursor was on before navhost restarted the screen: the cursor waits on the last
  -- row read while the rows are read again up to it.
  if screen and screen.lost_row then
    local index = screen:index_of(screen.lost_row)
    if index and layout.line_of[index] then
      screen.lost_row = nil
      return layout.line_of[index], nil
    end
    local _, page_state = screen:more_pages()
    local reading = screen.fetching or screen.needs_reload or page_state == "loading"
      or (#screen.rows < screen:total() and #screen.rows < screen.wanted)
    if reading then return layout.line_of[#screen.rows] or #layout.lines, nil end
    screen.lost_row = nil
  end
  if place and place.row_id and screen then
    local index = screen:index_of(place.row_id)
    if index and layout.line_of[index] then return layout.line_of[index], place.offset end
  end
  if place and place.after_row then
    return layout.line_of[place.after_row + 1] or layout.more_line or layout.line_of[place.after_row] or #layout.lines, nil
  end
  if place and place.line and not place.before_rows and place.line <= #layout.lines then return place.line, nil end
  return layout.line_of[1] or math.min(3, #layout.lines), nil
end

-- The first line (from 1) whose text or highlights differ between what the buffer shows past
-- the lines kept (`shown`, see `layouts.build`) and `new`, or nil.
local function first_change(shown, new)
  local kept_lines, kept_marks = shown.kept_lines, shown.kept_marks
  local old_count, new_count = #shown.lines, #new.lines - kept_lines
  local limit = math.min(old_count, new_count)
  local first
  for index = 1, limit do
    if shown.lines[index] ~= new.lines[kept_lines + index] then
      first = kept_lines + index
      break
    end
  end
  if not first and old_count ~= new_count then first = kept_lines + limit + 1 end
  -- Marks go in line order: the first that differs, unless it lies past that line.
  local a, b = shown.marks, new.marks
  for index = 1, math.max(#a.line, #b.line - kept_marks) do
    local other = kept_marks + index
    local line = math.min(a.line[index] or math.huge, b.line[other] or math.huge) + 1
    if first and line >= first then break end
    if a.line[index] ~= b.line[other] or a.from[index] ~= b.from[other] or a.to[index] ~= b.to[other]
      or a.group[index] ~= b.group[other] then
      return line
    end
  end
  return first
end

-- Puts `layout` in the buffer, rewriting only the lines from the first that changed since the
-- layout drawn last: a page of rows arriving at the end of a long list costs the page, not the
-- list. A change of highlights alone rewrites its lines too, which has Neovim draw them again.
local function write(buffer, layout, shown)
  local first = 1
  if shown and vim.api.nvim_buf_line_count(buffer) == shown.count then first = first_change(shown, layout) end
  if not painted[buffer] then
    vim.api.nvim_create_autocmd("BufWipeout", { buffer = buffer, once = true, callback = function()
      painted[buffer] = nil
      bar.set(buffer, nil)
    end })
  end
  painted[buffer] = layout
  if not first then return end
  vim.bo[buffer].modifiable = true
  vim.api.nvim_buf_set_lines(buffer, first - 1, -1, false, vim.list_slice(layout.lines, first))
  vim.bo[buffer].modifiable = false
  vim.bo[buffer].modified = false
end

-- The cells a line of `buffer` may take: the narrowest text area of the windows showing it
-- (past the number and sign columns), so that every one shows whole lines; nil when none does.
function M.text_width(buffer)
  local width
  for _, window in ipairs(vim.fn.win_findbuf(buffer)) do
    local info = vim.fn.getwininfo(window)[1]
    local cells = info.width - (info.textoff or 0)
    if not width or cells < width then width = cells end
  end
  return width
end

-- Shows the marks of the top screen's rows `indexes` as they are now, in place: a mark set or
-- cleared rewrites its row's first line only, not the list.
function M.draw_marks(ui, indexes)
  local layout, screen = ui.layout, ui.session:top()
  if not layout or not screen or layout.screen ~= screen or layout.rows ~= screen.rows then return M.draw(ui) end
  vim.bo[ui.buffer].modifiable = true
  for _, index in ipairs(indexes) do
    local line = layout.line_of[index]
    if line then
      layout.lines[line] = layouts.marked_line(layout.lines[line], screen.marked[screen.rows[index].id])
      vim.api.nvim_buf_set_lines(ui.buffer, line - 1, line, false, { layout.lines[line] })
    end
  end
  vim.bo[ui.buffer].modifiable = false
  vim.bo[ui.buffer].modified = false
  layout.marked = screen.marked
end

function M.draw(ui)
  local buffer = ui.buffer
  if not vim.api.nvim_buf_is_valid(buffer) then return end
  local session = ui.session
  local screen = session:top()
  local windows = vim.fn.win_findbuf(buffer)
  local before = {}
  for _, window in ipairs(windows) do before[window] = M.cursor_place(ui, window) end
  local switched = (screen and screen.id) ~= ui.shown
  if switched and ui.shown and session.screens[ui.shown] and windows[1] then
    session.screens[ui.shown].cursor = before[windows[1]]
  end
  -- What was said about the screen left is stale on the next one.
  if switched then messages.clear() end
  -- Hidden, the buffer keeps the width it was last shown at.
  local width = M.text_width(buffer) or (ui.layout and ui.layout.width)
  local layout, shown = layouts.build(session, screen, ui.layout, width)
  write(buffer, layout, shown)
  bar.set(buffer, layouts.titles(session))
  ui.layout = layout
  ui.shown = screen and screen.id
  for _, window in ipairs(windows) do
    local place = before[window]
    if switched then place = screen and screen.cursor end
    put_cursor(window, target_line(ui, screen, place))
  end
end

return M
