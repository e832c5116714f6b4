-- One NavShell session: a navhost process, its navigation stack as navhost last announced it,
-- and what the plugin knows of each screen on it. Rows are read in windows (screen/rows with
-- offset and limit) as the cursor needs them; navhost's notifications keep the screens up to
-- date. `on_change(session)` is called after every change something visible depends on.
local config = require("navshell.config")
local messages = require("navshell.messages")
local rpc = require("navshell.rpc")
local Screen = require("navshell.screen")

local Session = {}
Session.__index = Session

-- JSON-RPC codes the plugin treats specially (docs/protocol.md, section 3).
local CANCELLED = -32800
local INVALID_PARAMS = -32602
local INVALID_NAVIGATION = -32013 -- e.g. back on the root screen: a refusal, not a failure

function Session.message_of(err)
  if type(err) == "table" then return err.message or vim.inspect(err) end
  return tostring(err)
end


-- Starts navhost and sends initialize; returns the session, or nil and why it could not start.
function Session.start(navhost, on_change)
  local self = setmetatable({
    navhost = navhost, on_change = on_change, stack = {}, screens = {},
    ready = false, exited = false, stopping = false,
    selecting = 0, -- selections sent and not answered yet
  }, Session)
  local args = vim.list_extend({ "serve" }, vim.deepcopy(config.options.args))
  local client, err = rpc.start(navhost, args, {
    on_notification = function(method, params) self:on_notification(method, params) end,
    on_exit = function(code, signal) self:on_exit(code, signal) end,
  })
  if not client then return nil, err end
  self.client = client
  local params = { processId = vim.fn.getpid(), clientInfo = { name = "navshell.nvim" } }
  client.request("initialize", params, function(init_err, result)
    if init_err then
      self.failed = "navhost did not start: " .. Session.message_of(init_err)
      self:report(self.failed)
      return self:changed()
    end
    self.ready = true
    self.server = result.serverInfo
    self:set_stack(result.stack)
  end)
  return self
end

function Session:report(message, level)
  self.last_error = message
  messages.say(message, level or vim.log.levels.ERROR)
end

function Session:changed()
  -- A screen a selection pushed is drawn once, with the rows the selection's answer brings:
  -- navhost sends that answer right behind the push's announcement, and drawing the screen
  -- without its rows first (replacing the whole buffer) would only delay them.
  local top = self:top()
  if top and top.awaiting_select and not self.exited then return end
  if self.on_change then self.on_change(self) end
end

-- The top screen, or nil before navhost has answered initialize.
function Session:top()
  local entry = self.stack[#self.stack]
  return entry and self.screens[entry.id]
end

-- Sends a request; an error other than a superseded one is reported to the user, unless
-- on_error returns true (it told the user itself). on_result(result) runs only on success;
-- on_error(err), when given, runs on any error. Returns false, calling neither, when navhost
-- is not running.
function Session:request(method, params, on_result, on_error)
  if self.exited or not self.client then
    self:report("navhost is not running: :NavShell starts it again")
    return false
  end
  self.client.request(method, params, function(err, result)
    if err then
      local told = on_error and on_error(err) == true
      if told or err.code == CANCELLED then return end
      self:report(Session.message_of(err), err.code == INVALID_NAVIGATION and vim.log.levels.WARN or nil)
    elseif on_result then
      on_result(result)
    end
  end)
  return true
end

-- The index on `screen` of the row `err` says navhost has not loaded, among the rows `ids` a
-- request asked about: the row its data names (screen/actions, screen/perform), else the only
-- one asked about (screen/select). nil for any other error.
local function gone_row(screen, ids, err)
  local data = type(err) == "table" and type(err.data) == "table" and err.data or {}
  if err.code ~= INVALID_PARAMS or data.reason ~= "notFound" then return nil end
  local id = data.rowId or (#ids == 1 and ids[1]) or nil
  return id and vim.tbl_contains(ids, id) and screen:index_of(id) or nil
end

-- Sends a request about the rows `ids` of `screen`: `send(on_error)` sends it with `on_error`
-- as its error handler (Session:request's, Session:select's) and returns what they return.
-- A row of a long list read long ago may have left the windows the worker keeps: navhost then
-- answers notFound for it, and the row is read again and the request sent once more. Any other
-- error, and the second one, goes to `on_error(err)`, which returns true when it told the user.
-- `session` is anything with Session:request (the tests' scripted sessions too).
function Session.about_rows(session, screen, ids, send, on_error)
  local retried = false
  local function attempt()
    return send(function(err)
      local index = not retried and gone_row(screen, ids, err)
      if not index then return on_error ~= nil and on_error(err) == true end
      retried = true
      -- Sent again whatever the read says: a read that failed leaves the second answer to tell.
      session:request("screen/rows", { screen = screen.id, offset = index - 1, limit = 1 }, attempt,
        function() attempt(); return true end)
      return true
    end)
  end
  return attempt()
end

-- Selects a row of `screen`. A selection that pushes answers the pushed screen's first page
-- too (`rows`), so that screen's rows are not read separately: navhost announces the push
-- (nav/didChange) just before the answer, and a screen that arrives while a selection is
-- unanswered waits for it (`awaiting_select`) instead of reading its first window.
function Session:select(screen, row_id, on_result, on_error)
  self.selecting = self.selecting + 1
  local params = { screen = screen.id, rowId = row_id, rows = config.options.page_size }
  local sent = self:request("screen/select", params, function(result)
    self:selected(result.pushedRows)
    if on_result then on_result(result) end
  end, function(err)
    self:selected(nil)
    return on_error ~= nil and on_error(err)
  end)
  if not sent then self.selecting = self.selecting - 1 end
  return sent
end

function Session:selected(first_rows)
  self.selecting = self.selecting - 1
  local pushed = type(first_rows) == "table" and self.screens[first_rows.screen]
  -- Unless rows of the pushed screen came some other way first (an update, a read).
  if pushed and pushed.revision == nil and not pushed.fetching then
    pushed:apply_rows(first_rows, { offset = 0 })
  end
  if self.selecting == 0 then
    for _, screen in pairs(self.screens) do screen.awaiting_select = false end
  end
  local top = self:top()
  if top then self:pump(top) end
  self:changed()
end

function Session:set_stack(stack)
  self.stack = stack or {}
  local kept = {}
  for _, entry in ipairs(self.stack) do
    local screen = self.screens[entry.id]
    if not screen then
      screen = Screen.new(entry)
      screen.awaiting_select = self.selecting > 0
    end
    screen.title = entry.title
    kept[entry.id] = screen
  end
  self.screens = kept
  local top = self:top()
  if top then
    top.wanted = math.max(top.wanted, config.options.page_size)
    self:pump(top)
  end
  self:changed()
end

-- Asks for at least `count` rows of `screen` to be read (as far as the screen has them).
function Session:want(screen, count)
  if count > screen.wanted then screen.wanted = count end
  self:pump(screen)
end

-- Reads the next window the screen needs, one request at a time per screen.
function Session:pump(screen)
  if self.exited or not self.ready then return end
  local window = screen:next_window(config.options.page_size)
  if not window then return self:retry_page(screen) end
  screen.fetching = true
  local epoch = screen.epoch
  local params = { screen = screen.id, offset = window.offset, limit = window.limit }
  self.client.request("screen/rows", params, function(err, result)
    -- A screen popped, or rows invalidated meanwhile: this answer is of no use.
    if self.screens[screen.id] ~= screen or screen.epoch ~= epoch then return end
    screen.fetching = false
    if err then
      screen.failed = Session.message_of(err)
    else
      screen.failed = nil
      screen:apply_rows(result, window)
    end
    self:changed()
    if not err then self:pump(screen) end
  end)
  self:changed()
end

-- A next page that failed loads again on the next read near the end (docs/protocol.md,
-- section 7): read the last row once per revision while the cursor wants more.
function Session:retry_page(screen)
  local more, state = screen:more_pages()
  local total = screen:total()
  if not more or state ~= "failed" or screen.wanted <= total or screen.retried == screen.revision then return end
  screen.retried = screen.revision
  self.client.request("screen/rows", { screen = screen.id, offset = math.max(0, total - 1), limit = 1 })
end

function Session:on_notification(method, params)
  if type(params) ~= "table" then return end
  if method == "nav/didChange" then
    self:set_stack(params.stack)
  elseif method == "screen/didUpdate" then
    local screen = self.screens[params.screen]
    if not screen then return end
    screen:apply_update(params)
    if screen == self:top() then self:pump(screen) end
    self:changed()
  elseif method == "screen/didCrash" then
    local screen = self.screens[params.screen]
    local next_step = params.restarting and "restarting…" or "stopped; R reloads it"
    local text = "the worker of " .. params.screen .. " (" .. tostring(params.kind) .. ") "
      .. tostring(params.status) .. "; " .. next_step
    if screen then screen.notice = text end
    messages.warn(text)
    self:changed()
  end
end

function Session:on_exit(code, signal)
  self.exited = true
  self.exit_code = code
  if not self.stopping then
    local how = (signal and signal ~= 0) and ("was killed by signal " .. signal) or ("exited with code " .. tostring(code))
    local tail = vim.split(vim.trim(self.client and self.client.stderr or ""), "\n", { plain = true })
    self.failed = "navhost " .. how .. (tail[#tail] ~= "" and (": " .. tail[#tail]) or "") .. "; :NavShell starts it again"
    self:report(self.failed)
  end
  self:changed()
end

-- Ends navhost politely (shutdown, exit).
function Session:stop()
  self.stopping = true
  if not self.exited and self.client then self.client.stop() end
end

return Session
