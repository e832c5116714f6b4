-- :checkhealth navshell: navhost found, its version, that it starts and answers initialize,
-- whether its row actions may write, that the root screen has rows, and the Neovim version.
local config = require("navshell.config")
local rpc = require("navshell.rpc")

local M = {}

-- vim.health (0.9+: start/ok/warn/error) or the older module (report_start, …).
local function reporter()
  local health = vim.health or require("health")
  return {
    start = health.start or health.report_start,
    ok = health.ok or health.report_ok,
    info = health.info or health.report_info,
    warn = health.warn or health.report_warn,
    error = health.error or health.report_error,
  }
end

-- Waits with a deadline for one request's answer; returns err, result.
local function ask(client, method, params, seconds)
  local done, answer_err, answer = false, nil, nil
  client.request(method, params, function(err, result) done, answer_err, answer = true, err, result end)
  if not vim.wait(seconds * 1000, function() return done end, 20) then
    return { message = "no answer to " .. method .. " within " .. seconds .. " s" }, nil
  end
  return answer_err, answer
end

local function check_navhost(report, navhost)
  local version = vim.trim(vim.fn.system({ navhost, "--version" }))
  if vim.v.shell_error ~= 0 then
    return report.error("navhost --version failed: " .. version)
  end
  report.ok("navhost " .. version .. " at " .. navhost)
  local exited = false
  local client, err = rpc.start(navhost, vim.list_extend({ "serve" }, vim.deepcopy(config.options.args)), {
    on_exit = function() exited = true end,
  })
  if not client then return report.error(err) end
  local init_err, init = ask(client, "initialize", { processId = vim.fn.getpid(), clientInfo = { name = "navshell.nvim health" } }, 20)
  if init_err then
    report.error("navhost did not answer initialize: " .. tostring(init_err.message),
      { "stderr: " .. vim.trim(client.stderr) })
  else
    report.ok("navhost starts and answers initialize (" .. init.serverInfo.name .. " " .. init.serverInfo.version .. ")")
    local actions = type(init.capabilities) == "table" and init.capabilities.actions
    if type(actions) ~= "table" then
      report.warn("this navhost offers no row actions: `a` finds nothing", { "build a newer navhost" })
    elseif actions.writes then
      report.ok("row actions: writes are on")
    else
      report.ok("row actions: writes are off (a live source without --allow-writes: add it to the `args` option)")
    end
    local rows_err, rows = ask(client, "screen/rows", { limit = 1 }, 20)
    if rows_err then
      report.error("the root screen could not be read: " .. tostring(rows_err.message))
    elseif #rows.rows == 0 then
      report.warn("the root screen (" .. init.stack[1].title .. ") has no rows")
    else
      local total = 0
      for _, section in ipairs(rows.sections) do total = total + section.count end
      report.ok("the data opens: the root screen (" .. init.stack[1].title .. ") has " .. total .. " rows, the first " .. rows.rows[1].title)
    end
  end
  client.stop()
  vim.wait(5000, function() return exited end, 20)
end

function M.check()
  local report = reporter()
  report.start("navshell")
  local version = vim.version()
  local text = version.major .. "." .. version.minor .. "." .. version.patch
  if vim.fn.has("nvim-0.7") == 1 then
    report.ok("Neovim " .. text)
  else
    report.error("Neovim " .. text .. ": NavShell needs 0.7 or later")
  end
  local navhost, why = config.find_navhost()
  if navhost then
    check_navhost(report, navhost)
  else
    report.error(why)
  end
  if require("navshell.help").has_tags() then
    report.ok("the help tags are written (doc/tags)")
  else
    report.warn("the help tags are missing", { "run :helptags " .. config.plugin_root() .. "/doc" })
  end
end

return M
