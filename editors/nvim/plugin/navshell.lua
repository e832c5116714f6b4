-- :NavShell [PATH] opens NavShell in the current window, optionally at a deep link.
vim.api.nvim_create_user_command("NavShell", function(command)
  require("navshell").open(command.args)
end, { nargs = "?", desc = "Browse NavShell screens driven by navhost" })
