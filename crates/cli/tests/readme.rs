//! The commands the README shows, run as written from the checkout: each must succeed, so the
//! five lines a user copies keep working.

mod common;

use common::{text, workspace};

#[test]
fn every_command_of_the_readme_succeeds() {
    let readme = include_str!("../README.md");
    let commands: Vec<String> = testkit::markdown::blocks_of(readme, "sh")
        .iter()
        .flat_map(|block| block.lines().map(str::to_owned).collect::<Vec<_>>())
        .filter(|line| line.starts_with("scoresheet "))
        .collect();
    assert_eq!(commands.len(), 5, "{commands:?}");
    // `-o` writes beside the checkout's files; a scratch folder keeps them out of the tree.
    let scratch = std::env::temp_dir().join(format!("scoresheet-readme-{}", std::process::id()));
    std::fs::create_dir_all(&scratch).unwrap();
    for command in &commands {
        let args: Vec<String> = command
            .split_whitespace()
            .skip(1)
            .map(|arg| {
                if arg.starts_with("corpus/") {
                    workspace().join(arg).to_string_lossy().into_owned()
                } else {
                    arg.to_owned()
                }
            })
            .collect();
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let out = common::run(&scratch, &args, None);
        assert!(
            out.status.success(),
            "{command}: {:?}\n{}",
            out.status.code(),
            text(&out.stderr)
        );
        assert!(
            !out.stdout.is_empty() || command.contains(" -o "),
            "{command}: nothing written"
        );
    }
    assert!(scratch.join("sheet.svg").is_file());
    std::fs::remove_dir_all(&scratch).unwrap();
}
