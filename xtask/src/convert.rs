//! `cargo xtask convert`: mirrors a folder tree of game records, converting every file with the
//! `scoresheet` command line, and sums up what happened.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use crate::util::Result;

/// Arguments of `cargo xtask convert`.
#[derive(Debug, clap::Args)]
pub(crate) struct Args {
    /// The game of the records.
    #[arg(long, default_value = "chess")]
    game: String,
    /// The notation of the sources (detected per file when absent).
    #[arg(long)]
    from: Option<String>,
    /// The notation to write.
    #[arg(long)]
    to: String,
    /// The folder tree to read (`.pgn` and `.pdn` files).
    src: PathBuf,
    /// Where the converted tree goes; created as needed.
    dst: PathBuf,
}

pub(crate) fn run(args: &Args) -> Result {
    let start = Instant::now();
    let mut files = Vec::new();
    walk(&args.src, &mut files)?;
    files.sort();
    let mut failed = Vec::new();
    for file in &files {
        let relative = file.strip_prefix(&args.src).unwrap_or(file);
        let target = args.dst.join(relative);
        if let Some(parent) = target.parent() {
            std::fs::create_dir_all(parent)
                .map_err(|e| format!("cannot create {}: {e}", parent.display()))?;
        }
        let mut argv: Vec<String> = vec![
            "scoresheet".into(),
            "convert".into(),
            "--quiet".into(),
            "--game".into(),
            args.game.clone(),
            "--to".into(),
            args.to.clone(),
            "-o".into(),
            target.display().to_string(),
        ];
        if let Some(from) = &args.from {
            argv.extend(["--from".into(), from.clone()]);
        }
        argv.push(file.display().to_string());
        if scoresheet::run(argv) != ExitCode::SUCCESS {
            failed.push(relative.display().to_string());
        }
    }
    println!(
        "converted {} files in {:.1} s; {} with errors{}",
        files.len(),
        start.elapsed().as_secs_f64(),
        failed.len(),
        if failed.is_empty() {
            String::new()
        } else {
            format!(": {}", failed.join(", "))
        }
    );
    if failed.is_empty() {
        Ok(())
    } else {
        Err(format!("{} files had games with errors", failed.len()))
    }
}

fn walk(dir: &Path, files: &mut Vec<PathBuf>) -> Result {
    let entries =
        std::fs::read_dir(dir).map_err(|e| format!("cannot read {}: {e}", dir.display()))?;
    for entry in entries {
        let path = entry.map_err(|e| e.to_string())?.path();
        if path.is_dir() {
            walk(&path, files)?;
        } else if path
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("pgn") || e.eq_ignore_ascii_case("pdn"))
        {
            files.push(path);
        }
    }
    Ok(())
}
