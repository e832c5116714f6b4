-- The command line: the search prompt as the editor's own prompt asks it (answers typed ahead,
-- read when the prompt opens), and the messages the plugin leaves in the message area.
local navshell = require("navshell")
local navhost = os.getenv("NAVSHELL_NAVHOST")

local function title_line() return vim.api.nvim_buf_get_lines(0, 0, 1, false)[1] end

-- Runs :NavShellSearch without text and answers its prompt with `keys`, typed.
local function answer_search_prompt(keys)
  T.type_ahead(keys)
  vim.cmd("NavShellSearch")
end

-- An empty answer clears the query, Esc keeps it, on every supported Neovim (0.7's own
-- vim.ui.input turns an empty answer into nil, as it does Esc).
local function test_empty_answer_clears()
  navshell.setup({ cmd = navhost })
  vim.cmd("NavShell")
  T.wait_for_text("POPULAR")
  vim.cmd("NavShellSearch defunkt")
  T.wait_for_text("USERS MATCHING 'DEFUNKT'")
  answer_search_prompt("<Esc>")
  T.wait("the prompt read the answer", function() return vim.fn.getchar(1) == 0 end)
  vim.cmd("NavShellReload")
  T.wait("Esc at the prompt keeps the query", function()
    return not navshell.state():top().fetching and T.text():find("USERS MATCHING 'DEFUNKT'", 1, true) ~= nil
  end)
  answer_search_prompt("<C-u><CR>")
  T.wait("an empty answer clears the query: the popular users are back", function()
    return T.text():find("POPULAR", 1, true) ~= nil and not T.text():find("DEFUNKT", 1, true)
  end)
end

-- Opens a deep link to mojombo's repositories and goes back to the users it left filtered.
local function back_from_a_deep_link()
  vim.cmd("NavShell users/mojombo/repositories")
  T.wait("the deep link opens", function() return title_line() == "Users › mojombo's repositories" end)
  vim.cmd("NavShellBack")
  T.wait_for_text("USERS MATCHING 'MOJOMBO'")
end

-- The prompt starts with the screen's query, one a deep link set too.
local function test_prompt_starts_with_the_query()
  back_from_a_deep_link()
  -- Typed at the end of what the prompt starts with.
  answer_search_prompt("x<CR>")
  T.wait("the prompt started with the deep link's query", function()
    return T.text():find("USERS MATCHING 'MOJOMBOX'", 1, true) ~= nil
  end)
end

-- The query a deep link leaves on the screens under it can be cleared from the prompt.
local function test_deep_link_query_clears()
  back_from_a_deep_link()
  answer_search_prompt("<C-u><CR>")
  T.wait("the deep link's query is cleared: every popular user shows again", function()
    return T.text():find("POPULAR", 1, true) ~= nil and T.text():find("\n  torvalds", 1, true) ~= nil
  end)
end

-- The prompt and the plugin's messages do not stay in the command line once the user moved on.
local function test_no_stale_messages()
  vim.cmd("NavShell users")
  T.wait_for_text("POPULAR")
  T.show_notices = true
  answer_search_prompt("tor<CR>")
  T.wait_for_text("USERS MATCHING 'TOR'")
  T.check("the prompt is gone once answered: " .. T.message_area(), not T.message_area():find("Search Users", 1, true))
  T.put_cursor_on("  torvalds")
  T.feed("<CR>")
  T.wait("torvalds opens", function() return title_line() == "Users › torvalds's repositories" end)
  T.check("nor is it back after navigating: " .. T.message_area(), not T.message_area():find("Search Users", 1, true))

  vim.cmd("NavShell users/mojombo/repositories/grit")
  T.wait_for_text("Language  —  Ruby")
  for _, title in ipairs({ "Stars", "Language" }) do
    local before = #T.notices
    T.put_cursor_on("  " .. title .. "  —")
    T.feed("<CR>")
    local said = "navshell: '" .. title .. "' opens nothing"
    T.wait("<CR> on " .. title .. " says it opens nothing", function() return T.message_area() == said end)
    T.check("once", #T.notices == before + 1)
  end
  T.put_cursor_on("  Owner  —")
  T.feed("<CR>")
  T.wait("Owner opens a screen", function() return vim.endswith(title_line(), "mojombo/grit › mojombo's repositories") end)
  T.check("the message about the screen left is gone: " .. T.message_area(), T.message_area() == "")

  vim.cmd("NavShell users")
  T.wait("back on the root", function() return title_line() == "Users" end)
  T.feed("<BS>")
  T.wait("popping the root is refused, and the user told", function()
    return T.message_area() == "navshell: cannot pop the root screen"
  end)
  T.feed("q")
  T.check("q leaves no message of the closed browser: " .. T.message_area(), T.message_area() == "")
  T.show_notices = false
end

T.run("cmdline_test.lua", { test_empty_answer_clears, test_prompt_starts_with_the_query, test_deep_link_query_clears, test_no_stale_messages })
