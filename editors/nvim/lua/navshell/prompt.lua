-- Asks the user for a line of text, telling an empty answer from Esc on every Neovim.
local messages = require("navshell.messages")

local M = {}

-- What input() returns on Esc or <C-c>: a newline, which cannot be typed into it.
local CANCELLED = "\n"

-- Neovim's own vim.ui.input, not one a plugin (dressing.nvim, telescope) put in its place.
local function editors_own_input()
  local info = debug.getinfo(vim.ui.input, "S")
  return info and info.source:find("vim/ui%.lua$") ~= nil
end

-- Calls on_answer(text) with what the user typed, "" for an empty answer; not at all on Esc.
-- Neovim 0.7's vim.ui.input turns an empty answer into nil, as it does Esc: where it is the
-- editor's own, input() is asked directly (what that vim.ui.input does), and the command line
-- cleared after it so the prompt does not stay there.
function M.ask(options, on_answer)
  if not editors_own_input() then
    return vim.ui.input(options, function(text)
      if text then on_answer(text) end
    end)
  end
  local ok, text = pcall(vim.fn.input, { prompt = options.prompt, default = options.default, cancelreturn = CANCELLED })
  messages.clear_now()
  if ok and text ~= CANCELLED then on_answer(text) end
end

return M
