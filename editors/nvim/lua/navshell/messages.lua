-- What the plugin says in the message area (through vim.notify, so a notification plugin shows
-- it its own way), and clearing it once the user moved on: a message about a screen left or a
-- browser closed would otherwise stay in the command line.
local M = {}

local showing = false -- a message of the plugin's may still be in the message area

function M.say(text, level)
  vim.notify("navshell: " .. text, level or vim.log.levels.INFO)
  showing = true
end

function M.warn(text) M.say(text, vim.log.levels.WARN) end
function M.error(text) M.say(text, vim.log.levels.ERROR) end

-- Empties the message area (after a prompt, whose text stays there otherwise). An empty echo
-- right behind input() leaves its text: the screen is drawn first.
function M.clear_now()
  showing = false
  vim.cmd("redraw")
  vim.cmd("echo ''")
end

-- Empties the message area if a message of the plugin's may still be there.
function M.clear()
  if showing then M.clear_now() end
end

return M
