-- Row actions (docs/protocol.md, "Actions"): the menu `a` opens, the input and confirmation an
-- action asks for, and what its result does. Generic: navhost lists each action with its title,
-- key hint and fields, so any action of any screen (a plugin's too) works here unchanged; only
-- the read-only results have a meaning of their own (a `url` to open, a `text` to copy).
--
-- A target is { session, screen, ids, label }: the rows acted on (their ids; none for the
-- screen's own item, the repository of a repository screen) and how to name them.
local browser = require("navshell.browser")
local fit = require("navshell.fit")
local inputs = require("navshell.inputs")
local messages = require("navshell.messages")
local outcome = require("navshell.outcome")
local Session = require("navshell.session")

local M = {}

local ACTION_FAILED = -32016

-- A row's title as a prompt names it: on one line, a long one (a paragraph) cut.
local function name_of(row)
  return fit.right((tostring(row.title):gsub("%s+", " ")), 48)
end

-- The target on `screen`: its marked rows, else `row` (the row under the cursor), else the
-- screen's own item.
function M.target(session, screen, row)
  local ids, label = screen:marked_ids(), screen.title
  if #ids == 1 then
    label = name_of(screen.rows[screen:index_of(ids[1])])
  elseif #ids > 1 then
    label = #ids .. " marked rows"
  elseif row then
    ids, label = { row.id }, name_of(row)
  end
  return { session = session, screen = screen, ids = ids, label = label }
end

-- Asks for the actions of the target's rows and of the screen's own item, and calls
-- on_lists(rows, own) once both answered ({} for a list that could not be read, or for rows
-- when there are none). A screen with no item of its own offers nothing for it. A row of a long
-- list whose window the worker no longer keeps is read again (Session.about_rows).
local function lists(target, on_lists)
  local answers, waiting = {}, 0
  local session, screen = target.session, target.screen
  local function ask(key, row_ids)
    waiting = waiting + 1
    local function answered(result)
      answers[key] = type(result) == "table" and result.actions or {}
      waiting = waiting - 1
      if waiting == 0 then on_lists(answers.rows or {}, answers.own or {}) end
    end
    local sent = Session.about_rows(session, screen, row_ids or {}, function(on_error)
      return session:request("screen/actions", { screen = screen.id, rowIds = row_ids }, answered, on_error)
    end, function() answered(nil) end)
    if not sent then waiting = waiting - 1 end
  end
  if #target.ids > 100 then return messages.warn("at most 100 rows can be acted on at once: unmark some") end
  if #target.ids > 0 then ask("rows", target.ids) end
  ask("own", nil)
end

-- What the menu shows for an action: its title and key hint, whose it is when it is the
-- screen's own, and why it cannot be performed when it is disabled.
function M.label(action, own_of)
  local text = tostring(action.title or action.id)
  if action.key then text = text .. "  [" .. action.key .. "]" end
  if own_of then text = text .. "  · " .. own_of end
  if type(action.disabled) == "table" then text = text .. "  (not now: " .. tostring(action.disabled.reason) .. ")" end
  return text
end

local perform

-- The target of the screen's own item.
local function own(target)
  if #target.ids == 0 then return target end
  return { session = target.session, screen = target.screen, ids = {}, label = target.screen.title }
end

-- Runs `action` on the target: first the fields it asks for (every one when `ask_all`, else
-- only those navhost says are missing), then screen/perform.
function M.run(target, action, input, ask_all)
  if type(action.disabled) == "table" then
    return messages.warn(outcome.name(action) .. " cannot be done now: " .. tostring(action.disabled.reason))
  end
  local fields = ask_all and action.input or {}
  inputs.ask(fields, input, outcome.context(action, target), function(filled)
    perform(target, action, filled)
  end)
end

-- The menu of `a`: the rows' actions, then the screen's own, in navhost's order.
function M.menu(target)
  lists(target, function(row_actions, own_actions)
    local items = {}
    for _, action in ipairs(row_actions) do table.insert(items, { action = action, target = target }) end
    for _, action in ipairs(own_actions) do table.insert(items, { action = action, target = own(target), own = true }) end
    if #items == 0 then return messages.say(target.label .. " offers no actions") end
    local own_of = #target.ids > 0 and target.screen.title or nil
    vim.ui.select(items, {
      prompt = "Actions on " .. target.label, kind = "navshell_action",
      format_item = function(item) return M.label(item.action, item.own and own_of or nil) end,
    }, function(item)
      if item then M.run(item.target, item.action, {}, true) end
    end)
  end)
end

-- Performs the action named `action_id` on the target: the rows', else the screen's own.
-- `input` given: sent as it is (navhost asks for what is missing); nil: every field is asked.
function M.act(target, action_id, input)
  lists(target, function(row_actions, own_actions)
    for _, list in ipairs({ { row_actions, target }, { own_actions, own(target) } }) do
      for _, action in ipairs(list[1]) do
        if action.id == action_id then return M.run(list[2], action, input or {}, input == nil) end
      end
    end
    local offered = {}
    for _, action in ipairs(vim.list_extend(vim.list_extend({}, row_actions), own_actions)) do
      table.insert(offered, action.id)
    end
    messages.warn(target.label .. " offers no action '" .. tostring(action_id) .. "'"
      .. (#offered > 0 and ("; it offers " .. table.concat(offered, ", ")) or ""))
  end)
end

-- What a performed action's result does: a link opened, text copied, the outcome said, and
-- the marks cleared (they were for this action).
local function done(target, action, result)
  for _, entry in ipairs(result.results or {}) do
    if entry.status == "done" and entry.url then browser.open(entry.url) end
    if entry.status == "done" and entry.text then browser.copy(entry.text) end
  end
  target.screen:clear_marks()
  target.session:changed()
  if action.readOnly then return end
  local summary, complete = outcome.summary(action, target, result.results or {})
  messages.say(summary, not complete and vim.log.levels.WARN or nil)
end

-- A failed action (-32016): its reason and what to do said; a text the user wrote comes back
-- in its compose buffer, to send again.
local function failed(target, action, input, err)
  local level = outcome.partly_done(err) and vim.log.levels.WARN or vim.log.levels.ERROR
  messages.say(outcome.failure(action, err), level)
  local texts, rest = {}, vim.deepcopy(input)
  local sent = type(err.data) == "table" and type(err.data.input) == "table" and err.data.input or input
  for _, field in ipairs(action.input or {}) do
    if field.type == "text" and type(sent[field.name]) == "string" then
      texts[#texts + 1], rest[field.name] = field, nil
    end
  end
  if #texts == 0 then return end
  inputs.ask(texts, rest, outcome.context(action, target), function(filled)
    perform(target, action, filled)
  end, sent)
end

-- What screen/perform answered: the fields it still needs asked for, its confirmation asked,
-- or its outcome shown.
local function performed(target, action, input, result)
  if result.status == "inputRequired" then
    local given = vim.tbl_extend("force", type(result.input) == "table" and result.input or {}, input)
    return inputs.ask(result.fields or {}, given, outcome.context(action, target), function(filled)
      perform(target, action, filled)
    end)
  elseif result.status == "confirm" then
    return vim.ui.select({ "No", "Yes" }, {
      prompt = tostring(result.message or (outcome.name(action) .. "?")), kind = "navshell_confirm",
    }, function(choice)
      if choice == "Yes" then perform(target, action, input, result.confirm) end
    end)
  elseif result.status ~= "done" then
    return messages.warn(outcome.name(action) .. ": navhost answered status '" .. tostring(result.status) .. "'")
  end
  done(target, action, result)
end

-- Sends screen/perform; a row of a long list whose window the worker no longer keeps is read
-- again first (Session.about_rows: navhost did nothing then).
function perform(target, action, input, confirm)
  local params = { screen = target.screen.id, action = action.id, confirm = confirm }
  if #target.ids > 0 then params.rowIds = target.ids end
  if next(input) then params.input = input end
  Session.about_rows(target.session, target.screen, target.ids, function(on_error)
    return target.session:request("screen/perform", params, function(result)
      performed(target, action, input, result)
    end, on_error)
  end, function(err)
    if err.code ~= ACTION_FAILED then return false end
    failed(target, action, input, err)
    return true
  end)
end

return M
