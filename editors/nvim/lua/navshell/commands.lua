-- The :NavShell commands and their completion.
local M = {}

local function sorted_unique(items)
  local seen, out = {}, {}
  for _, item in ipairs(items) do
    if not seen[item] then seen[item] = true; table.insert(out, item) end
  end
  table.sort(out)
  return out
end

local function starting_with(items, prefix)
  return vim.tbl_filter(function(item) return item:sub(1, #prefix) == prefix end, sorted_unique(items))
end

-- Deep links from what the session has read: users/LOGIN[/repositories[/NAME]] for the user and
-- repository rows on the stack's screens.
function M.complete_path(prefix)
  local paths = { "users" }
  local session = require("navshell").state()
  for _, screen in pairs(session and not session.exited and session.screens or {}) do
    for _, row in ipairs(screen.rows) do
      local login = row.id:match("^user:(.+)$")
      local owner, name = row.id:match("^repo:([^/]+)/(.+)$")
      if login then
        vim.list_extend(paths, { "users/" .. login, "users/" .. login .. "/repositories" })
      elseif owner then
        vim.list_extend(paths, { "users/" .. owner .. "/repositories", "users/" .. owner .. "/repositories/" .. name })
      end
    end
  end
  return starting_with(paths, prefix)
end

-- The titles of the rows of the top screen read so far.
function M.complete_search(prefix)
  local session = require("navshell").state()
  local screen = session and not session.exited and session:top()
  local titles = {}
  for _, row in ipairs(screen and screen.rows or {}) do
    if type(row.title) == "string" then table.insert(titles, row.title) end
  end
  return starting_with(titles, prefix)
end

-- Defines the commands; running it again (plugin/ then setup()) redefines them the same.
function M.define()
  local navshell = function() return require("navshell") end
  local create = vim.api.nvim_create_user_command
  create("NavShell", function(command) navshell().open(command.args, command.mods) end, {
    nargs = "?", complete = M.complete_path, force = true,
    desc = "NavShell: open (or show) the browser, optionally at a path such as users/mojombo",
  })
  create("NavShellSearch", function(command)
    if command.args == "" then return navshell().prompt_search() end
    navshell().search(command.args)
  end, { nargs = "*", complete = M.complete_search, force = true, desc = "NavShell: search the current screen" })
  create("NavShellBack", function() navshell().back() end, { nargs = 0, force = true, desc = "NavShell: go back" })
  create("NavShellReload", function() navshell().reload() end, { nargs = 0, force = true, desc = "NavShell: reload the screen" })
  create("NavShellClose", function() navshell().close() end, { nargs = 0, force = true, desc = "NavShell: close it and end navhost" })
end

return M
