-- A plugin screen's actions (examples/python-screen, a screens.json kind served by a Python
-- worker) in Neovim with no code for them: tag a commit of a repository made for the test, then
-- delete the tag, a destructive action confirmed first.
dofile(vim.fn.fnamemodify(debug.getinfo(1, "S").source:sub(2), ":h") .. "/ui_stubs.lua")
local navshell = require("navshell")
local root = os.getenv("NAVSHELL_ROOT")

local repository = os.getenv("NAVSHELL_SCRATCH") .. "/commits-repository"

local function git(...)
  local output = vim.fn.system({ "git", "-C", repository, ... })
  T.check("git " .. table.concat({ ... }, " ") .. " ran", vim.v.shell_error == 0)
  return vim.trim(output)
end

local function first_row()
  local screen = navshell.state():top()
  return screen and screen.rows[1]
end

local function test_tag_and_delete_the_tag()
  vim.fn.mkdir(repository, "p")
  git("init", "-q")
  git("-c", "user.name=Test", "-c", "user.email=test@example.com", "commit", "-q", "--allow-empty", "-m", "The first change")
  navshell.setup({ cmd = os.getenv("NAVSHELL_NAVHOST"), args = {
    "--screens", root .. "/examples/python-screen/screens.json", "--root", "commits",
    "--root-params", vim.json.encode({ path = repository }) } })
  vim.cmd("NavShell")
  T.wait_for_text("The first change")
  T.put_cursor_on("  The first change")
  T.answer("Tag…", "v1.0")
  T.feed("a")
  T.wait("the tag is asked for and made", function() return T.noticed("Tag: done on The first change") end)
  T.check("the menu listed the plugin's actions", T.asked[1].kind == "navshell_action")
  T.check("git has the tag", git("tag") == "v1.0")
  T.wait("the row shows it", function() return first_row() and vim.deep_equal(first_row().values.tags, { "v1.0" }) end)
  T.put_cursor_on("  The first change")
  T.answer("Delete tag…", "v1.0", "No")
  T.feed("a")
  T.wait("No was answered", function() return #T.asked == 5 end)
  T.check("the confirmation was asked, No first", vim.deep_equal(T.last_asked().items, { "No", "Yes" }))
  T.check("and No kept the tag", git("tag") == "v1.0")
  T.put_cursor_on("  The first change")
  T.answer("Delete tag…", "v1.0", "Yes")
  T.feed("a")
  T.wait("Yes deletes it", function() return T.noticed("Delete tag: done on The first change") end)
  T.check("git has no tag", git("tag") == "")
  T.wait("the row shows none", function() return first_row() and #first_row().values.tags == 0 end)
end

T.run("plugin_actions_test.lua", { test_tag_and_delete_the_tag })
