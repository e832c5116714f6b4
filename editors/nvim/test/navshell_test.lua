-- Headless test of the NavShell plugin: drives it with its own keys against a real navhost
-- and asserts on the buffer's text. Exits 0 when every check passes, 1 otherwise.
local checks = 0

local function finish(code, message)
  if message then io.stderr:write(message .. "\n") end
  io.stdout:write(code == 0 and ("nvim plugin tests: all " .. checks .. " checks passed\n") or "nvim plugin tests: FAILED\n")
  vim.cmd(code == 0 and "qall!" or "cquit 1")
end

local function buffer_text()
  return table.concat(vim.api.nvim_buf_get_lines(0, 0, -1, false), "\n")
end

local function check(what, condition)
  checks = checks + 1
  if not condition then error(what .. "\n--- buffer ---\n" .. buffer_text(), 2) end
end

-- Waits, with a deadline, until the buffer shows `text`.
local function wait_for_text(text)
  local shown = vim.wait(10000, function() return buffer_text():find(text, 1, true) ~= nil end, 10)
  check("the buffer shows " .. text, shown)
end

local function feed(keys)
  vim.api.nvim_feedkeys(vim.api.nvim_replace_termcodes(keys, true, false, true), "mx", false)
end

local function put_cursor_on(text)
  for number, line in ipairs(vim.api.nvim_buf_get_lines(0, 0, -1, false)) do
    if line:find(text, 1, true) then
      vim.api.nvim_win_set_cursor(0, { number, 0 })
      return
    end
  end
  check("a line with " .. text, false)
end

local function test_framing()
  local framing = require("navshell.framing")
  local stream = framing.encode('{"a":"é"}') .. framing.encode("[1,2]")
  -- Split at every byte: the parser must put the bodies back together.
  local broken = nil
  for split = 1, #stream - 1 do
    local parser = framing.new_parser()
    local bodies = parser.feed(stream:sub(1, split))
    vim.list_extend(bodies, parser.feed(stream:sub(split + 1)))
    if not (#bodies == 2 and bodies[1] == '{"a":"é"}' and bodies[2] == "[1,2]") then broken = broken or split end
  end
  check("framing survives a split at any byte (first broken: " .. tostring(broken) .. ")", broken == nil)
end

local function test_browsing()
  local navshell = require("navshell")
  local notices = {}
  vim.notify = function(message) table.insert(notices, message) end
  navshell.setup({ cmd = os.getenv("NAVSHELL_NAVHOST") })
  vim.cmd("runtime plugin/navshell.lua")
  vim.cmd("NavShell")
  wait_for_text("┌─ Users · users s1 (depth 1)")
  check("the buffer is the plugin's", vim.bo.filetype == "navshell" and not vim.bo.modifiable)

  vim.ui.input = function(_, on_confirm) on_confirm("mojombo") end
  feed("/")
  wait_for_text("USERS MATCHING 'MOJOMBO'")

  put_cursor_on("mojombo  —")
  feed("<CR>")
  wait_for_text("mojombo's repositories · repositories s2 (depth 2)")
  check("the cursor starts on the first row", vim.api.nvim_get_current_line():find("chronic", 1, true) ~= nil)

  put_cursor_on("grit  —")
  feed("<CR>")
  wait_for_text("mojombo/grit · repository s3 (depth 3)")
  wait_for_text("Language  —  Ruby")

  feed("<BS>")
  wait_for_text("mojombo's repositories · repositories s2 (depth 2)")
  feed("<BS>")
  wait_for_text("USERS MATCHING 'MOJOMBO'")
  feed("<BS>")
  check("popping the root is refused", vim.wait(10000, function() return navshell.state().last_error ~= nil end, 10))
  check("the refusal says why", navshell.state().last_error:find("cannot pop the root screen", 1, true) ~= nil)
  check("and tells the user", notices[#notices] == "navshell: cannot pop the root screen")

  navshell.open_path("users/defunkt/repositories/dotjs")
  wait_for_text("defunkt/dotjs · repository")

  local state = navshell.state()
  vim.cmd("bwipeout")
  check("navhost exits when the buffer goes", vim.wait(10000, function() return state.exited end, 10))
  check("navhost exited cleanly", state.exit_code == 0)
end

local ok, err = xpcall(function()
  test_framing()
  test_browsing()
end, debug.traceback)
if ok then finish(0) else finish(1, err) end
