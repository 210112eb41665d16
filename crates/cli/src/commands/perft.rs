//! `scoresheet perft`: node counts of the legal move tree, optionally split by first move.

use std::io::Write;
use std::time::Instant;

use chess_rules::{Position, perft, perft_divide};
use serde::Serialize;

use board_core::Notation;
use notation_manoury::Manoury;

use crate::{Error, Game, OutputFormat, PerftArgs};

#[derive(Serialize)]
struct Report {
    fen: String,
    depth: u32,
    nodes: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    divide: Option<Vec<DivideEntry>>,
}

#[derive(Serialize)]
struct DivideEntry {
    #[serde(rename = "move")]
    mv: String,
    nodes: u64,
}

pub(crate) fn run(args: &PerftArgs) -> Result<(), Error> {
    let start = Instant::now();
    let (fen, nodes, divide) = match args.game {
        Game::Chess => {
            let position = match &args.fen {
                // A FEN on the command line is part of the usage: a bad one is a usage error.
                Some(fen) => fen
                    .parse::<Position>()
                    .map_err(|err| Error::Usage(format!("--fen: {err}")))?,
                None => Position::new(),
            };
            let split: Option<Vec<DivideEntry>> = args.divide.then(|| {
                perft_divide(&position, args.depth)
                    .into_iter()
                    .map(|(mv, nodes)| DivideEntry {
                        mv: mv.to_string(),
                        nodes,
                    })
                    .collect()
            });
            let nodes = if split.is_some() {
                0
            } else {
                perft(&position, args.depth)
            };
            (position.to_fen(), nodes, split)
        }
        Game::Draughts => {
            let position = match &args.fen {
                Some(fen) => draughts_rules::Position::from_fen(fen)
                    .map_err(|err| Error::Usage(format!("--fen: {err}")))?,
                None => draughts_rules::Position::new(),
            };
            let split: Option<Vec<DivideEntry>> = args.divide.then(|| {
                draughts_rules::perft_divide(&position, args.depth)
                    .into_iter()
                    .map(|(mv, nodes)| DivideEntry {
                        mv: Manoury.to_text(&position, &mv),
                        nodes,
                    })
                    .collect()
            });
            let nodes = if split.is_some() {
                0
            } else {
                draughts_rules::perft(&position, args.depth)
            };
            (position.to_fen(), nodes, split)
        }
    };
    let (nodes, divide) = match divide {
        Some(mut split) => {
            split.sort_by(|a: &DivideEntry, b| a.mv.cmp(&b.mv));
            let total = if args.depth == 0 {
                1
            } else {
                split.iter().map(|e| e.nodes).sum()
            };
            (total, Some(split))
        }
        None => (nodes, None),
    };
    let elapsed = start.elapsed();

    let mut out = std::io::stdout().lock();
    match args.format {
        OutputFormat::Text => {
            if let Some(split) = &divide {
                for entry in split {
                    writeln!(out, "{}: {}", entry.mv, entry.nodes)?;
                }
                writeln!(out)?;
            }
            writeln!(out, "{nodes}")?;
        }
        OutputFormat::Json => {
            let report = Report {
                fen,
                depth: args.depth,
                nodes,
                divide,
            };
            serde_json::to_writer(&mut out, &report).map_err(std::io::Error::from)?;
            writeln!(out)?;
        }
    }
    out.flush()?;

    let secs = elapsed.as_secs_f64();
    let rate = if secs > 0.0 { nodes as f64 / secs } else { 0.0 };
    let _ = writeln!(
        crate::output::Stderr,
        "perft {}: {nodes} nodes in {:.3} s ({:.0} nodes/s)",
        args.depth,
        secs,
        rate
    );
    Ok(())
}
