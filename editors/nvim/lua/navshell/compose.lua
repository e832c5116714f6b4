-- A buffer to write a `text` input in (a comment's body), as a commit message is written: a
-- split below, in Markdown; `:w` sends it, `:q` drops it.
local messages = require("navshell.messages")

local M = {}

local opened = 0

-- Opens a compose buffer holding `text`, its window's status line saying what it is for
-- (`title`). on_send(text) runs once the user writes it with something in it; nothing runs
-- when the buffer is closed unsent.
function M.open(title, text, on_send)
  opened = opened + 1
  vim.cmd("belowright split")
  local window = vim.api.nvim_get_current_win()
  local buffer = vim.api.nvim_create_buf(false, true)
  vim.api.nvim_buf_set_name(buffer, "navshell://compose/" .. opened)
  vim.api.nvim_win_set_buf(window, buffer)
  vim.bo[buffer].buftype = "acwrite"
  vim.bo[buffer].bufhidden = "wipe"
  vim.bo[buffer].swapfile = false
  vim.api.nvim_buf_set_lines(buffer, 0, -1, false, vim.split(text or "", "\n", { plain = true }))
  vim.bo[buffer].filetype = "markdown"
  local hint = title .. " · :w sends, :q cancels"
  vim.wo[window].statusline = " " .. hint:gsub("%%", "%%%%")
  local function unmodified() vim.bo[buffer].modified = false end
  unmodified()
  -- :q drops the text rather than refusing (E37); `:wq` still writes first.
  vim.api.nvim_create_autocmd("QuitPre", { buffer = buffer, callback = unmodified })
  local sent = false
  vim.api.nvim_create_autocmd("BufWriteCmd", { buffer = buffer, callback = function()
    local written = table.concat(vim.api.nvim_buf_get_lines(buffer, 0, -1, false), "\n")
    if vim.trim(written) == "" then return messages.warn("nothing to send: the buffer is empty (:q cancels)") end
    if sent then return end
    sent = true
    unmodified()
    -- After the write is over (`:wq` closes the window itself).
    vim.schedule(function()
      for _, shown_in in ipairs(vim.fn.win_findbuf(buffer)) do vim.api.nvim_win_close(shown_in, true) end
      on_send(written)
    end)
  end })
  messages.say(hint)
  return buffer
end

return M
