-- What the user is told about an action: what it is being done to, how it went, and, when it
-- failed, why and what to do (the `reason` of a -32016 error, docs/protocol.md "Failures").
local M = {}

-- The action's title without a trailing "…" (Comment… → Comment).
function M.name(action)
  return (tostring(action.title or action.id):gsub("…$", ""):gsub("%.%.%.$", ""))
end

-- "Comment on #3 Widget leaks": what a prompt or a compose buffer is for.
function M.context(action, target)
  return M.name(action) .. " on " .. target.label
end

-- What to do about each reason a failed action gives.
local ADVICE = {
  forbidden = "your account may not do this here",
  notFound = "it is gone: R reloads the screen",
  conflict = "it changed since you looked: R reloads the screen, then try again",
  validation = function(data)
    return "check " .. (data.field and ("'" .. tostring(data.field) .. "'") or "what you entered") .. " and try again"
  end,
  rateLimited = function(data)
    return data.retryAfter and ("try again in " .. tostring(data.retryAfter) .. " s") or "wait a while and try again"
  end,
  gone = "GitHub no longer offers this here",
  notAllowed = "GitHub does not allow this now",
  readOnlySource = "this source cannot write",
  writesDisabled = "writes are off: start navhost with --allow-writes (setup({ args = { …, \"--allow-writes\" } }))",
  staleConfirmation = "choose the action again to confirm it as it is now",
  unavailable = "try again later",
}

local function without_stop(text)
  return (tostring(text or ""):gsub("%.$", ""))
end

-- "Comment failed (forbidden): <navhost's message>; your account may not do this here".
function M.failure(action, err)
  local data = type(err.data) == "table" and err.data or {}
  local reason = data.reason or "failed"
  local advice = ADVICE[reason]
  if type(advice) == "function" then advice = advice(data) end
  local text = M.name(action) .. " failed (" .. tostring(reason) .. "): " .. without_stop(err.message)
  if data.status then text = text .. " (HTTP " .. tostring(data.status) .. ")" end
  if type(data.results) == "table" and #data.results > 1 then
    local done = 0
    for _, result in ipairs(data.results) do if result.status == "done" then done = done + 1 end end
    text = text .. "; done on " .. done .. " of " .. #data.results
  end
  return advice and (text .. "; " .. advice) or text
end

-- Whether a failure left some of its targets done.
function M.partly_done(err)
  for _, result in ipairs(type(err.data) == "table" and type(err.data.results) == "table" and err.data.results or {}) do
    if result.status == "done" then return true end
  end
  return false
end

-- "Star: done on mojombo/grit", or with several targets and some failed, which and why; and
-- whether it was done on every target.
function M.summary(action, target, results)
  local failures = {}
  for _, result in ipairs(results) do
    if result.status == "failed" then
      local err = type(result.error) == "table" and result.error or {}
      table.insert(failures, tostring(result.id) .. ": " .. without_stop(err.message))
    end
  end
  local text = M.name(action) .. ": done on " .. target.label
  if #failures == 0 then return text, true end
  return M.name(action) .. ": done on " .. (#results - #failures) .. " of " .. #results .. "; failed on "
    .. table.concat(failures, "; "), false
end

return M
