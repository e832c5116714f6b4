-- What every test file uses: checks, waits with deadlines, keys, and the run that reports.
-- Loaded with :luafile before the test file; `T` is the helpers' table.
T = { checks = 0, notices = {}, deprecations = {} }

-- Messages the plugin shows, kept for the checks; also shown in the message area while
-- `T.show_notices` is set (the tests of what the command line shows).
local shown_by_editor = vim.notify
vim.notify = function(message, level)
  table.insert(T.notices, { message = message, level = level })
  if T.show_notices then shown_by_editor(message, level) end
end
-- Any deprecated API the plugin calls (on a current Neovim) fails the run.
vim.deprecate = function(name) table.insert(T.deprecations, name) end

function T.text()
  return table.concat(vim.api.nvim_buf_get_lines(0, 0, -1, false), "\n")
end

function T.check(what, condition)
  T.checks = T.checks + 1
  if not condition then
    error(what .. "\n--- buffer (cursor on line " .. vim.api.nvim_win_get_cursor(0)[1] .. ") ---\n" .. T.text(), 2)
  end
end

-- Waits, with a deadline, until `condition()` holds.
function T.wait(what, condition, ms)
  T.check(what, vim.wait(ms or 15000, condition, 10))
end

function T.wait_for_text(text)
  T.wait("the buffer shows " .. text, function() return T.text():find(text, 1, true) ~= nil end)
end

function T.feed(keys)
  vim.api.nvim_feedkeys(vim.api.nvim_replace_termcodes(keys, true, false, true), "mx", false)
end

-- Queues `keys` as typed ahead: the next prompt reads them (nothing else runs them meanwhile).
function T.type_ahead(keys)
  vim.api.nvim_feedkeys(vim.api.nvim_replace_termcodes(keys, true, false, true), "t", false)
end

-- The text of screen row `row` (from 1) as the editor draws it, trailing blanks cut.
function T.screen_row(row)
  local cells = {}
  for col = 1, vim.o.columns do cells[col] = vim.fn.screenstring(row, col) end
  return (table.concat(cells):gsub("%s+$", ""))
end

-- What the message area (the screen's last 'cmdheight' rows) shows after a redraw.
function T.message_area()
  vim.cmd("redraw")
  local rows = {}
  for row = vim.o.lines - vim.o.cmdheight + 1, vim.o.lines do table.insert(rows, T.screen_row(row)) end
  return vim.trim(table.concat(rows, "\n"))
end

-- The text of each floating window's buffer, joined by lines.
function T.floats()
  local found = {}
  for _, window in ipairs(vim.api.nvim_list_wins()) do
    if vim.api.nvim_win_get_config(window).relative ~= "" then
      local buffer = vim.api.nvim_win_get_buf(window)
      table.insert(found, table.concat(vim.api.nvim_buf_get_lines(buffer, 0, -1, false), "\n"))
    end
  end
  return found
end

-- What the editor's loop does after a window changes size; a script's commands skip it.
function T.resized()
  vim.cmd("doautocmd " .. (vim.fn.exists("##WinResized") == 1 and "WinResized" or "WinScrolled"))
end

function T.line()
  return vim.api.nvim_get_current_line()
end

function T.put_cursor_on(text)
  for number, line in ipairs(vim.api.nvim_buf_get_lines(0, 0, -1, false)) do
    if line:find(text, 1, true) then
      vim.api.nvim_win_set_cursor(0, { number, 0 })
      return number
    end
  end
  T.check("a line with " .. text, false)
end

-- Watches the current buffer until `stopped` is set: the text after each change (what the user
-- could have seen) in `frames`, and the first line (from 0) each change rewrote in `first_lines`.
function T.watch_buffer()
  local watch = { frames = {}, first_lines = {}, stopped = false }
  vim.api.nvim_buf_attach(0, false, { on_lines = function(_, buffer, _, first)
    if watch.stopped then return true end
    table.insert(watch.first_lines, first)
    table.insert(watch.frames, vim.api.nvim_buf_get_lines(buffer, 0, -1, false))
  end })
  return watch
end

function T.last_notice()
  local last = T.notices[#T.notices]
  return last and last.message or ""
end

function T.noticed(text)
  for _, notice in ipairs(T.notices) do
    if notice.message:find(text, 1, true) then return true end
  end
  return false
end

-- Runs the named test functions in order, then quits (exit 1 on the first failure).
function T.run(file, tests)
  local ok, err = xpcall(function()
    for _, test in ipairs(tests) do test() end
    T.check("no deprecated Neovim API was called: " .. table.concat(T.deprecations, ", "), #T.deprecations == 0)
  end, debug.traceback)
  if ok then
    -- On a line of its own: a prompt the test answered echoes its text without a newline.
    io.stdout:write("\n" .. file .. ": all " .. T.checks .. " checks passed\n")
    vim.cmd("qall!")
  else
    io.stderr:write("\n" .. file .. ": FAILED\n" .. err .. "\n")
    vim.cmd("cquit 1")
  end
end
