//! Zed runs `apilint lsp --stdio` for YAML and JSON files: the binary from the `lsp.apilint.binary`
//! settings if given, else `apilint` on the PATH. Settings under `lsp.apilint.initialization_options`
//! (allowRemote, debounceMs) reach the server as its initialization options.
use zed_extension_api::{self as zed, settings::LspSettings, LanguageServerId, Result};

struct Apilint;

impl zed::Extension for Apilint {
    fn new() -> Self {
        Apilint
    }

    fn language_server_command(&mut self, id: &LanguageServerId, worktree: &zed::Worktree) -> Result<zed::Command> {
        let binary = LspSettings::for_worktree(id.as_ref(), worktree).ok().and_then(|settings| settings.binary);
        let command = binary
            .as_ref()
            .and_then(|b| b.path.clone())
            .or_else(|| worktree.which("apilint"))
            .ok_or("apilint is not on the PATH: npm install --global @apilint/cli, or set lsp.apilint.binary.path")?;
        let args = binary.and_then(|b| b.arguments).unwrap_or_else(|| vec!["lsp".into(), "--stdio".into()]);
        Ok(zed::Command { command, args, env: Default::default() })
    }

    fn language_server_initialization_options(&mut self, id: &LanguageServerId, worktree: &zed::Worktree) -> Result<Option<zed::serde_json::Value>> {
        Ok(LspSettings::for_worktree(id.as_ref(), worktree).ok().and_then(|settings| settings.initialization_options))
    }
}

zed::register_extension!(Apilint);
