-- NavShell in a Neovim buffer: navhost renders the top screen (screen/render) and the buffer
-- shows it; <CR> selects the row under the cursor, <BS> goes back, / searches.
-- The buffer is redrawn whenever navhost settles after a visible change (nav/didIdle with a
-- new stateVersion), so it never polls and never shows a half-finished state.
local rpc = require("navshell.rpc")

local M = {}

local config = { cmd = "navhost", args = {} }
-- One session at a time: its client, buffer and what the buffer shows.
local session = nil

function M.setup(options)
  config = vim.tbl_extend("force", config, options or {})
end

local function report(err)
  local message = type(err) == "table" and (err.message or vim.inspect(err)) or tostring(err)
  if session then session.last_error = message end
  vim.notify("navshell: " .. message, vim.log.levels.ERROR)
end

local function show(result)
  local buffer = session.buffer
  if not vim.api.nvim_buf_is_valid(buffer) then return end
  local lines = vim.split(result.text, "\n", { plain = true })
  vim.api.nvim_buf_set_option(buffer, "modifiable", true)
  vim.api.nvim_buf_set_lines(buffer, 0, -1, false, lines)
  vim.api.nvim_buf_set_option(buffer, "modifiable", false)
  session.row_at_line = {}
  local first_row_line = nil
  for row_id, line in pairs(result.rowLines or {}) do
    session.row_at_line[line + 1] = row_id
    if not first_row_line or line + 1 < first_row_line then first_row_line = line + 1 end
  end
  -- A new screen starts with the cursor on its first row; the same screen keeps the cursor.
  if result.screen ~= session.screen then
    session.screen = result.screen
    for _, window in ipairs(vim.fn.win_findbuf(buffer)) do
      vim.api.nvim_win_set_cursor(window, { first_row_line or 1, 0 })
    end
  end
  session.renders = session.renders + 1
end

function M.refresh()
  if not session then return end
  local window = vim.fn.bufwinid(session.buffer)
  local width = window ~= -1 and math.max(20, vim.api.nvim_win_get_width(window) - 1) or 78
  session.client.request("screen/render", { width = width }, function(err, result)
    if err then return report(err) end
    show(result)
  end)
end

local function on_notification(method, params)
  if method == "nav/didIdle" and params.stateVersion ~= session.state_version then
    session.state_version = params.stateVersion
    M.refresh()
  elseif method == "screen/didCrash" then
    local next_step = params.restarting and "restarting" or "stopped until reloaded"
    report("screen " .. params.screen .. " " .. params.status .. "; " .. next_step)
  end
end

-- Selects the row under the cursor.
function M.select()
  if not session then return end
  local line = vim.api.nvim_win_get_cursor(0)[1]
  local row_id = session.row_at_line[line]
  if not row_id then return report("no row on line " .. line) end
  session.client.request("screen/select", { rowId = row_id }, function(err, result)
    if err then return report(err) end
    if result.action == "openURL" then vim.notify("navshell: " .. result.url) end
  end)
end

function M.back()
  if not session then return end
  session.client.request("nav/pop", {}, function(err)
    if err then report(err) end
  end)
end

function M.search(text)
  if not session then return end
  session.client.request("screen/query", { text = text }, function(err)
    if err then report(err) end
  end)
end

-- Replaces the stack with the screens a path names, e.g. users/mojombo/repositories/grit.
function M.open_path(path)
  if not session then return end
  session.client.request("nav/open", { path = path }, function(err)
    if err then report(err) end
  end)
end

function M.prompt_search()
  vim.ui.input({ prompt = "Search: " }, function(text)
    if text then M.search(text) end
  end)
end

local function make_buffer()
  local buffer = vim.api.nvim_create_buf(false, true)
  vim.api.nvim_buf_set_name(buffer, "navshell://" .. buffer)
  vim.api.nvim_buf_set_option(buffer, "filetype", "navshell")
  vim.api.nvim_buf_set_option(buffer, "bufhidden", "wipe")
  vim.api.nvim_buf_set_option(buffer, "modifiable", false)
  local function map(keys, action) vim.keymap.set("n", keys, action, { buffer = buffer, nowait = true, silent = true }) end
  map("<CR>", M.select)
  map("<BS>", M.back)
  map("/", M.prompt_search)
  vim.api.nvim_create_autocmd("BufWipeout", { buffer = buffer, once = true, callback = function() M.close() end })
  return buffer
end

-- Starts navhost and shows its top screen in a new buffer in the current window.
-- `path`, if given, is opened as a deep link once navhost is ready.
function M.open(path)
  if session then M.close() end
  local buffer = make_buffer()
  session = { buffer = buffer, row_at_line = {}, renders = 0, state_version = nil, exited = false }
  local current = session
  current.client = rpc.start(config.cmd, vim.list_extend({ "serve" }, config.args), {
    on_notification = function(method, params)
      if session == current then on_notification(method, params) end
    end,
    on_exit = function(code) current.exited = true current.exit_code = code end,
  })
  vim.api.nvim_win_set_buf(0, buffer)
  current.client.request("initialize", { processId = vim.fn.getpid(), clientInfo = { name = "navshell.nvim" } }, function(err)
    if err then return report(err) end
    if path and path ~= "" then M.open_path(path) end
  end)
  return buffer
end

-- Ends navhost (shutdown, exit); the buffer is left as it is.
function M.close()
  if not session then return end
  local closing = session
  session = nil
  if not closing.exited then closing.client.stop() end
  M.last = closing
end

-- The session, for tests and status lines: buffer, screen, renders, last_error, exited.
function M.state()
  return session or M.last
end

return M
