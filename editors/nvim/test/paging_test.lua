-- Long lists with the keyboard: 1,000 rows of a 1,200-user snapshot, a search's pages, and what
-- the buffer shows while rows load, when a read fails, and when a worker crashes.
local navshell = require("navshell")
local navhost = os.getenv("NAVSHELL_NAVHOST")
local snapshot = os.getenv("NAVSHELL_SNAPSHOT")

local function top() return navshell.state():top() end

-- Asks navhost directly (not through the plugin) and waits for the answer.
local function ask(method, params)
  local done, answer = false, nil
  navshell.state().client.request(method, params, function(err, result) done, answer = true, { err = err, result = result } end)
  T.wait("navhost answers " .. method, function() return done end)
  return answer
end

local function on_row(index)
  local row = top().rows[index]
  return row ~= nil and T.line() == "  " .. row.title .. "  —  " .. row.detail .. "  ›"
end

local function test_thousand_rows()
  -- Wide enough for every row whole: the checks compare rows with their whole text.
  vim.o.columns = 200
  navshell.setup({ cmd = navhost, args = { "--data", snapshot, "--enable-debug-methods" } })
  vim.cmd("NavShell")
  T.wait_for_text("… 1100 more")
  T.put_cursor_on("… 1100 more")
  T.feed("<CR>")
  T.wait("<CR> on '… N more' reads more rows", function() return #top().rows > 100 end)
  T.check("and the cursor goes on to the first of them", on_row(101))
  vim.cmd("normal! G")
  vim.cmd("doautocmd CursorMoved") -- what the editor's loop does after a motion; a script's keys skip it
  local read = #top().rows
  T.wait("a motion to the last line read reads more rows", function() return #top().rows > read end)
  T.feed("ggj")
  T.check("gg then j is on the first row", on_row(1))
  T.feed("999j")
  T.wait("999j reaches row 1000, reading rows on the way", function() return on_row(1000) end)
  local expected = ask("screen/rows", { offset = 999, limit = 1 }).result.rows[1]
  T.check("row 1000 is navhost's 1000th row", top().rows[1000].id == expected.id)
  local ids = {}
  for _, row in ipairs(top().rows) do ids[row.id] = true end
  T.check("no row was read twice", vim.tbl_count(ids) == #top().rows)
  T.check("rows ahead of the cursor were read", #top().rows >= 1000 + 50)
  T.check("the rest are counted", T.text():find("… " .. (1200 - #top().rows) .. " more", 1, true))
  T.feed("<CR>")
  T.wait("row 1000 opens", function() return T.text():find(expected.title .. "'s repositories", 1, true) end)
  T.feed("<BS>")
  T.wait("back on the long list", function() return top().rows[1000] ~= nil end)
  T.check("the cursor is on row 1000 again", on_row(1000))
  T.feed("k")
  T.check("and moves from there", on_row(999))
end

-- A page arriving at the end of a long list rewrites the buffer from the "… N more" line on,
-- not the rows above it, and leaves what a whole new draw would: the same lines, the same
-- highlights.
local function test_a_page_rewrites_only_the_end()
  local screen = top()
  local read = #screen.rows
  local more = T.put_cursor_on("… " .. (screen:total() - read) .. " more")
  local watch = T.watch_buffer()
  navshell.state():want(screen, read + 50)
  T.wait("the next page comes", function() return #screen.rows > read and not screen.fetching end)
  watch.stopped = true
  T.check("the page was drawn", #watch.first_lines > 0)
  T.check("no line above '… N more' was rewritten", math.min((table.unpack or unpack)(watch.first_lines)) >= more - 1)
  local layout = require("navshell.layout").build(navshell.state(), screen, nil, require("navshell.view").text_width(0))
  T.check("the lines are those of a whole draw", T.text() == table.concat(layout.lines, "\n"))
  -- The highlights each line is painted with, in line order, against the whole draw's.
  local view, marks, same, index = require("navshell.view"), layout.marks, true, 0
  for line = 0, #layout.lines - 1 do
    for _, mark in ipairs(view.painted_on(vim.api.nvim_get_current_buf(), line)) do
      index = index + 1
      same = same and line == marks.line[index] and mark[1] == marks.group[index] and mark[2] == marks.from[index]
        and mark[3] == marks.to[index]
    end
  end
  same = same and index == #marks.line
  T.check("the highlights are those of a whole draw, " .. #layout.marks.line .. " of them", same)
end

-- G goes to the list's last row in one press, reading the rows up to it; a count goes to that row.
local function test_G_goes_to_the_last_row()
  local total = top():total()
  T.check("not every row is read yet", #top().rows < total)
  T.feed("gg")
  T.feed("G")
  T.wait("G reaches the last of the " .. total .. " rows", function() return on_row(total) end)
  T.check("every row up to it was read", #top().rows == total and not T.text():find("… %d+ more"))
  T.feed("7G")
  T.check("7G goes to row 7", on_row(7))
end

local function test_search_pages()
  vim.cmd("NavShellSearch a")
  T.wait_for_text("USERS MATCHING 'A'")
  local first = top().sections[1]
  T.check("a search comes in pages", first.hasMore == true)
  T.feed("199j")
  T.wait("199j reaches row 200 through the pages", function() return on_row(200) end)
  T.check("pages past the first were loaded", top():total() >= 200)
end

local function test_loading_shown()
  ask("debug/delay", { ms = 1500 })
  local read = #top().rows
  T.feed((read + 10) .. "j")
  T.wait_for_text("Loading…")
  T.wait("the rows come", function() return #top().rows > read and not T.text():find("Loading…", 1, true) end)
  ask("debug/delay", { ms = 0 })
end

local function test_crash()
  local row = top().rows[top().rows[1] and #top().rows - 60 or 1]
  T.put_cursor_on("  " .. row.title .. "  —")
  vim.cmd("doautocmd CursorMoved")
  ask("debug/crash", {})
  T.wait("the crash is shown", function() return T.noticed("killed by signal 6 (SIGABRT); restarting…") end)
  T.wait("the screen comes back", function()
    return top().notice == nil and not top().fetching and not T.text():find("SIGABRT", 1, true)
  end)
  T.check("its rows are back", T.text():find("USERS MATCHING 'A'", 1, true))
  T.wait("the cursor comes back to its row once the rows are read again up to it", function()
    return T.line():find("^  " .. vim.pesc(row.title) .. "  —") ~= nil
  end)
end

local function copy(from, to)
  local input, output = assert(io.open(from, "rb")), assert(io.open(to, "wb"))
  output:write(input:read("*a"))
  input:close()
  output:close()
end

-- A read that fails stays shown until R: the snapshot is emptied under the worker.
local function test_failed_read()
  vim.cmd("NavShellClose")
  local data = os.getenv("NAVSHELL_SCRATCH") .. "/failing.sqlite"
  copy(snapshot, data)
  navshell.setup({ cmd = navhost, args = { "--data", data } })
  vim.cmd("NavShell")
  T.wait_for_text("… 1100 more")
  io.open(data, "wb"):close()
  T.feed("j600j")
  T.wait_for_text("Could not load: the snapshot could not be read")
  T.check("the line says how to try again", T.text():find("(R reloads)", 1, true))
  copy(snapshot, data)
  T.feed("R")
  T.wait("R reads the rows again", function()
    return not T.text():find("Could not load", 1, true) and top().rows[651] ~= nil
  end)
end

-- A worker that hangs past --request-timeout with no restarts left: the screen's failed state.
local function test_failed_state()
  vim.cmd("NavShellClose")
  navshell.setup({ cmd = navhost, args = { "--data", snapshot, "--enable-debug-methods", "--request-timeout", "1", "--max-restarts", "0" } })
  vim.cmd("NavShell")
  T.wait_for_text("… 1100 more")
  navshell.state().client.request("debug/hang", {})
  T.feed("j150j")
  T.wait_for_text("THIS SCREEN STOPPED WORKING")
  T.check("the user is told how to bring it back", T.noticed("stopped; R reloads it"))
  T.feed("R")
  T.wait("R brings the screen back", function()
    return T.text():find("POPULAR", 1, true) and top().rows[151] ~= nil and top().notice == nil
  end)
  T.feed("j")
  T.check("and it answers keys", T.line():find("^  %S+  —"))
end

T.run("paging_test.lua", { test_thousand_rows, test_a_page_rewrites_only_the_end, test_G_goes_to_the_last_row, test_search_pages, test_loading_shown, test_crash, test_failed_read, test_failed_state })
