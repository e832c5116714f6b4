-- :help navshell works wherever the plugin was put: the plugin managers make help tags only for
-- a plugin at the root of what they fetched, and this one lives in a subfolder of NavShell.
local config = require("navshell.config")

local M = {}

-- Writes doc/tags when it is missing or older than doc/navshell.txt; a read-only install is
-- left alone (then :checkhealth navshell says so).
function M.ensure_tags()
  local doc = config.plugin_root() .. "/doc"
  local text, tags = doc .. "/navshell.txt", doc .. "/tags"
  if vim.fn.filereadable(text) == 0 then return end
  if vim.fn.getftime(tags) >= vim.fn.getftime(text) then return end
  pcall(vim.cmd, "silent helptags " .. vim.fn.fnameescape(doc))
end

-- True when :help navshell finds its tag.
function M.has_tags()
  return #vim.fn.getcompletion("navshell", "help") > 0
end

return M
