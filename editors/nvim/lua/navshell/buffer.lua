-- The NavShell buffer: its options, its keymaps (the `keymaps` option) and the autocommands
-- that tie it to its session.
local bar = require("navshell.bar")
local config = require("navshell.config")

local M = {}

-- What each keymap does, as `:map` and which-key show it.
M.descriptions = {
  select = "select the row under the cursor",
  back = "go back to the previous screen",
  search = "search this screen",
  reload = "reload this screen",
  close = "close NavShell",
  open_link = "open the row's link in the browser",
  next_row = "next row",
  prev_row = "previous row",
  last_row = "go to the last row of the list",
  hover = "show the row under the cursor in full",
  mark = "mark or unmark the row, then go to the next",
  act = "act on the row (or the marked rows) or the screen",
  help = "list these keys",
}

-- The order `?` lists them in.
M.order = { "select", "back", "search", "reload", "open_link", "hover", "act", "mark", "next_row", "prev_row", "last_row", "help", "close" }

local PREFIX = "NavShell: "

-- The lines `?` shows: every Normal-mode key of `buffer` and what it does, the plugin's first
-- (keys of one action together), then any the user added (with their description, else what
-- they run).
function M.keys(buffer)
  local by_description, others = {}, {}
  for _, map in ipairs(vim.api.nvim_buf_get_keymap(buffer, "n")) do
    local description = map.desc or ""
    if description:sub(1, #PREFIX) == PREFIX then
      local action = description:sub(#PREFIX + 1)
      by_description[action] = by_description[action] or {}
      table.insert(by_description[action], map.lhs)
    else
      table.insert(others, { map.lhs, description ~= "" and description or (map.rhs or "a Lua function") })
    end
  end
  local rows = {}
  for _, action in ipairs(M.order) do
    local keys = by_description[M.descriptions[action]]
    if keys then
      table.sort(keys, function(a, b) return #a < #b or (#a == #b and a < b) end)
      table.insert(rows, { table.concat(keys, ", "), M.descriptions[action] })
    end
  end
  table.sort(others, function(a, b) return a[1] < b[1] end)
  vim.list_extend(rows, others)
  local width = 0
  for _, row in ipairs(rows) do width = math.max(width, vim.api.nvim_strwidth(row[1])) end
  local lines = {}
  for _, row in ipairs(rows) do
    table.insert(lines, row[1] .. string.rep(" ", width - vim.api.nvim_strwidth(row[1]) + 2) .. row[2])
  end
  return lines
end

local function keys_of(value)
  if value == false or value == nil then return {} end
  return type(value) == "table" and value or { value }
end

-- Makes the buffer; `handlers` has a function for every keymap name, and `wiped(buffer)`,
-- `cursor_moved(buffer)` and `resized(buffer)` for the autocommands.
function M.create(handlers)
  local buffer = vim.api.nvim_create_buf(false, true)
  vim.api.nvim_buf_set_name(buffer, "navshell://" .. buffer)
  vim.bo[buffer].buftype = "nofile"
  -- Hidden, the buffer keeps its session: :NavShell shows it again.
  vim.bo[buffer].bufhidden = "hide"
  vim.bo[buffer].swapfile = false
  vim.bo[buffer].modifiable = false
  for action, keys in pairs(config.options.keymaps) do
    for _, key in ipairs(keys_of(keys)) do
      vim.keymap.set("n", key, handlers[action], {
        buffer = buffer, nowait = true, silent = true, desc = PREFIX .. M.descriptions[action],
      })
    end
  end
  -- The user's keys for actions (the `actions` option): after the plugin's, which they may replace.
  for key, action_id in pairs(config.options.actions) do
    vim.keymap.set("n", key, function() require("navshell").act(action_id) end, {
      buffer = buffer, nowait = true, silent = true, desc = "NavShell action " .. action_id,
    })
  end
  local group = vim.api.nvim_create_augroup("navshell_buffer_" .. buffer, { clear = true })
  vim.api.nvim_create_autocmd("BufWipeout", {
    group = group, buffer = buffer, once = true,
    callback = function()
      handlers.wiped(buffer)
      -- The resize autocommands are not the buffer's own: they go with their group.
      vim.schedule(function() pcall(vim.api.nvim_del_augroup_by_id, group) end)
    end,
  })
  vim.api.nvim_create_autocmd("CursorMoved", {
    group = group, buffer = buffer,
    callback = function() handlers.cursor_moved(buffer) end,
  })
  vim.api.nvim_create_autocmd("BufWinEnter", {
    group = group, buffer = buffer,
    callback = function()
      vim.opt_local.wrap = false
      vim.opt_local.cursorline = true
      bar.attach()
      handlers.resized(buffer)
    end,
  })
  -- Lines are laid out to the windows' width: again when it changes. WinResized is Neovim
  -- 0.9's; before it WinScrolled is also sent for a window resized, but only for the current
  -- one: entering a NavShell window resized from another catches up.
  local resized = vim.fn.exists("##WinResized") == 1 and "WinResized" or "WinScrolled"
  vim.api.nvim_create_autocmd({ resized, "VimResized" }, {
    group = group, callback = function() handlers.resized(buffer) end,
  })
  vim.api.nvim_create_autocmd("WinEnter", {
    group = group, buffer = buffer, callback = function() handlers.resized(buffer) end,
  })
  -- Last, so a FileType autocommand or ftplugin of the user's can add or change keys.
  vim.bo[buffer].filetype = "navshell"
  return buffer
end

return M
