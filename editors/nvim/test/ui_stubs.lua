-- vim.ui.select and vim.ui.input replaced as telescope-ui-select or dressing.nvim replace them:
-- each call is kept (what the user was shown: the prompt, the kind, every item as formatted)
-- and answered by the next answer queued with T.answer: the start of an item's text, a typed
-- line, nil for Esc, or a function given the shown items that returns one of those.
T.asked = {}
local queued = {}

function T.answer(...)
  for index = 1, select("#", ...) do table.insert(queued, { (select(index, ...)) }) end
end

-- A prompt with nothing queued (or a choice that is not among the items) is answered with Esc,
-- and fails the run at its end: an error here would be lost in the callback that asked.
local function next_answer(call)
  table.insert(T.asked, call)
  local answer = table.remove(queued, 1)
  if not answer then
    T.unanswered = T.unanswered or tostring(call.prompt)
    return nil
  end
  if type(answer[1]) == "function" then return answer[1](call.items) end
  return answer[1]
end

local run = T.run
function T.run(file, tests)
  table.insert(tests, function()
    T.check("every prompt had an answer queued (not: " .. tostring(T.unanswered) .. ")", T.unanswered == nil)
  end)
  run(file, tests)
end

vim.ui.select = function(items, options, on_choice)
  local shown = {}
  for index, item in ipairs(items) do shown[index] = options.format_item and options.format_item(item) or tostring(item) end
  local answer = next_answer({ prompt = options.prompt, kind = options.kind, items = shown })
  for index, text in ipairs(shown) do
    if answer ~= nil and text:find(answer, 1, true) == 1 then return on_choice(items[index], index) end
  end
  if answer ~= nil then
    T.unanswered = T.unanswered or ("no item starting with '" .. answer .. "' in: " .. table.concat(shown, " | "))
  end
  on_choice(nil, nil)
end

vim.ui.input = function(options, on_confirm)
  on_confirm(next_answer({ prompt = options.prompt, default = options.default, kind = "input" }))
end

-- The last prompt shown.
function T.last_asked()
  return T.asked[#T.asked] or {}
end

-- Writes `lines` into the compose buffer (the current window's) and sends it with :w.
function T.compose(lines)
  T.check("a compose buffer is open (markdown, in a split)", vim.bo.filetype == "markdown"
    and vim.api.nvim_buf_get_name(0):find("navshell://compose/", 1, true) ~= nil)
  vim.api.nvim_buf_set_lines(0, 0, -1, false, lines)
  vim.cmd("write")
end
