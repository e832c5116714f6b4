-- What page_bench.lua and pop_bench.lua share: the plugin started on the users list of the
-- snapshot NAVSHELL_DATA names (through the navhost NAVSHELL_NAVHOST names), every draw's time
-- counted, and the root screen read to a number of rows. Each bench loads it from its own folder:
--   local bench = dofile(vim.fn.fnamemodify(debug.getinfo(1, "S").source:sub(2), ":h") .. "/long_list.lua")("page_bench")
return function(name)
  local navshell = require("navshell")
  local view = require("navshell.view")
  local bench = { hrtime = (vim.uv or vim.loop).hrtime, drawing = 0 }

  function bench.fail(message)
    io.stderr:write(name .. ": " .. message .. "\n")
    vim.cmd("cquit 1")
  end

  -- Sorts `times` in place and returns their median.
  function bench.median(times)
    table.sort(times)
    return (times[math.ceil(#times / 2)] + times[math.floor(#times / 2) + 1]) / 2
  end

  navshell.setup({ cmd = os.getenv("NAVSHELL_NAVHOST"), args = { "--data", os.getenv("NAVSHELL_DATA") or "" } })
  -- Counts every draw's time (nanoseconds, in `bench.drawing`); the session draws through the
  -- plugin's on_change.
  local draw = view.draw
  view.draw = function(ui)
    local started = bench.hrtime()
    draw(ui)
    bench.drawing = bench.drawing + (bench.hrtime() - started)
  end
  vim.cmd("NavShell")
  local session = navshell.state()
  bench.session = session
  if not vim.wait(10000, function() return session:top() ~= nil and #session:top().rows > 0 end, 1) then
    bench.fail("the root screen showed no rows within 10 s")
  end

  -- Reads the top screen until `count` rows are in and it is not reading.
  function bench.read_to(count)
    local screen = session:top()
    session:want(screen, count)
    local done = vim.wait(60000, function() return #screen.rows >= count and not screen.fetching end, 1)
    if not done then bench.fail("the root screen did not read " .. count .. " rows (it has " .. screen:total() .. ")") end
  end

  return bench
end
