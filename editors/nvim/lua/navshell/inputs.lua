-- What an action asks for before it runs (its `input` fields, docs/protocol.md "Action"), asked
-- the way Neovim asks: a line (`string`, `number`) with vim.ui.input, a choice (`enum`,
-- `boolean`) with vim.ui.select, several lines (`text`) in a compose buffer.
local compose = require("navshell.compose")
local messages = require("navshell.messages")
local prompt = require("navshell.prompt")

local M = {}

-- Asks for one field, starting from `start` (else its default); on_value(value) once answered,
-- not at all when the user cancels.
local function ask_field(field, context, start, on_value)
  local title = tostring(field.title or field.name)
  if start == nil then start = field.default end
  if field.type == "text" then
    return compose.open(context .. ": " .. title, start and tostring(start) or "", on_value)
  end
  if field.type == "enum" or field.type == "boolean" then
    local choices = field.type == "enum" and (field.options or {}) or { "Yes", "No" }
    local default = field.type == "boolean" and start ~= nil and (start and "Yes" or "No") or start
    return vim.ui.select(choices, {
      prompt = context .. ": " .. title, kind = "navshell_input",
      format_item = function(choice) return choice == default and (choice .. " (default)") or choice end,
    }, function(choice)
      if choice == nil then return end
      if field.type == "boolean" then return on_value(choice == "Yes") end
      on_value(choice)
    end)
  end
  prompt.ask({ prompt = context .. ": " .. title .. ": ", default = start ~= nil and tostring(start) or "" }, function(text)
    if field.type ~= "number" or text == "" then return on_value(text) end
    local number = tonumber(text)
    if not number then return messages.warn(title .. " must be a number, not '" .. text .. "'") end
    on_value(number)
  end)
end

-- Asks for each of `fields` that `given` has no value for, in order, and calls on_done(input):
-- `given` with the answers. An optional field left empty is left out; a required one left empty,
-- or Esc on any, stops there: nothing is sent. `start` has values to start some fields from
-- (the text of a comment that failed to post).
function M.ask(fields, given, context, on_done, start)
  local input = vim.deepcopy(given or {})
  local index = 0
  local function next_field()
    index = index + 1
    local field = fields and fields[index]
    if not field then return on_done(input) end
    if input[field.name] ~= nil then return next_field() end
    ask_field(field, context, (start or {})[field.name], function(value)
      if value == "" and field.required then
        return messages.warn(tostring(field.title or field.name) .. " is required: nothing was sent")
      end
      if value ~= "" then input[field.name] = value end
      next_field()
    end)
  end
  next_field()
end

return M
