-- Floats over the list, opened as LSP hover opens its own (vim.lsp.util.open_floating_preview:
-- wrapped and sized to the text, closed when the cursor moves, entered by asking again, q
-- closes it from inside): a row in full for `K`, the buffer's keys for `?`.
local M = {}

-- Shows `lines` in a float; `enter` puts the cursor in it at once.
function M.show(lines, focus_id, enter)
  local _, window = require("vim.lsp.util").open_floating_preview(lines, nil, {
    focus_id = focus_id, border = "rounded", wrap = true,
    max_width = math.max(20, math.floor(vim.o.columns * 0.8)),
  })
  if enter and window and vim.api.nvim_win_is_valid(window) then vim.api.nvim_set_current_win(window) end
end

local function text_of(value)
  if type(value) == "table" then return vim.inspect(value, { newline = " ", indent = "" }) end
  return tostring(value)
end

-- Splits `text` at its line breaks into `lines`.
local function add_text(lines, text)
  for _, line in ipairs(vim.split(text_of(text), "\r?\n")) do table.insert(lines, line) end
end

-- A row in full: its title, subtitle and detail, then every value, each key once, in order.
function M.row_lines(row)
  local lines = {}
  for _, field in ipairs({ "title", "subtitle", "detail" }) do
    if row[field] ~= nil and row[field] ~= "" then add_text(lines, row[field]) end
  end
  local values = type(row.values) == "table" and row.values or {}
  local keys = vim.tbl_keys(values)
  table.sort(keys, function(a, b) return tostring(a) < tostring(b) end)
  if #keys > 0 then table.insert(lines, "") end
  for _, key in ipairs(keys) do add_text(lines, tostring(key) .. ": " .. text_of(values[key])) end
  return lines
end

return M
