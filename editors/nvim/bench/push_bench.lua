-- Times warm pushes as the plugin makes them: from the selection of a user's row on the root
-- screen until the pushed screen is drawn with rows, then back, again and again. Prints the
-- mean, median and range in milliseconds. Run from the repository root:
--   NAVSHELL_NAVHOST=.build/release/navhost NAVSHELL_USER=user:mojombo NAVSHELL_COUNT=30 \
--     nvim --headless -u NONE -i NONE -n --cmd "set rtp^=editors/nvim" -c "luafile editors/nvim/bench/push_bench.lua"
-- Before each push, the workers settle as navshell-bench's do (`WorkerSettling`): navhost has
-- exactly two live children, the root screen's worker and the warm spare, both asleep (the
-- popped worker gone, the spare done rehearsing), seen so twice 2 ms apart.
local navshell = require("navshell")
local hrtime = (vim.uv or vim.loop).hrtime
local user, count = os.getenv("NAVSHELL_USER") or "user:mojombo", tonumber(os.getenv("NAVSHELL_COUNT") or "30")

navshell.setup({ cmd = os.getenv("NAVSHELL_NAVHOST") })
vim.cmd("NavShell")
local session = navshell.state()

local function index_of_user()
  local screen = session:top()
  return screen and screen:index_of(user)
end

session:want(session:top() or { wanted = 0 }, 1000)
if not vim.wait(10000, function() return index_of_user() ~= nil end, 1) then
  io.stderr:write("push_bench: no row " .. user .. " among the root screen's first 1,000\n")
  vim.cmd("cquit 1")
end

-- The moment the pushed screen is drawn with its rows: the plugin redraws in on_change.
local started, shown_at = nil, nil
local on_change = session.on_change
session.on_change = function(s)
  on_change(s)
  local top = s:top()
  if started and not shown_at and #s.stack == 2 and #top.rows > 0 then shown_at = hrtime() end
end

-- Whether `pid` has exactly `count` live children, all asleep (state S in /proc/PID/stat).
local function workers_asleep(pid, count)
  local found = 0
  for _, name in ipairs(vim.fn.readdir("/proc")) do
    local file = name:match("^%d+$") and io.open("/proc/" .. name .. "/stat")
    if file then
      local stat = file:read("*l") or ""
      file:close()
      local state, parent = stat:match("%) (%a) (%d+)")
      if tonumber(parent) == pid and state ~= "Z" then
        if state ~= "S" then return false end
        found = found + 1
      end
    end
  end
  return found == count
end

local function settle()
  local settled = vim.wait(10000, function()
    -- Twice in a row: a worker between two page faults can look asleep for an instant.
    return workers_asleep(session.client.pid, 2) and not vim.wait(2, function() return false end)
      and workers_asleep(session.client.pid, 2)
  end, 1)
  if not settled then
    io.stderr:write("push_bench: navhost's workers did not settle within 10 s\n")
    vim.cmd("cquit 1")
  end
end

local times = {}
for _ = 1, count do
  settle()
  local root = session:top()
  shown_at, started = nil, hrtime()
  session:select(root, user)
  if not vim.wait(5000, function() return shown_at ~= nil end, 0) then
    io.stderr:write("push_bench: the pushed screen did not show within 5 s\n")
    vim.cmd("cquit 1")
  end
  table.insert(times, (shown_at - started) / 1e6)
  started = nil
  session:request("nav/pop", {})
  vim.wait(5000, function() return #session.stack == 1 end, 0)
end
table.sort(times)
local sum = 0
for _, time in ipairs(times) do sum = sum + time end
io.stdout:write(string.format("%s, %d warm pushes: mean %.3f ms, median %.3f, min %.3f, max %.3f\n",
  user, #times, sum / #times, times[math.ceil(#times / 2)], times[1], times[#times]))
vim.cmd("qall!")
