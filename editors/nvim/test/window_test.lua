-- What the window shows around and over the list: where the user is (the window bar on Neovim
-- 0.8+, the status line on 0.7), lines fitted to the window's width and laid out again when it
-- changes, and the floats of `K` (a row in full) and `?` (the keys).
local navshell = require("navshell")
local navhost = os.getenv("NAVSHELL_NAVHOST")

local function top() return navshell.state():top() end

-- The bar of `window` as drawn: its window bar (0.8+) or its status line (0.7).
local function bar_of(window)
  vim.cmd("redraw")
  local position = vim.fn.win_screenpos(window)
  local row = position[1]
  if vim.fn.has("nvim-0.8") == 0 then row = row + vim.api.nvim_win_get_height(window) end
  local cells = {}
  for col = position[2], position[2] + vim.api.nvim_win_get_width(window) - 1 do
    table.insert(cells, vim.fn.screenstring(row, col))
  end
  return vim.trim(table.concat(cells))
end

local function test_breadcrumb_in_the_bar()
  vim.o.columns, vim.o.lines = 120, 40
  navshell.setup({ cmd = navhost })
  vim.cmd("NavShell users/mojombo/repositories/grit")
  T.wait_for_text("Language  —  Ruby")
  local window = vim.api.nvim_get_current_win()
  local path = "Users › mojombo's repositories › mojombo/grit"
  T.check("the bar shows where the user is: " .. bar_of(window), bar_of(window) == path)
  vim.api.nvim_win_set_height(window, 5)
  T.feed("G")
  T.check("the title line scrolled away", vim.fn.line("w0") > 1)
  T.check("and the bar still shows it: " .. bar_of(window), bar_of(window) == path)
  vim.cmd("only")
  for _, width in ipairs({ 80, 40, 12 }) do
    vim.o.columns = width
    local shown = bar_of(window)
    T.check("at " .. width .. " columns the bar ends with the current title: " .. shown,
      vim.endswith(shown, width > 12 and "mojombo/grit" or "grit") and vim.fn.strdisplaywidth(shown) <= width)
  end
  vim.o.columns = 40
  T.check("cut from the left at 40 columns: " .. bar_of(window), bar_of(window) == "… › mojombo/grit")
  vim.o.columns = 120
  T.check("and whole again at 120: " .. bar_of(window), bar_of(window) == path)
  vim.cmd("enew")
  T.check("another buffer in the window does not keep the bar", not bar_of(window):find("mojombo", 1, true))
  vim.cmd("NavShell")
  T.check("the bar is back with NavShell", bar_of(window) == path)
end

-- In a 40-column split every row keeps its title and its `›`, the detail cut with `…`; wider
-- again, the detail is whole.
local function test_resize_lays_out_again()
  vim.cmd("NavShell users")
  T.wait_for_text("POPULAR")
  T.wait("the popular users are read", function() return top().rows[20] ~= nil and not top().fetching end)
  vim.cmd("enew")
  vim.cmd("vertical NavShell")
  vim.cmd("vertical resize 40")
  T.resized()
  local window = vim.api.nvim_get_current_win()
  local width = vim.api.nvim_win_get_width(window)
  for index = 1, 20 do
    local row = top().rows[index]
    T.put_cursor_on("  " .. row.title .. " ")
    local text = T.line()
    T.check("row " .. index .. " fits 40 columns with its title and › : " .. text,
      vim.fn.strdisplaywidth(text) <= width and vim.endswith(text, "›") and vim.startswith(text, "  " .. row.title))
  end
  T.check("the cut details end with …", T.text():find("…  ›", 1, true) ~= nil)
  -- Widened from the other window, whose resize events (Neovim 0.7's WinScrolled is the current
  -- window's only) are not NavShell's: entering its window lays it out again.
  vim.cmd("wincmd p")
  vim.cmd("vertical resize " .. (vim.o.columns - 101))
  vim.cmd("wincmd p")
  T.check("the NavShell window is 100 columns wide", vim.api.nvim_win_get_width(0) == 100)
  local row = top().rows[1]
  T.check("entered again wider, the detail is whole", T.text():find("  " .. row.title .. "  —  " .. row.detail .. "  ›", 1, true) ~= nil)
  vim.cmd("only")
  T.resized()
end

-- A line too long for the window is cut with "…" at the window's edge.
local function test_cut_mark()
  vim.cmd("NavShell users/mojombo/repositories/grit")
  T.wait_for_text("Language  —  Ruby")
  local row = top().rows[1]
  T.check("the first row is the long description", row.title == "Description" and #row.detail > 120)
  T.put_cursor_on("  Description  —")
  local text = T.line()
  T.check("the line is cut at the window's edge with …: " .. text,
    vim.endswith(text, "…") and vim.fn.strdisplaywidth(text) <= vim.api.nvim_win_get_width(0))
end

-- K shows the row under the cursor in full, as LSP hover does.
local function test_hover()
  vim.cmd("NavShell users/mojombo/repositories/grit")
  T.wait_for_text("Language  —  Ruby")
  local row = top().rows[1]
  T.put_cursor_on("  Description  —")
  T.feed("K")
  local floats = T.floats()
  T.check("K opens one float", #floats == 1)
  local shown = floats[1]:gsub("%s+", " ")
  T.check("with the row's title, its whole detail and its values: " .. floats[1],
    shown:find("Description", 1, true) and shown:find(row.detail, 1, true) and shown:find("value", 1, true))
  local list = vim.api.nvim_get_current_win()
  T.check("the cursor stays in the list", vim.bo.filetype == "navshell")
  T.feed("K")
  T.check("K again goes into the float", vim.api.nvim_win_get_config(0).relative ~= "")
  T.feed("q")
  T.check("q there closes it", #T.floats() == 0 and vim.api.nvim_get_current_win() == list)
end

-- ? (and g?) lists every key of the buffer and what it does, a key the user added too.
local function test_keys_float()
  vim.cmd("NavShellClose")
  vim.api.nvim_create_autocmd("FileType", { pattern = "navshell", once = true, callback = function()
    vim.keymap.set("n", "gy", "<Nop>", { buffer = true, desc = "copy the row's id" })
  end })
  vim.cmd("NavShell")
  T.wait_for_text("POPULAR")
  for _, key in ipairs({ "?", "g?" }) do
    T.feed(key)
    local floats = T.floats()
    T.check(key .. " opens one float", #floats == 1)
    local listed = floats[1] or ""
    for _, entry in ipairs({
      { "<CR>", "select the row under the cursor" }, { "<BS>", "go back to the previous screen" },
      { "s", "search this screen" }, { "R", "reload this screen" }, { "q", "close NavShell" },
      { "gx", "open the row's link in the browser" }, { "K", "show the row under the cursor in full" },
      { "G", "go to the last row of the list" }, { "?", "list these keys" }, { "gy", "copy the row's id" },
    }) do
      T.check(key .. " lists " .. entry[1] .. " (" .. entry[2] .. "):\n" .. listed,
        listed:find("\n%s*" .. vim.pesc(entry[1]) .. "[%s,][^\n]*" .. vim.pesc(entry[2])) ~= nil
          or listed:find("^%s*" .. vim.pesc(entry[1]) .. "[%s,][^\n]*" .. vim.pesc(entry[2])) ~= nil)
    end
    T.check("the cursor is in it, to read it", vim.api.nvim_win_get_config(0).relative ~= "")
    T.feed("q")
    T.check("q closes it", #T.floats() == 0 and vim.bo.filetype == "navshell")
  end
end

T.run("window_test.lua", { test_breadcrumb_in_the_bar, test_resize_lays_out_again, test_cut_mark, test_hover, test_keys_float })
