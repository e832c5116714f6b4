-- Times what the plugin spends drawing when a page of rows arrives at the end of a long list:
-- with 1,000, 2,000, 5,000 and 10,000 rows read, it asks for 50 more, ten times, and sums the
-- draws each page causes (the "Loading…" line, then the rows). Prints the median and the range
-- per page in milliseconds. Needs a snapshot with that many users; from the repository root:
--   .build/release/screen-worker generate-snapshot --out /tmp/users.sqlite --users 20000 --max-repositories-per-user 3
--   NAVSHELL_NAVHOST=.build/release/navhost NAVSHELL_DATA=/tmp/users.sqlite \
--     nvim --headless -u NONE -i NONE -n --cmd "set rtp^=editors/nvim" -c "luafile editors/nvim/bench/page_bench.lua"
local bench = dofile(vim.fn.fnamemodify(debug.getinfo(1, "S").source:sub(2), ":h") .. "/long_list.lua")("page_bench")
local session = bench.session

for _, count in ipairs({ 1000, 2000, 5000, 10000 }) do
  bench.read_to(count)
  local pages = {}
  for _ = 1, 10 do
    bench.drawing = 0
    bench.read_to(#session:top().rows + 50)
    table.insert(pages, bench.drawing / 1e6)
  end
  local median = bench.median(pages)
  io.stdout:write(string.format("%d rows read: drawing per page of 50 median %.3f ms, min %.3f, max %.3f\n",
    count, median, pages[1], pages[#pages]))
end
vim.cmd("qall!")
