-- An action on the live source, against the tests' fake GitHub (Tests/Fixtures/fake-github:
-- recorded responses on loopback, failures scripted): a comment GitHub refuses comes back whole
-- in its compose buffer, with the reason and what to do.
dofile(vim.fn.fnamemodify(debug.getinfo(1, "S").source:sub(2), ":h") .. "/ui_stubs.lua")
local navshell = require("navshell")
local root = os.getenv("NAVSHELL_ROOT")
local comments = "/repos/PyGithub/PyGithub/issues/28/comments"

-- The fake GitHub, started for this file: it prints its port, and ends when its stdin closes.
local fake = { output = "" }

local function start_fake()
  fake.job = vim.fn.jobstart({ "python3", root .. "/Tests/Fixtures/fake-github/fake_github.py" }, {
    on_stdout = function(_, lines) fake.output = fake.output .. table.concat(lines, "\n") end,
  })
  T.wait("the fake GitHub prints its port", function() return fake.output:match("^%d+\n") ~= nil end)
  fake.url = "http://127.0.0.1:" .. fake.output:match("^(%d+)")
end

-- Has the fake apply `rules` (docs/live-github.md, "The fake GitHub server").
local function script(rules)
  local post = "import sys, urllib.request; urllib.request.urlopen(urllib.request.Request(sys.argv[1], sys.argv[2].encode(), "
    .. "{'Content-Type': 'application/json'}), timeout=10)"
  vim.fn.system({ "python3", "-c", post, fake.url .. "/__script", vim.json.encode(rules) })
  T.check("the fake took the script", vim.v.shell_error == 0)
end

local function test_a_refused_comment_comes_back()
  start_fake()
  -- The issue's comments are not recorded: none, once.
  script({ { path = comments, status = 200, body = {}, times = 1 } })
  vim.env.GITHUB_TOKEN = "test-token"
  navshell.setup({ cmd = os.getenv("NAVSHELL_NAVHOST"), args = {
    "--source", "github", "--api-url", fake.url, "--allow-writes", "--cache", os.getenv("NAVSHELL_SCRATCH") .. "/cache.sqlite",
    "--root", "issue", "--root-params", vim.json.encode({ owner = "PyGithub", name = "PyGithub", number = 28 }) } })
  vim.cmd("NavShell")
  T.wait_for_text("State")
  script({ { path = comments, status = 403, times = 1, body = { message = "Must have admin rights to Repository." } } })
  vim.api.nvim_win_set_cursor(0, { 1, 0 })
  T.answer("Comment")
  T.feed("a")
  T.wait("a compose buffer opens", function() return vim.bo.filetype == "markdown" end)
  local typed = { "A reply that must not be lost.", "", "Two paragraphs of it." }
  T.compose(typed)
  T.wait("the refusal is said with its reason", function() return T.noticed("Comment failed (forbidden)") end)
  T.wait("and the compose buffer is back with every line typed", function()
    return vim.bo.filetype == "markdown" and vim.deep_equal(vim.api.nvim_buf_get_lines(0, 0, -1, false), typed)
  end)
  vim.cmd("quit")
  navshell.close()
  vim.fn.jobstop(fake.job)
end

T.run("live_actions_test.lua", { test_a_refused_comment_comes_back })
