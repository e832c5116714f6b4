-- Defines the :NavShell commands without setup(); setup() defines them too, for plugin managers
-- that add the plugin's folder to 'runtimepath' after Neovim sourced plugin/ files.
if vim.g.loaded_navshell then return end
vim.g.loaded_navshell = true
require("navshell.commands").define()
require("navshell.view").define_highlights()
require("navshell.help").ensure_tags()
