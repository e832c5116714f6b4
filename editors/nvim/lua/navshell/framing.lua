-- The LSP base protocol's framing, which navhost speaks when its input starts with a
-- "Content-" header: "Content-Length: N\r\n\r\n" then N bytes of UTF-8 JSON.
local M = {}

function M.encode(body)
  return "Content-Length: " .. #body .. "\r\n\r\n" .. body
end

-- A parser fed chunks as they arrive; feed() returns the complete bodies in order. The bytes
-- are copied once per feed, not once per message: the messages of a chunk are cut out by
-- position, and the chunks of a long message wait in a list until all of it is in.
function M.new_parser()
  local buffer = ""
  local waiting, waiting_bytes = {}, 0 -- chunks not joined to the buffer yet
  local needed = 0 -- bytes the buffer must hold before its next message can be complete
  local parser = {}

  function parser.feed(chunk)
    waiting[#waiting + 1] = chunk
    waiting_bytes = waiting_bytes + #chunk
    if #buffer + waiting_bytes < needed then return {} end
    buffer = buffer .. table.concat(waiting)
    waiting, waiting_bytes, needed = {}, 0, 0
    local bodies, position = {}, 1
    while true do
      local header_end = buffer:find("\r\n\r\n", position, true)
      if not header_end then break end
      local header = buffer:sub(position, header_end - 1)
      local length = tonumber(header:match("[Cc]ontent%-[Ll]ength:%s*(%d+)"))
      if not length then
        error("navshell: navhost sent a header without Content-Length: " .. header)
      end
      local body_end = header_end + 4 + length - 1
      if #buffer < body_end then
        needed = body_end - position + 1
        break
      end
      table.insert(bodies, buffer:sub(header_end + 4, body_end))
      position = body_end + 1
    end
    buffer = buffer:sub(position)
    return bodies
  end

  return parser
end

return M
