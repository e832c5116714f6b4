-- A JSON-RPC 2.0 client for navhost over its stdin/stdout, with Content-Length framing.
-- Callbacks run on Neovim's main loop (vim.schedule), where the editor API may be used.
local framing = require("navshell.framing")
local uv = vim.uv or vim.loop

local M = {}

-- Starts `cmd args...`; handlers: on_notification(method, params), on_exit(code, signal).
-- Returns the client, or nil and why the process could not be started.
function M.start(cmd, args, handlers)
  local stdin, stdout, stderr = uv.new_pipe(false), uv.new_pipe(false), uv.new_pipe(false)
  local client = { next_id = 1, pending = {}, stderr = "", exited = false }
  local handle, pid_or_error = uv.spawn(cmd, { args = args, stdio = { stdin, stdout, stderr } }, function(code, signal)
    client.exited = true
    for _, pipe in ipairs({ stdin, stdout, stderr }) do
      if not pipe:is_closing() then pipe:close() end
    end
    vim.schedule(function()
      -- Requests still waiting will never be answered now.
      for id, callback in pairs(client.pending) do
        client.pending[id] = nil
        callback({ code = -32000, message = "navhost exited" }, nil)
      end
      if handlers.on_exit then handlers.on_exit(code, signal) end
    end)
  end)
  if not handle then
    for _, pipe in ipairs({ stdin, stdout, stderr }) do pipe:close() end
    return nil, "cannot start " .. cmd .. ": " .. tostring(pid_or_error)
  end
  client.pid = pid_or_error

  local function dispatch(message)
    if message.method and message.id == nil then
      if handlers.on_notification then handlers.on_notification(message.method, message.params) end
    elseif message.id ~= nil and client.pending[message.id] then
      local callback = client.pending[message.id]
      client.pending[message.id] = nil
      if message.error then callback(message.error, nil) else callback(nil, message.result) end
    end
  end

  local parser = framing.new_parser()
  stdout:read_start(function(_, data)
    if not data then return end
    for _, body in ipairs(parser.feed(data)) do
      vim.schedule(function()
        local ok, message = pcall(vim.json.decode, body)
        if ok and type(message) == "table" then dispatch(message) end
      end)
    end
  end)
  stderr:read_start(function(_, data)
    -- Only the tail is kept: it says why navhost ended.
    if data then client.stderr = (client.stderr .. data):sub(-4096) end
  end)

  local function write(message)
    if client.exited or stdin:is_closing() then return false end
    stdin:write(framing.encode(vim.json.encode(message)))
    return true
  end

  -- callback(err, result); params nil sends none, an empty table sends {}.
  function client.request(method, params, callback)
    local id = client.next_id
    client.next_id = id + 1
    local message = { jsonrpc = "2.0", id = id, method = method }
    if params ~= nil then message.params = next(params) == nil and vim.empty_dict() or params end
    client.pending[id] = callback or function() end
    if not write(message) then
      client.pending[id] = nil
      if callback then callback({ code = -32000, message = "navhost is not running" }, nil) end
    end
    return id
  end

  function client.notify(method, params)
    write({ jsonrpc = "2.0", method = method, params = params })
  end

  -- shutdown then exit: navhost ends every screen and exits with code 0.
  function client.stop()
    client.request("shutdown", nil, function()
      client.notify("exit", nil)
    end)
  end

  return client
end

return M
