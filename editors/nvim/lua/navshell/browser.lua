-- What leaves the editor for the desktop: a link opened in the browser, text put on the
-- clipboard.
local config = require("navshell.config")
local messages = require("navshell.messages")

local M = {}

-- Opens `url` with the `open_url` option, else vim.ui.open (Neovim 0.10+), else xdg-open.
function M.open(url)
  if config.options.open_url then
    config.options.open_url(url)
  elseif vim.ui.open then
    local _, err = vim.ui.open(url)
    if err then return messages.warn("cannot open " .. url .. ": " .. err) end
  elseif vim.fn.executable("xdg-open") == 1 then
    vim.fn.jobstart({ "xdg-open", url }, { detach = true })
  else
    return messages.warn("cannot open " .. url .. ": no xdg-open; set setup({ open_url = function(url) … end })")
  end
  messages.say("opening " .. url)
end

-- Puts `text` in the unnamed register ("), and in the clipboard (+) where Neovim has one.
function M.copy(text)
  vim.fn.setreg('"', text)
  local clipboard = vim.fn.has("clipboard") == 1
  if clipboard then vim.fn.setreg("+", text) end
  local first = vim.split(text, "\n", { plain = true })[1]
  messages.say("copied " .. (clipboard and "" or "to the \" register (Neovim has no clipboard here): ") .. first
    .. (first ~= text and " …" or ""))
end

return M
