-- The actions UI against a scripted navhost (a session whose answers the test gives): the
-- menu's order and labels, each kind of input, inputRequired, the confirmation with "No"
-- first, results opened and copied, and failures: their reason and what to do said, and a
-- comment's text back in its compose buffer. The real navhost's actions are in actions_test.lua.
dofile(vim.fn.fnamemodify(debug.getinfo(1, "S").source:sub(2), ":h") .. "/ui_stubs.lua")
local actions = require("navshell.actions")
local Screen = require("navshell.screen")

local opened = {}
require("navshell.config").set({ open_url = function(url) table.insert(opened, url) end })

local COMMENT = { id = "comment", title = "Comment…", key = "c", readOnly = false, destructive = false,
  input = { { name = "body", title = "Comment", type = "text", required = true } } }
local CLOSE = { id = "close", title = "Close…", key = "x", destructive = true,
  input = { { name = "reason", title = "Reason", type = "enum", options = { "completed", "not_planned" }, default = "completed" } } }
local MERGE = { id = "merge", title = "Merge…", key = "m", destructive = true, disabled = { reason = "merging needs write access" } }
local TAG = { id = "tag", title = "Tag…", input = { { name = "count", title = "Count", type = "number" } } }
local LOUD = { name = "loud", title = "Loud", type = "boolean", required = true }
local OPEN = { id = "open-url", title = "Open in browser", key = "u", readOnly = true }
local COPY = { id = "copy-text", title = "Copy text", key = "Y", readOnly = true }

-- A session whose every request `answer(method, params)` answers: a result, or nil and an error.
local function scripted(answer)
  local session = { sent = {}, reported = {} }
  function session:request(method, params, on_result, on_error)
    table.insert(self.sent, { method = method, params = vim.deepcopy(params) })
    local result, err = answer(method, params)
    vim.schedule(function()
      if not err then return on_result(result) end
      if not (on_error and on_error(err) == true) then table.insert(self.reported, err.message) end
    end)
    return true
  end
  function session:changed() end
  return session
end

local function performs(session)
  return vim.tbl_filter(function(sent) return sent.method == "screen/perform" end, session.sent)
end

local function target_of(session, ids)
  local screen = Screen.new({ id = "s4", title = "mojombo/chronic#3" })
  screen.rows = { { id = "issue:3", title = "#3 Widget leaks" }, { id = "issue:5", title = "#5 Crash" } }
  for _, id in ipairs(ids or {}) do screen:toggle_mark(id) end
  return actions.target(session, screen, screen.rows[1])
end

local function test_menu()
  local session = scripted(function(_, params)
    if params.rowIds then return { actions = { COMMENT, MERGE, COPY } } end
    return { actions = { CLOSE, OPEN } }
  end)
  T.answer("Merge…")
  actions.menu(target_of(session))
  T.wait("the menu is shown", function() return #T.asked == 1 end)
  local menu = T.last_asked()
  T.check("it asks with kind navshell_action about the row", menu.kind == "navshell_action" and menu.prompt == "Actions on #3 Widget leaks")
  T.check("the row's actions, then the screen's own, with their key hints: " .. table.concat(menu.items, " | "),
    vim.deep_equal(menu.items, { "Comment…  [c]", "Merge…  [m]  (not now: merging needs write access)", "Copy text  [Y]",
      "Close…  [x]  · mojombo/chronic#3", "Open in browser  [u]  · mojombo/chronic#3" }))
  T.wait("a disabled action chosen says why", function() return T.noticed("Merge cannot be done now: merging needs write access") end)
  T.check("and is not performed", #performs(session) == 0)
  -- A row whose window the worker no longer keeps: read again, then its actions asked again.
  local forgotten = true
  session = scripted(function(method, params)
    if method == "screen/rows" then forgotten = false; return { rows = {} } end
    if params.rowIds and forgotten then
      return nil, { code = -32602, message = "no row 'issue:3'", data = { reason = "notFound", rowId = "issue:3" } }
    end
    return { actions = params.rowIds and { COPY } or {} }
  end)
  T.answer(nil)
  actions.menu(target_of(session))
  T.wait("the menu is shown once the row was read again", function() return #T.asked == 2 end)
  T.check("with the row's actions", vim.deep_equal(T.last_asked().items, { "Copy text  [Y]" }))
  T.check("the row read was its own", session.sent[3].method == "screen/rows" and session.sent[3].params.offset == 0
    and #session.reported == 0)
end

local function test_inputs_and_confirmation()
  local token = "9f2c41d07b3e4a56"
  local session = scripted(function(method, params)
    if method == "screen/actions" then return { actions = { CLOSE, TAG } } end
    if params.action == "tag" and params.input.loud == nil then
      return { status = "inputRequired", input = params.input, fields = { LOUD } }
    end
    if params.action == "close" and params.confirm ~= token then
      return { status = "confirm", confirm = token, expiresIn = 120, message = "Close #3 as not planned?" }
    end
    return { status = "done", revision = 2, results = { { id = "issue:3", status = "done" } } }
  end)
  T.answer("Close…", "not_planned", "No")
  actions.menu(target_of(session, { "issue:3", "issue:5" }))
  T.wait("the confirmation is asked", function() return T.last_asked().kind == "navshell_confirm" end)
  T.check("the reason was a choice of the options, the default marked",
    vim.deep_equal(T.asked[#T.asked - 1].items, { "completed (default)", "not_planned" }))
  T.check("the menu was about the marked rows", T.asked[#T.asked - 2].prompt == "Actions on 2 marked rows")
  T.check("the confirmation shows navhost's message, No first",
    T.last_asked().prompt == "Close #3 as not planned?" and vim.deep_equal(T.last_asked().items, { "No", "Yes" }))
  T.check("No performs nothing more", #performs(session) == 1)
  T.answer("Close…", "not_planned", "Yes")
  actions.menu(target_of(session, { "issue:3", "issue:5" }))
  T.wait("Yes sends the same perform with the token", function() return #performs(session) == 3 end)
  local sent = performs(session)
  T.check("to the marked rows, the input and the token",
    vim.deep_equal(sent[3].params, { screen = "s4", action = "close", rowIds = { "issue:3", "issue:5" }, input = { reason = "not_planned" }, confirm = token }))
  T.wait("and says it was done", function() return T.noticed("Close: done on 2 marked rows") end)
  T.answer("Tag…", "12", "Yes")
  actions.menu(target_of(session))
  T.wait("a field navhost says is missing is asked for", function() return #performs(session) == 5 end)
  T.check("as a choice", vim.deep_equal(T.last_asked().items, { "Yes", "No" }) and T.last_asked().prompt == "Tag on #3 Widget leaks: Loud")
  T.check("then sent again with the whole input: a number typed as a number, a boolean as true",
    vim.deep_equal(performs(session)[5].params.input, { count = 12, loud = true }))
end

local function test_results_and_failures()
  local fail = true
  local session = scripted(function(method, params)
    if method == "screen/actions" then return { actions = { COMMENT, OPEN, COPY } } end
    if params.action == "open-url" then return { status = "done", results = { { id = "issue:3", status = "done", url = "https://github.com/mojombo/chronic/issues/3" } } } end
    if params.action == "copy-text" then return { status = "done", results = { { id = "issue:3", status = "done", text = "#3 Widget leaks\nOpen" } } } end
    if fail then
      return nil, { code = -32016, message = "GitHub refused the comment.", data = { reason = "forbidden", status = 403, action = "comment", input = params.input } }
    end
    return { status = "done", results = { { id = "issue:3", status = "done" } } }
  end)
  T.answer("Open in browser", "Copy text")
  actions.menu(target_of(session))
  actions.menu(target_of(session))
  T.wait("open-url opens its URL", function() return opened[1] == "https://github.com/mojombo/chronic/issues/3" end)
  T.wait("copy-text puts the text in the unnamed register", function() return vim.fn.getreg('"') == "#3 Widget leaks\nOpen" end)
  local window = vim.api.nvim_get_current_win()
  T.answer("Comment…")
  actions.menu(target_of(session))
  T.wait("a text field opens a compose buffer", function() return vim.bo.filetype == "markdown" end)
  T.check("in a split of its own", vim.api.nvim_get_current_win() ~= window and #vim.api.nvim_tabpage_list_wins(0) == 2)
  T.compose({ "It leaks when", "the widget is resized." })
  T.wait("the failure names its reason and what to do", function()
    return T.noticed("Comment failed (forbidden): GitHub refused the comment (HTTP 403); your account may not do this here")
  end)
  T.wait("and the compose buffer comes back with the text", function()
    return vim.bo.filetype == "markdown" and T.text() == "It leaks when\nthe widget is resized."
  end)
  fail = false
  vim.cmd("write")
  T.wait("written again, it is sent again and done", function() return T.noticed("Comment: done on #3 Widget leaks") end)
  T.check("the compose window closed", #vim.api.nvim_tabpage_list_wins(0) == 1)
  T.check("with the same text", performs(session)[#performs(session)].params.input.body == "It leaks when\nthe widget is resized.")
  T.answer("Comment…")
  actions.menu(target_of(session))
  T.wait("a compose buffer again", function() return vim.bo.filetype == "markdown" end)
  local sent = #performs(session)
  vim.api.nvim_buf_set_lines(0, 0, -1, false, { "never mind" })
  vim.cmd("quit")
  T.check(":q cancels: the window closes and nothing is sent", #vim.api.nvim_tabpage_list_wins(0) == 1 and #performs(session) == sent)
end

-- A perform about a row whose window the worker no longer keeps (navhost did nothing): the row
-- is read again and the perform sent once more; once only, the second refusal told the user.
local function test_perform_reads_a_forgotten_row_again_once()
  local forgets = 1
  local GONE = { code = -32602, message = "no row with id 'issue:5' on this screen", data = { reason = "notFound", rowId = "issue:5" } }
  local session = scripted(function(method, params)
    if method == "screen/actions" then return { actions = { COPY } } end
    if method == "screen/rows" then return { rows = {} } end
    if forgets > 0 then forgets = forgets - 1; return nil, GONE end
    return { status = "done", results = { { id = "issue:3", status = "done", text = "#3" }, { id = "issue:5", status = "done", text = "#5" } } }
  end)
  actions.act(target_of(session, { "issue:3", "issue:5" }), "copy-text")
  T.wait("the perform is done once the row was read again", function() return vim.fn.getreg('"') == "#5" end)
  local sent = vim.tbl_map(function(one) return one.method end, session.sent)
  T.check("the row read was the one navhost named: " .. table.concat(sent, ", "), vim.deep_equal(sent,
    { "screen/actions", "screen/actions", "screen/perform", "screen/rows", "screen/perform" }) and session.sent[4].params.offset == 1)
  T.check("and nothing was told", #session.reported == 0)
  forgets = 2
  actions.act(target_of(session, { "issue:3", "issue:5" }), "copy-text")
  T.wait("a row still gone after its read is told", function() return #session.reported == 1 end)
  T.check("read again once only", #vim.tbl_filter(function(one) return one.method == "screen/rows" end, session.sent) == 2
    and session.reported[1] == GONE.message)
end

T.run("act_flow_test.lua", { test_menu, test_inputs_and_confirmation, test_results_and_failures,
  test_perform_reads_a_forgotten_row_again_once })
