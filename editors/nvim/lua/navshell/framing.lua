-- The LSP base protocol's framing, which navhost speaks when its input starts with a
-- "Content-" header: "Content-Length: N\r\n\r\n" then N bytes of UTF-8 JSON.
local M = {}

function M.encode(body)
  return "Content-Length: " .. #body .. "\r\n\r\n" .. body
end

-- A parser fed chunks as they arrive; feed() returns the complete bodies in order.
function M.new_parser()
  local buffer = ""
  local parser = {}

  function parser.feed(chunk)
    buffer = buffer .. chunk
    local bodies = {}
    while true do
      local header_end = buffer:find("\r\n\r\n", 1, true)
      if not header_end then break end
      local header = buffer:sub(1, header_end - 1)
      local length = tonumber(header:match("[Cc]ontent%-[Ll]ength:%s*(%d+)"))
      if not length then
        error("navshell: navhost sent a header without Content-Length: " .. header)
      end
      local body_start = header_end + 4
      if #buffer < body_start + length - 1 then break end
      table.insert(bodies, buffer:sub(body_start, body_start + length - 1))
      buffer = buffer:sub(body_start + length)
    end
    return bodies
  end

  return parser
end

return M
