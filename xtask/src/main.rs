//! Project tasks, run as `cargo xtask TASK` (the alias is in `.cargo/config.toml`).
//!
//! One module per task; each calls cargo through [`std::process::Command`]. Checks that can be
//! plain tests are `#[test]`s too, so `cargo test --workspace` enforces them.

mod bench;
mod books;
mod ci;
mod compressed;
mod convert;
mod cores;
mod corpus;
mod dist_bench;
mod draughts_anchor;
mod fuzz;
mod memory;
mod perft_corpus;
mod pinned;
mod util;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// Project tasks of scoresheet.
#[derive(Debug, Parser)]
#[command(name = "cargo xtask")]
struct Cli {
    #[command(subcommand)]
    task: Task,
}

#[derive(Debug, Subcommand)]
enum Task {
    /// Run the divan benches and print our speed against the anchor's, benchmark by benchmark.
    Bench(bench::Args),
    /// Run the ignored perft tests of chess-rules over the whole perft corpus.
    PerftCorpus(perft_corpus::Args),
    /// Run the fuzz targets for a bounded time each (installs cargo-fuzz and nightly if missing).
    Fuzz(fuzz::Args),
    /// Time `scoresheet check` on a zstd and a gzip PGN against the same PGN uncompressed.
    Compressed(compressed::Args),
    /// Time `check`, `convert --to fr` and `fmt --check` pinned to one core and to two.
    Cores(cores::Args),
    /// Run what `.ci/run` runs: fmt, clippy, tests, bench smoke tests, memory, bounded fuzzing.
    Ci(ci::Args),
    /// Import every book of a folder; per book: games, moves, repairs, lines not read, time.
    Books(books::Args),
    /// Convert a folder tree of game records into another, with a summary.
    Convert(convert::Args),
    /// Write the large random-games PGN the record benches read.
    Corpus(corpus::Args),
    /// Read one file on a Dask cluster of 1, 2, ... workers against the CLI on one core.
    DistBench(dist_bench::Args),
    /// Time our draughts perft beside dame-rs on the same positions.
    DraughtsAnchor(draughts_anchor::Args),
    /// Convert and check a large PGN (1 GiB) and a small one; fail if peak memory grows.
    Memory(memory::Args),
    /// Time `scoresheet check` pinned to one core against pgn-reader + shakmaty on a file.
    Pinned(pinned::Args),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.task {
        Task::Bench(args) => bench::run(&args),
        Task::PerftCorpus(args) => perft_corpus::run(&args),
        Task::Fuzz(args) => fuzz::run(&args),
        Task::Ci(args) => ci::run(&args),
        Task::Compressed(args) => compressed::run(&args),
        Task::Cores(args) => cores::run(&args),
        Task::Books(args) => books::run(&args),
        Task::Convert(args) => convert::run(&args),
        Task::Corpus(args) => corpus::run(&args),
        Task::DraughtsAnchor(args) => draughts_anchor::run(&args),
        Task::DistBench(args) => dist_bench::run(&args),
        Task::Memory(args) => memory::run(&args),
        Task::Pinned(args) => pinned::run(&args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("xtask: {err}");
            ExitCode::FAILURE
        }
    }
}
