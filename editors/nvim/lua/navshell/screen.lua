-- What the plugin knows of one screen on navhost's stack: its sections, the rows read so far
-- (always from the start of the list, in order), the revision they belong to, and the cursor
-- the user left on it. No editor or RPC calls here: the session reads rows into it and the view
-- draws it.
local Screen = {}
Screen.__index = Screen

function Screen.new(info)
  return setmetatable({
    id = info.id,
    kind = info.kind,
    title = info.title,
    revision = nil, -- nil until the first rows arrive
    sections = {},
    rows = {},
    wanted = 0, -- rows the cursor needs read
    epoch = 0, -- bumped when the rows must be read again; older answers are dropped
    fetching = false,
    awaiting_select = false, -- pushed by a selection whose answer brings the first rows
    needs_reload = false,
    failed = nil, -- why the last read failed
    notice = nil, -- a crash being recovered from
    cursor = nil, -- { row_id, offset } where the user left it
    lost_row = nil, -- the cursor's row while the rows are read again after navhost's reset
    marked = {}, -- row id -> true for the rows the user marked; a new table on each change
  }, Screen)
end

-- Rows readable now over every section.
function Screen:total()
  local total = 0
  for _, section in ipairs(self.sections) do total = total + (section.count or 0) end
  return total
end

-- A section whose next page is not loaded yet, and its state (nil, "loading" or "failed").
function Screen:more_pages()
  for _, section in ipairs(self.sections) do
    if section.hasMore then return true, section.state end
  end
  return false, nil
end

function Screen:index_of(row_id)
  for index, row in ipairs(self.rows) do
    if row.id == row_id then return index end
  end
  return nil
end

-- Marks or unmarks the row `row_id`.
function Screen:toggle_mark(row_id)
  local marked = vim.deepcopy(self.marked)
  marked[row_id] = not marked[row_id] or nil
  self.marked = marked
end

function Screen:clear_marks()
  if next(self.marked) then self.marked = {} end
end

-- The ids of the marked rows that are loaded, in the list's order.
function Screen:marked_ids()
  local ids = {}
  if not next(self.marked) then return ids end
  for _, row in ipairs(self.rows) do
    if self.marked[row.id] then ids[#ids + 1] = row.id end
  end
  return ids
end

-- The rows must be read again from the start (a reset, or changes other than rows appended);
-- the old rows stay shown until the new ones arrive.
function Screen:invalidate()
  self.epoch = self.epoch + 1
  self.fetching = false
  self.needs_reload = true
end

-- The next window to read, as { offset, limit }, or nil when nothing needs reading.
function Screen:next_window(page_size)
  if self.fetching or self.awaiting_select then return nil end
  if self.needs_reload or self.revision == nil then
    return { offset = 0, limit = math.min(1000, math.max(#self.rows, self.wanted, page_size)) }
  end
  local loaded = #self.rows
  if loaded < self.wanted and loaded < self:total() then
    return { offset = loaded, limit = math.min(1000, math.max(page_size, self.wanted - loaded)) }
  end
  return nil
end

-- Applies the answer to a read of `window`; returns false when its rows could not be used (of
-- another revision, read past rows that changed): then the rows are read again from the start.
function Screen:apply_rows(result, window)
  -- Rows of the revision before appended rows came are still good.
  local other_revision = self.revision ~= nil and result.revision ~= self.revision
    and result.revision ~= self.appended_to
  self.revision = result.revision
  self.sections = result.sections or {}
  if window.offset == 0 then
    self.rows = {}
    self.needs_reload = false
  elseif other_revision or window.offset ~= #self.rows then
    self.needs_reload = true
    return false
  end
  for _, row in ipairs(result.rows or {}) do table.insert(self.rows, row) end
  -- Nothing came where rows were expected: stop asking until something changes.
  if #(result.rows or {}) == 0 then self.wanted = #self.rows end
  return true
end

local function only_appends(changes, loaded)
  if #(changes.removed or {}) > 0 or #(changes.moved or {}) > 0 or #(changes.reconfigured or {}) > 0 then
    return false
  end
  for _, inserted in ipairs(changes.inserted or {}) do
    if inserted.index < loaded then return false end
  end
  return true
end

-- Applies a screen/didUpdate; returns "reload" when the rows must be read again. Until they
-- are, the old rows stay shown with their own sections.
function Screen:apply_update(update)
  local new_revision = update.revision ~= self.revision
  local appended = new_revision and update.changes and only_appends(update.changes, #self.rows)
  if update.reset or (new_revision and not appended) then
    -- A reset comes from a restarted or woken worker: what was read may be gone with the old one.
    if update.reset then self.notice = nil end
    -- navhost's own reset (a restart, a wake, the failed state) has no `loading`; a query's has.
    if update.reset and update.loading == nil and self.cursor then self.lost_row = self.cursor.row_id end
    self.revision = update.revision
    self.appended_to = nil
    self:invalidate()
    return "reload"
  end
  if update.sections then self.sections = update.sections end
  if appended then
    self.appended_to = self.revision
    self.revision = update.revision
  end
  return nil
end

return Screen
