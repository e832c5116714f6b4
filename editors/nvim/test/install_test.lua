-- Installing the plugin as docs/neovim.md says, one way per editor (NAVSHELL_SCENARIO): each
-- spec is taken from the page and loaded as its plugin manager would, then :NavShell is run.
-- Also: the message when navhost cannot be found, :help for everything, :checkhealth navshell.
local scenario = os.getenv("NAVSHELL_SCENARIO")
local plugin = os.getenv("NAVSHELL_PLUGIN")
local scratch = os.getenv("NAVSHELL_SCRATCH")
local navhost = os.getenv("NAVSHELL_NAVHOST")
-- No navhost of the machine's on PATH: each way of installing must find the one it builds.
vim.env.PATH = scratch .. "/bin:/usr/bin:/bin"

local function read(path)
  local file = assert(io.open(path))
  local text = file:read("*a")
  file:close()
  return text
end

-- The ```lua block of docs/neovim.md whose first line is `-- <name>`, without that line.
local function docs_block(name)
  local docs = read(os.getenv("NAVSHELL_DOCS"))
  for block in docs:gmatch("```lua\n(.-)```") do
    local first, rest = block:match("^([^\n]*)\n(.*)$")
    if first == "-- " .. name then return rest end
  end
  error("docs/neovim.md has no lua block starting with -- " .. name)
end

-- The same spec must be in :help navshell (indented there).
local function check_in_help(block)
  local function flat(text) return (text:gsub("\n%s+", "\n"):gsub("^%s+", "")) end
  local help = flat(read(plugin .. "/doc/navshell.txt"))
  T.check("doc/navshell.txt shows the same spec:\n" .. block, help:find(flat(block), 1, true) ~= nil)
end

-- A clone of NavShell as a plugin manager leaves it once its build step ran: the plugin in
-- editors/nvim, navhost in .build/release.
local function make_clone()
  local clone = scratch .. "/clone-" .. scenario .. "/NavShell"
  vim.fn.mkdir(clone .. "/editors", "p")
  vim.fn.mkdir(clone .. "/.build/release", "p")
  vim.fn.system({ "cp", "-R", plugin, clone .. "/editors/nvim" })
  -- Help tags as a fresh clone has them: none; the plugin writes them when it loads.
  vim.fn.delete(clone .. "/editors/nvim/doc/tags")
  local built = clone .. "/.build/release/navhost"
  local file = assert(io.open(built, "w"))
  file:write('#!/bin/sh\nexec "' .. navhost .. '" "$@"\n')
  file:close()
  vim.fn.setfperm(built, "rwxr-xr-x")
  return clone
end

local function evaluate(code, environment)
  local chunk = assert(loadstring(code))
  setfenv(chunk, setmetatable(environment or {}, { __index = _G }))
  return chunk()
end

-- lazy.nvim's `cmd`: stubs that load the plugin on first use, then run the command again.
local function lazy_load_on(commands, load)
  for _, name in ipairs(commands) do
    vim.api.nvim_create_user_command(name, function(command)
      for _, other in ipairs(commands) do pcall(vim.api.nvim_del_user_command, other) end
      load()
      vim.cmd(name .. " " .. command.args)
    end, { nargs = "*" })
  end
end

-- The spec's block from the page (checked to be in :help too) and a clone to install from.
local function prepare(name)
  local block = docs_block(name)
  check_in_help(block)
  return block, make_clone()
end

local function check_it_runs(loaded_on_command)
  if loaded_on_command then
    T.check("NavShell is not loaded before its command", package.loaded["navshell"] == nil)
  end
  vim.cmd("NavShell")
  T.wait_for_text("POPULAR")
  T.check("navhost was found in the clone's build", require("navshell").state().navhost:find("/.build/release/navhost$"))
  for _, name in ipairs({ "NavShellSearch", "NavShellBack", "NavShellReload", "NavShellClose" }) do
    T.check(":" .. name .. " is defined", vim.fn.exists(":" .. name) == 2)
  end
  vim.cmd("help navshell")
  T.check(":help navshell opens the plugin's help", vim.fn.expand("%:t") == "navshell.txt")
  vim.cmd("close")
  vim.cmd("NavShellClose")
end

local scenarios = {}

function scenarios.lazy_git()
  local block, clone = prepare("lazy.nvim, from the Git host")
  local spec = evaluate("return " .. block)
  T.check("the spec names the NavShell repository", spec[1]:match("^[^/]+/NavShell$"))
  T.check("its build puts navhost where the plugin looks", spec.build == "swift build -c release")
  -- lazy.nvim puts the clone on 'runtimepath' and sources its plugin/ files (it has none).
  vim.opt.rtp:append(clone)
  lazy_load_on(spec.cmd, function() spec.config({ dir = clone, name = "NavShell" }, spec.opts) end)
  check_it_runs(true)
end

function scenarios.lazy_dir()
  local block, clone = prepare("lazy.nvim, from a checkout")
  local spec = evaluate("return " .. (block:gsub("~/src/NavShell", clone)))
  -- lazy.nvim puts `dir` on 'runtimepath' and sources its plugin/ files, then runs config.
  lazy_load_on(spec.cmd, function()
    local dir = vim.fn.expand(spec.dir)
    vim.opt.rtp:append(dir)
    for _, file in ipairs(vim.fn.glob(dir .. "/plugin/**/*.lua", false, true)) do vim.cmd("source " .. file) end
    spec.config({ dir = dir, name = "nvim" }, spec.opts)
  end)
  check_it_runs(true)
end

function scenarios.packer()
  local block, clone = prepare("packer.nvim")
  local spec
  evaluate(block, { use = function(given) spec = given end })
  T.check("its run step is the same build", spec.run == "swift build -c release")
  -- packer.nvim puts the clone's `rtp` folder on 'runtimepath', then runs config.
  vim.opt.rtp:append(clone .. "/" .. spec.rtp)
  spec.config()
  check_it_runs(false)
end

function scenarios.manual()
  local block, clone = prepare("by hand")
  evaluate((block:gsub("~/src/NavShell", clone)))
  check_it_runs(false)
end

function scenarios.no_navhost()
  T.check("no navhost on this PATH", vim.fn.exepath("navhost") == "")
  vim.opt.rtp:append(plugin)
  vim.cmd("runtime plugin/navshell.lua")
  local ok, err = pcall(vim.cmd, "NavShell")
  T.check(":NavShell without navhost raises no Lua error: " .. tostring(err), ok)
  T.check("it says what was tried and what to set", T.last_notice():find("navhost is not on PATH nor built at", 1, true)
    and T.last_notice():find("setup({ cmd = '/path/to/navhost' })", 1, true))
  T.check("and opens no buffer", vim.bo.filetype ~= "navshell")
  vim.cmd("silent checkhealth navshell")
  T.check(":checkhealth navshell reports it", T.text():find("ERROR[^\n]*navhost is not on PATH") ~= nil)
end

local function help_opens(tag)
  local ok = pcall(vim.cmd, "help " .. tag)
  if ok then vim.cmd("close") end
  return ok
end

-- Every row the help window shows, paged through from the top to the end, as drawn.
local function help_as_shown()
  local window, height = vim.api.nvim_get_current_win(), vim.api.nvim_win_get_height(0)
  local position, width = vim.fn.win_screenpos(window), vim.api.nvim_win_get_width(window)
  local shown = {}
  local top = 1
  while top <= vim.fn.line("$") do
    vim.api.nvim_win_set_cursor(window, { top, 0 })
    vim.fn.winrestview({ topline = top })
    vim.cmd("redraw")
    top = vim.fn.line("w$") + 1
    for row = position[1], position[1] + height - 1 do
      local cells = {}
      for col = position[2], position[2] + width - 1 do table.insert(cells, vim.fn.screenstring(row, col)) end
      table.insert(shown, (table.concat(cells):gsub("%s+$", "")))
    end
  end
  return shown
end

-- :help navshell as this Neovim shows it (with the help file type's settings and highlighting,
-- turned on before any help was opened): no code-block marker shown as text, and the examples.
local function check_help_shown()
  vim.cmd("help navshell")
  -- Where help is highlighted with tree-sitter (0.10+), parsed whole first: 0.11 parses in the
  -- background, and its concealing waits for the parse.
  if vim.b.ts_highlight then vim.treesitter.get_parser(0):parse(true) end
  local shown = help_as_shown()
  vim.cmd("close")
  local markers, spec = {}, false
  for index, row in ipairs(shown) do
    if row:find(">%a+$") or row:find("^%s*<$") then
      table.insert(markers, table.concat(vim.list_slice(shown, math.max(1, index - 2), index), "\n"))
    end
    spec = spec or row:find('^%s+"OWNER/NavShell",$') ~= nil
  end
  T.check(":help navshell shows no code-block marker as text:\n" .. table.concat(markers, "\n"), #markers == 0)
  T.check("and shows the examples", spec)
end

function scenarios.help_health()
  -- As Neovim starts without -u NONE.
  vim.cmd("filetype plugin on")
  vim.cmd("syntax on")
  vim.opt.rtp:append(plugin)
  require("navshell").setup({ cmd = navhost })
  local tags = { "navshell", "navshell-install", "navshell-lazy", "navshell-packer", "navshell-health" }
  for name in pairs(vim.api.nvim_get_commands({})) do
    if name:find("^NavShell") then table.insert(tags, ":" .. name) end
  end
  T.check("the five commands are defined", #tags == 10)
  local defaults = require("navshell.config").defaults
  for _, option in ipairs(vim.list_extend({ "cmd", "open_url" }, vim.tbl_keys(defaults))) do
    table.insert(tags, "navshell-option-" .. option)
  end
  for keymap in pairs(defaults.keymaps) do table.insert(tags, "navshell-keymap-" .. keymap) end
  for group in pairs(require("navshell.view").highlights) do table.insert(tags, group) end
  for _, tag in ipairs(tags) do T.check(":help " .. tag .. " has its entry", help_opens(tag)) end
  check_help_shown()

  local version = vim.trim(vim.fn.system({ navhost, "--version" }))
  vim.cmd("silent checkhealth navshell")
  local report = T.text()
  local function ok_line(text) return report:find("OK[^\n]*" .. vim.pesc(text)) ~= nil end
  T.check("it reports the Neovim version", ok_line("Neovim " .. vim.version().major .. "." .. vim.version().minor))
  T.check("navhost and its version", ok_line("navhost " .. version .. " at " .. vim.fn.exepath(navhost)))
  T.check("that navhost answers initialize", ok_line("navhost starts and answers initialize (navhost " .. version .. ")"))
  T.check("whether actions may write", ok_line("row actions: writes are on"))
  T.check("that the data opens", report:find("OK[^\n]*the data opens: the root screen %(Users%) has %d+ rows") ~= nil)
  T.check("and the help tags", ok_line("the help tags are written (doc/tags)"))
  T.check("and nothing failed", not report:find("ERROR", 1, true) and not report:find("WARN", 1, true))
end

T.run("install_test.lua (" .. scenario .. ")", { scenarios[scenario:gsub("-", "_")] })
