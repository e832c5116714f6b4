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

-- The lines of `screen` (nil while navhost starts), their highlights, the row index of each
-- line that shows a row (its title and subtitle lines), the title line of each row index, and
-- the line that stands for rows not read yet.
function M.layout(session, screen)
  local out = { lines = {}, marks = {}, row_at = {}, line_of = {} }
  local function add(text, group)
    table.insert(out.lines, text)
    if group and #text > 0 then table.insert(out.marks, { #out.lines - 1, 0, #text, group }) end
    return #out.lines
  end
  local titles = {}
  for _, entry in ipairs(session.stack) do table.insert(titles, one_line(entry.title)) end
  add(#titles > 0 and table.concat(titles, " › ") or "NavShell", "NavShellTitle")
  add("")
  if screen then
    local function add_row(index)
      local row = screen.rows[index]
      local title = one_line(row.title)
      local line = "  " .. title
      local detail = (row.detail and ("  —  " .. one_line(row.detail)) or "") .. (ACCESSORY[row.accessory] or "")
      local number = add(line .. detail)
      table.insert(out.marks, { number - 1, 2, #line, row.kind == "error" and "NavShellError" or "NavShellRow" })
      if #detail > 0 then table.insert(out.marks, { number - 1, #line, #line + #detail, "NavShellDetail" }) end
      out.row_at[number] = index
      out.line_of[index] = number
      if config.options.subtitles and row.subtitle and row.subtitle ~= "" then
        out.row_at[add("      " .. one_line(row.subtitle), "NavShellSubtitle")] = index
      end
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
  vim.bo[buffer].modifiable = true
  vim.api.nvim_buf_set_lines(buffer, 0, -1, false, layout.lines)
  vim.bo[buffer].modifiable = false
  vim.bo[buffer].modified = false
  vim.api.nvim_buf_clear_namespace(buffer, namespace, 0, -1)
  for _, mark in ipairs(layout.marks) do
    vim.api.nvim_buf_set_extmark(buffer, namespace, mark[1], mark[2], { end_col = mark[3], hl_group = mark[4] })
  end
  ui.layout = layout
  ui.shown = screen and screen.id
  for _, window in ipairs(windows) do
    local place = before[window]
    if switched then place = screen and screen.cursor end
    put_cursor(window, target_line(ui, screen, place))
  end
end

return M
