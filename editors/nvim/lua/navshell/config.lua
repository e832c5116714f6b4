-- The plugin's options (defaults merged with what setup() was given) and where navhost is.
local M = {}

M.defaults = {
  -- navhost: a path, or a name looked up on PATH; nil finds it (see M.find_navhost).
  cmd = nil,
  -- Arguments after `navhost serve`, e.g. { "--source", "github" }.
  args = {},
  -- Rows asked for per screen/rows request (1 to 1000).
  page_size = 100,
  -- More rows are read when the cursor comes this many rows from the last one read.
  load_ahead = 50,
  -- Show each row's subtitle on a line under it.
  subtitles = true,
  -- function(url) that opens a link; nil uses vim.ui.open (Neovim 0.10+) or xdg-open.
  open_url = nil,
  -- Keys that perform an action by its id, e.g. { ["<leader>c"] = "comment" }.
  actions = {},
  -- Buffer-local keys, each a key, a list of keys, or false for none.
  keymaps = {
    select = "<CR>",
    back = "<BS>",
    search = "s",
    reload = "R",
    close = "q",
    open_link = "gx",
    next_row = "j",
    prev_row = "k",
    last_row = "G",
    hover = "K",
    mark = "<Tab>",
    act = "a",
    help = { "?", "g?" },
  },
}

M.options = vim.deepcopy(M.defaults)

local function warn(message)
  require("navshell.messages").warn(message)
end

-- Merges `options` over the defaults; a wrong type is named and its default kept.
function M.set(options)
  local merged = vim.tbl_deep_extend("force", vim.deepcopy(M.defaults), options or {})
  for name, value in pairs(merged) do
    local default = M.defaults[name]
    if default == nil and name ~= "cmd" and name ~= "open_url" then
      warn("unknown option '" .. name .. "'")
    end
  end
  if merged.cmd ~= nil and type(merged.cmd) ~= "string" then
    warn("option 'cmd' must be a string (a path or a name on PATH)")
    merged.cmd = nil
  end
  if merged.open_url ~= nil and type(merged.open_url) ~= "function" then
    warn("option 'open_url' must be a function(url)")
    merged.open_url = nil
  end
  if type(merged.args) ~= "table" then
    warn("option 'args' must be a list of strings")
    merged.args = {}
  end
  for key, action in pairs(type(merged.actions) == "table" and merged.actions or { [true] = true }) do
    if type(key) ~= "string" or type(action) ~= "string" then
      warn("option 'actions' must map keys to action ids, e.g. { [\"<leader>c\"] = \"comment\" }")
      merged.actions = {}
      break
    end
  end
  for _, name in ipairs({ "page_size", "load_ahead" }) do
    local value = merged[name]
    if type(value) ~= "number" or value ~= math.floor(value) or value < 1 or value > 1000 then
      warn("option '" .. name .. "' must be a whole number from 1 to 1000")
      merged[name] = M.defaults[name]
    end
  end
  for action, keys in pairs(merged.keymaps) do
    if M.defaults.keymaps[action] == nil then
      warn("unknown keymap '" .. action .. "'; the keymaps are: " .. table.concat(vim.tbl_keys(M.defaults.keymaps), ", "))
      merged.keymaps[action] = nil
    elseif keys ~= false and type(keys) ~= "string" and type(keys) ~= "table" then
      warn("keymap '" .. action .. "' must be a key, a list of keys, or false")
      merged.keymaps[action] = M.defaults.keymaps[action]
    end
  end
  M.options = merged
end

-- The folder that holds lua/, plugin/ and doc/ (editors/nvim in a NavShell checkout).
function M.plugin_root()
  local source = debug.getinfo(1, "S").source:sub(2)
  return vim.fn.fnamemodify(source, ":p:h:h:h")
end

-- navhost's path, or nil and a sentence that says what was tried and what to set.
-- Order: the `cmd` option; `navhost` on PATH; a build of the checkout the plugin lives in.
function M.find_navhost()
  local cmd = M.options.cmd
  if cmd and cmd ~= "" then
    local path = vim.fn.exepath(vim.fn.expand(cmd))
    if path ~= "" then return path end
    return nil, "the navhost set with setup({ cmd = " .. vim.inspect(cmd) .. " }) is not an executable file"
  end
  local on_path = vim.fn.exepath("navhost")
  if on_path ~= "" then return on_path end
  local checkout = vim.fn.fnamemodify(M.plugin_root(), ":h:h")
  local tried = {}
  for _, build in ipairs({ "release", "debug" }) do
    local path = checkout .. "/.build/" .. build .. "/navhost"
    if vim.fn.executable(path) == 1 then return path end
    table.insert(tried, path)
  end
  return nil, "navhost is not on PATH nor built at " .. table.concat(tried, " or ")
    .. ". Build it (swift build -c release in the NavShell checkout) or set its path with"
    .. " require('navshell').setup({ cmd = '/path/to/navhost' })"
end

return M
