//! `scoresheet show`: a board as text for the terminal or as an SVG picture: a position given
//! as FEN, a game of a record replayed to a ply with its last move marked, or the numbering of
//! the draughts board as the Manoury document draws it, from either side.

use std::io::{self, Write};
use std::path::Path;

use board_core::{Color, Dialect, Notation, Rules};
use board_diagram::{Board, Diagram};

use crate::pipeline::{self, Source};
use crate::registry::{
    self, Dispatch, Kind, NotationOf, Notations, Played, Registry, Request, Task,
};
use crate::{DiagramFormat, Error, Game, ShowArgs};

/// Draws the diagram asked for on stdout or in the `-o` file.
pub(crate) fn run(registry: &Registry, args: &ShowArgs) -> Result<(), Error> {
    let side = if args.from_black {
        Color::Black
    } else {
        Color::White
    };
    let format = args.format.unwrap_or_else(|| {
        let svg = args
            .output
            .as_deref()
            .and_then(Path::extension)
            .is_some_and(|ext| ext.eq_ignore_ascii_case("svg"));
        if svg {
            DiagramFormat::Svg
        } else {
            DiagramFormat::Text
        }
    });
    let game = args
        .game
        .unwrap_or_else(|| crate::game_kind::of_file(args.file.as_deref()).0);
    // The caption says below a game's text diagram which move led to it.
    let (diagram, caption) = match game {
        Game::Draughts if args.numbers => match format {
            // The numbering as the document prints it; in SVG every dark square carries its
            // number anyway.
            DiagramFormat::Text => return emit(args, &notation_manoury::numbered_board(side)),
            DiagramFormat::Svg => (Diagram::new(Board::Draughts), None),
        },
        Game::Chess if args.numbers => {
            return Err(Error::Usage(
                "--numbers shows the Manoury numbering of the draughts board: add --game draughts"
                    .into(),
            ));
        }
        _ if args.file.is_some() => {
            let request = Request {
                game,
                from: args.from.as_deref(),
                to: None,
                style: None,
                files: args.file.as_slice(),
                as_written: false,
            };
            registry.dispatch(&request, FromRecord(args))??
        }
        Game::Draughts => {
            let position = match &args.fen {
                Some(fen) => draughts_rules::Position::from_fen(fen)
                    .map_err(|err| Error::Usage(format!("--fen: {err}")))?,
                None => draughts_rules::Position::new(),
            };
            (Diagram::from_draughts(&position), None)
        }
        Game::Chess => {
            let position = match &args.fen {
                Some(fen) => fen
                    .parse::<chess_rules::Position>()
                    .map_err(|err| Error::Usage(format!("--fen: {err}")))?,
                None => chess_rules::Position::new(),
            };
            (Diagram::from_chess(&position), None)
        }
    };
    let diagram = diagram.with_orientation(side);
    let mut drawn = match format {
        DiagramFormat::Svg => return emit(args, &diagram.to_svg()),
        DiagramFormat::Text if args.ascii => diagram.to_ascii(),
        DiagramFormat::Text => diagram.to_unicode(),
    };
    if let Some(caption) = caption {
        drawn.push_str(&caption);
        drawn.push('\n');
    }
    emit(args, &drawn)
}

/// Writes the drawing to the `-o` file, or to stdout.
fn emit(args: &ShowArgs, drawn: &str) -> Result<(), Error> {
    match &args.output {
        Some(path) => crate::output::replace(path, drawn.as_bytes())
            .map_err(|e| Error::Input(format!("cannot write {}: {e}", path.display()))),
        None => Ok(io::stdout().lock().write_all(drawn.as_bytes())?),
    }
}

/// The diagram of a game of a record, once its notation is known.
struct FromRecord<'a>(&'a ShowArgs);

impl Task for FromRecord<'_> {
    type Output = Result<(Diagram, Option<String>), Error>;

    fn run<P: Kind, N: NotationOf<P> + ?Sized>(self, with: Notations<'_, '_, N>) -> Self::Output {
        let source = with.source;
        let dialect = with.dialect;
        let file = self.0.file.as_deref().unwrap_or(Path::new("-"));
        from_record(self.0, file, source, dialect)
    }
}

/// The diagram of the chosen game of `file` after the chosen ply, its last move marked, and
/// the caption that names that move (`after 5. Bb5`).
fn from_record<P, N>(
    args: &ShowArgs,
    file: &Path,
    source: &Source<'_, N>,
    dialect: &Dialect,
) -> Result<(Diagram, Option<String>), Error>
where
    P: Rules + Kind,
    N: Notation<Position = P, Move = P::Move> + ?Sized + Sync,
{
    let index = args.index.map_or(1, std::num::NonZeroUsize::get);
    let (name, game) = pipeline::read_game(Some(file), index, dialect)?;
    let (notation, why) = source.resolve(&game, &mut None);
    if let Some(why) = why {
        let _ = writeln!(crate::output::Stderr, "note: {name}: {why}");
    }
    let line = board_core::play_main_line::<P, N>(&game, notation, args.ply).map_err(|diag| {
        // Rendered like `check` renders it, the line and a caret under the move.
        let _ = write!(crate::output::Stderr, "{}", game.render(&diag, &name));
        let target = args
            .ply
            .map_or_else(|| "to its end".to_owned(), |n| format!("to ply {n}"));
        Error::Input(format!(
            "game {} of {name} cannot be replayed {target}",
            game.number()
        ))
    })?;
    // What the set-up repaired (castling rights its position contradicts) is said, as `check`
    // says it.
    for warning in &line.warnings {
        let _ = write!(crate::output::Stderr, "{}", game.render(warning, &name));
    }
    if let Some(wanted) = args.ply.filter(|&wanted| wanted > line.plies) {
        return Err(Error::Usage(format!(
            "--ply {wanted}: game {} of {name} has {} plies in its main line",
            game.number(),
            line.plies,
        )));
    }
    let mut diagram = match line.position.board() {
        registry::Board::Chess(position) => Diagram::from_chess(position),
        registry::Board::Draughts(position) => Diagram::from_draughts(position),
    };
    if let Some((_, Some(mv))) = &line.last {
        match P::played(mv) {
            Played::Chess(mv) => diagram.mark_chess_move(*mv),
            Played::Draughts(mv) => diagram.mark_draughts_move(mv),
        }
    }
    // The move that led to the diagram, named in the record's notation: `after 5. Bb5`. Its
    // number is counted along the line: a draughts position keeps none.
    let number = line.last_move_number();
    let caption = line.last.zip(number).map(|((before, mv), number)| {
        let written = mv.map_or_else(
            || notation.null_token().to_owned(),
            |mv| notation.to_text(&before, &mv),
        );
        format!("after {number} {written}")
    });
    Ok((diagram, caption))
}
