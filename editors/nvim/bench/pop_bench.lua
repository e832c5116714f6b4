-- Times going back to a long list: with the users list read to 1,000, 5,000 and 10,000 rows, it
-- pushes the screen of the last user read (whose rows the worker still keeps) and pops back, 15
-- times, timing each pop from `nav/pop` until the list's title line is back and the window
-- drawn, and the plugin's draws in it. Also times a layout of the list made from nothing (what a
-- draw without a layout to carry on does), 20 times. Prints medians in milliseconds. Needs a snapshot with that many users;
-- from the repository root:
--   .build/release/screen-worker generate-snapshot --out /tmp/users.sqlite --users 20000 --max-repositories-per-user 3
--   NAVSHELL_NAVHOST=.build/release/navhost NAVSHELL_DATA=/tmp/users.sqlite \
--     nvim --headless -u NONE -i NONE -n --cmd "set rtp^=editors/nvim" -c "luafile editors/nvim/bench/pop_bench.lua"
local layouts = require("navshell.layout")
local bench = dofile(vim.fn.fnamemodify(debug.getinfo(1, "S").source:sub(2), ":h") .. "/long_list.lua")("pop_bench")
local session, hrtime, fail = bench.session, bench.hrtime, bench.fail

local function list_shown() return vim.api.nvim_buf_get_lines(0, 0, 1, false)[1] == "Users" end

for _, count in ipairs({ 1000, 5000, 10000 }) do
  local root = session:top()
  bench.read_to(count)
  local pops, draws, layouts_made = {}, {}, {}
  for _ = 1, 15 do
    session:select(root, root.rows[#root.rows].id)
    if not vim.wait(5000, function() return #session.stack == 2 and #session:top().rows > 0 end, 0) then
      fail("the last user's screen did not show")
    end
    bench.drawing = 0
    local started = hrtime()
    session:request("nav/pop", {})
    if not vim.wait(5000, function() return #session.stack == 1 and list_shown() end, 0) then
      fail("the pop did not show the list again")
    end
    vim.cmd("redraw") -- the window drawn, its highlights painted
    table.insert(pops, (hrtime() - started) / 1e6)
    table.insert(draws, bench.drawing / 1e6)
  end
  for _ = 1, 20 do
    local started = hrtime()
    layouts.build(session, root)
    table.insert(layouts_made, (hrtime() - started) / 1e6)
  end
  io.stdout:write(string.format("%d rows read: pop until the list shows median %.2f ms (drawing %.2f), a layout made from nothing %.2f ms\n",
    count, bench.median(pops), bench.median(draws), bench.median(layouts_made)))
end
vim.cmd("qall!")
