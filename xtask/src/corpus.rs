//! `cargo xtask corpus`: writes the large PGN of random games the record benches read, made by
//! our own engine, so a file of the same bytes can be fed to other tools; with `--annotated`, the
//! same games shaped like a lichess export (tags, clocks and evaluations).

use std::path::PathBuf;

use crate::util::{self, Result};

/// Arguments of `cargo xtask corpus`.
#[derive(Debug, clap::Args)]
pub(crate) struct Args {
    /// Folder to write `random-games.pgn` into (default `target/corpus/`).
    dir: Option<PathBuf>,
    /// How many games.
    #[arg(long, default_value_t = 20_000)]
    games: usize,
    /// The seed of the random play (the benches use the default).
    #[arg(long, default_value_t = 0x0005_ca1e_5eed)]
    seed: u64,
    /// Write `annotated-games.pgn` instead, shaped like a lichess export: 17 tags a game and a
    /// `%clk` comment after every move, `%eval` in every fourth game
    /// (`benches::sample_pgn_annotated`), where reading costs most per move.
    #[arg(long)]
    annotated: bool,
}

pub(crate) fn run(args: &Args) -> Result {
    let dir = args
        .dir
        .clone()
        .unwrap_or_else(|| util::root().join("target/corpus"));
    std::fs::create_dir_all(&dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    let (pgn, moves, name) = if args.annotated {
        let (pgn, moves) = benches::sample_pgn_annotated(args.games, args.seed);
        (pgn, moves, "annotated-games.pgn")
    } else {
        let (pgn, moves) = benches::sample_pgn(args.games, args.seed);
        (pgn, moves, "random-games.pgn")
    };
    let path = dir.join(name);
    std::fs::write(&path, &pgn).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    println!(
        "{}: {} games, {moves} moves, {:.1} MB",
        path.display(),
        args.games,
        pgn.len() as f64 / 1e6
    );
    Ok(())
}
