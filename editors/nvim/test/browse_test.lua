-- Browsing with the keyboard against a real navhost: rows, screens, search, links, commands,
-- re-opening, closing, and keymaps changed in setup().
local navshell = require("navshell")
local navhost = os.getenv("NAVSHELL_NAVHOST")
local opened_file = os.getenv("NAVSHELL_SCRATCH") .. "/opened"

local function opened()
  local file = io.open(opened_file)
  if not file then return "" end
  local text = file:read("*a")
  file:close()
  return text
end

local function title_line() return vim.api.nvim_buf_get_lines(0, 0, 1, false)[1] end

local function test_rows_and_screens()
  navshell.setup({ cmd = navhost })
  vim.cmd("NavShell")
  T.wait_for_text("POPULAR")
  T.check("the buffer is the plugin's", vim.bo.filetype == "navshell" and not vim.bo.modifiable)
  T.check("the title names the stack", title_line() == "Users")
  T.check("the cursor starts on the first row", T.line():find("torvalds", 1, true))
  T.feed("j")
  T.check("j goes to the next row, not its subtitle", T.line():find("^  github"))
  T.feed("2j")
  T.check("a count moves that many rows", T.line():find("^  defunkt"))
  T.feed("k")
  T.check("k goes to the previous row", T.line():find("^  mojombo"))
  T.put_cursor_on("POPULAR")
  T.feed("<CR>")
  T.check("<CR> off a row says so", T.last_notice() == "navshell: no row under the cursor")
  local sent = {}
  local client = navshell.state().client
  local request = client.request
  client.request = function(method, params, callback)
    table.insert(sent, { method = method, params = params })
    return request(method, params, callback)
  end
  T.put_cursor_on("Tom Preston-Werner")
  local watch = T.watch_buffer()
  T.feed("<CR>")
  T.wait("<CR> on a subtitle line selects its row", function() return title_line() == "Users › mojombo's repositories" end)
  T.wait_for_text("chronic")
  watch.stopped = true
  client.request = request
  local empty_frames = 0
  for _, frame in ipairs(watch.frames) do
    if frame[1] == "Users › mojombo's repositories" and not table.concat(frame, "\n"):find("chronic", 1, true) then
      empty_frames = empty_frames + 1
    end
  end
  T.check("the pushed screen is first drawn with its rows, not empty then filled", #watch.frames > 0 and empty_frames == 0)
  T.check("the push is one request, the selection asking for a page of the pushed screen's rows",
    #sent == 1 and sent[1].method == "screen/select" and sent[1].params.rows == 100)
  T.check("a new screen starts on its first row", T.line():find("^  chronic"))
  local paths = vim.fn.getcompletion("NavShell users/mojombo/repositories/gr", "cmdline")
  T.check(":NavShell completes paths from the rows read", vim.tbl_contains(paths, "users/mojombo/repositories/grit"))
  T.put_cursor_on("grit  —")
  T.feed("<CR>")
  T.wait_for_text("Language  —  Ruby")
  T.check("the detail screen is on top", title_line() == "Users › mojombo's repositories › mojombo/grit")

  T.put_cursor_on("GitHub  —  https://github.com/mojombo/grit")
  T.feed("<CR>")
  T.wait("<CR> on a link opens it in the browser", function() return opened():find("https://github.com/mojombo/grit\n", 1, true) end)
  T.put_cursor_on("Homepage  —")
  T.feed("gx")
  T.wait("gx opens the row's link", function() return opened():find("http://grit.rubyforge.org/", 1, true) end)

  T.feed("<BS>")
  T.wait("back shows the repositories", function() return title_line() == "Users › mojombo's repositories" end)
  T.check("the cursor is back on the row selected", T.line():find("^  grit"))
  T.feed("<BS>")
  T.wait("back again shows the users", function() return title_line() == "Users" end)
  T.check("and the cursor on the user selected", T.line():find("^  mojombo"))
  T.feed("<BS>")
  T.wait("popping the root is refused, and the user told", function() return T.last_notice() == "navshell: cannot pop the root screen" end)
end

-- The next prompt is answered with `text`; check(options) looks at what it was asked with.
local function answer_prompt(text, check)
  vim.ui.input = function(options, on_confirm)
    check(options)
    on_confirm(text)
  end
end

local function test_search()
  T.check("/ is left to Vim's own search", vim.tbl_isempty(vim.fn.maparg("/", "n", false, true)))
  answer_prompt("mojombo", function(options) T.check("the prompt names the screen", options.prompt == "Search Users: ") end)
  T.feed("s")
  T.wait_for_text("USERS MATCHING 'MOJOMBO'")
  T.check("the cursor is on the row found", T.line():find("^  mojombo"))
  vim.cmd("NavShellSearch defunkt")
  T.wait_for_text("USERS MATCHING 'DEFUNKT'")
  T.check(":NavShellSearch completes row titles", vim.tbl_contains(vim.fn.getcompletion("NavShellSearch def", "cmdline"), "defunkt"))
  answer_prompt("", function(options) T.check("the prompt starts with the query", options.default == "defunkt") end)
  vim.cmd("NavShellSearch")
  T.wait_for_text("POPULAR")
end

local function test_commands()
  vim.cmd("NavShell users/defunkt/repositories/dotjs")
  T.wait("a deep link opens its screens", function() return title_line() == "Users › defunkt's repositories › defunkt/dotjs" end)
  vim.cmd("NavShellBack")
  T.wait(":NavShellBack goes back", function() return title_line() == "Users › defunkt's repositories" end)
  local screen = navshell.state():top()
  local revision = screen.revision
  vim.cmd("NavShellReload")
  T.wait(":NavShellReload reads the screen again", function() return screen.revision ~= revision and not screen.fetching end)
  T.check("and shows it", T.text():find("dotjs", 1, true))
end

-- The bug this plugin had: :NavShell in the NavShell buffer left a blank, dead buffer.
local function test_open_again()
  local buffer = vim.api.nvim_get_current_buf()
  vim.cmd("NavShell")
  T.check(":NavShell in the buffer keeps it", vim.api.nvim_get_current_buf() == buffer)
  T.check("with its rows", T.text():find("dotjs", 1, true))
  T.put_cursor_on("dotjs  —")
  T.feed("<CR>")
  T.wait("and it still answers", function() return title_line() == "Users › defunkt's repositories › defunkt/dotjs" end)
  vim.cmd("NavShell users/mojombo")
  T.wait("a path from inside the buffer opens there", function() return title_line() == "Users › mojombo's repositories" end)
  T.check("in the same buffer", vim.api.nvim_get_current_buf() == buffer)

  local session = navshell.state()
  T.feed("q")
  T.check("q wipes the buffer", not vim.api.nvim_buf_is_valid(buffer))
  T.wait("q ends navhost", function() return session.exited end)
  T.check("navhost exited cleanly", session.exit_code == 0)

  vim.cmd("NavShell")
  T.wait_for_text("POPULAR")
  local dying = navshell.state()
  local old_buffer = vim.api.nvim_get_current_buf()
  local uv = vim.uv or vim.loop
  uv.kill(dying.client.pid, 9)
  T.wait_for_text("navhost was killed by signal 9")
  T.check("the user is told", T.noticed("navhost was killed by signal 9"))
  vim.cmd("NavShell")
  T.wait_for_text("POPULAR")
  T.check("a new session replaces the dead one", navshell.state() ~= dying and not vim.api.nvim_buf_is_valid(old_buffer))
  T.check("and the old buffer's wipe left it running", not navshell.state().exited)
  T.feed("j")
  T.check("it answers keys", T.line():find("^  github"))
end

local function test_keymaps_from_setup()
  vim.cmd("NavShellClose")
  navshell.setup({ cmd = navhost, keymaps = { close = "Q", search = false, back = { "<BS>", "-" } } })
  vim.cmd("NavShell")
  T.wait_for_text("POPULAR")
  T.check("q is no longer mapped", vim.tbl_isempty(vim.fn.maparg("q", "n", false, true)))
  T.check("s is turned off", vim.tbl_isempty(vim.fn.maparg("s", "n", false, true)))
  T.check("Q closes, with a description", vim.fn.maparg("Q", "n", false, true).desc == "NavShell: close NavShell")
  T.check("back has two keys", not vim.tbl_isempty(vim.fn.maparg("-", "n", false, true)))
  T.check("the others keep their defaults", not vim.tbl_isempty(vim.fn.maparg("gx", "n", false, true)))
  local buffer = vim.api.nvim_get_current_buf()
  vim.cmd("vertical NavShell")
  T.check(":vertical NavShell shows the session in a split",
    #vim.api.nvim_tabpage_list_wins(0) == 2 and #vim.fn.win_findbuf(buffer) == 2)
  T.feed("Q")
  T.check("Q closed it", not vim.api.nvim_buf_is_valid(buffer))
  T.check("and the split it was in", #vim.api.nvim_tabpage_list_wins(0) == 1)
end

-- The GitHub app's issue, pull request, README and stars screens, browsed as any other screen.
local function test_github_app_screens()
  vim.cmd("NavShell users/mojombo/repositories/chronic")
  T.wait_for_text("BROWSE")
  T.put_cursor_on("Issues  —")
  T.feed("<CR>")
  T.wait("the Issues row opens the issue list", function() return title_line():find("› mojombo/chronic issues$") end)
  T.wait_for_text("OPEN ISSUES")
  T.check("a new screen starts on its first issue", T.line():find("^  #%d+ "))
  local number = T.line():match("^  #(%d+) ")
  T.feed("<CR>")
  T.wait("an issue row opens the issue", function() return title_line():find("› mojombo/chronic#" .. number .. "$") end)
  T.wait_for_text("COMMENTS")
  T.check("with its facts", T.text():find("ABOUT", 1, true) and T.text():find("State  —  Open", 1, true))
  T.put_cursor_on("Author  —")
  local author = T.line():match("Author  —  (%S+)")
  T.feed("<CR>")
  T.wait("the author row opens the author's repositories", function() return title_line():find("› " .. author .. "'s repositories$") end)

  vim.cmd("NavShell users/mojombo/repositories/chronic/pulls/39")
  T.wait_for_text("CHANGES")
  T.check("a pull request shows its branches", T.text():find("Branches  —  master ← henrik-santos:update/scheduler-39", 1, true))
  vim.cmd("NavShell users/mojombo/repositories/chronic/readme")
  T.wait_for_text("INSTALLATION")
  T.put_cursor_on("https://github.com/mojombo/chronic  ↗")
  T.feed("<CR>")
  T.wait("a README's link row opens its URL", function() return opened():find("https://github.com/mojombo/chronic\n", 1, true) end)
  vim.cmd("NavShell users/mojombo/starred")
  T.wait_for_text("STARRED")
  T.check("stars list repositories", T.line():find("^  [%w-]+/[%w-]+  —"))
end

T.run("browse_test.lua", { test_rows_and_screens, test_search, test_commands, test_open_again, test_github_app_screens, test_keymaps_from_setup })
