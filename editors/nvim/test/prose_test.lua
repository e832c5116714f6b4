-- Rows of prose wrapped over the lines they need, and marks: what the buffer shows against a
-- real navhost at a width that cuts them.
local navshell = require("navshell")
local navhost = os.getenv("NAVSHELL_NAVHOST")

local function top() return navshell.state():top() end
local view = require("navshell.view")

-- The buffer's lines that show row `index`.
local function layout_lines_of(index)
  local lines, row_at = {}, view.layout_of(vim.api.nvim_get_current_buf()).row_at
  for number, line in ipairs(vim.api.nvim_buf_get_lines(0, 0, -1, false)) do
    if row_at[number] == index then table.insert(lines, line) end
  end
  return lines
end

-- The words of `lines`, joined by single spaces.
local function words(lines)
  return table.concat(vim.split(vim.trim(table.concat(lines, " ")), "%s+"), " ")
end

local function row_index(pattern)
  for index, row in ipairs(top().rows) do
    if tostring(row.title):find(pattern) then return index, row end
  end
  T.check("a row whose title matches " .. pattern, false)
end

navshell.setup({ cmd = navhost })

local function test_paragraphs_wrap()
  vim.cmd("NavShell users/mojombo/repositories/chronic/readme")
  vim.o.columns = 60
  T.resized()
  T.wait_for_text("TIME ZONES")
  local index, row = row_index("^Chronic allows you to set")
  local lines = layout_lines_of(index)
  T.check("a paragraph longer than the window takes several lines: " .. #lines, #lines >= 3)
  for _, line in ipairs(lines) do
    T.check("each line of it fits 60 columns: " .. line, vim.fn.strdisplaywidth(line) <= 60 and not line:find("…", 1, true))
  end
  T.check("and together they hold the paragraph whole, nothing cut", words(lines) == words({ row.title }))
  local link = top().rows[index + 1]
  T.put_cursor_on(lines[2])
  T.feed("j")
  T.check("j from the paragraph's second line goes to the next row", T.line():find("^  " .. vim.pesc(link.title)))
  T.check("a row that is not prose is still one line, cut with …", T.line():find("…  ↗$"))
  T.feed("k")
  T.check("k goes back to the paragraph's first line", T.line() == lines[1])
  T.feed("j")
  T.feed("K")
  local floats = T.floats()
  T.check("K shows the link row whole", #floats == 1 and floats[1]:find(link.detail, 1, true))
  vim.cmd("NavShell users/mojombo/repositories/chronic/issues/1")
  T.wait_for_text("COMMENTS")
  vim.o.columns = 36
  T.resized()
  index, row = row_index("^PriyaFischer$")
  lines = layout_lines_of(index)
  T.check("a comment's text wraps under its author: " .. table.concat(lines, "|"),
    #lines >= 3 and lines[1]:find("^  PriyaFischer") and words(vim.list_slice(lines, 2)) == words({ row.subtitle }))
end

local function test_marks()
  vim.o.columns = 100
  vim.cmd("NavShell users/mojombo/repositories/chronic/issues")
  T.wait_for_text("OPEN ISSUES")
  local first, second = top().rows[1], top().rows[2]
  T.feed("<Tab>")
  local first_line = vim.fn.getline(view.layout_of(vim.api.nvim_get_current_buf()).line_of[1])
  T.check("<Tab> marks the row with a * where its indent was", first_line:find("^%* " .. vim.pesc(first.title)))
  T.check("and goes on to the next row", T.line():find("^  " .. vim.pesc(second.title)))
  T.feed("<Tab>")
  T.check("two rows marked", vim.deep_equal(top():marked_ids(), { first.id, second.id }))
  local shown = view.layout_of(vim.api.nvim_get_current_buf())
  local fresh = require("navshell.layout").build(navshell.state(), top(), nil, shown.width)
  T.check("a mark rewrites its line in place, as a whole layout would show it",
    vim.deep_equal(shown.lines, fresh.lines) and vim.deep_equal(vim.api.nvim_buf_get_lines(0, 0, -1, false), fresh.lines))
  T.put_cursor_on(first.title)
  T.feed("<Tab>")
  T.check("<Tab> on a marked row unmarks it", T.line():find("^  " .. vim.pesc(second.title)) == nil
    and vim.deep_equal(top():marked_ids(), { second.id }))
  T.check("the unmarked row shows its indent again", T.text():find("\n  " .. vim.pesc(first.title)) ~= nil)
  T.check("the mark is highlighted", vim.tbl_contains(vim.tbl_map(function(mark) return mark[1] end,
    view.painted_on(vim.api.nvim_get_current_buf(), view.layout_of(vim.api.nvim_get_current_buf()).line_of[2] - 1)), "NavShellMark"))
  navshell.search("leak")
  T.wait("a new query clears the marks", function()
    return #top():marked_ids() == 0 and not T.text():find("\n%* ")
  end)
end

T.run("prose_test.lua", { test_paragraphs_wrap, test_marks })
