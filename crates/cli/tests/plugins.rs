//! Plugins found on PATH, "did you mean", `--list`, completions and the man page.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn scoresheet(args: &[&str], path: Option<&Path>) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_scoresheet"));
    cmd.args(args).current_dir(workspace());
    if let Some(dir) = path {
        cmd.env("PATH", dir);
    }
    cmd.output().unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).unwrap()
}

#[test]
fn the_example_plugin_runs_from_path_and_passes_its_exit_code() {
    let plugins = workspace().join("plugins");
    let path = std::env::join_paths([
        plugins.clone(),
        PathBuf::from("/usr/bin"),
        PathBuf::from("/bin"),
    ])
    .unwrap();
    let out = scoresheet(
        &["count", "corpus/samples/club-games.pgn"],
        Some(Path::new(&path)),
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout), "3 games, 93 half-moves\n");
    let list = scoresheet(&["--list"], Some(Path::new(&path)));
    assert!(text(&list.stdout).contains(&format!(
        "  count        {}",
        plugins.join("scoresheet-count").display()
    )));
}

#[test]
fn a_plugin_that_fails_fails_the_command() {
    let dir = std::env::temp_dir().join(format!("scoresheet-plugin-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let plugin = dir.join("scoresheet-fail");
    std::fs::write(&plugin, "#!/bin/sh\necho \"$1 $SCORESHEET\"\nexit 7\n").unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&plugin, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    let out = scoresheet(&["fail"], Some(&dir));
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(out.status.code(), Some(7));
    assert_eq!(
        text(&out.stdout).trim(),
        format!("fail {}", env!("CARGO_BIN_EXE_scoresheet"))
    );
}

#[test]
fn a_typo_gets_did_you_mean() {
    let out = scoresheet(&["chek", "x.pgn"], Some(Path::new("/nonexistent")));
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(
        err.contains("no such command: `chek`") && err.contains("did you mean `check`?"),
        "{err}"
    );
}

#[test]
fn list_names_commands_and_notations() {
    let out = scoresheet(&["--list"], Some(Path::new("/nonexistent")));
    let list = text(&out.stdout);
    for word in [
        "convert",
        "check",
        "perft",
        "import",
        "show",
        "en ",
        "fr ",
        "ru ",
        "uci",
        "figurine",
        "descriptive-fr",
        "manoury",
    ] {
        assert!(list.contains(word), "{word} missing:\n{list}");
    }
    assert!(list.contains("(none: a program named scoresheet-NAME"));
}

#[test]
fn completions_and_man_page_come_from_the_clap_definitions() {
    let bash = text(&scoresheet(&["completions", "bash"], None).stdout);
    assert!(bash.contains("_scoresheet()") && bash.contains("convert"));
    let man = text(&scoresheet(&["completions", "man"], None).stdout);
    assert!(man.starts_with(".ie") && man.contains(".TH scoresheet 1"));
    let bad = scoresheet(&["completions", "cmd"], None);
    assert_eq!(bad.status.code(), Some(2));
}
