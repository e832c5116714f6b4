-- Times what the plugin spends drawing when a page of rows arrives at the end of a long list:
-- with 1,000, 2,000, 5,000 and 10,000 rows read, it asks for 50 more, ten times, and sums the
-- draws each page causes (the "Loading…" line, then the rows). Prints the median and the range
-- per page in milliseconds. Needs a snapshot with that many users; from the repository root:
--   .build/release/screen-worker generate-snapshot --out /tmp/users.sqlite --users 20000 --max-repositories-per-user 3
--   NAVSHELL_NAVHOST=.build/release/navhost NAVSHELL_DATA=/tmp/users.sqlite \
--     nvim --headless -u NONE -i NONE -n --cmd "set rtp^=editors/nvim" -c "luafile editors/nvim/bench/page_bench.lua"
local navshell = require("navshell")
local view = require("navshell.view")
local hrtime = (vim.uv or vim.loop).hrtime

local function fail(message)
  io.stderr:write("page_bench: " .. message .. "\n")
  vim.cmd("cquit 1")
end

navshell.setup({ cmd = os.getenv("NAVSHELL_NAVHOST"), args = { "--data", os.getenv("NAVSHELL_DATA") or "" } })
-- Counts every draw's time; the session draws through the plugin's on_change.
local drawing = 0
local draw = view.draw
view.draw = function(ui)
  local started = hrtime()
  draw(ui)
  drawing = drawing + (hrtime() - started)
end
vim.cmd("NavShell")
local session = navshell.state()
if not vim.wait(10000, function() return session:top() ~= nil and #session:top().rows > 0 end, 1) then
  fail("the root screen showed no rows within 10 s")
end

-- Reads until `count` rows are in and the screen is not reading.
local function read_to(count)
  local screen = session:top()
  session:want(screen, count)
  local done = vim.wait(60000, function() return #screen.rows >= count and not screen.fetching end, 1)
  if not done then fail("the root screen did not read " .. count .. " rows (it has " .. screen:total() .. ")") end
end

for _, count in ipairs({ 1000, 2000, 5000, 10000 }) do
  read_to(count)
  local pages = {}
  for _ = 1, 10 do
    drawing = 0
    read_to(#session:top().rows + 50)
    table.insert(pages, drawing / 1e6)
  end
  table.sort(pages)
  io.stdout:write(string.format("%d rows read: drawing per page of 50 median %.3f ms, min %.3f, max %.3f\n",
    count, (pages[5] + pages[6]) / 2, pages[1], pages[#pages]))
end
vim.cmd("qall!")
