-- Draws the top screen of a session into its buffer and keeps each window's cursor on a row:
-- the row it was on when the lines change, the row a screen was left on when it comes back.
local config = require("navshell.config")

local M = {}

local namespace = vim.api.nvim_create_namespace("navshell")

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

local function one_line(text)
  return (tostring(text or ""):gsub("[\r\n]+", " "))
end

local ACCESSORY = { disclosure = "  ›", link = "  ↗" }

-- Each row's text as the layout shows it, kept per row: the plugin never changes a row table
-- (new rows come as new tables), so a draw after a page arrives renders only the new rows.
-- Weak keys: a row no screen holds any more takes its text with it.
local rendered = setmetatable({}, { __mode = "k" })

local function render(row)
  local subtitles = config.options.subtitles and true or false
  local text = rendered[row]
  if text and text.subtitles == subtitles then return text end
  local line = "  " .. one_line(row.title)
  local detail = (row.detail and ("  —  " .. one_line(row.detail)) or "") .. (ACCESSORY[row.accessory] or "")
  text = {
    subtitles = subtitles, line = line .. detail, title_end = #line, detail = #detail > 0,
    group = row.kind == "error" and "NavShellError" or "NavShellRow",
    subtitle = subtitles and row.subtitle and row.subtitle ~= "" and ("      " .. one_line(row.subtitle)) or nil,
  }
  rendered[row] = text
  return text
end

-- The lines of `screen` (nil while navhost starts), their highlights, the row index of each
-- line that shows a row (its title and subtitle lines), the title line of each row index, and
-- the line that stands for rows not read yet. Highlights are columns, in line order: mark `i`
-- is `group[i]` on line `line[i]` (from 0), bytes `from[i]` to `to[i]`; no table per mark.
function M.layout(session, screen)
  local marks = { line = {}, from = {}, to = {}, group = {} }
  local out = { lines = {}, marks = marks, row_at = {}, line_of = {} }
  local lines = out.lines
  local function mark(line, from, to, group)
    local index = #marks.line + 1
    marks.line[index], marks.from[index], marks.to[index], marks.group[index] = line, from, to, group
  end
  local function add(text, group)
    lines[#lines + 1] = text
    if group and #text > 0 then mark(#lines - 1, 0, #text, group) end
    return #lines
  end
  local titles = {}
  for _, entry in ipairs(session.stack) do table.insert(titles, one_line(entry.title)) end
  add(#titles > 0 and table.concat(titles, " › ") or "NavShell", "NavShellTitle")
  add("")
  if screen then
    local function add_row(index)
      local text = render(screen.rows[index])
      local number = add(text.line)
      mark(number - 1, 2, text.title_end, text.group)
      if text.detail then mark(number - 1, text.title_end, #text.line, "NavShellDetail") end
      out.row_at[number] = index
      out.line_of[index] = number
      if text.subtitle then out.row_at[add(text.subtitle, "NavShellSubtitle")] = index end
    end
    local first, read = 1, #screen.rows
    for _, section in ipairs(screen.sections) do
      local count = section.count or 0
      if count > 0 and first > read then break end
      if section.header then add(one_line(section.header):upper(), "NavShellSection") end
      for index = first, math.min(first + count - 1, read) do add_row(index) end
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
  return out
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

-- The first line (from 1) whose text or highlights differ between two layouts, or nil.
local function first_change(old, new)
  local limit = math.min(#old.lines, #new.lines)
  local first = limit + 1
  for line = 1, limit do
    if old.lines[line] ~= new.lines[line] then
      first = line
      break
    end
  end
  if first > limit and #old.lines == #new.lines then first = nil end
  -- Marks go in line order: the first that differs, unless it lies past that line.
  local a, b = old.marks, new.marks
  for index = 1, math.max(#a.line, #b.line) do
    local line = math.min(a.line[index] or math.huge, b.line[index] or math.huge) + 1
    if first and line >= first then break end
    if a.line[index] ~= b.line[index] or a.from[index] ~= b.from[index] or a.to[index] ~= b.to[index]
      or a.group[index] ~= b.group[index] then
      return line
    end
  end
  return first
end

-- Puts `layout` in the buffer, rewriting only the lines from the first that changed since
-- `shown` (the layout drawn last): a page of rows arriving at the end of a long list costs the
-- page, not the list.
local function write(buffer, shown, layout)
  local first = 1
  if shown and vim.api.nvim_buf_line_count(buffer) == #shown.lines then first = first_change(shown, layout) end
  if not first then return end
  vim.api.nvim_buf_clear_namespace(buffer, namespace, first - 1, -1)
  vim.bo[buffer].modifiable = true
  vim.api.nvim_buf_set_lines(buffer, first - 1, -1, false, vim.list_slice(layout.lines, first))
  vim.bo[buffer].modifiable = false
  vim.bo[buffer].modified = false
  local marks = layout.marks
  local index = #marks.line
  while index > 0 and marks.line[index] >= first - 1 do index = index - 1 end
  for position = index + 1, #marks.line do
    vim.api.nvim_buf_set_extmark(buffer, namespace, marks.line[position], marks.from[position],
      { end_col = marks.to[position], hl_group = marks.group[position] })
  end
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
  local layout = M.layout(session, screen)
  write(buffer, ui.layout, layout)
  ui.layout = layout
  ui.shown = screen and screen.id
  for _, window in ipairs(windows) do
    local place = before[window]
    if switched then place = screen and screen.cursor end
    put_cursor(window, target_line(ui, screen, place))
  end
end

return M
