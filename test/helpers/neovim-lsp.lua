-- Run by test/lsp-neovim.test.ts in `nvim --headless`: Neovim's own LSP client starts
-- `apilint lsp --stdio`, opens a spec, waits for its diagnostics and reads them back with
-- vim.diagnostic.get; then applies the quick fix the server offers for one of them and waits for
-- the diagnostics of the edited buffer. Writes what it saw to APILINT_OUT as JSON.
local bin, root, file, out = os.getenv('APILINT_BIN'), os.getenv('APILINT_ROOT'), os.getenv('APILINT_FILE'), os.getenv('APILINT_OUT')
local report = { log = {} }

local function finish()
  vim.fn.writefile({ vim.fn.json_encode(report) }, out)
  vim.cmd('qall!')
end

local function seen(bufnr)
  local list = {}
  for _, d in ipairs(vim.diagnostic.get(bufnr)) do
    local lsp = (d.user_data or {}).lsp or {}
    table.insert(list, {
      lnum = d.lnum, col = d.col, end_lnum = d.end_lnum, end_col = d.end_col,
      severity = d.severity, source = d.source, message = d.message,
      code = lsp.code, href = (lsp.codeDescription or {}).href,
      text = vim.inspect(d),
    })
  end
  table.sort(list, function(a, b) return a.lnum < b.lnum end)
  return list
end

local client_id = vim.lsp.start_client({
  name = 'apilint',
  cmd = { 'node', bin, 'lsp', '--stdio' },
  root_dir = root,
  init_options = { debounceMs = 0 },
  on_exit = function(code) table.insert(report.log, 'server exited with ' .. code) end,
})
vim.cmd('edit ' .. vim.fn.fnameescape(file))
local bufnr = vim.api.nvim_get_current_buf()
vim.lsp.buf_attach_client(bufnr, client_id)

if not vim.wait(60000, function() return #vim.diagnostic.get(bufnr) > 0 end, 50) then
  table.insert(report.log, 'no diagnostics within 60 s')
  return finish()
end
report.diagnostics = seen(bufnr)

-- The quick fix for the finding on the line of `total_items`, as `vim.lsp.buf.code_action()` would request it.
local target
for _, d in ipairs(vim.diagnostic.get(bufnr)) do
  if ((d.user_data or {}).lsp or {}).code == 'number-format' then target = d end
end
local params = vim.lsp.util.make_range_params()
params.range = { start = { line = target.lnum, character = target.col }, ['end'] = { line = target.end_lnum, character = target.end_col } }
params.context = { diagnostics = vim.lsp.diagnostic.get_line_diagnostics(bufnr, target.lnum) }
local responses = vim.lsp.buf_request_sync(bufnr, 'textDocument/codeAction', params, 10000) or {}
report.actions = {}
local fix
for _, response in pairs(responses) do
  for _, action in ipairs(response.result or {}) do
    table.insert(report.actions, action.title)
    if action.isPreferred then fix = action end
  end
end
if not fix then
  table.insert(report.log, 'no preferred code action')
  return finish()
end
vim.lsp.util.apply_workspace_edit(fix.edit, 'utf-16')
local fixed = vim.wait(60000, function()
  for _, d in ipairs(vim.diagnostic.get(bufnr)) do
    if ((d.user_data or {}).lsp or {}).code == 'number-format' then return false end
  end
  return true
end, 50)
if not fixed then table.insert(report.log, 'number-format still reported after the fix') end
report.after = seen(bufnr)
report.lines = vim.api.nvim_buf_get_lines(bufnr, 0, -1, false)
vim.lsp.stop_client(client_id)
finish()
