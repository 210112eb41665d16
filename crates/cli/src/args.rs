//! The command line, as clap derive types. Adding a command is one variant here and one module
//! under `commands/`.

use std::ffi::OsString;
use std::num::NonZeroUsize;
use std::path::PathBuf;

use clap::builder::PossibleValue;
use clap::{Args, CommandFactory, Parser, Subcommand, ValueEnum};

use crate::registry::{self, Registry};

/// Read, check, write and convert chess and draughts game records.
#[derive(Debug, Parser)]
#[command(name = "scoresheet", version, about, long_about = None)]
#[command(after_help = "Exit codes: 0 ok, 1 some input had errors, 2 usage error.")]
pub struct Cli {
    /// List the built-in commands, the notations known and the plugins found on PATH.
    #[arg(long)]
    pub list: bool,
    /// What to do.
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
#[non_exhaustive]
pub enum Command {
    /// Convert game records to another notation, keeping tags, comments, NAGs, variations
    /// and clock times; games with errors are reported and left out.
    Convert(ConvertArgs),
    /// Check game records: every move legal, every result consistent, every repair reported.
    Check(CheckArgs),
    /// Show a board as text or SVG: a position (FEN), a game of a record after N plies with
    /// the last move marked, or the Manoury numbering of the draughts board.
    Show(ShowArgs),
    /// Print a shell completion script (bash, zsh, fish, elvish, powershell) or the man page.
    Completions(CompletionsArgs),
    /// Any other name runs the plugin `scoresheet-NAME` from PATH, as cargo does.
    #[command(external_subcommand)]
    External(Vec<OsString>),
    /// Import the games of a book's text in descriptive notation (`P-K4`, `Kt - K B 3`) as PGN.
    Import(ImportArgs),
    /// Count the leaves of the legal move tree to DEPTH plies (tests the move generator).
    Perft(PerftArgs),
    /// A printable scoresheet (A4, SVG or HTML), filled from a game or blank for printing.
    Sheet(SheetArgs),
    /// Rewrite records in place in the canonical export form of their own notation; games
    /// with errors are kept as written.
    Fmt(FmtArgs),
    /// Export games as a table (Parquet, Arrow IPC, JSON Lines, CSV), one row per game: typed
    /// header columns, moves, clocks, evaluations, validity and provenance.
    #[cfg(feature = "export")]
    Export(ExportArgs),
}

/// The file formats `export` writes.
#[cfg(feature = "export")]
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum TableFormat {
    /// Apache Parquet, zstd-compressed, one row group per `--row-group-rows` games.
    Parquet,
    /// Arrow IPC file (Feather v2).
    Ipc,
    /// JSON Lines: one object per game.
    Jsonl,
    /// CSV with a header line; lists, maps and structs as JSON text.
    Csv,
}

/// Arguments of `scoresheet export`.
#[cfg(feature = "export")]
#[derive(Debug, Args)]
pub struct ExportArgs {
    /// The game the records are of; its help, written from the registry, says how it is told
    /// without.
    #[arg(long, value_enum)]
    pub game: Option<Game>,
    /// The notation of the input's moves; its help lists the registry's.
    #[arg(long, value_name = "NOTATION")]
    pub from: Option<String>,
    /// Notations to add as `movetext_NAME` columns, comma-separated; its help lists the
    /// registry's.
    #[arg(long, value_name = "NOTATIONS", value_delimiter = ',')]
    pub to: Vec<String>,
    /// The file format [default: told by the extension of `-o`: .parquet, .arrow/.ipc/.feather,
    /// .jsonl/.ndjson, .csv].
    #[arg(long, value_enum)]
    pub format: Option<TableFormat>,
    /// The columns to write, comma-separated, in table order [default: all].
    #[arg(long, value_name = "COLUMNS", value_delimiter = ',')]
    pub columns: Option<Vec<String>>,
    /// Games per row group (and per batch in memory): what bounds memory.
    #[arg(long, value_name = "N", default_value_t = 8192, value_parser = clap::value_parser!(u32).range(1..))]
    pub row_group_rows: u32,
    /// Write here instead of stdout (replaced at once, when everything was written).
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// Leave warnings out of the report.
    #[arg(short, long)]
    pub quiet: bool,
    /// Threads that replay games [default: the available parallelism]; the table is the same
    /// for any number.
    #[arg(short, long, value_name = "N", value_parser = clap::value_parser!(usize))]
    pub jobs: Option<usize>,
    /// Record files, plain or compressed; stdin when none or `-`.
    #[arg(value_name = "FILES")]
    pub files: Vec<PathBuf>,
}

/// Which game's rules apply.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Game {
    /// Chess (standard and Chess960).
    Chess,
    /// International draughts, 10x10 (FMJD rules).
    Draughts,
}

/// Arguments of `scoresheet perft`.
#[derive(Debug, Args)]
pub struct PerftArgs {
    /// The game whose move tree is counted.
    #[arg(long, value_enum, default_value_t = Game::Chess)]
    pub game: Game,
    /// Start from this position instead of the standard starting position.
    #[arg(long, value_name = "FEN")]
    pub fen: Option<String>,
    /// Also print the count below each legal first move.
    #[arg(long)]
    pub divide: bool,
    /// Output format.
    #[arg(long, value_enum, default_value_t = OutputFormat::Text)]
    pub format: OutputFormat,
    /// Number of plies to look ahead.
    #[arg(value_name = "DEPTH")]
    pub depth: u32,
}

/// How a command writes its result on stdout.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum OutputFormat {
    /// Lines for people; the main number alone on the last line.
    Text,
    /// JSON for programs: JSON Lines, one object a line (a diagnostic, then a summary), or one
    /// object where the command has a single answer (`perft`).
    Json,
}

/// Arguments of `scoresheet convert`.
#[derive(Debug, Args)]
pub struct ConvertArgs {
    /// The game the records are of; its help, written from the registry, says how it is told
    /// without.
    #[arg(long, value_enum)]
    pub game: Option<Game>,
    /// The notation of the input's moves; its help lists the registry's.
    #[arg(long, value_name = "NOTATION")]
    pub from: Option<String>,
    /// The notation to write; its help lists the registry's.
    #[arg(long, value_name = "NOTATION")]
    pub to: Option<String>,
    /// The house style of descriptive notation; its help lists the registry's.
    #[arg(long, value_name = "STYLE")]
    pub style: Option<String>,
    /// Write here instead of stdout.
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// Leave warnings out of the report.
    #[arg(short, long)]
    pub quiet: bool,
    /// How diagnostics are reported on stderr: text like a compiler, or one JSON object.
    #[arg(long, value_enum, default_value_t = OutputFormat::Text)]
    pub format: OutputFormat,
    /// A progress line on stderr: auto (when stderr is a terminal), always, never.
    #[arg(long, value_enum, default_value_t = Progress::Auto)]
    pub progress: Progress,
    /// Workers that read and replay games [default: the available parallelism]; the output
    /// is the same for any number.
    #[arg(short, long, value_name = "N", value_parser = clap::value_parser!(usize))]
    pub jobs: Option<usize>,
    /// Record files; stdin when none or `-`.
    #[arg(value_name = "FILES")]
    pub files: Vec<PathBuf>,
}

/// Arguments of `scoresheet check`.
#[derive(Debug, Args)]
pub struct CheckArgs {
    /// The game the records are of; its help, written from the registry, says how it is told
    /// without.
    #[arg(long, value_enum)]
    pub game: Option<Game>,
    /// The notation of the input's moves; its help lists the registry's.
    #[arg(long, value_name = "NOTATION")]
    pub from: Option<String>,
    /// Leave warnings out of the report.
    #[arg(short, long)]
    pub quiet: bool,
    /// Output format: diagnostics on stderr and a summary line, or one JSON object on stdout.
    #[arg(long, value_enum, default_value_t = OutputFormat::Text)]
    pub format: OutputFormat,
    /// A progress line on stderr: auto (when stderr is a terminal), always, never.
    #[arg(long, value_enum, default_value_t = Progress::Auto)]
    pub progress: Progress,
    /// Workers that read and replay games [default: the available parallelism]; the output
    /// is the same for any number.
    #[arg(short, long, value_name = "N", value_parser = clap::value_parser!(usize))]
    pub jobs: Option<usize>,
    /// Record files; stdin when none or `-`.
    #[arg(value_name = "FILES")]
    pub files: Vec<PathBuf>,
}

/// Arguments of `scoresheet import`.
#[derive(Debug, Args)]
pub struct ImportArgs {
    /// The book's notation; its help lists the registry's descriptive ones.
    #[arg(long, value_name = "NOTATION")]
    pub from: Option<String>,
    /// Its house style; its help lists the registry's.
    #[arg(long, value_name = "STYLE")]
    pub style: Option<String>,
    /// The notation of the PGN written; its help lists the registry's.
    #[arg(long, value_name = "NOTATION")]
    pub to: Option<String>,
    /// Write here instead of stdout.
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// List only what could not be read, not the repairs.
    #[arg(short, long)]
    pub quiet: bool,
    /// Print on stderr how many lines of each class the book and each game hold.
    #[arg(long)]
    pub report: bool,
    /// The report's format (with `--report`): text, or one JSON object on stderr.
    #[arg(long, value_enum, default_value_t = OutputFormat::Text)]
    pub format: OutputFormat,
    /// The book's text; stdin when absent or `-`.
    #[arg(value_name = "FILE")]
    pub file: Option<PathBuf>,
}

/// Arguments of `scoresheet show`.
#[derive(Debug, Args)]
pub struct ShowArgs {
    /// The game of the position; its help, written from the registry, says how it is told
    /// without.
    #[arg(long, value_enum)]
    pub game: Option<Game>,
    /// The position; the start when absent.
    #[arg(long, value_name = "FEN", conflicts_with = "file")]
    pub fen: Option<String>,
    /// Draughts: the square numbers instead of the pieces (Manoury numbering).
    #[arg(long, conflicts_with_all = ["file", "fen"])]
    pub numbers: bool,
    /// Draw the board as Black sees it.
    #[arg(long)]
    pub from_black: bool,
    /// The notation of the record's moves; its help lists the registry's.
    #[arg(long, value_name = "NOTATION", requires = "file")]
    pub from: Option<String>,
    /// Which game of the record, counting from 1 [default: 1].
    #[arg(long, value_name = "K", requires = "file")]
    pub index: Option<NonZeroUsize>,
    /// The position after N half-moves of the main line; 0 is the start [default: the end].
    #[arg(long, value_name = "N", requires = "file")]
    pub ply: Option<usize>,
    /// Text diagrams in ASCII letters (K Q R B N P, w W b B) instead of Unicode figurines.
    #[arg(long)]
    pub ascii: bool,
    /// A text diagram or an SVG picture [default: svg when -o names a .svg file, else text].
    #[arg(long, value_enum)]
    pub format: Option<DiagramFormat>,
    /// Write here instead of stdout.
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// A game record (PGN, PDN) whose game is replayed and shown; `-` for stdin.
    #[arg(value_name = "FILE")]
    pub file: Option<PathBuf>,
}

/// How `scoresheet show` draws the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum DiagramFormat {
    /// Lines of text for a terminal: Unicode figurines, or letters with --ascii.
    Text,
    /// A standalone SVG picture.
    Svg,
}

/// Arguments of `scoresheet completions`.
#[derive(Debug, Args)]
pub struct CompletionsArgs {
    /// A shell (bash, zsh, fish, elvish, powershell), or `man` for the man page.
    #[arg(value_name = "SHELL")]
    pub shell: String,
}

/// Arguments of `scoresheet sheet`.
#[derive(Debug, Args)]
pub struct SheetArgs {
    /// The game: chess or draughts; its help, written from the registry, says how it is told
    /// without.
    #[arg(long, value_enum)]
    pub game: Option<Game>,
    /// The notation of the input's moves; its help lists the registry's.
    #[arg(long, value_name = "NOTATION", conflicts_with = "blank")]
    pub from: Option<String>,
    /// Which game of the file, from 1.
    #[arg(long, value_name = "K", default_value_t = 1, conflicts_with = "blank")]
    pub index: usize,
    /// The language of the sheet's words and moves: fr (French algebraic) or en (SAN).
    #[arg(long, value_enum, default_value_t = SheetLanguage::Fr)]
    pub lang: SheetLanguage,
    /// svg (one A4 page per file) or html (every page in one file); from the extension of
    /// `-o` when absent, else svg.
    #[arg(long, value_enum)]
    pub format: Option<SheetFormat>,
    /// An empty sheet to print: 60 numbered lines, no input read.
    #[arg(long)]
    pub blank: bool,
    /// Write here instead of stdout; SVG pages after the first go to NAME-2.svg, NAME-3.svg...
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// Leave warnings and notes out of stderr.
    #[arg(short, long)]
    pub quiet: bool,
    /// The game record; stdin when absent or `-`.
    #[arg(value_name = "FILE", conflicts_with = "blank")]
    pub file: Option<PathBuf>,
}

/// The language of a printed scoresheet.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum SheetLanguage {
    /// French: « Blancs », « Noirs », moves in French algebraic (Cf3, Fxb5), `Cf3=` for a draw
    /// offer.
    Fr,
    /// English: "White", "Black", moves in SAN (Nf3, Bxb5).
    En,
}

/// The file format of a printed scoresheet.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum SheetFormat {
    /// SVG, one A4 document per page.
    Svg,
    /// One HTML file with print CSS for A4, a page break between pages.
    Html,
}

/// Arguments of `scoresheet fmt`.
#[derive(Debug, Args)]
pub struct FmtArgs {
    /// The game: chess or draughts; its help, written from the registry, says how it is told
    /// without.
    #[arg(long, value_enum)]
    pub game: Option<Game>,
    /// The notation of the moves, written back in it; its help lists the registry's.
    #[arg(long, value_name = "NOTATION")]
    pub from: Option<String>,
    /// The house style of descriptive notation; its help lists the registry's.
    #[arg(long, value_name = "STYLE", requires = "from")]
    pub style: Option<String>,
    /// Write nothing: list the inputs that are not formatted, exit status 1 if any.
    #[arg(long)]
    pub check: bool,
    /// Leave warnings, notes and the summary out of stderr.
    #[arg(short, long)]
    pub quiet: bool,
    /// A progress line on stderr for each file: auto (when stderr is a terminal), always,
    /// never.
    #[arg(long, value_enum, default_value_t = Progress::Auto)]
    pub progress: Progress,
    /// Workers that read and replay games [default: the available parallelism]; the output
    /// is the same for any number.
    #[arg(short, long, value_name = "N", value_parser = clap::value_parser!(usize))]
    pub jobs: Option<usize>,
    /// Record files, rewritten in place; stdin to stdout when none or `-`.
    #[arg(value_name = "FILES")]
    pub files: Vec<PathBuf>,
}

/// When a command that streams records draws its progress line on stderr.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Progress {
    /// When stderr is a terminal (and `--quiet` is not given).
    Auto,
    /// Even when stderr is a file or a pipe (for tests and logs).
    Always,
    /// Never.
    Never,
}

/// The command line with what the registry knows written into it: the notations in the help
/// of `--from` and `--to`, the styles in `--style`'s, the file extensions in `--game`'s and,
/// for completion scripts (`completing`), every notation and style as a value to complete.
/// Parsing keeps the values free, so an unknown notation gets the registry's "did you mean".
pub(crate) fn command(registry: &Registry, completing: bool) -> clap::Command {
    let chess = registry.names(Game::Chess.into());
    let draughts = registry.names(Game::Draughts.into());
    let list = |names: &[(&str, &str)]| {
        names
            .iter()
            .map(|(name, _)| *name)
            .collect::<Vec<_>>()
            .join(", ")
    };
    let by_game = format!("chess: {}; draughts: {}", list(&chess), list(&draughts));
    let extensions: Vec<String> = [Game::Chess, Game::Draughts]
        .into_iter()
        .map(registry::game)
        .flat_map(|g| {
            g.extensions
                .iter()
                .map(move |e| format!("{} for .{e} files", g.name))
        })
        .collect();
    let game_help = format!(
        "The game the records are of [default: {}, a `GameType` tag of 20 or Manoury moves \
         (`32-28`), else chess]",
        extensions.join(", ")
    );
    let styles = registry.styles();
    let notation_values: Vec<PossibleValue> = chess
        .iter()
        .chain(&draughts)
        .map(|(name, about)| PossibleValue::new(*name).help(*about))
        .collect();
    let style_values: Vec<PossibleValue> = styles.iter().map(|s| PossibleValue::new(*s)).collect();
    let chess_only = format!("chess: {}", list(&chess));
    let descriptive = registry.descriptive_names().join(", ");
    // Per command: what `--from` is, which notations it takes, and what `--to` is.
    let commands = [
        (
            "convert",
            "The notation of the input's moves, detected when absent",
            &by_game,
            "The notation to write",
        ),
        (
            "check",
            "The notation of the input's moves, detected when absent",
            &by_game,
            "",
        ),
        (
            "fmt",
            "The notation of the moves, detected per file when absent; each file is written back in it",
            &by_game,
            "",
        ),
        (
            "show",
            "The notation of the record's moves, detected when absent",
            &by_game,
            "",
        ),
        (
            "sheet",
            "The notation of the input's moves, detected when absent",
            &by_game,
            "",
        ),
        (
            "export",
            "The notation of the input's moves, detected per input when absent (en when nothing decides; manoury for draughts)",
            &by_game,
            "Notations to add as movetext_NAME columns, comma-separated",
        ),
        (
            "import",
            "The book's notation [default: descriptive]",
            &descriptive,
            "The notation of the PGN written",
        ),
    ];
    // The help of argument `id` of a command that has it, and with `completing` the values it
    // completes to (none: any).
    let set = |sub: clap::Command, id: &str, help: String, values: &[PossibleValue]| {
        if !sub.get_arguments().any(|a| a.get_id() == id) {
            return sub;
        }
        let values = values.to_vec();
        sub.mut_arg(id, |a| {
            let a = a.help(help);
            if completing && !values.is_empty() {
                a.value_parser(values)
            } else {
                a
            }
        })
    };
    let mut command = Cli::command();
    for (sub, from, names, to) in commands {
        // `export` is left out of builds without its feature.
        if command.find_subcommand(sub).is_none() {
            continue;
        }
        let to_names = if sub == "import" {
            &chess_only
        } else {
            &by_game
        };
        let style_help = format!(
            "The house style of descriptive notation ({})",
            registry.style_help()
        );
        command = command.mut_subcommand(sub, |sub| {
            let sub = set(sub, "from", format!("{from} ({names})"), &notation_values);
            let sub = set(sub, "to", format!("{to} ({to_names})"), &notation_values);
            let sub = set(sub, "style", style_help, &style_values);
            set(sub, "game", game_help.clone(), &[])
        });
    }
    command
}
