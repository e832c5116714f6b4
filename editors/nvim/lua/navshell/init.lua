-- NavShell in a Neovim buffer: navhost's top screen, drawn from its rows (read in windows as the
-- cursor needs them), driven with buffer-local keys and the :NavShell commands. One session at
-- a time: :NavShell shows it again rather than starting a second navhost.
local actions = require("navshell.actions")
local browser = require("navshell.browser")
local buffer = require("navshell.buffer")
local config = require("navshell.config")
local messages = require("navshell.messages")
local popup = require("navshell.popup")
local prompt = require("navshell.prompt")
local Session = require("navshell.session")
local view = require("navshell.view")
local windows = require("navshell.windows")

local M = {}

-- The open session and its buffer: { session, buffer, layout, shown, pending }.
local ui = nil

local warn = messages.warn

function M.setup(options)
  config.set(options)
  require("navshell.commands").define()
  view.define_highlights()
  require("navshell.help").ensure_tags()
end

-- The top screen, the row under the cursor (nil on a line without one) and its index.
local function row_under_cursor()
  if not ui or not ui.layout or vim.api.nvim_get_current_buf() ~= ui.buffer then return nil end
  local screen = ui.session:top()
  local index = ui.layout.row_at[vim.api.nvim_win_get_cursor(0)[1]]
  return screen, index and screen and screen.rows[index], index
end

-- Remembers where the user is on the screen and reads ahead of the cursor.
local function cursor_at(screen, index)
  screen.cursor = view.cursor_place(ui, 0)
  ui.session:want(screen, index + config.options.load_ahead)
end

-- Selects `row` (of a long list, read again first when navhost no longer keeps its window).
local function select_row(screen, row)
  local session = ui.session
  session:about_rows(screen, { row.id }, function(on_error)
    return session:select(screen, row.id, function(result)
      if result.action == "openURL" then browser.open(result.url) end
      if result.action == "none" then messages.say("'" .. tostring(row.title) .. "' opens nothing") end
    end, on_error)
  end)
end

function M.select()
  local screen, row = row_under_cursor()
  if not screen then return end
  ui.pending = nil
  if row then return select_row(screen, row) end
  if vim.api.nvim_win_get_cursor(0)[1] == ui.layout.more_line then
    return ui.session:want(screen, #screen.rows + config.options.page_size)
  end
  warn("no row under the cursor")
end

function M.open_link()
  local screen, row = row_under_cursor()
  if not screen then return end
  if not row then return warn("no row under the cursor") end
  if row.accessory == "link" then return M.select() end
  for _, text in ipairs({ row.detail, row.subtitle, row.title }) do
    local url = type(text) == "string" and text:match("https?://[^%s]+")
    if url then return browser.open(url) end
  end
  warn("'" .. tostring(row.title) .. "' has no link")
end

-- Puts the cursor on row `target`; past the rows read, on the last one read until the rows up
-- to `target` arrive (read from here on), then on it.
local function go_to_row(screen, target)
  ui.pending = nil
  screen.lost_row = nil
  if target > #screen.rows then
    ui.pending = { screen = screen.id, index = target }
    target = #screen.rows
  end
  vim.api.nvim_win_set_cursor(0, { ui.layout.line_of[target], 0 })
  cursor_at(screen, ui.pending and ui.pending.index or target)
end

-- Moves `count` rows down (direction 1) or up (-1).
local function move(direction)
  local screen, _, index = row_under_cursor()
  if not screen or #screen.rows == 0 then return end
  local count = vim.v.count1
  if not index then
    local line, last = vim.api.nvim_win_get_cursor(0)[1], #ui.layout.lines
    local step = direction > 0 and 1 or -1
    for candidate = line + step, direction > 0 and last or 1, step do
      if ui.layout.row_at[candidate] then index = ui.layout.row_at[candidate]; break end
    end
    index = index or (direction > 0 and #screen.rows or 1)
    count = count - 1
  end
  go_to_row(screen, math.max(1, index + direction * count))
end

function M.next_row() move(1) end
function M.prev_row() move(-1) end

-- The list's last row (each section's count says where it is), or with a count that row.
function M.last_row()
  local screen = row_under_cursor()
  if not screen or #screen.rows == 0 then return end
  local total = screen:total()
  go_to_row(screen, vim.v.count > 0 and math.min(vim.v.count, total) or total)
end

-- <Tab>: marks or unmarks the row under the cursor (with a count, that many rows from it) and
-- goes on to the next row, as telescope.nvim's <Tab> does; `a` then acts on the marked rows.
function M.toggle_mark()
  local screen, _, index = row_under_cursor()
  if not screen then return end
  if not index then return warn("no row under the cursor") end
  local last, toggled = math.min(#screen.rows, index + vim.v.count1 - 1), {}
  for row = index, last do
    screen:toggle_mark(screen.rows[row].id)
    toggled[#toggled + 1] = row
  end
  view.draw_marks(ui, toggled)
  go_to_row(screen, math.min(last + 1, #screen.rows))
end

-- What an action acts on (actions.lua): the marked rows, else the row under the cursor.
local function target()
  local screen, row = row_under_cursor()
  screen = screen or (ui and ui.session:top())
  return screen and actions.target(ui.session, screen, row)
end

-- a: the actions of the marked rows (else the row under the cursor), then the screen's own.
function M.actions()
  local acting = target()
  if acting then actions.menu(acting) end
end

-- Performs the action `action_id` (`star`, `comment`) as `a` would: on the marked rows, else
-- the row under the cursor, else the screen's own item. `input` (values by field name) is sent
-- as it is, navhost asking for anything missing; without it every field is asked for.
function M.act(action_id, input)
  local acting = target()
  if not acting then return warn("no NavShell screen is open: :NavShell opens one") end
  actions.act(acting, action_id, input)
end

-- K: the row under the cursor in full, as LSP hover shows a symbol; on another line cut to
-- fit, that line whole.
function M.hover()
  local screen, row = row_under_cursor()
  if not screen then return end
  if row then return popup.show(popup.row_lines(row), "navshell_hover") end
  local whole = ui.layout.whole[vim.api.nvim_win_get_cursor(0)[1]]
  if whole then return popup.show({ whole }, "navshell_hover") end
  warn("no row under the cursor")
end

-- ?: the buffer's keys and what each does, in a float the cursor goes into (q closes it).
function M.show_keys()
  if not ui then return end
  popup.show(buffer.keys(ui.buffer), "navshell_keys", true)
end

function M.back()
  if ui then ui.session:request("nav/pop", {}) end
end

-- Sets the top screen's query; "" clears it.
function M.search(text)
  local screen = ui and ui.session:top()
  if not screen then return warn("no NavShell screen is open: :NavShell opens one") end
  -- A new query starts a new selection: the marks go.
  screen:clear_marks()
  view.draw(ui)
  ui.session:request("screen/query", { screen = screen.id, text = text })
end

-- Asks for the top screen's query, starting from the one it has: its worker keeps it (a deep
-- link sets it too), and nav/stack reports it in each screen's restoration token.
function M.prompt_search()
  local screen = ui and ui.session:top()
  if not screen then return end
  local session = ui.session
  session:request("nav/stack", {}, function(result)
    if session:top() ~= screen then return end -- the user moved on meanwhile
    local query = ""
    for _, entry in ipairs(type(result) == "table" and result.stack or {}) do
      if entry.id == screen.id and type(entry.token) == "table" and type(entry.token.query) == "string" then
        query = entry.token.query
      end
    end
    prompt.ask({ prompt = "Search " .. screen.title .. ": ", default = query }, M.search)
  end)
end

function M.reload()
  if not ui or ui.session.exited then return M.open() end
  local screen = ui.session:top()
  if not screen then return end
  screen.failed = nil
  ui.session:request("screen/reload", { screen = screen.id })
end

-- Replaces the stack with the screens a path names, e.g. users/mojombo/repositories/grit.
function M.open_path(path)
  if ui then ui.session:request("nav/open", { path = path }) end
end

local handlers = {
  select = M.select, back = M.back, search = M.prompt_search, reload = M.reload,
  close = function() M.close() end, open_link = M.open_link,
  next_row = M.next_row, prev_row = M.prev_row, last_row = M.last_row,
  hover = M.hover, help = M.show_keys, mark = M.toggle_mark, act = M.actions,
}

function handlers.wiped(wiped_buffer)
  -- Only the session of this very buffer ends: a newer one is not this buffer's.
  if ui and ui.buffer == wiped_buffer then
    M.last = ui.session
    ui.session:stop()
    ui = nil
  end
end

function handlers.cursor_moved(moved_buffer)
  local screen, _, index = row_under_cursor()
  if not screen or ui.buffer ~= moved_buffer then return end
  if index then return cursor_at(screen, index) end
  if vim.api.nvim_win_get_cursor(0)[1] == ui.layout.more_line then
    ui.session:want(screen, #screen.rows + config.options.load_ahead)
  end
end

-- A window showing the buffer changed width (or showed it anew): lay the screen out again.
function handlers.resized(resized_buffer)
  if not ui or ui.buffer ~= resized_buffer or not ui.layout then return end
  local width = view.text_width(resized_buffer)
  if width and width ~= ui.layout.width then view.draw(ui) end
end

-- Shows NavShell in the current window (after `mods`, e.g. "vertical", in a split), starting
-- navhost if no session runs; `path`, if given, is opened as a deep link.
function M.open(path, mods)
  path = vim.trim(path or "")
  if ui and (ui.session.exited or not vim.api.nvim_buf_is_valid(ui.buffer)) then M.close() end
  if not ui then
    local navhost, why = config.find_navhost()
    if not navhost then return messages.error(why) end
    local opening = {}
    local session, err = Session.start(navhost, function()
      if ui == opening then view.draw(opening) end
    end)
    if not session then return messages.error(err) end
    opening.session = session
    opening.buffer = buffer.create(handlers)
    session.buffer = opening.buffer
    ui = opening
    windows.show(ui.buffer, mods)
    view.draw(ui)
  else
    windows.show(ui.buffer, mods)
  end
  if path ~= "" then M.open_path(path) end
  return ui.buffer
end

-- Ends navhost (shutdown, exit) and wipes the buffer.
function M.close()
  if not ui then return end
  local closing = ui
  ui = nil
  messages.clear()
  M.last = closing.session
  closing.session:stop()
  if vim.api.nvim_buf_is_valid(closing.buffer) then
    for _, window in ipairs(vim.fn.win_findbuf(closing.buffer)) do windows.leave(window, closing.buffer) end
    vim.api.nvim_buf_delete(closing.buffer, { force = true })
  end
end

-- The running session (else the last one): buffer, stack, screens, last_error, exited.
function M.state()
  return ui and ui.session or M.last
end

return M
