-- Where the user is, in sight however far the list is scrolled: the stack's titles in the
-- window bar ('winbar', Neovim 0.8+) or, on 0.7, the status line of each window showing
-- NavShell, cut from the left to the window's width so that the current screen's title shows.
local fit = require("navshell.fit")

local M = {}

M.option = vim.fn.has("nvim-0.8") == 1 and "winbar" or "statusline"

-- The option's value: drawn for each window by M.render, so a resize needs nothing more.
local EXPRESSION = "%!v:lua.require'navshell.bar'.render()"

local titles_of = {} -- buffer -> the titles its windows' bars show

-- Sets what the bars of `buffer`'s windows show; nil forgets the buffer.
function M.set(buffer, titles)
  local before = titles_of[buffer]
  titles_of[buffer] = titles
  if titles and not (before and table.concat(before, "\n") == table.concat(titles, "\n")) then
    vim.cmd("redrawstatus!")
  end
end

-- The bar of the window being drawn (g:statusline_winid), as a 'statusline' format.
function M.render()
  local window = vim.g.statusline_winid or vim.api.nvim_get_current_win()
  if not vim.api.nvim_win_is_valid(window) then return "" end
  local titles = titles_of[vim.api.nvim_win_get_buf(window)]
  if not titles then return "" end
  local cells = vim.api.nvim_win_get_width(window)
  -- A global status line (laststatus=3) spans the editor.
  if M.option == "statusline" and vim.o.laststatus == 3 then cells = vim.o.columns end
  return " " .. fit.path(titles, cells - 1):gsub("%%", "%%%%")
end

-- Gives the current window the bar (from the buffer's BufWinEnter).
function M.attach()
  vim.opt_local[M.option] = EXPRESSION
end

-- A window that showed NavShell and shows another buffer now gets its own bar back: window
-- options stay with the window, not the buffer.
local group = vim.api.nvim_create_augroup("navshell_bar", { clear = true })
vim.api.nvim_create_autocmd("BufWinEnter", { group = group, callback = function(event)
  if vim.bo[event.buf].filetype ~= "navshell" and vim.opt_local[M.option]:get() == EXPRESSION then
    vim.opt_local[M.option] = ""
  end
end })

return M
