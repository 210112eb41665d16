//! Conversion is replay: read each token with the source notation in the current position,
//! write the same move with the target notation, play it, go on. Variations replay from the
//! position before the move they replace. This loop knows no game: the rules come in through
//! [`Rules`], the meaning of tokens through [`Notation`].

use std::ops::ControlFlow;

use crate::record::game::Ev;
use crate::record::same_name;
use crate::{
    CheckSign, Code, Color, Convention, DRAW_OFFER_COMMENT, Diagnostic, Dialect, FirstMove,
    MoveError, MoveErrorKind, MoveEvent, MoveToken, MovetextSink, MovetextWriter, Nag, Notation,
    Notes, RawGame, Repair, Span, Step, TokenCursor, Visit,
};

/// What the replay needs of a game's rules.
pub trait Rules: Clone {
    /// A move of the game.
    type Move;

    /// The position a record starts from: the standard start, or the set-up its tags give
    /// (`FEN`, `SetUp`). What the set-up repaired to be played (chess: castling rights its
    /// position contradicts, dropped) is pushed onto `warnings`, spans in the game's text.
    ///
    /// # Errors
    ///
    /// A [`Diagnostic`] (span in the game's text) when the set-up cannot be read.
    fn setup_reporting(game: &RawGame, warnings: &mut Vec<Diagnostic>) -> Result<Self, Diagnostic>;

    /// [`Rules::setup_reporting`] for a caller that needs only the position (detection): its
    /// warnings are left out, for the replay to report.
    ///
    /// # Errors
    ///
    /// As [`Rules::setup_reporting`].
    fn setup(game: &RawGame) -> Result<Self, Diagnostic> {
        Self::setup_reporting(game, &mut Vec::new())
    }

    /// Plays a move that the notation found legal in this position.
    fn play(&mut self, mv: &Self::Move);

    /// Passes the turn, for the null moves of analysis files; `false` where a pass is illegal
    /// (in check).
    fn play_null(&mut self) -> bool;

    /// The side to move.
    fn turn(&self) -> Color;

    /// The number of the move about to be played.
    fn move_number(&self) -> u32;

    /// The check sign a move that led to this position deserves; games without checks keep
    /// the default.
    fn check_sign(&self) -> CheckSign {
        CheckSign::None
    }

    /// Why `result` cannot be the result of a game that ends in this position (a win for the
    /// side that is checkmated), if it cannot.
    fn result_conflict(&self, result: &str) -> Option<String> {
        let _ = result;
        None
    }

    /// What the automatic draws need to remember of each position of a line (a position, a
    /// hash): small and `Copy`, as the replay keeps one per ply.
    type Trace: Copy;

    /// This position's trace, for [`Rules::automatic_draw`].
    fn trace(&self) -> Self::Trace;

    /// Pushes this position's trace onto `line`, as the replay does after every move. A
    /// position that is its own trace (chess) copies itself straight in: pushed as a value, it
    /// was copied to the stack first, in case growing the line changed it.
    #[inline]
    fn push_trace(&self, line: &mut Vec<Self::Trace>) {
        line.push(self.trace());
    }

    /// The position a trace holds, when a trace is the whole position (chess and draughts
    /// trace so): the replay then finds the position before a move on its line instead of
    /// copying it aside before every move. `None` by default.
    #[inline(always)]
    fn in_trace(trace: &Self::Trace) -> Option<&Self> {
        let _ = trace;
        None
    }

    /// The draw the rules make by themselves, no claim needed, that the last position of
    /// `line` has reached, if any: the rule, as a message names it (`fivefold repetition (FIDE
    /// 9.6.1)`). `line` holds the traces of the positions of the line played, from the start
    /// of the game to this one (for a variation, the main line up to where it branches); a
    /// rule looks back as far as it needs. No move may follow such a draw, and the result is
    /// a draw.
    fn automatic_draw(line: &[Self::Trace]) -> Option<&'static str>;

    /// Whether the draws of [`Rules::automatic_draw`] bind `game`: `Ok` when they do, and a
    /// move after one, or a win as the result, is an error; else why they may not have (the
    /// rule was not in force when the game was played, or arbiters apply it as they choose),
    /// and the replay warns instead, once per game, and keeps the game as played.
    ///
    /// # Errors
    ///
    /// The reason the draws do not bind this game, for the warning's help.
    fn automatic_draws_bind(game: &RawGame) -> Result<(), String> {
        let _ = game;
        Ok(())
    }

    /// The draw's spelling in the convention of `result` (`1/2-1/2`, draughts `1-1`) when
    /// `result` is a win, which a game the rules drew cannot have; `None` for a draw, `*` and
    /// results these rules do not read.
    fn draw_instead_of(result: &str) -> Option<&'static str>;
}

/// The number of half-move `ply` (0 for the first) of a line whose first move is `first`, and
/// the side that plays it.
pub(crate) fn numbered(first: FirstMove, ply: usize) -> FirstMove {
    let from_white = ply + usize::from(first.side == Color::Black);
    let number =
        u32::try_from(from_white / 2).map_or(u32::MAX, |moves| first.number.saturating_add(moves));
    let side = if from_white.is_multiple_of(2) {
        Color::White
    } else {
        Color::Black
    };
    FirstMove::new(number, side)
}

/// How a message names the position where an automatic draw came: after the move that made
/// it (`after 41... Kg8`, `moves` holding the spans of the line's moves), or the set-up.
fn where_drawn(game: &RawGame, first: FirstMove, moves: &[Span]) -> String {
    match moves.split_last() {
        Some((last, earlier)) => {
            let at = numbered(first, earlier.len());
            format!("after {at} {}", game.slice(*last))
        }
        None => "in the set-up position".to_owned(),
    }
}

/// Reads one token with `notation` in `position`, then plays it to test the check sign the
/// token wrote, reporting a wrong or missing sign in `notes.repairs`: what a caller outside a
/// replay wants from a notation.
///
/// # Errors
///
/// The notation's [`MoveError`].
pub fn read_move<P, N>(
    notation: &N,
    position: &P,
    token: &str,
    notes: &mut Notes,
) -> Result<P::Move, MoveError>
where
    P: Rules,
    N: Notation<Position = P, Move = P::Move> + ?Sized,
{
    let mv = notation.parse(position, token, notes)?;
    if let Some(written) = notes.check_sign {
        let mut after = position.clone();
        after.play(&mv);
        if let Some((code, message)) = sign_mismatch(notation, written, after.check_sign()) {
            notes.repairs.push(Repair::new(code, message));
        }
    }
    Ok(mv)
}

/// What replaying one game found.
#[derive(Debug, Clone)]
pub struct Replayed<P> {
    /// Errors and warnings, spans in the game's text, game named.
    pub diagnostics: Vec<Diagnostic>,
    /// The position at the end of the main line; `None` if the replay stopped on an error.
    pub final_position: Option<P>,
    /// Half-moves played in the main line.
    pub plies: usize,
}

impl<P> Replayed<P> {
    /// `true` if any diagnostic is an error: the game was not converted.
    #[must_use]
    pub fn has_errors(&self) -> bool {
        self.diagnostics.iter().any(Diagnostic::is_error)
    }
}

/// The target of a conversion: a notation, and where and how to write.
pub struct Output<'a, T: ?Sized> {
    /// The notation moves are written in.
    pub notation: &'a T,
    /// The record format (roster, line width).
    pub dialect: &'a Dialect,
    /// The buffer the game is appended to. On an error, whatever was appended is removed.
    pub out: &'a mut String,
}

/// Replays `game`, checking every move with `source`; with `output`, writes the game there in
/// the target notation, tags, comments, NAGs, variations and result kept.
///
/// The replay stops at the first move that is not legal: a game is converted whole or not at
/// all, and the error names the token, its place and the legal moves that come closest. A move
/// after a draw the rules make by themselves ([`Rules::automatic_draw`]: a fifth repetition in
/// chess) is not legal either, nor is a win as the result of such a game, unless the draw may
/// not bind the game ([`Rules::automatic_draws_bind`]): then one warning says the game went on.
///
/// A draw offer travels with its move: glued to the token where the target notation has a
/// sign for it (French `Cf3=`), else as the FIDE scoresheet symbol in a comment after the
/// move, `{(=)}`, which is read back as a draw offer. A token written apart that belongs to
/// the move before it (`dxe6 e.p.`) is read with that move and reported.
///
/// The output is a [`MovetextWriter`]; [`replay_into`] hands the same events to any
/// [`MovetextSink`].
///
/// # Examples
///
/// With chess rules and SAN in `notation-en`'s tests (`tests/replay.rs`: draw offers, `e.p.` written
/// apart, variations, errors); `scoresheet convert` and `check` run every game through it.
pub fn replay<P, S, T>(game: &RawGame, source: &S, output: Option<Output<'_, T>>) -> Replayed<P>
where
    P: Rules,
    S: Notation<Position = P, Move = P::Move> + ?Sized,
    T: Notation<Position = P, Move = P::Move> + ?Sized,
{
    replay_in(&mut ReplayMemory::new(), game, source, output)
}

/// The memory a replay keeps a game's line in (a trace of every position, the span of every
/// move, the variations open), handed from one game to the next by [`replay_in`] as
/// [`RecordReader::recycle`](crate::RecordReader::recycle) hands a game's: sized for a game's
/// events, it is too large for the allocator's small, fast sizes, and a replay that made its
/// own for every game spent about 1% of its time in the allocator.
pub struct ReplayMemory<P: Rules> {
    line: Vec<P::Trace>,
    moves: Vec<Span>,
    stack: Vec<Frame<P>>,
}

impl<P: Rules> ReplayMemory<P> {
    /// How many entries a vector keeps between games: one huge game does not hold its memory
    /// for the rest of a run of millions (the reader keeps as many for its own).
    const KEEP: usize = 1 << 16;

    /// Memory for the first game; it grows with the games replayed in it, up to a bound.
    #[must_use]
    pub fn new() -> ReplayMemory<P> {
        ReplayMemory {
            line: Vec::new(),
            moves: Vec::new(),
            stack: Vec::new(),
        }
    }

    /// Takes back a replay's vectors, emptied, the memory of a huge game given up.
    fn keep(&mut self, mut line: Vec<P::Trace>, mut moves: Vec<Span>, mut stack: Vec<Frame<P>>) {
        line.clear();
        moves.clear();
        stack.clear();
        line.shrink_to(Self::KEEP);
        moves.shrink_to(Self::KEEP);
        stack.shrink_to(Self::KEEP);
        self.line = line;
        self.moves = moves;
        self.stack = stack;
    }
}

impl<P: Rules> Default for ReplayMemory<P> {
    fn default() -> ReplayMemory<P> {
        ReplayMemory::new()
    }
}

/// [`replay`] in `memory`, which the caller keeps from one game to the next: the same result,
/// without making the replay's memory anew for every game.
///
/// # Examples
///
/// The crate documentation's race reads a file of games into one memory; `scoresheet`'s
/// workers and the record benches replay every game so.
pub fn replay_in<P, S, T>(
    memory: &mut ReplayMemory<P>,
    game: &RawGame,
    source: &S,
    output: Option<Output<'_, T>>,
) -> Replayed<P>
where
    P: Rules,
    S: Notation<Position = P, Move = P::Move> + ?Sized,
    T: Notation<Position = P, Move = P::Move> + ?Sized,
{
    match output {
        Some(Output {
            notation,
            dialect,
            out,
        }) => {
            out.reserve(game.text().len());
            // Numbered as the replay counts the moves, from the position the game starts in.
            let mut writer = MovetextWriter::new(out, dialect, FirstMove::default());
            run(memory, game, source, Some((notation, dialect, &mut writer)))
        }
        None => run::<P, S, T, MovetextWriter<'_>>(memory, game, source, None),
    }
}

/// [`replay`] into any [`MovetextSink`]: the moves formatted with `target` as the sink asks
/// for them, the tags and comments as [`replay`] writes them (`dialect` decides whether a
/// `Result` tag stands in for a missing result token), then the result, or
/// [`MovetextSink::abandon`] on an error.
///
/// # Examples
///
/// See [`MovetextSink`].
pub fn replay_into<P, S, T, K>(
    game: &RawGame,
    source: &S,
    target: &T,
    dialect: &Dialect,
    sink: &mut K,
) -> Replayed<P>
where
    P: Rules,
    S: Notation<Position = P, Move = P::Move> + ?Sized,
    T: Notation<Position = P, Move = P::Move> + ?Sized,
    K: MovetextSink,
{
    replay_into_in(
        &mut ReplayMemory::new(),
        game,
        source,
        target,
        dialect,
        sink,
    )
}

/// [`replay_into`] in `memory`, which the caller keeps from one game to the next, as
/// [`replay_in`] is to [`replay`].
///
/// # Examples
///
/// ```
/// use board_core::{Dialect, RecordReader, ReplayMemory, replay_into, replay_into_in};
/// # use board_core::{Color, Diagnostic, MoveError, MovetextSink, MoveEvent, Notation, Notes};
/// # use board_core::{RawGame, Rules};
/// # #[derive(Clone)]
/// # struct Total(u32);
/// # impl Rules for Total {
/// #     type Move = u32;
/// #     type Trace = u32;
/// #     fn setup_reporting(_: &RawGame, _: &mut Vec<Diagnostic>) -> Result<Total, Diagnostic> {
/// #         Ok(Total(0))
/// #     }
/// #     fn play(&mut self, mv: &u32) {
/// #         self.0 += mv;
/// #     }
/// #     fn play_null(&mut self) -> bool {
/// #         false
/// #     }
/// #     fn turn(&self) -> Color {
/// #         Color::White
/// #     }
/// #     fn move_number(&self) -> u32 {
/// #         1
/// #     }
/// #     fn trace(&self) -> u32 {
/// #         self.0
/// #     }
/// #     fn automatic_draw(_: &[u32]) -> Option<&'static str> {
/// #         None
/// #     }
/// #     fn draw_instead_of(_: &str) -> Option<&'static str> {
/// #         None
/// #     }
/// # }
/// # struct Plus;
/// # impl Notation for Plus {
/// #     type Position = Total;
/// #     type Move = u32;
/// #     fn name(&self) -> &'static str {
/// #         "plus"
/// #     }
/// #     fn parse(&self, _: &Total, token: &str, _: &mut Notes) -> Result<u32, MoveError> {
/// #         token.trim_start_matches('+').parse().map_err(|_| MoveError::syntax("a number"))
/// #     }
/// #     fn format(&self, _: &Total, mv: &u32, out: &mut String) {
/// #         out.push_str(&format!("+{mv}"));
/// #     }
/// # }
/// # #[derive(Default)]
/// # struct Count(usize);
/// # impl MovetextSink for Count {
/// #     fn move_token(&mut self, _: MoveEvent, _: impl FnOnce(&mut String)) {
/// #         self.0 += 1;
/// #     }
/// # }
/// // `Total` adds up its moves, `Plus` writes them `+N`, `Count` counts them (hidden above).
/// let file = "1. +1 +2 2. +3 *\n\n1. +4 *\n";
/// let dialect = Dialect::pgn();
/// let mut memory = ReplayMemory::new();
/// for game in RecordReader::new(file.as_bytes(), dialect.clone()) {
///     let game = game.unwrap();
///     let (mut kept, mut fresh) = (Count::default(), Count::default());
///     let a = replay_into_in::<Total, _, _, _>(&mut memory, &game, &Plus, &Plus, &dialect, &mut kept);
///     let b = replay_into::<Total, _, _, _>(&game, &Plus, &Plus, &dialect, &mut fresh);
///     assert_eq!((a.plies, kept.0), (b.plies, fresh.0));
/// }
/// ```
pub fn replay_into_in<P, S, T, K>(
    memory: &mut ReplayMemory<P>,
    game: &RawGame,
    source: &S,
    target: &T,
    dialect: &Dialect,
    sink: &mut K,
) -> Replayed<P>
where
    P: Rules,
    S: Notation<Position = P, Move = P::Move> + ?Sized,
    T: Notation<Position = P, Move = P::Move> + ?Sized,
    K: MovetextSink,
{
    run(memory, game, source, Some((target, dialect, sink)))
}

/// The replay: the game's steps through one cursor, each handed to [`Replay`].
fn run<P, S, T, K>(
    memory: &mut ReplayMemory<P>,
    game: &RawGame,
    source: &S,
    output: Option<(&T, &Dialect, &mut K)>,
) -> Replayed<P>
where
    P: Rules,
    S: Notation<Position = P, Move = P::Move> + ?Sized,
    T: Notation<Position = P, Move = P::Move> + ?Sized,
    K: MovetextSink,
{
    let mut diagnostics: Vec<Diagnostic> = Vec::new();
    let start = match P::setup_reporting(game, &mut diagnostics) {
        Ok(pos) => pos,
        Err(diag) => {
            return Replayed {
                diagnostics: vec![game.locate(diag)],
                final_position: None,
                plies: 0,
            };
        }
    };
    // A game without a result token takes its `Result` tag's, when that is a result (the
    // reader has warned that the token is missing); else `*`.
    let [tag_result, tag_plies] = game.tags_named(["Result", "PlyCount"]);
    let result = match (game.result(), tag_result.as_deref(), output.as_ref()) {
        (Some(token), _, _) => token.text,
        (None, Some(tag), Some((_, dialect, _))) if dialect.is_result(tag) => tag,
        _ => "*",
    };
    let output = output.map(|(notation, _, sink)| {
        // Written in another notation, the record takes PGN's conventions for what the
        // source notation's users write their own way (a French sheet's boxes).
        let converting = source.name() != notation.name();
        sink.tags(
            &record_tags(game, source, converting, &mut diagnostics),
            result,
        );
        (notation, sink, converting)
    });
    let mut replay = Replay::new(memory, game, source, output, start, diagnostics);
    let _stopped = TokenCursor::new(game, source).walk(&mut replay);
    replay.finish(result, tag_result.as_deref(), tag_plies.as_deref(), memory)
}

/// The replay walks the cursor: each step goes straight to its handler.
impl<'a, P, S, T, K> Visit<'a, S> for Replay<'a, P, S, T, K>
where
    P: Rules,
    S: Notation<Position = P, Move = P::Move> + ?Sized,
    T: Notation<Position = P, Move = P::Move> + ?Sized,
    K: MovetextSink,
{
    type Break = ();

    // Always inlined into each arm of the cursor's match, where the step's kind is known, so
    // that this match costs nothing.
    #[inline(always)]
    fn step(&mut self, cursor: &mut TokenCursor<'a, S>, step: Step<'a>) -> ControlFlow<()> {
        match step {
            Step::Move(token) => self.play(cursor, token),
            Step::Nag(nag) => self.nag(nag.value),
            Step::Comment(comment) => self.comment(comment.text),
            Step::StartVariation(span) => self.start_variation(span),
            Step::EndVariation(span) => self.end_variation(span),
        }
    }

    // A comment goes to the output only.
    #[inline(always)]
    fn reads_comments(&self) -> bool {
        self.output.is_some()
    }
}

/// The state of a replay between two steps of its game.
struct Replay<'a, P: Rules, S: ?Sized, T: ?Sized, K> {
    game: &'a RawGame,
    source: &'a S,
    /// The target notation, the sink, and whether the record conventions are converted.
    output: Option<(&'a T, &'a mut K, bool)>,
    diagnostics: Vec<Diagnostic>,
    repeats: Repeats,
    first: FirstMove,
    pos: P,
    /// The position before the last move, when it is not on the line (see `before_on_line`);
    /// overwritten in place, as copying it anew for every move shows in profiles.
    before: Option<P>,
    /// The position before the last move is the line's trace before the last
    /// ([`Rules::in_trace`]), where the move was played from: no copy of it is made.
    before_on_line: bool,
    /// The traces of the line being played, for the automatic draws, and the spans of its
    /// moves (`moves[i]` led to `line[i + 1]`). A variation takes the last of each off and its
    /// frame on `stack` keeps them, with the length to cut back to when it ends.
    line: Vec<P::Trace>,
    moves: Vec<Span>,
    stack: Vec<Frame<P>>,
    /// Whether the automatic draws bind the game, asked of the rules when the first draw is
    /// found ([`Replay::binding`]).
    binding: Option<Result<(), String>>,
    watch_draws: bool,
    plies: usize,
    notes: Notes,
    failed: bool,
    /// The source and the target notation have the same spelling ([`Notation::spelling`]): a
    /// token read as written canonically is copied, not formatted again.
    copies: bool,
    /// The last token was read from its text, not by the notation's
    /// [`Notation::parse_bytes`], or with a repair: copied it may not be. Set on those paths,
    /// which few tokens take, and taken back by the output alone.
    written_otherwise: bool,
}

impl<'a, P, S, T, K> Replay<'a, P, S, T, K>
where
    P: Rules,
    S: Notation<Position = P, Move = P::Move> + ?Sized,
    T: Notation<Position = P, Move = P::Move> + ?Sized,
    K: MovetextSink,
{
    /// The replay of `game` from `start`, its line kept in `memory`'s vectors (taken, and
    /// given back by [`Replay::finish`]).
    fn new(
        memory: &mut ReplayMemory<P>,
        game: &'a RawGame,
        source: &'a S,
        output: Option<(&'a T, &'a mut K, bool)>,
        start: P,
        diagnostics: Vec<Diagnostic>,
    ) -> Self {
        let copies = output.as_ref().is_some_and(|(target, _, _)| {
            source
                .spelling()
                .is_some_and(|spelling| target.spelling() == Some(spelling))
        });
        // Empty: `ReplayMemory::keep` cleared them.
        let mut line = std::mem::take(&mut memory.line);
        let mut moves = std::mem::take(&mut memory.moves);
        let stack = std::mem::take(&mut memory.stack);
        // Sized once: a line holds at most one entry per event.
        line.reserve(game.events.len() + 1);
        moves.reserve(game.events.len());
        line.push(start.trace());
        Replay {
            game,
            source,
            output,
            diagnostics,
            repeats: Repeats::default(),
            first: FirstMove::new(start.move_number(), start.turn()),
            pos: start,
            before: None,
            before_on_line: false,
            line,
            moves,
            stack,
            binding: None,
            watch_draws: true,
            plies: 0,
            notes: Notes::default(),
            failed: false,
            copies,
            written_otherwise: false,
        }
    }

    /// Reads a move with the source notation, plays it and hands it to the sink in the target
    /// notation; breaks on an error, or on prose that ends the game.
    fn play(&mut self, cursor: &mut TokenCursor<'_, S>, token: MoveToken<'_>) -> ControlFlow<()> {
        let game = self.game;
        self.notes.clear();
        let span = token.span();
        // A piece written apart: `exf6 e.p.` (a suffix the next token holds) or `1- 7` (a
        // token cut short, whose rest reads as a move number).
        if let Some(apart) = token.apart
            && !self.source.follows(Convention::MarkApart)
        {
            let rest = game.slice(apart);
            if rest.starts_with(['-', 'x']) {
                // Long algebraic typed with spaces (`e2 - e4`), every move of such a game:
                // one warning names the others.
                self.repeats.warn(
                    &mut self.diagnostics,
                    game.slice(span),
                    Code::MoveWrittenApart,
                    "a move written with spaces around its dash or capture sign",
                    apart,
                );
            } else {
                self.diagnostics.push(Diagnostic::warning(
                    Code::MoveWrittenApart,
                    format!(
                        "{}: {rest:?} written apart from its move",
                        game.slice(token.token),
                    ),
                    apart,
                ));
            }
        }
        // No move may follow a draw the rules made by themselves; where they may not bind the
        // game, one warning says it went on.
        if self.watch_draws
            && let Some(rule) = P::automatic_draw(&self.line)
        {
            let at = where_drawn(game, self.first, &self.moves);
            let text = cursor.text(&token);
            match self.binding() {
                Ok(()) => {
                    self.diagnostics.push(
                        Diagnostic::error(
                            Code::GameAfterDraw,
                            format!("{text}: the game was drawn by {rule} {at}"),
                            span,
                        )
                        .with_help("such a draw ends the game at once: no move may follow it"),
                    );
                    self.failed = true;
                    return ControlFlow::Break(());
                }
                Err(why) => {
                    self.diagnostics.push(
                        Diagnostic::warning(
                            Code::GameAfterDraw,
                            format!("{text}: the game goes on after a draw by {rule} {at}"),
                            span,
                        )
                        .with_help(why),
                    );
                    self.watch_draws = false;
                }
            }
        }
        // The move's place along its line, for the number it is written with.
        let index = self.line.len() - 1;
        // What was played: `Some(None)` for a null move, `None` on an error. The token's bytes
        // first, which nearly every move is read from; its text for the rest.
        let quick = self
            .source
            .parse_bytes(&self.pos, cursor.bytes(&token), &mut self.notes);
        let played: Option<Option<P::Move>> = if let Some(mv) = quick {
            Some(Some(self.apply(cursor, &token, mv)))
        } else if let text = cursor.text(&token)
            // Every token read from its text passes here first: none of them is copied.
            && {
                self.written_otherwise = true;
                self.source.is_null(text)
            }
        {
            let previous = self.pos.clone();
            if self.pos.play_null() {
                self.before = Some(previous);
                self.before_on_line = false;
                Some(None)
            } else {
                self.diagnostics.push(Diagnostic::error(
                    Code::MoveNullInCheck,
                    format!("null move {text} while in check"),
                    span,
                ));
                self.failed = true;
                None
            }
        } else {
            let text = cursor.text(&token);
            match self.source.parse(&self.pos, text, &mut self.notes) {
                Ok(mv) => Some(Some(self.apply(cursor, &token, mv))),
                // ChessBase prints a novelty as `N` after the move (`6. Qe2 N b5`), ASCII
                // exports `inf` for `∞`: no notation reads them as moves, they are NAGs.
                Err(_)
                    if let Some(Nag(nag)) = Nag::from_word(text).filter(|_| self.has_before()) =>
                {
                    self.diagnostics.push(Diagnostic::warning(
                        Code::RecordAnnotationWord,
                        format!("`{text}` after a move read as the annotation ${nag}"),
                        span,
                    ));
                    if let Some((_, sink, _)) = self.output.as_mut() {
                        sink.nag(u16::from(nag));
                    }
                    return ControlFlow::Continue(());
                }
                Err(err) => {
                    let prose = (err.kind == MoveErrorKind::Syntax)
                        .then(|| trailing_prose(game, cursor.rest(), self.source, &self.pos, span))
                        .flatten();
                    match prose {
                        // A game with no result that ends in prose (the next game's heading, a
                        // paragraph between games): it ends at its last move, and the prose is
                        // kept.
                        Some(prose) => {
                            self.diagnostics.push(Diagnostic::warning(
                                Code::RecordTrailingProse,
                                "the game has no result and its movetext ends in text that \
                                 reads as no move: the game ends at its last move, the text \
                                 is kept as a comment after it",
                                prose,
                            ));
                            if let Some((_, sink, _)) = self.output.as_mut() {
                                sink.comment(game.slice(prose));
                            }
                        }
                        None => {
                            self.diagnostics.push(move_error(&err, text, span));
                            self.failed = true;
                        }
                    }
                    None
                }
            }
        };
        let Some(played) = played else {
            return ControlFlow::Break(());
        };
        self.pos.push_trace(&mut self.line);
        self.moves.push(span);
        // `{(=)}` right after a move is that move's draw offer, whatever the notation.
        if cursor.take_draw_offer() {
            self.notes.draw_offer = true;
        }
        if let Some((notation, sink, _)) = self.output.as_mut()
            && let Some(previous) = before(self.before_on_line, &self.line, self.before.as_ref())
        {
            let mut event = MoveEvent::counted(self.first, index, self.stack.len());
            let sign = notation
                .draw_offer_suffix()
                .filter(|_| self.notes.draw_offer);
            if let Some(sign) = sign {
                event = event.with_draw_offer_sign(sign);
            }
            // Formatted straight into the sink's buffer, in the position before the move; a
            // token written as the target writes it is copied.
            if self.copies
                && !std::mem::take(&mut self.written_otherwise)
                && played.is_some()
                && self.notes.check_sign == Some(self.pos.check_sign())
            {
                copy_token(*sink, event, game.slice(span));
            } else {
                sink.move_token(event, |buf| match &played {
                    Some(mv) => notation.format(previous, mv, buf),
                    None => buf.push_str(notation.null_token()),
                });
            }
            for nag in &self.notes.nags {
                sink.nag(*nag);
            }
            if self.notes.draw_offer && sign.is_none() {
                sink.comment(DRAW_OFFER_COMMENT);
            }
        }
        if self.stack.is_empty() {
            self.plies += 1;
        }
        ControlFlow::Continue(())
    }

    /// Plays `mv`, which the notation read from `token`, reporting the repairs it made and a
    /// check sign the position does not bear out; the token's text is sliced for those alone.
    // Always inlined into both of its callers, the read from bytes and from text: a call would
    // save and restore the replay's registers on every move.
    #[inline(always)]
    fn apply(
        &mut self,
        cursor: &TokenCursor<'_, S>,
        token: &MoveToken<'_>,
        mv: P::Move,
    ) -> P::Move {
        let span = token.span();
        // Tested first: a drain of an empty list still sets up and drops its iterator, on
        // every move.
        if !self.notes.repairs.is_empty() {
            self.report_repairs(cursor.text(token), span);
        }
        // The line's last trace is this position: where it holds the whole position, it is
        // the position before the move once the move is played.
        if self.line.last().and_then(P::in_trace).is_some() {
            self.before_on_line = true;
        } else {
            match self.before.as_mut() {
                Some(previous) => previous.clone_from(&self.pos),
                None => self.before = Some(self.pos.clone()),
            }
            self.before_on_line = false;
        }
        self.pos.play(&mv);
        if let Some((code, message)) = self
            .notes
            .check_sign
            .and_then(|w| sign_mismatch(self.source, w, self.pos.check_sign()))
        {
            self.repeats.warn(
                &mut self.diagnostics,
                cursor.text(token),
                code,
                message,
                span,
            );
        }
        mv
    }

    /// The position before the last move, if a move was played on this line.
    fn before(&self) -> Option<&P> {
        before(self.before_on_line, &self.line, self.before.as_ref())
    }

    fn has_before(&self) -> bool {
        self.before_on_line || self.before.is_some()
    }

    /// Whether the automatic draws bind the game, asked of the rules the first time one is
    /// found: few games reach one, and the rules' answer for an old game is a sentence built
    /// for its warning (on a database of master games, a thousand instructions a game).
    #[cold]
    fn binding(&mut self) -> Result<(), String> {
        let game = self.game;
        self.binding
            .get_or_insert_with(|| P::automatic_draws_bind(game))
            .clone()
    }

    /// Reports the repairs the notation made reading the move just read, once per kind.
    #[cold]
    fn report_repairs(&mut self, text: &str, span: Span) {
        self.written_otherwise = true;
        for repair in self.notes.repairs.drain(..) {
            self.repeats.warn(
                &mut self.diagnostics,
                text,
                repair.code,
                &repair.message,
                span,
            );
        }
    }

    fn nag(&mut self, value: u16) -> ControlFlow<()> {
        if let Some((_, sink, _)) = self.output.as_mut() {
            sink.nag(value);
        }
        ControlFlow::Continue(())
    }

    fn comment(&mut self, text: &str) -> ControlFlow<()> {
        if let Some((_, sink, converting)) = self.output.as_mut() {
            match self.source.record_comment(text).filter(|_| *converting) {
                Some(converted) => sink.comment(&converted),
                None => sink.comment(text),
            }
        }
        ControlFlow::Continue(())
    }

    /// A variation replaces the line's last move: it starts from the position before it.
    fn start_variation(&mut self, span: Span) -> ControlFlow<()> {
        let Some(previous) = self.before().cloned() else {
            self.diagnostics.push(Diagnostic::error(
                Code::VariationBeforeFirstMove,
                "a variation before any move it could replace",
                span,
            ));
            self.failed = true;
            return ControlFlow::Break(());
        };
        let replaced = self.line.pop().zip(self.moves.pop());
        let before = Some(previous.clone());
        self.stack.push(Frame {
            position: std::mem::replace(&mut self.pos, previous),
            before,
            replaced,
            len: self.line.len(),
        });
        // No move of the variation is played yet.
        self.before = None;
        self.before_on_line = false;
        if let Some((_, sink, _)) = self.output.as_mut() {
            sink.start_variation();
        }
        ControlFlow::Continue(())
    }

    fn end_variation(&mut self, span: Span) -> ControlFlow<()> {
        let Some(frame) = self.stack.pop() else {
            self.diagnostics.push(Diagnostic::error(
                Code::VariationUnopened,
                "')' closes no variation",
                span,
            ));
            self.failed = true;
            return ControlFlow::Break(());
        };
        self.pos = frame.position;
        self.before = frame.before;
        self.before_on_line = false;
        self.line.truncate(frame.len);
        self.moves.truncate(frame.len.saturating_sub(1));
        if let Some((trace, span)) = frame.replaced {
            self.line.push(trace);
            self.moves.push(span);
        }
        if let Some((_, sink, _)) = self.output.as_mut() {
            sink.end_variation();
        }
        ControlFlow::Continue(())
    }

    /// Checks the result against the last position and the `Result` tag, and the main line's
    /// length against the `PlyCount` tag, and ends the output;
    /// the line's vectors go back to `memory` for the next game.
    fn finish(
        mut self,
        result: &str,
        tag_result: Option<&str>,
        tag_plies: Option<&str>,
        memory: &mut ReplayMemory<P>,
    ) -> Replayed<P> {
        let game = self.game;
        let result_span = game.result().map(|r| r.span);
        if self.failed {
            explain_failed_move(game, &mut self.diagnostics);
        } else {
            let span = result_span.unwrap_or(Span::new(game.text().len(), game.text().len()));
            if let Some(message) = self.pos.result_conflict(result) {
                self.diagnostics
                    .push(Diagnostic::error(Code::ResultConflict, message, span));
                self.failed = true;
            } else if self.watch_draws
                && let Some(draw) = P::draw_instead_of(result)
                && let Some(rule) = P::automatic_draw(&self.line)
            {
                let at = where_drawn(game, self.first, &self.moves);
                let message = format!(
                    "the game was drawn by {rule} {at}, so the result is {draw}, not {result}"
                );
                match self.binding() {
                    Ok(()) => {
                        self.diagnostics.push(Diagnostic::error(
                            Code::ResultAutomaticDraw,
                            message,
                            span,
                        ));
                        self.failed = true;
                    }
                    Err(why) => {
                        self.diagnostics.push(
                            Diagnostic::warning(Code::ResultAutomaticDraw, message, span)
                                .with_help(why),
                        );
                    }
                }
            }
            if let (Some(tag), Some(span)) = (tag_result, result_span)
                && !crate::record::same_result(tag, result)
            {
                self.diagnostics.push(Diagnostic::warning(
                    Code::ResultTagMismatch,
                    format!("the Result tag says {tag} but the movetext ends with {result}"),
                    span,
                ));
            }
            // A `PlyCount` tag that does not count the main line's half-moves: kept as
            // written, and said.
            if let Some(count) = tag_plies
                && let Ok(count) = count.trim().parse::<usize>()
                && count != self.plies
            {
                let span = game
                    .tags()
                    .find(|t| t.name == "PlyCount")
                    .map_or(span, |t| t.span);
                self.diagnostics.push(Diagnostic::warning(
                    Code::TagPlyCountMismatch,
                    format!(
                        "the PlyCount tag says {count} but the main line has {} half-move{}",
                        self.plies,
                        if self.plies == 1 { "" } else { "s" }
                    ),
                    span,
                ));
            }
        }
        if let Some((_, sink, _)) = self.output.as_mut() {
            if self.failed {
                sink.abandon();
            } else {
                sink.finish(result);
            }
        }
        memory.keep(self.line, self.moves, self.stack);
        let mut diagnostics = self.diagnostics;
        self.repeats.finish(&mut diagnostics);
        let diagnostics = diagnostics.into_iter().map(|d| game.locate(d)).collect();
        Replayed {
            diagnostics,
            final_position: (!self.failed).then_some(self.pos),
            plies: self.plies,
        }
    }
}

/// A game's warnings about its moves' writing, once per kind: the first says how many more of
/// its kind the game has and where, so a sheet written `0-0` throughout gets one warning, not
/// one a castling, and nothing goes unsaid.
#[derive(Default)]
struct Repeats {
    /// Per kind: its message, the warning that says it, and the moves written so after it.
    kinds: Vec<(String, usize, Vec<String>)>,
}

impl Repeats {
    /// How many of the later moves a warning names.
    const NAMED: usize = 5;

    fn warn(
        &mut self,
        diagnostics: &mut Vec<Diagnostic>,
        token: &str,
        code: Code,
        message: &str,
        span: Span,
    ) {
        match self.kinds.iter_mut().find(|(kind, _, _)| kind == message) {
            Some((_, _, later)) => later.push(token.to_owned()),
            None => {
                self.kinds
                    .push((message.to_owned(), diagnostics.len(), Vec::new()));
                diagnostics.push(Diagnostic::warning(
                    code,
                    format!("{token}: {message}"),
                    span,
                ));
            }
        }
    }

    fn finish(self, diagnostics: &mut [Diagnostic]) {
        for (_, index, later) in self.kinds {
            if later.is_empty() {
                continue;
            }
            let mut named = later[..later.len().min(Self::NAMED)].join(", ");
            if later.len() > Self::NAMED {
                named.push_str(", ...");
            }
            if let Some(first) = diagnostics.get_mut(index) {
                use std::fmt::Write as _;
                let _ = write!(
                    first.message,
                    " (and {} more in this game: {named})",
                    later.len()
                );
            }
        }
    }
}

/// The span from `failing` (a token that is no move at all) to the end of the movetext when the
/// game has no result and that text is prose: no token of it has the shape of a move (an
/// illegal or ambiguous move is a move, and stays an error), parentheses and all, and no `}` a
/// comment could not keep. `None` otherwise.
fn trailing_prose<P, N>(
    game: &RawGame,
    rest: &[Ev],
    source: &N,
    position: &P,
    failing: Span,
) -> Option<Span>
where
    P: Rules,
    N: Notation<Position = P, Move = P::Move> + ?Sized,
{
    if game.result().is_some() {
        return None;
    }
    let mut end = failing.end;
    let mut notes = Notes::default();
    for event in rest {
        let span = match *event {
            Ev::Move(span) => {
                notes.clear();
                let text = game.slice(span);
                if source.is_null(text) {
                    return None;
                }
                match source.parse(position, text, &mut notes) {
                    Err(e) if e.kind == MoveErrorKind::Syntax => span,
                    _ => return None,
                }
            }
            Ev::MoveNumber { span, .. }
            | Ev::Nag(_, span)
            | Ev::Comment { span, .. }
            | Ev::Start(span)
            | Ev::End(span) => span,
        };
        end = end.max(span.end);
    }
    let prose = Span::new(failing.start, end);
    (!game.slice(prose).contains('}')).then_some(prose)
}

/// What is wrong with the check sign `written` for a move that deserves `deserved`, if
/// anything, as `notation` sees it: a sign left out is no fault where its documents say the
/// sign is optional.
fn sign_mismatch<N: Notation + ?Sized>(
    notation: &N,
    written: CheckSign,
    deserved: CheckSign,
) -> Option<(Code, &'static str)> {
    // Most moves deserve no sign and have none: the notation is asked only about a fault.
    let fault = written.mismatch(deserved)?;
    if written == CheckSign::None && notation.follows(Convention::CheckSignOmitted) {
        return None;
    }
    Some(fault)
}

/// Hands the sink a move token as it was read, for a target that would write it the same: out
/// of line, so that the replay's loop carries one copy of the sink's writing, not two.
#[inline(never)]
fn copy_token<K: MovetextSink>(sink: &mut K, event: MoveEvent, token: &str) {
    // Each common length written out, so that its copy is one of known size, not a call to
    // `memcpy` (about 25 instructions for a two- to five-byte token).
    sink.move_token(event, |buf| match token.len() {
        2 => buf.push_str(&token[..2]),
        3 => buf.push_str(&token[..3]),
        4 => buf.push_str(&token[..4]),
        5 => buf.push_str(&token[..5]),
        _ => buf.push_str(token),
    });
}

/// The game's tags as the output writes them: as read, or, when `converting`, with the tags
/// that the source notation's users write their own way in PGN form
/// ([`Notation::record_tag`]). A tag that stands for one the record already has is dropped when
/// it says the same and kept as written when it does not, with a warning either way.
fn record_tags<'g, S: Notation + ?Sized>(
    game: &'g RawGame,
    source: &S,
    converting: bool,
    diagnostics: &mut Vec<Diagnostic>,
) -> Vec<(&'g str, std::borrow::Cow<'g, str>)> {
    // Nearly always no tag is the notation's own: then each is written as it stands, in order,
    // into one vector sized at once. The first that is takes the general way, from the start.
    let mut tags = Vec::with_capacity(game.tags().len());
    for tag in game.tags() {
        let value = tag.value();
        if converting && source.record_tag(tag.name, &value).is_some() {
            return record_tags_converted(game, source, diagnostics);
        }
        tags.push((tag.name, value));
    }
    tags
}

/// [`record_tags`] for a game with tags the source notation converts: a tag stands for its PGN
/// one, unless both are given with other values.
fn record_tags_converted<'g, S: Notation + ?Sized>(
    game: &'g RawGame,
    source: &S,
    diagnostics: &mut Vec<Diagnostic>,
) -> Vec<(&'g str, std::borrow::Cow<'g, str>)> {
    // Each tag as written: its name, and the PGN name and value it is written under.
    let mut tags: Vec<(&str, &str, std::borrow::Cow<'_, str>)> = Vec::new();
    for tag in game.tags() {
        let value = tag.value();
        let (name, value) = match source.record_tag(tag.name, &value) {
            None => (tag.name, value),
            Some(Ok((name, converted))) => (name, converted.into()),
            Some(Err(why)) => {
                diagnostics.push(Diagnostic::warning(
                    Code::TagValue,
                    format!("tag {}: {why}; kept as written", tag.name),
                    tag.span,
                ));
                (tag.name, value)
            }
        };
        let earlier = tags.iter_mut().find(|(_, n, _)| same_name(n, name));
        match earlier {
            Some((written, _, earlier)) if *written != tag.name || name != tag.name => {
                if *earlier == value {
                    diagnostics.push(Diagnostic::warning(
                        Code::TagDuplicate,
                        format!("tag {} says what tag {written} says: dropped", tag.name),
                        tag.span,
                    ));
                    continue;
                }
                diagnostics.push(Diagnostic::warning(
                    Code::TagConflict,
                    format!(
                        "tags {written} and {} both stand for {name} with other values: each \
                         kept under the name it is written with",
                        tag.name
                    ),
                    tag.span,
                ));
                // The one that is not PGN's own goes back to its own name.
                if *written != name {
                    let original = *written;
                    if let Some(entry) = tags.iter_mut().find(|(w, _, _)| *w == original) {
                        entry.1 = original;
                    }
                    tags.push((tag.name, name, value));
                } else {
                    tags.push((tag.name, tag.name, tag.value()));
                }
            }
            _ => tags.push((tag.name, name, value)),
        }
    }
    tags.into_iter()
        .map(|(_, name, value)| (name, value))
        .collect()
}

/// The position before the last move: the line's trace before the last when `on_line` (the
/// move was played from it, [`Rules::in_trace`]), else `kept`. Apart from [`Replay`]'s
/// methods so that it borrows the line alone, beside the sink.
#[inline(always)]
fn before<'l, P: Rules>(on_line: bool, line: &'l [P::Trace], kept: Option<&'l P>) -> Option<&'l P> {
    if on_line {
        line.len()
            .checked_sub(2)
            .and_then(|i| P::in_trace(&line[i]))
    } else {
        kept
    }
}

/// What a variation's start keeps of the line it leaves, to go back to it at its end.
struct Frame<P: Rules> {
    /// The position the variation leaves, after the move it replaces.
    position: P,
    /// The position before that move.
    before: Option<P>,
    /// The replaced move's trace and span, taken off the line.
    replaced: Option<(P::Trace, Span)>,
    /// The line's length once they were taken off.
    len: usize,
}

/// The error of a token no legal move fits, with the closest legal moves as help (an
/// ambiguous token names its candidates in the message already). The caret goes under the
/// part of the token at fault when the notation says which and `text`, the token read, is the
/// source's `span` byte for byte (a token glued to the next one is not).
fn move_error(err: &MoveError, text: &str, span: Span) -> Diagnostic {
    let at = if text.len() == span.len() {
        err.span_in(span)
    } else {
        span
    };
    let diag = Diagnostic::error(err.code(), err.to_string(), at);
    match err.help() {
        Some(help) if err.kind != crate::MoveErrorKind::Ambiguous => diag.with_help(help),
        _ => diag,
    }
}

/// Hints on the move error that stopped a replay, added once it stopped, so that the replay's
/// loop holds none of their code: a comment before the move holding a `{` (its `}` left out, it
/// ran on to the next comment's and swallowed the moves between: `1. Nc3 { [%clk 1:27:49]
/// 1... e5 { [%clk 1:29:25] } 2. Nf3`, `Nf3` then read as Black's), and a token ending in a line
/// end written as two characters (`*\r`: the file went through a JSON or JavaScript string).
#[cold]
#[inline(never)]
fn explain_failed_move(game: &RawGame, diagnostics: &mut [Diagnostic]) {
    let Some(diag) = diagnostics.last_mut().filter(|d| {
        matches!(
            d.code,
            Code::MoveIllegal | Code::MoveSyntax | Code::MoveAmbiguous
        )
    }) else {
        return;
    };
    let events = &game.events;
    let Some(at) = events.iter().position(
        |e| matches!(e, Ev::Move(s) if s.start <= diag.span.start && diag.span.start < s.end.max(s.start + 1)),
    ) else {
        return;
    };
    let token = match events[at] {
        Ev::Move(token) => game.slice(token),
        _ => return,
    };
    let mut hints = Vec::new();
    if let Some(Ev::Comment { span, kind }) = events[..at]
        .iter()
        .rev()
        .find(|e| !matches!(e, Ev::MoveNumber { .. } | Ev::Nag(..)))
        && let text = game.slice(Ev::comment_text(*span, *kind))
        && let Some(inner) = text.find('{')
    {
        let before: Vec<char> = text[..inner].trim_end().chars().rev().take(24).collect();
        let before: String = before.into_iter().rev().collect();
        hints.push(format!(
            "the comment before this move holds a `{{` after `{}`: if a `}}` is missing before \
             it, what lies between was read as the comment's text, moves included",
            crate::visible(before.trim_start())
        ));
    }
    if let Some(escape) = ["\\r", "\\n"].into_iter().find(|e| token.ends_with(e)) {
        hints.push(format!(
            "`{escape}` is a line end written as two characters, as a JSON or JavaScript \
             string writes one: the file's line ends need restoring"
        ));
    }
    diag.help.splice(0..0, hints);
}

/// A game's main line played to some ply: what a diagram of the game shows.
#[derive(Debug, Clone)]
pub struct MainLine<P: Rules> {
    /// The position reached.
    pub position: P,
    /// The last half-move played: the position before it, and the move (`None` for a null
    /// move); `None` at the start.
    pub last: Option<(P, Option<P::Move>)>,
    /// Half-moves played.
    pub plies: usize,
    /// The number of the line's first move and the side that plays it, as the start position
    /// gives them.
    pub first: FirstMove,
    /// What the set-up repaired ([`Rules::setup_reporting`]), located in the game.
    pub warnings: Vec<Diagnostic>,
}

impl<P: Rules> MainLine<P> {
    /// The number of the last half-move played and the side that played it (`10...` is move
    /// 10, Black), counted from [`MainLine::first`]: right for games whose positions keep no
    /// move number (draughts) as for chess. `None` at the start.
    ///
    /// # Examples
    ///
    /// `scoresheet show` names the last move with it below a diagram (`after 10... 18-22`);
    /// the CLI's `tests/hardening_rules.rs` holds it to draughts and chess records.
    #[must_use]
    pub fn last_move_number(&self) -> Option<FirstMove> {
        Some(numbered(self.first, self.plies.checked_sub(1)?))
    }
}

/// Plays the main line of `game` with `notation`, variations left out, for `plies` half-moves
/// (to its end when `None`, or when the line is shorter: see [`MainLine::plies`]). Tokens are
/// read as [`replay`] reads them: a piece written apart with its move, null moves passed.
///
/// # Errors
///
/// The [`Diagnostic`] of the set-up, or of the first move that cannot be played, located in
/// the game (line, column, game named).
///
/// # Examples
///
/// With chess rules and SAN, in `notation-en`'s tests (`tests/main_line.rs`); `scoresheet show`
/// draws its diagrams of games with it.
pub fn play_main_line<P, N>(
    game: &RawGame,
    notation: &N,
    plies: Option<usize>,
) -> Result<MainLine<P>, Diagnostic>
where
    P: Rules,
    N: Notation<Position = P, Move = P::Move> + ?Sized,
{
    let mut warnings = Vec::new();
    let position = P::setup_reporting(game, &mut warnings).map_err(|diag| game.locate(diag))?;
    let mut line = MainLine {
        first: FirstMove::new(position.move_number(), position.turn()),
        position,
        last: None,
        plies: 0,
        warnings: warnings.into_iter().map(|w| game.locate(w)).collect(),
    };
    let mut notes = Notes::default();
    let mut cursor = TokenCursor::main_line(game, notation);
    while plies != Some(line.plies) {
        let Some(step) = cursor.next() else { break };
        let Step::Move(token) = step else { continue };
        let (text, span) = (cursor.text(&token), token.span());
        let before = line.position.clone();
        let mv = if notation.is_null(text) {
            if !line.position.play_null() {
                let message = format!("null move {text} while in check");
                return Err(game.locate(Diagnostic::error(Code::MoveNullInCheck, message, span)));
            }
            None
        } else {
            notes.clear();
            let mv = notation
                .parse(&line.position, text, &mut notes)
                .map_err(|err| game.locate(move_error(&err, text, span)))?;
            line.position.play(&mv);
            Some(mv)
        };
        line.last = Some((before, mv));
        line.plies += 1;
    }
    Ok(line)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A game with nothing to play, for the replay memory's own test.
    #[derive(Clone)]
    struct Still;

    impl Rules for Still {
        type Move = ();
        type Trace = u64;

        fn setup_reporting(_: &RawGame, _: &mut Vec<Diagnostic>) -> Result<Still, Diagnostic> {
            Ok(Still)
        }
        fn play(&mut self, (): &()) {}
        fn play_null(&mut self) -> bool {
            false
        }
        fn turn(&self) -> Color {
            Color::White
        }
        fn move_number(&self) -> u32 {
            1
        }
        fn trace(&self) -> u64 {
            0
        }
        fn automatic_draw(_: &[u64]) -> Option<&'static str> {
            None
        }
        fn draw_instead_of(_: &str) -> Option<&'static str> {
            None
        }
    }

    /// The memory keeps a game's vectors for the next, emptied, but not those of a huge game:
    /// one such game must not hold its memory for the rest of a long run.
    #[test]
    fn replay_memory_keeps_what_a_game_needs_and_no_more() {
        let keep = ReplayMemory::<Still>::KEEP;
        let mut memory = ReplayMemory::<Still>::new();
        let mut line = Vec::with_capacity(1000);
        line.push(7);
        memory.keep(line, Vec::with_capacity(1000), Vec::new());
        assert!(memory.line.is_empty() && memory.line.capacity() >= 1000);
        assert!(memory.moves.capacity() >= 1000);
        memory.keep(
            Vec::with_capacity(keep * 16),
            Vec::with_capacity(keep * 16),
            Vec::new(),
        );
        assert!(
            memory.line.capacity() <= keep * 2,
            "{}",
            memory.line.capacity()
        );
        assert!(memory.moves.capacity() <= keep * 2);
    }
}
