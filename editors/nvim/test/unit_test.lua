-- The framing and the screen model, without navhost.
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
  T.check("framing survives a split at any byte (first broken: " .. tostring(broken) .. ")", broken == nil)
  -- A long message a byte at a time, then many in one chunk: every body, whole, in order.
  local parser = framing.new_parser()
  local long = string.rep("x", 5000)
  local bodies = {}
  local framed = framing.encode(long)
  for byte = 1, #framed do vim.list_extend(bodies, parser.feed(framed:sub(byte, byte))) end
  local many = {}
  for index = 1, 300 do many[index] = framing.encode(tostring(index)) end
  vim.list_extend(bodies, parser.feed(table.concat(many)))
  local whole = #bodies == 301 and bodies[1] == long
  for index = 1, 300 do whole = whole and bodies[index + 1] == tostring(index) end
  T.check("a message fed a byte at a time, then 300 in one chunk, come out whole and in order", whole)
end

local function rows(from, to)
  local out = {}
  for index = from, to do table.insert(out, { id = "r" .. index, title = "row " .. index }) end
  return out
end

local function test_screen_windows()
  local Screen = require("navshell.screen")
  local screen = Screen.new({ id = "s1", title = "Users" })
  screen.wanted = 100
  local window = screen:next_window(100)
  T.check("the first read starts at 0", window.offset == 0 and window.limit == 100)
  screen.fetching = true
  T.check("one read at a time", screen:next_window(100) == nil)
  screen.fetching = false
  local sections = { { id = "popular", count = 250 } }
  screen:apply_rows({ revision = 1, sections = sections, rows = rows(1, 100) }, window)
  T.check("nothing more is read until the cursor needs it", screen:next_window(100) == nil)
  screen.wanted = 180
  window = screen:next_window(100)
  T.check("the next window starts after the rows read", window.offset == 100 and window.limit == 100)
  T.check("rows of the same revision are appended",
    screen:apply_rows({ revision = 1, sections = sections, rows = rows(101, 200) }, window) and #screen.rows == 200)
  local stale = screen:apply_rows({ revision = 7, sections = sections, rows = rows(201, 250) }, { offset = 200, limit = 100 })
  T.check("rows of another revision are refused and everything is read again", not stale and screen.needs_reload)
  window = screen:next_window(100)
  T.check("the read again covers the rows read", window.offset == 0 and window.limit == 200)
end

local function test_screen_updates()
  local Screen = require("navshell.screen")
  local screen = Screen.new({ id = "s1", title = "Users" })
  screen:apply_rows({ revision = 2, sections = { { id = "users", count = 50, hasMore = true } }, rows = rows(1, 50) }, { offset = 0, limit = 100 })
  local epoch = screen.epoch
  local appended = screen:apply_update({ revision = 3, sections = { { id = "users", count = 100, hasMore = true } },
    changes = { inserted = { { id = "r51", index = 50 } }, removed = {}, moved = {}, reconfigured = {} } })
  T.check("a next page keeps the rows read", appended == nil and #screen.rows == 50 and screen.epoch == epoch)
  T.check("and the rows are read on from there", screen:total() == 100)
  T.check("an answer of the revision before the page still fits",
    screen:apply_rows({ revision = 2, sections = screen.sections, rows = {} }, { offset = 50, limit = 50 }))
  local changed = screen:apply_update({ revision = 4, sections = screen.sections,
    changes = { inserted = {}, removed = { { id = "r3", index = 2 } }, moved = {}, reconfigured = {} } })
  T.check("a row removed reads the rows again", changed == "reload" and screen.epoch == epoch + 1)
  screen.notice = "crashed"
  local reset = screen:apply_update({ revision = 4, reset = true, sections = screen.sections })
  T.check("a reset reads again even at the same revision, and ends the crash notice",
    reset == "reload" and screen.notice == nil and screen.needs_reload)
end

local function test_options()
  local config = require("navshell.config")
  config.set({ page_size = 0, bogus = true, keymaps = { search = "/", nope = "x", back = 7 } })
  T.check("a page size out of range is named and its default kept",
    T.noticed("option 'page_size' must be a whole number from 1 to 1000") and config.options.page_size == 100)
  T.check("an unknown option is named", T.noticed("unknown option 'bogus'"))
  T.check("an unknown keymap is named and dropped", T.noticed("unknown keymap 'nope'") and config.options.keymaps.nope == nil)
  T.check("a keymap of the wrong type keeps its default", config.options.keymaps.back == "<BS>")
  T.check("a keymap given is used, the others keep their defaults",
    config.options.keymaps.search == "/" and config.options.keymaps.close == "q")
  config.set({})
  T.check("setup({}) goes back to the defaults", vim.deep_equal(config.options, config.defaults))
end

-- A draw rewrites only what changed: a row whose highlight alone changed (an error row of the
-- same text) is highlighted anew, and a draw with nothing changed leaves the buffer alone.
local function test_draw_changes()
  local Screen = require("navshell.screen")
  local view = require("navshell.view")
  local screen = Screen.new({ id = "s1", title = "Users" })
  screen:apply_rows({ revision = 1, sections = { { id = "users", count = 3 } }, rows = rows(1, 3) }, { offset = 0, limit = 3 })
  local session = { stack = { { id = "s1", title = "Users" } }, screens = { s1 = screen } }
  function session:top() return screen end
  local ui = { buffer = vim.api.nvim_create_buf(false, true), session = session }
  vim.api.nvim_win_set_buf(0, ui.buffer)
  view.draw(ui)
  -- The highlights a line is painted with, as the text each covers.
  local function covered(at)
    local text, spans = vim.api.nvim_buf_get_lines(ui.buffer, at - 1, at, false)[1], {}
    for _, mark in ipairs(view.painted_on(ui.buffer, at - 1)) do
      table.insert(spans, mark[1] .. "=" .. text:sub(mark[2] + 1, mark[3]))
    end
    return table.concat(spans, "|")
  end
  local function groups_on(at)
    return (covered(at):gsub("=[^|]*", ""))
  end
  local line = ui.layout.line_of[2]
  T.check("a row is drawn highlighted as a row", groups_on(line) == "NavShellRow")
  T.check("a row's highlight covers its title", covered(line) == "NavShellRow=row 2")
  local detailed = rows(1, 3)
  detailed[3].detail = "a detail"
  screen:apply_rows({ revision = 2, sections = screen.sections, rows = detailed }, { offset = 0, limit = 3 })
  view.draw(ui)
  local third = ui.layout.line_of[3]
  T.check("a detail is highlighted from the title's end to the line's", covered(third) == "NavShellRow=row 3|NavShellDetail=  —  a detail")
  -- What the window shows: Neovim paints those highlights as it draws the lines (colours set
  -- here so that each group looks different).
  vim.cmd("highlight NavShellRow ctermfg=1 | highlight NavShellDetail ctermfg=2 | highlight NavShellTitle ctermfg=3 | highlight NavShellError ctermfg=4")
  vim.cmd("redraw!")
  local row, col = vim.fn.screenpos(0, third, 1).row, vim.fn.screenpos(0, third, 1).col
  local indent, title, detail = vim.fn.screenattr(row, col), vim.fn.screenattr(row, col + 2), vim.fn.screenattr(row, col + 8)
  T.check("the window shows the title and the detail each in its own highlight, the indent in none",
    indent ~= title and title ~= detail and detail ~= indent
      and vim.fn.screenattr(row, col + 6) == title and vim.fn.screenattr(row, col + 19) == detail
      and vim.fn.screenattr(row, col + 1) == indent)
  local title_row = vim.fn.screenpos(0, 1, 1).row
  T.check("and the screen's title in the title's", vim.fn.screenattr(title_row, col) ~= indent
    and vim.fn.screenattr(title_row, col) ~= title and vim.fn.screenattr(title_row, col) ~= detail)
  -- The cursor on the title line: the draw below then leaves the view where it is (moving it
  -- would have Neovim draw the whole window again, whatever the draw told it).
  vim.api.nvim_win_set_cursor(0, { 1, 0 })
  vim.cmd("redraw")
  local changed = rows(1, 3)
  changed[2].kind = "error"
  screen:apply_rows({ revision = 3, sections = screen.sections, rows = changed }, { offset = 0, limit = 3 })
  view.draw(ui)
  T.check("the same text as an error row is highlighted as an error", groups_on(line) == "NavShellError")
  -- A plain :redraw draws only what Neovim knows changed: the draw must have told it.
  vim.cmd("redraw")
  local error_row = vim.fn.screenpos(0, line, 1).row
  local shown_as = vim.fn.screenattr(error_row, col + 2)
  T.check("and the window shows it so", shown_as ~= title and shown_as ~= indent and shown_as ~= detail)
  local tick = vim.api.nvim_buf_get_changedtick(ui.buffer)
  view.draw(ui)
  T.check("a draw with nothing changed leaves the buffer alone", vim.api.nvim_buf_get_changedtick(ui.buffer) == tick)
end

-- Text fitted to cells by display width, the cut marked with …, wide characters counted twice.
local function test_fit()
  local fit = require("navshell.fit")
  T.check("text that fits is kept", fit.right("grit", 4) == "grit" and fit.left("grit", 4) == "grit")
  T.check("cut at the end", fit.right("repositories", 6) == "repos…")
  T.check("cut at the start", fit.left("repositories", 6) == "…ories")
  T.check("a wide character is not split", fit.right("🍔🍔🍔", 4) == "🍔…" and fit.left("a🍔🍔", 4) == "…🍔")
  local titles = { "Users", "mojombo's repositories", "mojombo/grit" }
  T.check("a path that fits is whole", fit.path(titles, 80) == "Users › mojombo's repositories › mojombo/grit")
  T.check("the first titles give way", fit.path(titles, 40) == "… › mojombo/grit")
  T.check("the last title alone is cut at its start", fit.path(titles, 8) == "…bo/grit")
  local widths_ok = true
  for cells = 0, 50 do
    widths_ok = widths_ok and fit.width(fit.path(titles, cells)) <= math.max(cells, 0)
      and fit.width(fit.right("  Description  —  Grit gives you 🍔 access", cells)) <= cells
  end
  T.check("every width from 0 to 50 is kept to", widths_ok)
  T.check("prose wraps at spaces, the lines after the first indented",
    vim.deep_equal(fit.wrap("  one two three", 9, "    "), { "  one two", "    three" }))
  T.check("a word longer than a line is split, a wide character kept whole",
    vim.deep_equal(fit.wrap("  abcdefgh 🍔🍔", 6, "  "), { "  abcd", "  efgh", "  🍔🍔" }))
end

-- A layout carried on from the last one (a page appended, a footer or count changed, rows read
-- again, a failure shown, a mark set; prose rows among them) is the layout made from nothing: 2,000 seeded random steps.
local function test_layout_carried_on()
  local Screen = require("navshell.screen")
  local layouts = require("navshell.layout")
  math.randomseed(7)
  local session = { stack = { { id = "s1", title = "Users" } } }
  local screen = Screen.new({ id = "s1", title = "Users" })
  local made = 0
  local function sections()
    local out = {}
    for index = 1, math.random(1, 3) do
      out[index] = {
        id = "x" .. index, count = math.random(0, 6), header = math.random() < 0.7 and ("part " .. index) or nil,
        footer = math.random() < 0.5 and ("end " .. index) or nil, hasMore = math.random() < 0.3 or nil,
        state = ({ nil, "loading", "failed" })[math.random(1, 3)],
      }
    end
    return out
  end
  local function read_to(count)
    while #screen.rows < count do
      made = made + 1
      -- Some prose, which wraps over several lines at the narrow widths.
      local kind = ({ "error", "text", "comment" })[math.random(1, 10)]
      local long = kind and kind ~= "error" and " of prose that goes on for a while" or ""
      table.insert(screen.rows, { id = "r" .. made, title = "row " .. made .. long, detail = math.random() < 0.5 and "d" or nil,
        subtitle = math.random() < 0.3 and ("sub" .. long) or nil, kind = kind })
    end
  end
  screen.sections, screen.revision = sections(), 1
  local previous, width = nil, nil
  local differs = nil
  for step = 1, 2000 do
    local choice = math.random(1, 10)
    if choice <= 4 then
      screen.sections[#screen.sections].count = screen.sections[#screen.sections].count + math.random(0, 5)
      read_to(math.min(screen:total(), #screen.rows + math.random(0, 6)))
    elseif choice == 5 then
      screen.sections = sections()
    elseif choice == 6 then
      local section = screen.sections[math.random(1, #screen.sections)]
      section.footer = math.random() < 0.5 and ("changed " .. step) or nil
      section.state = math.random() < 0.5 and "failed" or nil
    elseif choice == 7 then
      screen.rows = {}
      read_to(math.min(screen:total(), math.random(0, 8)))
    elseif choice == 8 and math.random() < 0.5 and #screen.rows > 0 then
      screen:toggle_mark(screen.rows[math.random(1, #screen.rows)].id)
    elseif choice == 8 then
      screen.fetching = not screen.fetching
      screen.failed = math.random() < 0.3 and "it broke" or nil
    elseif choice == 9 then
      session.stack[1].title = math.random() < 0.5 and "Users" or "People"
      width = ({ nil, 9, 14, 40 })[math.random(1, 4)]
    else
      session.failed = math.random() < 0.2 and "navhost exited" or nil
    end
    local fresh = layouts.build(session, screen, nil, width)
    local carried = layouts.build(session, screen, previous, width)
    local same = vim.deep_equal(carried.lines, fresh.lines) and vim.deep_equal(carried.marks, fresh.marks)
      and vim.deep_equal(carried.row_at, fresh.row_at) and vim.deep_equal(carried.line_of, fresh.line_of)
      and carried.more_line == fresh.more_line and carried.read == fresh.read and vim.deep_equal(carried.whole, fresh.whole)
    if not same and not differs then differs = step end
    previous = carried
  end
  T.check("a layout carried on is the layout made from nothing (first step that differs: " .. tostring(differs) .. ")", differs == nil)
end

-- A selection's notFound names no row: the one row selected is read again, the selection sent
-- once more, and nothing told; an error about the screen's own item (no rows) is not retried.
local function test_about_rows()
  local Session = require("navshell.session")
  local Screen = require("navshell.screen")
  local screen = Screen.new({ id = "s1", title = "Users" })
  screen.rows = rows(1, 3)
  local reads, tries, told = {}, 0, nil
  local session = {}
  function session:request(_, params, on_result) table.insert(reads, params.offset); on_result({}); return true end
  local GONE = { code = -32602, message = "no row", data = { reason = "notFound" } }
  local sent = Session.about_rows(session, screen, { "r3" }, function(on_error)
    tries = tries + 1
    if tries == 1 then on_error(GONE) end
    return true
  end)
  T.check("the selected row is read again and selected once more", sent and tries == 2 and vim.deep_equal(reads, { 2 }))
  tries = 0
  Session.about_rows(session, screen, { "r3" }, function(on_error)
    tries = tries + 1
    told = on_error(GONE)
    return true
  end, function() return true end)
  T.check("once only: the second refusal goes to on_error", tries == 2 and told == true and #reads == 2)
  tries = 0
  Session.about_rows(session, screen, {}, function(on_error)
    tries = tries + 1
    told = on_error(GONE)
    return true
  end)
  T.check("about the screen's own item, nothing is read and the error is told", tries == 1 and told == false and #reads == 2)
end

T.run("unit_test.lua", { test_framing, test_screen_windows, test_screen_updates, test_options, test_draw_changes, test_fit, test_layout_carried_on,
  test_about_rows })
