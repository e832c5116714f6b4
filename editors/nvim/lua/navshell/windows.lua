-- The windows NavShell is shown in: a split made for it, closed with it; any other window left
-- showing what it showed before.
local M = {}

-- Windows split for NavShell (`:vertical NavShell`): closing NavShell closes them.
local split_windows = {}

function M.show(target, mods)
  if mods and mods ~= "" then
    vim.cmd(mods .. " split")
    split_windows[vim.api.nvim_get_current_win()] = true
  end
  if vim.api.nvim_win_get_buf(0) ~= target then vim.api.nvim_win_set_buf(0, target) end
end

-- Closes a window split for NavShell; leaves any other window showing `target` on another
-- buffer (the alternate one), else closes it when others are left, else shows an empty buffer.
function M.leave(window, target)
  local others = #vim.api.nvim_tabpage_list_wins(vim.api.nvim_win_get_tabpage(window)) > 1
  if split_windows[window] and others then
    split_windows[window] = nil
    return vim.api.nvim_win_close(window, true)
  end
  local alternate = vim.api.nvim_win_call(window, function() return vim.fn.bufnr("#") end)
  if alternate > 0 and alternate ~= target and vim.fn.buflisted(alternate) == 1 then
    vim.api.nvim_win_set_buf(window, alternate)
  elseif others then
    vim.api.nvim_win_close(window, true)
  else
    vim.api.nvim_win_call(window, function() vim.cmd("enew") end)
  end
end

return M
