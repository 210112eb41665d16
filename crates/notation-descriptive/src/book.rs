//! Importing the game scores of a plain-text book into game records.
//!
//! Books print games as numbered move lines, often in two columns (`12. Kt - B 3   P × P`),
//! with spaced tokens, `12. ........  Kt × Kt` where White's move stands above a note, inline
//! runs (`1. P - K 4, K - K 3; 2. ...`), page markers (`{171}`), `Resigns.`, and prose notes
//! between the lines. [`import`] finds the games, reads every move in its position (settling a
//! token that fits two moves by the moves after it), keeps the notes as comments, takes tags
//! from a heading (`GAME 4. FRENCH DEFENCE`, `(St. Petersburg, 1913)`, `White: X. Black: Y.`),
//! and reports every repair with its line and column.
//!
//! # Examples
//!
//! ```
//! use board_core::Dialect;
//! use notation_descriptive::{Descriptive, Tracked, book};
//! use notation_en::Algebraic;
//!
//! let text = "\
//! GAME 1. RUY LOPEZ
//!
//! White: A. Player. Black: B. Player.
//!
//!         1. P - K 4                P - K 4
//!         2. Kt - K B 3             Kt - Q B 3
//!
//! The usual development.
//!
//!         3. B - Kt 5               P K R 3
//!         4. O - O                  Resigns.
//! ";
//! let import = book::import(text, &Descriptive::OLD);
//! assert_eq!(import.games.len(), 1);
//! let game = &import.games[0];
//! assert_eq!(game.result.as_str(), "1-0");
//! // The misprint `P K R 3` (no dash) is read and reported with its place.
//! let repair = &game.repairs[0];
//! assert_eq!(repair.message, "P K R 3: no '-' between the piece and its square");
//! assert_eq!(repair.span.line_col(text).line, 10);
//!
//! let mut pgn = String::new();
//! game.write_pgn(&Tracked(Algebraic::ENGLISH), &Dialect::pgn(), &mut pgn);
//! assert!(pgn.contains("[White \"A. Player\"]"));
//! assert!(pgn.ends_with("1. e4 e5 2. Nf3 Nc6 {The usual development.} 3. Bb5 h6 4. O-O 1-0\n\n"));
//! ```

//!
//! Every line of the text is accounted for in exactly one [`LineClass`]; the [`Tally`] of the
//! whole book and of each game says how many lines each class holds, and adds up to the number
//! of lines. A game that cannot be read to its end is kept up to the move that fails, with an
//! error there; the lines after it are counted as not read.
//!
//! The worded styles (`P. to K's 4th.`, `Kt P takes P`, `Castles on K's side`, `Q. checks.`)
//! are rewritten word by word into the compact form before the one reader reads them; a game
//! printed in two halves side by side is read as two columns; diagrams, captions, footnote
//! markers and page numbers inside a game are passed over. [`read`] takes the book's bytes in
//! any encoding. `docs/notation/books.md` gives the rules with examples.

mod algebraic;
mod diagram;
mod fraction;
mod layout;
mod text;
mod wordy;

use board_core::{
    Code, Color, Diagnostic, Dialect, FirstMove, GameResult, MoveError, MoveErrorKind,
    MovetextWriter, Notation, Span, write_tags,
};
use chess_rules::Move;

use crate::line::read_one;
use crate::parser::{self, Parsed};
use crate::resolve::{self, Outcome};
use crate::{Descriptive, DescriptivePosition};

pub use text::{Decoded, Encoding, LineIndex, decode};

/// What a line of a book is; every line is exactly one of these.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum LineClass {
    /// A line with nothing on it.
    Blank,
    /// A line of moves of a game (or its result) that was read.
    Move,
    /// A note inside a game, kept as its comment.
    Comment,
    /// A heading or column head: where tags come from.
    Heading,
    /// A text diagram's rank, border or caption.
    Diagram,
    /// A page number, a transcriber's marker, an illustration line, a separator.
    PageArtefact,
    /// Prose outside any game.
    Prose,
    /// A line of a game that could not be read (from the move where the game stops on).
    NotRead,
}

impl LineClass {
    /// Every class, in the order reports print them.
    pub const ALL: [LineClass; 8] = [
        LineClass::Move,
        LineClass::Comment,
        LineClass::Heading,
        LineClass::Diagram,
        LineClass::PageArtefact,
        LineClass::Prose,
        LineClass::NotRead,
        LineClass::Blank,
    ];

    /// The name reports use: `move`, `comment`, `heading`, `diagram`, `page`, `prose`,
    /// `not-read`, `blank`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            LineClass::Blank => "blank",
            LineClass::Move => "move",
            LineClass::Comment => "comment",
            LineClass::Heading => "heading",
            LineClass::Diagram => "diagram",
            LineClass::PageArtefact => "page",
            LineClass::Prose => "prose",
            LineClass::NotRead => "not-read",
        }
    }
}

/// How many lines each [`LineClass`] holds.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Tally {
    counts: [usize; 8],
}

impl Tally {
    /// The lines of `class`.
    #[must_use]
    pub const fn get(&self, class: LineClass) -> usize {
        self.counts[class as usize]
    }

    /// All lines counted.
    #[must_use]
    pub fn total(&self) -> usize {
        self.counts.iter().sum()
    }

    fn add(&mut self, class: LineClass) {
        self.counts[class as usize] += 1;
    }

    /// Each class with its count, in [`LineClass::ALL`] order.
    pub fn iter(&self) -> impl Iterator<Item = (LineClass, usize)> + '_ {
        LineClass::ALL.iter().map(|&c| (c, self.get(c)))
    }
}

/// A game found in a book, read up to its end or to the move where it stops.
#[derive(Debug, Clone)]
pub struct BookGame {
    /// Tags taken from the heading: `Event`, `Date`, `White`, `Black`, `Opening`, as found.
    pub tags: Vec<(String, String)>,
    /// The heading line (`GAME 4. FRENCH DEFENCE`), if there is one.
    pub heading: Option<String>,
    /// The position the game starts from.
    pub start: DescriptivePosition,
    /// The moves and the notes between them, in order.
    pub elements: Vec<BookElement>,
    /// From `Resigns.`, `Drawn.`, `and wins`, a mate, or a note that says who resigned; `*`
    /// when the book does not say or the game stops early.
    pub result: GameResult,
    /// What was read only leniently, as warnings at their place in the book.
    pub repairs: Vec<Diagnostic>,
    /// From the first move to the last, in the book's text.
    pub span: Span,
    /// `false` when a move could not be read and the game stops before the book's end of it.
    pub complete: bool,
    /// The game's lines (first and last, from 1), by class.
    pub lines: (usize, usize),
    /// The classes of the lines from the game's first move line to its last line.
    pub tally: Tally,
    /// The runs of moves in its notes, and what became of them.
    pub notes: NoteRuns,
    /// The text diagrams printed in the game (or before it, as its start) that read as
    /// positions, and what became of them.
    pub diagrams: Diagrams,
}

/// A move of a book game, or a note.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BookElement {
    /// A move, where it was printed, and the annotation glyphs printed with it.
    Move {
        /// The move.
        mv: Move,
        /// Its token in the book's text.
        span: Span,
        /// NAGs of `!`, `?`, ... printed after it.
        nags: Vec<u16>,
    },
    /// A paragraph of prose between the moves, page markers removed.
    Comment(String),
    /// Moves a note gives in place of the move before it (`After 12. BxKt, PxB; 13. Q-R5ch,
    /// K-B1 wins` after `12. P-K4`), played from the position before that move: a PGN
    /// variation there. The note's prose around them stays as comments beside it.
    Variation {
        /// The moves, from the position before the move they replace.
        moves: Vec<Move>,
        /// The words inside the variation, between its runs of moves (`would be unfavourable,
        /// because of` between `9. ... Kt to K 4` and `10. Kt takes Kt`), each with the number
        /// of its moves before it.
        notes: Vec<(usize, String)>,
    },
}

/// What a book held: the games read, the diagnostics of the whole text (every repair as a
/// warning, every game stopped early and every run of moves that could not be read as an
/// error, spans in the text), and the class of every line.
#[derive(Debug, Clone, Default)]
pub struct Import {
    /// The games found, complete or kept up to the move where they stop.
    pub games: Vec<BookGame>,
    /// Warnings (repairs) and errors.
    pub diagnostics: Vec<Diagnostic>,
    /// The class of each line of the text, in order (as `str::lines` splits it).
    pub lines: Vec<LineClass>,
    /// The classes of all lines.
    pub tally: Tally,
    /// The text diagrams read as positions, and what became of them.
    pub diagrams: Diagrams,
    /// The runs of moves in notes, and what became of them.
    pub notes: NoteRuns,
}

/// The runs of moves printed in the notes of games that stand in place of the move before the
/// note (`7. Castles`, then `White may also play here 7. P takes P`): each replays as a
/// variation, or stays in the note and is counted here. Runs that quote other moves (`followed
/// by 22. Kt to K 6`) are prose.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct NoteRuns {
    /// Replayed and written as variations.
    pub variations: usize,
    /// Numbered as the move before the note but not replaying from the position before it:
    /// kept in the note's text.
    pub not_replayed: usize,
    /// Runs that go on with the variation before them, after words of the same sentence
    /// (`9. ... Kt to K 4 would be unfavourable, because of 10. Kt takes Kt`).
    pub continued: usize,
}

/// What became of the text diagrams of a book that read as positions (eight ranks, a king of
/// each side); the others (half boards, pictures of a piece's moves) are counted as lines only.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Diagrams {
    /// Diagrams read as positions.
    pub read: usize,
    /// Printed inside a game and equal to its position there: the marker `{[#]}` in the game.
    pub matched: usize,
    /// Printed inside a game and not equal to its position: a warning names the squares.
    pub differ: usize,
    /// The position a game starts from (`[SetUp "1"]`, `[FEN]`).
    pub starts: usize,
}

impl Import {
    /// The errors among the diagnostics.
    #[must_use]
    pub fn errors(&self) -> usize {
        self.diagnostics.iter().filter(|d| d.is_error()).count()
    }
}

impl BookGame {
    /// The moves in order.
    pub fn moves(&self) -> impl Iterator<Item = Move> + '_ {
        self.elements.iter().filter_map(|e| match e {
            BookElement::Move { mv, .. } => Some(*mv),
            BookElement::Comment(_) | BookElement::Variation { .. } => None,
        })
    }

    /// Whether the move at `ply` (from 0) was read as printed: its token named it with no
    /// repair, no choice between two readings. `false` past the last move.
    ///
    /// # Examples
    ///
    /// ```
    /// use notation_descriptive::{Descriptive, book};
    ///
    /// let import = book::import("1. P-K4    P-K4\n2. Kt-KB3  Kt-Q9\n", &Descriptive::OLD);
    /// let game = &import.games[0];
    /// assert!(game.read_as_printed(0));
    /// assert!(!game.read_as_printed(3));
    /// ```
    #[must_use]
    pub fn read_as_printed(&self, ply: usize) -> bool {
        self.elements
            .iter()
            .filter_map(|e| match e {
                BookElement::Move { span, .. } => Some(*span),
                BookElement::Comment(_) | BookElement::Variation { .. } => None,
            })
            .nth(ply)
            .is_some_and(|at| self.repairs.iter().all(|r| r.span != at))
    }

    /// The value of a tag.
    #[must_use]
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// Writes the game as a record: tags (with `Result`), then the moves in `notation`, the
    /// notes as comments, the glyphs as NAGs, and the result.
    pub fn write_pgn<T>(&self, notation: &T, dialect: &Dialect, out: &mut String)
    where
        T: Notation<Position = DescriptivePosition, Move = Move>,
    {
        let result = self.result.as_str();
        let mut tags: Vec<(&str, &str)> = self
            .tags
            .iter()
            .map(|(n, v)| (n.as_str(), v.as_str()))
            .collect();
        tags.push(("Result", result));
        write_tags(out, dialect, &tags, result);
        let chess = self.start.chess();
        let first = FirstMove::new(chess.fullmoves(), chess.turn());
        let mut movetext = String::new();
        let mut writer = MovetextWriter::new(&mut movetext, dialect, first);
        let mut pos = self.start.clone();
        // The position before the last move written: where a variation starts.
        let mut before = pos.clone();
        let mut token = String::new();
        for element in &self.elements {
            match element {
                BookElement::Move { mv, nags, .. } => {
                    token.clear();
                    notation.format(&pos, mv, &mut token);
                    writer.move_token(&token);
                    for nag in nags {
                        writer.nag_value(*nag);
                    }
                    before.clone_from(&pos);
                    pos.play_unchecked(*mv);
                }
                BookElement::Comment(text) => writer.comment(text),
                BookElement::Variation { moves, notes } => {
                    writer.start_variation();
                    let mut line = before.clone();
                    let mut notes = notes.iter().peekable();
                    for (k, mv) in moves.iter().enumerate() {
                        while let Some((_, text)) = notes.next_if(|(at, _)| *at == k) {
                            writer.comment(text);
                        }
                        token.clear();
                        notation.format(&line, mv, &mut token);
                        writer.move_token(&token);
                        line.play_unchecked(*mv);
                    }
                    for (_, text) in notes {
                        writer.comment(text);
                    }
                    writer.end_variation();
                }
            }
        }
        writer.finish(result);
        out.push_str(&movetext);
    }
}

/// Decodes a book's bytes ([`decode`]) and imports its games. Never panics, on any bytes.
///
/// # Examples
///
/// ```
/// use notation_descriptive::{Descriptive, book};
///
/// let bytes = b"GAME I.\r\n1. P. to K's 4th.     1. P. to K's 4th.\r\n2. Q. to K. R's 5th.   2. K. to his 2d.\r\n";
/// let (decoded, import) = book::read(bytes, &Descriptive::OLD);
/// assert!(decoded.crlf);
/// assert_eq!(import.games[0].moves().count(), 4);
/// assert_eq!(import.tally.total(), 3);
/// ```
#[must_use]
pub fn read(bytes: &[u8], notation: &Descriptive) -> (Decoded, Import) {
    let decoded = decode(bytes);
    let import = import(&decoded.text, notation);
    (decoded, import)
}

/// Finds and reads the games of a book written in `notation`'s language; moves in messages are
/// written in `notation`. Linear in the length of the text.
#[must_use]
pub fn import(text: &str, notation: &Descriptive) -> Import {
    let mut state = State {
        text,
        notation,
        index: LineIndex::new(text),
        import: Import::default(),
        game: None,
        pending: Vec::new(),
        runs: 0,
        last: LineClass::Blank,
        last_ended: true,
        last_indent: 0,
        at: 0,
        cut_short: None,
        after_cut: false,
        moves_not_read: None,
        block: None,
        scan: None,
        above: None,
        board: None,
        head_at: None,
        names: None,
        orphan: None,
        algebraic_above: None,
        stacked: (None, None),
    };
    // One class per line: the list is sized once.
    state
        .import
        .lines
        .reserve(memchr::memchr_iter(b'\n', text.as_bytes()).count() + 1);
    let regions = fraction::regions(text, &state.index);
    let mut regions = regions.iter().peekable();
    let mut offset = 0;
    let mut lines = text.split_inclusive('\n');
    while let Some(raw) = lines.next() {
        let line_no = state.import.lines.len();
        if let Some(region) = regions.next_if(|r| r.first == line_no) {
            // The region's lines, read column by column.
            let mut region_lines = Vec::with_capacity(region.last - region.first + 1);
            region_lines.push((offset, raw.trim_end_matches(['\n', '\r'])));
            offset += raw.len();
            for raw in lines.by_ref().take(region.last - region.first) {
                region_lines.push((offset, raw.trim_end_matches(['\n', '\r'])));
                offset += raw.len();
            }
            state.region(region, &region_lines);
            continue;
        }
        let line = raw.trim_end_matches(['\n', '\r']);
        let class = state.feed(line, offset, line_no);
        state.import.lines.push(class);
        state.own(line_no);
        offset += raw.len();
    }
    state.close_scan();
    state.finish_game();
    if state.import.games.is_empty() && !state.import.diagnostics.iter().any(Diagnostic::is_error) {
        state.import.diagnostics.push(no_games(text));
    }
    let mut tally = Tally::default();
    for &class in &state.import.lines {
        tally.add(class);
    }
    state.import.tally = tally;
    state.import
}

/// The error of a text in which no game was found: an import that gives nothing has failed,
/// whatever the text holds. Its caret is on the first line that starts as a book's move does
/// and names a piece in words ([`worded_move_line`]), the likeliest place of moves in a form
/// not read; at the text's start when there is none.
fn no_games(text: &str) -> Diagnostic {
    let mut offset = 0;
    let mut found = None;
    for raw in text.split_inclusive('\n') {
        let line = raw.trim_end_matches(['\n', '\r']);
        if worded_move_line(line) {
            let lead = line.len() - line.trim_start().len();
            found = Some(Span::new(offset + lead, offset + line.trim_end().len()));
            break;
        }
        offset += raw.len();
    }
    let help = "import reads a book's descriptive moves, in letters (`P-K4`, `Kt-KB3`, French \
                with --from descriptive-fr) or in the short words of old books (`P. to K's 4th.`, \
                `K. Kt. to B. 3d.`); moves written out in sentences (`W. King's pawn two \
                squares.`) are not read, and algebraic moves are read by `scoresheet convert`";
    match found {
        Some(span) => Diagnostic::error(
            Code::BookNoGames,
            "no game found in the text: this line names a piece in words where a move is \
             written, in a form not read",
            span,
        ),
        None => Diagnostic::error(
            Code::BookNoGames,
            "no game found in the text",
            Span::new(0, 0),
        ),
    }
    .with_help(help)
}

/// Whether `line` starts as a move of a book (a move number, a side: `1. W.`, `Bl.`, `Black:`)
/// and names a piece in words after it (`King's pawn two squares.`, `The Q. Knight at his B.
/// 3d sq.`).
fn worded_move_line(line: &str) -> bool {
    let mut words = line.split_whitespace().peekable();
    let mut started = false;
    if let Some(first) = words.peek()
        && first
            .trim_end_matches(['.', ')', ':'])
            .bytes()
            .all(|b| b.is_ascii_digit())
        && first.bytes().next().is_some_and(|b| b.is_ascii_digit())
    {
        started = true;
        words.next();
    }
    if let Some(side) = words.peek()
        && matches!(
            side.trim_end_matches(['.', ':', ','])
                .to_ascii_lowercase()
                .as_str(),
            "w" | "wh" | "white" | "b" | "bl" | "black"
        )
    {
        started = true;
        words.next();
    }
    // A piece's name in full (`King's`, `PAWN`), not its letter (`K.`, `Kt.`).
    started
        && words.any(|word| {
            let core = word
                .trim_matches(|c: char| !c.is_alphabetic() && c != '\'' && c != '’')
                .to_ascii_lowercase();
            core.chars().filter(|c| c.is_alphabetic()).count() > 2
                && wordy::piece_letter(&core).is_some()
        })
}

/// A token of a game being gathered.
struct Token {
    parsed: Parsed,
    /// The compact text read (`P-K4` for `P. to K's 4th.`).
    text: String,
    span: Span,
    /// The line it is on, from 0.
    line: usize,
    /// What the book says of the pawn taken (`doubled P.`).
    victim: Option<wordy::PawnKind>,
}

/// A column of moves printed beside the first (`25 P takes P  B to B5`), kept until the first
/// column ends.
struct Column {
    items: Vec<(Item, usize)>,
    next: (u32, Color),
}

/// A game being gathered from its lines.
struct Gathering {
    tags: Vec<(String, String)>,
    heading: Option<String>,
    tokens: Vec<Token>,
    /// Paragraphs, with the number of tokens before them.
    comments: Vec<(usize, String)>,
    paragraph: String,
    /// The next move: its number and side.
    next: (u32, Color),
    result: Option<GameResult>,
    /// A result was read: later prose is its comment until a blank line ends the game.
    ended: bool,
    repairs: Vec<Diagnostic>,
    /// Numbers written with and without their dot; the missing dots are warned of only
    /// where most numbers have one.
    dotted: usize,
    undotted: Vec<Span>,
    /// Where White's and Black's move numbers stand on the game's lines (byte columns).
    white_col: Option<usize>,
    black_col: Option<usize>,
    columns: Vec<Column>,
    /// A line numbered as the next move did not read: the numbered lines after it are not
    /// read either.
    unread: bool,
    /// Where Black's moves stand on lines that hold both sides' moves (byte column).
    black_move_col: Option<usize>,
    /// The column of a variation's numbers, after a numbered line that did not follow.
    variation_col: Option<usize>,
    /// The lines the game owns, from 0; and the comment lines with the tokens before them.
    owned: Vec<usize>,
    comment_lines: Vec<(usize, usize)>,
    /// Errors found while gathering (a column that does not follow), with their lines.
    errors: Vec<(Diagnostic, Vec<usize>)>,
    /// The first move: its number and side.
    first: (u32, Color),
    /// A diagram printed before the first move: the position it may start from.
    start_board: Option<Pending>,
    /// Diagrams printed between its moves.
    checks: Vec<Check>,
    /// The moves a reference copies from another game (`Moves 1-6 as in Game 3.`), with
    /// what the reference says.
    /// what the reference says; several when the reference leaves the game open (`as
    /// before`): the replay chooses.
    prefix: Vec<Prefix>,
    /// Moves after the copied ones and before the game's own, from the words before the
    /// game, with their text.
    gap: Vec<(Parsed, String)>,
    /// The squares an odds game's heading empties (`Remove White's Queen's Knight.`).
    odds: Vec<chess_rules::Square>,
    /// A note opened with `(` and not yet closed, and the line it opened on: the moves
    /// printed inside it are the note's (`(... In which case the subtle threat is as
    /// follows-- ... 28. P takes Kt ... And wins, ...)`).
    paren: Option<(usize, usize)>,
    /// How far the book's move numbers have run ahead of the moves (a misprint it goes on
    /// from): subtracted from every number after it.
    shift: u32,
    /// Black's moves were found printed under their own number with White's next after them
    /// on the line ([`Reader::moves`]): said once.
    staggered: bool,
}

impl Gathering {
    fn new(tags: Vec<(String, String)>, heading: Option<String>, next: (u32, Color)) -> Self {
        Gathering {
            tags,
            heading,
            tokens: Vec::new(),
            comments: Vec::new(),
            paragraph: String::new(),
            next,
            result: None,
            ended: false,
            repairs: Vec::new(),
            dotted: 0,
            undotted: Vec::new(),
            white_col: None,
            black_col: None,
            columns: Vec::new(),
            variation_col: None,
            black_move_col: None,
            unread: false,
            owned: Vec::new(),
            comment_lines: Vec::new(),
            errors: Vec::new(),
            first: next,
            start_board: None,
            checks: Vec::new(),
            prefix: Vec::new(),
            gap: Vec::new(),
            odds: Vec::new(),
            paren: None,
            shift: 0,
            staggered: false,
        }
    }

    fn flush(&mut self) {
        if !self.paragraph.is_empty() {
            let text = std::mem::take(&mut self.paragraph);
            self.comments.push((self.tokens.len(), text));
        }
    }

    fn comment(&mut self, text: &str, line: usize) {
        let (depth, since) = self.paren.unwrap_or((0, line));
        let depth = parens(text, depth);
        self.paren = (depth > 0).then_some((depth, since));
        if !self.paragraph.is_empty() {
            self.paragraph.push(' ');
        }
        self.paragraph.push_str(text);
        self.comment_lines.push((line, self.tokens.len()));
    }

    fn advance(next: &mut (u32, Color)) {
        *next = match *next {
            (n, Color::White) => (n, Color::Black),
            (n, Color::Black) => (n + 1, Color::White),
        };
    }

    /// Plays the items of a line (or of a column) into the game.
    fn apply(&mut self, items: Vec<Item>, line: usize) {
        self.flush();
        let mut last_move: Option<usize> = None;
        for item in items {
            match item {
                Item::Number { n, black, .. } => {
                    if black {
                        self.next = (n, Color::Black);
                    } else if self.next.0 != n {
                        self.next = (n, Color::White);
                    }
                }
                Item::Dot(dotted, span, _) => {
                    if dotted {
                        self.dotted += 1;
                    } else {
                        self.undotted.push(span);
                    }
                }
                Item::Placeholder => self.next.1 = Color::Black,
                Item::Move {
                    mut parsed,
                    text,
                    span,
                    victim,
                    algebraic,
                } => {
                    if algebraic && self.next.1 == Color::Black {
                        algebraic::from_whites_side(&mut parsed);
                    }
                    self.tokens.push(Token {
                        parsed,
                        text,
                        span,
                        line,
                        victim,
                    });
                    last_move = Some(self.tokens.len() - 1);
                    Gathering::advance(&mut self.next);
                }
                Item::Suffix(marks) => {
                    if let Some(k) = last_move.or(self.tokens.len().checked_sub(1)) {
                        let token = &mut self.tokens[k];
                        token.parsed.mark = marks.mark;
                        token.parsed.en_passant |= marks.en_passant;
                        for nag in marks.nags.into_iter().filter(|&n| n != 0) {
                            if let Some(slot) = token.parsed.nags.iter_mut().find(|n| **n == 0) {
                                *slot = nag;
                            }
                        }
                    }
                }
                Item::Result(result) => {
                    self.result = Some(result.unwrap_or(GameResult::win(!self.next.1)));
                    self.ended = true;
                }
                Item::Unread(text, span) => {
                    let (n, side) = self.next;
                    let side = if side == Color::Black { "..." } else { "" };
                    self.errors.push((
                        Diagnostic::error(
                            Code::BookUnreadable,
                            format!(
                                "{text:?} does not read as a move; the game stops here, at \
                                 move {n}{side}"
                            ),
                            span,
                        ),
                        vec![line],
                    ));
                    self.ended = true;
                    self.unread = true;
                    return;
                }
                Item::Note(text) => {
                    if wins(&text) && self.result.is_none() && self.paren.is_none() {
                        self.result = Some(GameResult::win(!self.next.1));
                        self.ended = true;
                    }
                    self.comment(&text, line);
                }
            }
        }
    }
}

struct State<'a> {
    text: &'a str,
    notation: &'a Descriptive,
    index: LineIndex,
    import: Import,
    game: Option<Gathering>,
    /// Prose since the last game: where a heading is looked for.
    pending: Vec<String>,
    /// Runs of moves found, games or not: the number diagnostics name.
    runs: usize,
    /// The class of the line before.
    last: LineClass,
    /// The line before ends a sentence.
    last_ended: bool,
    /// How far the line before is indented (bytes).
    last_indent: usize,
    /// The line being read, from 0.
    at: usize,
    /// The last game, when a line other than its result ended it: its next move.
    cut_short: Option<CutShort>,
    /// The lines after a cut game's continuation are not read either.
    after_cut: bool,
    /// The diagnostic of the last run of lines laid out as moves that read as none
    /// ([`layout::looks_like_moves`]), the run's lines so far and its last line.
    moves_not_read: Option<(usize, usize, usize)>,
    /// A bracketed block open over several lines (`[Footnote A: ...`, `[Illustration: ...`):
    /// its class and how many brackets are still open.
    block: Option<(LineClass, usize)>,
    /// The lines of a text diagram being read.
    scan: Option<Scan>,
    /// A caption alone (`Black.`) on the line before, and its line: the side at the head of
    /// a board that starts under it.
    above: Option<(Color, usize)>,
    /// The last diagram read as a position, until the moves after it take it.
    board: Option<Pending>,
    /// The line of the last column head (`White  Black`): the line under it may name the
    /// players (`MASON  H. E. BIRD`).
    head_at: Option<usize>,
    /// The players named in the column heads, White's and Black's, for the next game.
    names: Option<(String, String)>,
    /// The last run of move lines outside any game, while no game has started since.
    orphan: Option<Orphan>,
    /// The last line outside a game that holds numbered algebraic moves (`1.e4 e5 2.Sf3`),
    /// which import does not read: named where moves after it have no start.
    algebraic_above: Option<usize>,
    /// Players named each under a caption of its own (`White.` / `Barnes.` / `Black.` /
    /// `Morphy.`, the Encyclopaedia Britannica's layout), White's and Black's so far.
    stacked: (Option<String>, Option<String>),
}

/// Move lines outside any game whose start is not in the text (`9. P-Q4  PxP` at the top
/// of an extract), not read: one error names the run.
struct Orphan {
    /// The error, among the book's diagnostics.
    diagnostic: usize,
    /// The first move of the run and the move after its last line.
    first: (u32, Color),
    next: (u32, Color),
    /// Its first and last lines, from 0.
    lines: (usize, usize),
    /// The games started before it: a new one ends the run.
    runs: usize,
}

/// The lines of a text diagram, gathered until a line that is not one.
struct Scan {
    lines: Vec<String>,
    /// Its first line (from 0) and where that line is in the text.
    line: usize,
    span: Span,
    flipped: bool,
}

/// A diagram read as a position, waiting for the moves after it.
#[derive(Clone)]
struct Pending {
    board: diagram::Board,
    /// The side a caption gives the move to (`WHITE TO PLAY.`).
    side: Option<Color>,
    /// Its first rank, in the text, and its line from 0.
    span: Span,
    line: usize,
    /// Its last line, from 0.
    last: usize,
    /// The notes of the open game before it: where its marker goes among them.
    comments: usize,
}

/// How many lines after a diagram a run of moves numbered other than `1.` may start an
/// example from it: a caption and a paragraph between, not a chapter.
const BOARD_REACH: usize = 40;

/// A diagram printed inside a game, before the move `at` (from 0).
struct Check {
    at: usize,
    pending: Pending,
    /// The game's position at `at` (its board, move number and side), once reached.
    game: Option<(diagram::Board, u32, Color)>,
    matched: bool,
    /// Printed after the game's last move line: checked against its end, never reported.
    trailing: bool,
}

/// A game ended by a line that was not its result, kept in case its moves go on.
struct CutShort {
    next: (u32, Color),
    run: usize,
    name: String,
    /// Its index in the games.
    index: usize,
}

/// A piece of a move line.
#[derive(Debug)]
enum Item {
    Number {
        n: u32,
        black: bool,
    },
    /// Whether a move number had its dot, where it is, and its byte column in the line.
    Dot(bool, Span, usize),
    Placeholder,
    Move {
        parsed: Parsed,
        text: String,
        span: Span,
        /// What the book says of the pawn taken (`doubled P.`).
        victim: Option<wordy::PawnKind>,
        /// Written the algebraic way: its ranks counted from White's side, turned round when
        /// Black plays it.
        algebraic: bool,
    },
    /// `ch`, `!` printed apart from its move, in a column of its own.
    Suffix(Parsed),
    /// `Resigns` (who resigned follows from the side to move: `None`), `Drawn`, `1-0`.
    Result(Option<GameResult>),
    /// Words after the moves: `and wins`, `(best)`.
    Note(String),
    /// A move that does not read after moves of the same line that do (`4. B Kt`, its `x`
    /// lost): the game stops there, with an error.
    Unread(String, Span),
}

/// `and wins`, `And wins; the battle having lasted about seven hours.`
fn wins(text: &str) -> bool {
    let t = text.trim_start_matches([',', ';', ' ']).as_bytes();
    // Compared without a copy in small letters: every note of a game is asked.
    let starts = |word: &[u8]| t.len() >= word.len() && t[..word.len()].eq_ignore_ascii_case(word);
    starts(b"and wins") || starts(b"wins") || starts(b"and mates")
}

/// A result written alone: `Resigns.`, `Drawn.`, `Mate.`, `1-0`.
fn result_word(text: &str) -> Option<Option<GameResult>> {
    let t = text.trim().trim_end_matches(['.', '!']).trim();
    let t = t
        .strip_prefix("And ")
        .or_else(|| t.strip_prefix("and "))
        .unwrap_or(t);
    match t {
        "Resigns" | "resigns" | "Resigned" | "resigned" | "Mate" | "mate" | "Checkmate"
        | "checkmate" | "And mate" | "and mate" => Some(None),
        "Drawn" | "drawn" | "Draw" | "draw" | "Draw agreed" | "Drawn game" | "Drawn Game" => {
            Some(Some(GameResult::Draw))
        }
        "1-0" => Some(Some(GameResult::WhiteWins)),
        "0-1" => Some(Some(GameResult::BlackWins)),
        "½-½" | "1/2-1/2" => Some(Some(GameResult::Draw)),
        "White resigns" | "White resigned" => Some(Some(GameResult::BlackWins)),
        "Black resigns" | "Black resigned" => Some(Some(GameResult::WhiteWins)),
        _ => None,
    }
}

impl State<'_> {
    /// Reads one line of the text (or of a column of it) at `line_no`; returns its class.
    fn feed(&mut self, line: &str, offset: usize, line_no: usize) -> LineClass {
        if self.scan.is_some() && !layout::is_diagram(clean(line).trim()) {
            self.close_scan();
        }
        self.at = line_no;
        let class = self.line(line, offset);
        self.last = class;
        self.last_ended = line.trim_end().ends_with(['.', '!', '?', '"', '”']);
        self.last_indent = line.len() - line.trim_start().len();
        class
    }

    /// Line `line_no` belongs to the game open, if any.
    fn own(&mut self, line_no: usize) {
        if let Some(game) = self.game.as_mut()
            && game.owned.last().is_none_or(|&last| line_no > last)
        {
            game.owned.push(line_no);
        }
    }

    /// A line of a region holds several columns: its class is the weightiest of theirs, and
    /// a line found not read stays so.
    fn mark(&mut self, line_no: usize, class: LineClass) {
        let weight = |c: LineClass| match c {
            LineClass::Blank => 0,
            LineClass::Prose => 1,
            LineClass::PageArtefact => 2,
            LineClass::Diagram => 3,
            LineClass::Heading => 4,
            LineClass::Comment => 5,
            LineClass::Move => 6,
            LineClass::NotRead => 7,
        };
        if let Some(slot) = self.import.lines.get_mut(line_no)
            && weight(class) > weight(*slot)
        {
            *slot = class;
        }
        self.own(line_no);
    }

    /// The lines of a region of fractions (`lines`: offset and text of each), read column by
    /// column: each fraction is a move line, the column's other text lines of their own.
    fn region(&mut self, region: &fraction::Region, lines: &[(usize, &str)]) {
        let first = region.first;
        let columns = &region.columns;
        self.import
            .lines
            .extend(std::iter::repeat_n(LineClass::Blank, lines.len()));
        for k in 0..columns.len() {
            let mut l = 0;
            while l < lines.len() {
                let rule_below = lines
                    .get(l + 1)
                    .and_then(|&(_, below)| fraction::bar_in(below, columns, k));
                let rule_here = fraction::bar_in(lines[l].1, columns, k);
                let (top, at, bar) = match (rule_here, rule_below) {
                    (None, Some(bar)) => (Some(l), l + 1, bar),
                    (Some(bar), _) => (None, l, bar),
                    (None, None) => {
                        let (offset, line) = lines[l];
                        let masked = fraction::masked(line, columns, k);
                        let class = self.feed(&masked, offset, first + l);
                        self.mark(first + l, class);
                        l += 1;
                        continue;
                    }
                };
                // No bottom where the next rule's top follows at once.
                let bottom = (at + 1 < lines.len()
                    && lines
                        .get(at + 2)
                        .is_none_or(|&(_, l2)| fraction::bar_in(l2, columns, k).is_none()))
                .then_some(at + 1);
                let class = self.fraction(lines, (top, at, bottom), bar, columns, k, first);
                for j in top.into_iter().chain([at]).chain(bottom) {
                    self.mark(first + j, class);
                }
                self.last = class;
                self.last_ended = false;
                l = bottom.unwrap_or(at) + 1;
            }
        }
        if let Some(&(_, line)) = lines.last() {
            self.last = self.import.lines[first + lines.len() - 1];
            self.last_ended = line.trim_end().ends_with(['.', '!', '?', '"', '”']);
            self.last_indent = line.len() - line.trim_start().len();
        }
    }

    /// One fraction of column `k`: White's move over the rule (the line `top`), the rule at
    /// `at`, Black's under it (`bottom`), read as the line `N. White Black`; a move the
    /// column does not continue is a note, as such a line would be.
    fn fraction(
        &mut self,
        lines: &[(usize, &str)],
        (top, at, bottom): (Option<usize>, usize, Option<usize>),
        bar: fraction::Bar,
        columns: &[usize],
        k: usize,
        first: usize,
    ) -> LineClass {
        let (bar_offset, bar_line) = lines[at];
        let mut items = vec![
            Item::Number {
                n: bar.n,
                black: false,
            },
            Item::Dot(
                true,
                Span::new(bar_offset + bar.start, bar_offset + bar.number_end),
                bar.start,
            ),
        ];
        let mut text = format!("{}.", bar.n);
        let mut read = true;
        for (j, side) in [(top, Color::White), (bottom, Color::Black)] {
            let Some(j) = j else { continue };
            let (offset, line) = lines[j];
            let masked = fraction::masked(line, columns, k);
            let cell = clean(&masked);
            if cell.trim().is_empty() {
                continue;
            }
            text.push(' ');
            text.push_str(cell.trim());
            // `...` over the rule: White's move left out.
            if is_placeholder(cell.trim()) {
                items.push(Item::Placeholder);
                continue;
            }
            let before = items.len();
            if !read_moves(&cell, 0, offset, self.notation, &mut items) {
                items.truncate(before);
                match side {
                    // Words under White's move (`Winning the Q.`): its note.
                    Color::Black if read => items.push(Item::Note(single_spaced(cell.trim()))),
                    _ => read = false,
                }
            }
        }
        // Words beside the rule (`&c.`) are a note after the moves.
        let masked = fraction::masked(bar_line, columns, k);
        let (before, after) = (masked[..bar.start].trim(), masked[bar.end..].trim());
        if !before.is_empty() || !after.is_empty() {
            let rest = format!("{before} {after}");
            let rest = rest.trim();
            text.push(' ');
            text.push_str(rest);
            items.push(Item::Note(rest.to_owned()));
        }
        let line_no = first + at;
        self.at = line_no;
        if read && let Some(class) = self.moves(items, line_no) {
            return class;
        }
        let text = single_spaced(&text);
        if let Some(game) = self.game.as_mut() {
            game.comment(&text, line_no);
            return LineClass::Comment;
        }
        self.pending_push(text);
        LineClass::Prose
    }

    /// Reads one line; returns its class.
    fn line(&mut self, raw: &str, offset: usize) -> LineClass {
        let line_no = self.at;
        let cleaned = clean(raw);
        let trimmed = cleaned.trim();
        if let Some((class, depth)) = self.block {
            let depth = brackets(trimmed, depth);
            self.block = (depth > 0).then_some((class, depth));
            return self.block_line(class, trimmed, line_no);
        }
        if trimmed.is_empty() {
            if !raw.trim().is_empty() {
                return LineClass::PageArtefact;
            }
            if let Some(game) = self.game.as_mut() {
                game.flush();
                if game.ended {
                    self.finish_game();
                }
            }
            // A paragraph's end, for the heading above a game.
            if self.game.is_none() && self.pending.last().is_some_and(|l| !l.is_empty()) {
                self.pending_push(String::new());
            }
            return LineClass::Blank;
        }
        let raw_trimmed = raw.trim();
        for (open, class) in [
            ("[Footnote", LineClass::Comment),
            ("[Note", LineClass::Comment),
            ("[Illustration", LineClass::PageArtefact),
            ("[Transcriber", LineClass::PageArtefact),
            ("[Sidenote", LineClass::PageArtefact),
        ] {
            if raw_trimmed.starts_with(open) {
                let depth = brackets(raw_trimmed, 0);
                self.block = (depth > 0).then_some((class, depth));
                self.close_columns();
                return self.block_line(class, raw_trimmed, line_no);
            }
        }
        if layout::is_page_artefact(raw_trimmed) {
            if raw_trimmed.matches('*').count() >= 3 {
                self.finish_game();
            }
            return LineClass::PageArtefact;
        }
        // `FEN: 8/2pp2pp/8/...`, `[FEN "..."]`: a position written out, the start of the moves
        // after it as a diagram's would be.
        if let Some(chess) = fen_line(trimmed) {
            let lead = raw.len() - raw.trim_start().len();
            let comments = self.game.as_mut().map_or(0, |g| {
                g.flush();
                g.comments.len()
            });
            self.board = Some(Pending {
                board: diagram::Board::of(&chess),
                side: Some(chess.turn()),
                span: Span::new(offset + lead, offset + raw.trim_end().len()),
                line: line_no,
                last: line_no,
                comments,
            });
            return LineClass::Diagram;
        }
        if layout::is_diagram(trimmed) {
            self.close_columns();
            self.scan_line(&cleaned, offset, line_no);
            return LineClass::Diagram;
        }
        if layout::is_caption(trimmed) {
            self.close_columns();
            self.caption(trimmed, line_no);
            return LineClass::Diagram;
        }
        if let Some((side, at)) = self.above
            && at + 1 == line_no
            && let Some(name) = stacked_name(trimmed)
        {
            // A player's name under a caption alone: the next game's player on that side.
            self.above = None;
            match side {
                Color::White => self.stacked.0 = Some(name),
                Color::Black => self.stacked.1 = Some(name),
            }
            if let (Some(white), Some(black)) = &self.stacked {
                self.names = Some((white.clone(), black.clone()));
                self.stacked = (None, None);
            }
            return LineClass::Heading;
        }
        // Column heads and the first moves after them on the same line: the heads as any
        // heads, the rest as a line of moves.
        if let Some(at) = layout::moves_after_column_head(trimmed) {
            self.column_heads(&trimmed[..at], line_no);
            let at = (cleaned.len() - cleaned.trim_start().len()) + at;
            return self.line(&raw[at..], offset + at);
        }
        if layout::is_column_head(trimmed) {
            self.column_heads(trimmed, line_no);
            return LineClass::Heading;
        }
        // `  MASON             H. E. BIRD` under `  White             Black`.
        // A line of capitals ends a game open above it, as any heading does.
        if self.head_at.is_some_and(|h| h + 1 == line_no)
            && let Some(names) = names_line(trimmed)
        {
            self.finish_game();
            self.names = Some(names);
            return LineClass::Heading;
        }
        // `Resigns.` alone; a lower-case `draw.` only right after the moves, never as the end
        // of a note's sentence.
        if let Some(result) = result_word(trimmed)
            && (trimmed.starts_with(|c: char| !c.is_lowercase())
                && !matches!(self.last, LineClass::Comment | LineClass::Prose)
                || self.last == LineClass::Move)
        {
            self.close_columns();
            if let Some(game) = self.game.as_mut().filter(|g| !g.ended) {
                game.apply(vec![Item::Result(result)], line_no);
                return LineClass::Move;
            }
        }
        // A table's cell (`| 1.P-Q4 Kt-KB3 ... |`, a web page's table as text): its rules are
        // layout, blanked as `clean` blanks marks, not a note after the moves.
        let cleaned = match layout::table_cell(&cleaned) {
            Some((start, end)) => {
                let mut text = cleaned.into_owned();
                text.replace_range(end.., &" ".repeat(text.len() - end));
                text.replace_range(..start, &" ".repeat(start));
                std::borrow::Cow::Owned(text)
            }
            None => cleaned,
        };
        let items = move_line(&cleaned, offset, self.notation);
        let read_as_moves = items.is_some();
        if let Some(items) = items {
            // A numbered line right after prose, not indented, is prose too (`29 P - K 6,
            // but that would only have prolonged the game`), unless the prose was a heading.
            // A heading or a names line right above a game's first move does not count.
            let starts = self.game.as_ref().is_none_or(|g| g.ended)
                && first_ply(&items).is_some_and(|(p, _)| p == (1, Color::White))
                && !items.iter().any(|i| matches!(i, Item::Note(_)));
            // A sentence that ended (`.`, `!`, `?`) does not go on into the next line.
            let after_prose = matches!(self.last, LineClass::Prose | LineClass::Comment)
                && !starts
                && !self.last_ended;
            // The line's moves, when it stands as a game's move line would (right under a
            // sentence that goes on, only with its moves in columns: `6 K - Q 6.` ends the
            // sentence above): the run it is of if no game takes it.
            let orphan = (in_columns(&items, &cleaned, offset)
                && (!after_prose || cleaned.trim().contains("  ") || cleaned.contains('\t')))
            .then(|| first_ply(&items).map(|(first, _)| (first, ply_after(&items))))
            .flatten();
            // An indented note whose sentence has not ended goes on, indented as it is, into
            // a line that starts with a move (`White may also play here 7. P takes P, to which
            // Black's best reply is` over `7. ... B to Kt 3, and not 7. ... B to Kt 5; ch.`).
            let indent = cleaned.len() - cleaned.trim_start().len();
            let goes_on = after_prose && indent == self.last_indent;
            // Moves inside a note's open parenthesis are the note's.
            let in_paren = self.game.as_mut().is_some_and(|g| {
                if g.paren
                    .is_some_and(|(_, since)| line_no > since + PAREN_REACH)
                {
                    g.paren = None;
                }
                g.paren.is_some()
            });
            let first = first_ply(&items).map(|(p, _)| p);
            if !goes_on
                && !in_paren
                && (!after_prose || cleaned.starts_with(char::is_whitespace))
                && let Some(class) = self.moves(items, line_no)
            {
                return class;
            }
            // A game that a heading (or a page's capitals) ended before its result, continued
            // here: the game was cut short, and says so.
            if self.game.is_none()
                && let Some(cut) = self.cut_short.take()
                && first == Some(cut.next)
            {
                let lead = cleaned.len() - cleaned.trim_start().len();
                let span = Span::new(offset + lead, offset + cleaned.trim_end().len());
                let (n, side) = (
                    cut.next.0,
                    if cut.next.1 == Color::White {
                        ""
                    } else {
                        "..."
                    },
                );
                self.import.diagnostics.push(
                    Diagnostic::error(
                        Code::BookContinuesEnded,
                        format!(
                            "these moves continue the game above at its move {n}{side}, after a line that ended it; the game stops here, at move {n}{side}"
                        ),
                        span,
                    )
                    .in_game(cut.run, cut.name),
                );
                if let Some(game) = self.import.games.get_mut(cut.index) {
                    game.complete = false;
                    game.result = GameResult::Unknown;
                }
                self.after_cut = true;
                return LineClass::NotRead;
            }
            if self.game.is_none() && self.after_cut && self.last == LineClass::NotRead {
                return LineClass::NotRead;
            }
            // Moves that do not continue the game are a note, never a heading that would end
            // it (`4. B-B4  B-B4` is all capitals).
            let text = single_spaced(&cleaned);
            self.close_columns();
            if self.game.as_ref().is_some_and(|g| g.unread) && self.last == LineClass::NotRead {
                // The numbered lines after one that did not read are not read either.
                return LineClass::NotRead;
            }
            if let Some(game) = self.game.as_mut() {
                game.comment(&text, line_no);
                return LineClass::Comment;
            }
            self.pending_push(text);
            if let Some((first, next)) = orphan {
                let lead = cleaned.len() - cleaned.trim_start().len();
                let span = Span::new(offset + lead, offset + cleaned.trim_end().len());
                self.without_start(first, next, span, line_no);
                return LineClass::NotRead;
            }
            return LineClass::Prose;
        }
        // A line numbered as the game's next move that does not read: the game stops here,
        // with an error, never by turning its moves into a note.
        let lead = cleaned.trim_start();
        if let Some(game) = self.game.as_mut().filter(|g| !g.ended)
            && !read_as_moves
            && let Some((n, _, _, _)) = number(lead)
            && n == game.next.0
            && !matches!(self.last, LineClass::Prose | LineClass::Comment)
        {
            let start = offset + (cleaned.len() - lead.len());
            game.errors.push((
                Diagnostic::error(
                    Code::BookUnreadable,
                    format!(
                        "move {n} of the game does not read as moves; the game stops here, at move {n}"
                    ),
                    Span::new(start, offset + cleaned.trim_end().len()),
                ),
                Vec::new(),
            ));
            game.ended = true;
            game.unread = true;
            return LineClass::NotRead;
        }
        if let Some(game) = self.game.as_ref().filter(|g| g.unread)
            && number(lead).is_some()
            && self.last == LineClass::NotRead
        {
            let _ = game;
            return LineClass::NotRead;
        }
        // Moves in a shape the reader does not know (`(1) P-e4 P-e5`, algebraic squares after
        // descriptive pieces; a book's PGN appendix): said, never counted as prose. Inside a
        // game such a line is kept as a note.
        // A sentence that goes on from the line above is prose, moves in it or not (`K - R 1;
        // 10 R - B 8 mate.` ending a note on a diagram's play).
        let goes_on =
            matches!(self.last, LineClass::Prose | LineClass::Comment) && !self.last_ended;
        if !read_as_moves && self.game.is_none() && !goes_on && layout::looks_like_moves(lead) {
            self.close_columns();
            // One diagnostic for a run of such lines (a game in another notation), its caret on
            // the run's first line.
            match &mut self.moves_not_read {
                Some((at, lines, last)) if *last + 1 == line_no => {
                    *lines += 1;
                    *last = line_no;
                    if let Some(diagnostic) = self.import.diagnostics.get_mut(*at) {
                        diagnostic.message = format!(
                            "these {lines} lines are laid out as moves but read as none in this \
                             notation: not read"
                        );
                    }
                }
                _ => {
                    let span = Span::new(
                        offset + (cleaned.len() - lead.len()),
                        offset + cleaned.trim_end().len(),
                    );
                    self.moves_not_read = Some((self.import.diagnostics.len(), 1, line_no));
                    self.import.diagnostics.push(
                        Diagnostic::error(
                            Code::BookMovesNotRead,
                            "this line is laid out as moves but reads as none in this notation: \
                             not read",
                            span,
                        )
                        .with_help(
                            "a book's moves are read in descriptive notation (`P-K4`, `Kt-KB3`; \
                             French with --from descriptive-fr), and algebraic, long algebraic \
                             too (`e2-e4`, `Cg1-f3`), by `scoresheet convert` from PGN \
                             (`1. e2-e4 e7-e5`): this line's are in another form",
                        ),
                    );
                }
            }
            return LineClass::NotRead;
        }
        // A paragraph holding a game's worth of numbered moves (a page whose columns a scan
        // ran into one line): its moves are not read, and the import says so rather than
        // count the line as prose with nothing read and nothing wrong.
        if self.game.is_none()
            && let (count @ MOVES_IN_TEXT.., first, last, at) = layout::numbered_moves_in_text(lead)
        {
            // The caret on the first of them: the line is a page long.
            let lead_at = offset + (cleaned.len() - lead.len());
            let span = Span::new(lead_at + at.start, lead_at + at.end);
            self.import.diagnostics.push(
                Diagnostic::error(
                    Code::BookMovesNotRead,
                    format!(
                        "running text holds {count} numbered moves ({first} to {last}) that are \
                         not read: a game's moves are read from lines of their own"
                    ),
                    span,
                )
                .with_help(
                    "set the moves out one numbered move or pair a line (`1. P to K 4  P to K 4`) \
                     to import them",
                ),
            );
        }
        self.prose(single_spaced(&cleaned), line_no)
    }

    /// Column heads at line `line_no`: `WHITE. (Mr. A.)   BLACK. (Mr. B.)`, the players in the
    /// heads for the game they start.
    fn column_heads(&mut self, heads: &str, line_no: usize) {
        self.head_at = Some(line_no);
        if self.game.as_ref().is_none_or(|g| g.ended) {
            self.finish_game();
            self.names = names_in_heads(heads);
        }
    }

    /// A move line that no game takes and that nothing before it gives the start of (no game
    /// it continues, no diagram, no reference): an error at the first line of its run, which
    /// goes on while its numbers do, with no game started between.
    fn without_start(
        &mut self,
        first: (u32, Color),
        next: (u32, Color),
        span: Span,
        line_no: usize,
    ) {
        let side = |(n, c): (u32, Color)| {
            if c == Color::White {
                format!("{n}")
            } else {
                format!("{n}...")
            }
        };
        if let Some(run) = self.orphan.as_mut().filter(|o| {
            o.runs == self.runs
                // A move alone in Black's column reads as White's: one ply either way.
                && (ply_index(o.next).saturating_sub(1)..=ply_index(o.next) + 1)
                    .contains(&ply_index(first))
        }) {
            run.lines.1 = line_no;
            if ply_index(next) > ply_index(run.next) {
                run.next = next;
            }
            let last = ply_at(ply_index(run.next).saturating_sub(1));
            let lines = format!("lines {}-{}", run.lines.0 + 1, line_no + 1);
            let message = if last.0 == run.first.0 {
                format!(
                    "move {} ({lines}) is not read: it belongs to a game whose start is not in the text",
                    run.first.0
                )
            } else {
                format!(
                    "moves {} to {} ({lines}) are not read: they belong to a game whose start is not in the text",
                    side(run.first),
                    last.0,
                )
            };
            if let Some(diagnostic) = self.import.diagnostics.get_mut(run.diagnostic) {
                diagnostic.message = message;
            }
            return;
        }
        self.orphan = Some(Orphan {
            diagnostic: self.import.diagnostics.len(),
            first,
            next,
            lines: (line_no, line_no),
            runs: self.runs,
        });
        self.import.diagnostics.push(
            Diagnostic::error(
                Code::BookMovesWithoutStart,
                format!(
                    "move {} is not read: it belongs to a game whose start is not in the text",
                    side(first)
                ),
                span,
            )
            .with_help(match self.algebraic_above {
                // The game's start is above, in a notation import does not read.
                Some(above) => format!(
                    "line {} above holds numbered algebraic moves, which import does not read \
                     (it reads descriptive notation): `scoresheet convert` reads a game in \
                     algebraic notation",
                    above + 1
                ),
                None => "a diagram of the position before these moves, or a reference to the \
                         game they continue, lets them be read"
                    .to_owned(),
            }),
        );
    }

    /// A rank or border of a text diagram: gathered until the diagram ends.
    fn scan_line(&mut self, line: &str, offset: usize, line_no: usize) {
        if let Some(scan) = self.scan.as_mut() {
            scan.lines.push(line.to_owned());
            return;
        }
        let lead = line.len() - line.trim_start().len();
        // `WHITE.` over the board: White at its head.
        let flipped = self
            .above
            .take()
            .is_some_and(|(side, at)| side == Color::White && at + 1 == line_no);
        self.scan = Some(Scan {
            lines: vec![line.to_owned()],
            line: line_no,
            span: Span::new(offset + lead, offset + line.trim_end().len()),
            flipped,
        });
    }

    /// A diagram's caption: the side over the board, or the side to move.
    fn caption(&mut self, text: &str, line_no: usize) {
        if let Some(side) = diagram::caption_alone(text) {
            self.above = Some((side, line_no));
        }
        if let Some(side) = diagram::caption_side(text)
            && let Some(pending) = self.board.as_mut()
        {
            pending.side = Some(side);
        }
    }

    /// The end of a text diagram: its position, when it reads as one, waits for the moves
    /// after it.
    fn close_scan(&mut self) {
        let Some(scan) = self.scan.take() else {
            return;
        };
        if let Some(board) =
            diagram::read_board(scan.lines.iter().map(String::as_str), scan.flipped)
        {
            self.import.diagrams.read += 1;
            let comments = self.game.as_mut().map_or(0, |g| {
                g.flush();
                g.comments.len()
            });
            self.board = Some(Pending {
                comments,
                board,
                side: None,
                span: scan.span,
                line: scan.line,
                last: scan.line + scan.lines.len() - 1,
            });
        }
    }

    /// The position a game starts from: the diagram printed before its first move, when the
    /// moves read at least as far from it as from the initial position (the game then says so
    /// in `[SetUp "1"]` and `[FEN]`); else the initial position. The diagram's side to move is
    /// the first move's column.
    fn start_of(
        &mut self,
        game: &mut Gathering,
        parsed: &[Result<Parsed, MoveError>],
    ) -> DescriptivePosition {
        let initial = DescriptivePosition::new();
        if game.start_board.is_none() && !game.odds.is_empty() {
            let mut board = diagram::Board::of(initial.chess());
            for sq in &game.odds {
                board.0[sq.to_usize()] = None;
            }
            if let Some(from) = board.position(game.first.1, game.first.0) {
                game.tags.push(("SetUp".to_owned(), "1".to_owned()));
                game.tags.push(("FEN".to_owned(), from.chess().to_fen()));
                return from;
            }
        }
        let Some(pending) = game.start_board.take() else {
            return initial;
        };
        if game.first == (1, Color::White) && pending.board == diagram::Board::of(initial.chess()) {
            return initial;
        }
        let Some(from) = pending.board.position(game.first.1, game.first.0) else {
            return initial;
        };
        let reads = |pos: &DescriptivePosition| {
            let mut budget = CONFIRM_BUDGET;
            reach(pos.clone(), parsed, false, &mut budget).0
        };
        let on_board = reads(&from);
        if on_board == 0 || on_board < reads(&initial) {
            return initial;
        }
        game.tags.push(("SetUp".to_owned(), "1".to_owned()));
        game.tags.push(("FEN".to_owned(), from.chess().to_fen()));
        self.import.diagrams.starts += 1;
        from
    }

    /// The game's first moves as a sentence of the prose just before its first line gives
    /// them (`The opening moves are: 1. P to K 4, P to K 4; 2. P to K B 4, P takes P; 3. Kt to
    /// K B 3, B to K 2.`): every pair from move 1 up to the one before `first` (White's), each
    /// `N. white, black`, the run replaying from the initial position with one move to each
    /// token, and the line's own first move playing after it. `None` otherwise.
    fn spoken_opening(&self, first: (u32, Color), items: &[Item]) -> Option<(Prefix, String)> {
        if first.1 != Color::White {
            return None;
        }
        let pairs = first.0 - 1;
        let text = self.pending.join(" ");
        let own = items.iter().find_map(|i| match i {
            Item::Move { parsed, .. } => Some(parsed),
            _ => None,
        })?;
        // The last run that starts at a `1. ` not glued to a digit.
        text.match_indices("1. ")
            .filter(|(at, _)| *at == 0 || !text.as_bytes()[at - 1].is_ascii_alphanumeric())
            .collect::<Vec<_>>()
            .into_iter()
            .rev()
            .find_map(|(at, _)| {
                let (tokens, len) = spoken_pairs(&text[at..], pairs, self.notation)?;
                let mut pos = DescriptivePosition::new();
                let mut moves = Vec::with_capacity(tokens.len());
                for parsed in &tokens {
                    let Outcome::One { mv, repairs } = resolve::resolve(&pos, parsed) else {
                        return None;
                    };
                    if !repairs.is_empty() {
                        return None;
                    }
                    pos.play_unchecked(mv);
                    moves.push(mv);
                }
                let sentence = &text[at..at + len];
                matches!(resolve::resolve(&pos, own), Outcome::One { .. }).then(|| {
                    let prefix = Prefix {
                        moves,
                        said: format!(
                            "moves 1-{pairs} as the sentence before them gives them: {sentence}"
                        ),
                        named: true,
                        opening: None,
                    };
                    (prefix, sentence.to_owned())
                })
            })
    }

    /// The moves from ply `from` to ply `to` as the words before a run give them, each the
    /// last one written with its number (`8. ... Kt to Kt 5` after `instead of 8. ... Kt to
    /// K 2`); `None` when one is not there.
    fn gap_moves(&self, from: usize, to: usize) -> Option<Vec<(Parsed, String)>> {
        (from..to)
            .map(|ply| {
                let (n, side) = ply_at(ply);
                let number = format!("{n}.");
                self.pending.iter().rev().find_map(|line| {
                    line.match_indices(&number)
                        .filter(|(at, _)| *at == 0 || !line.as_bytes()[at - 1].is_ascii_digit())
                        .filter_map(|(at, _)| {
                            let items = move_line(&line[at..], 0, self.notation)?;
                            (first_ply(&items)?.0 == (n, side)).then_some(items)
                        })
                        .last()
                        .and_then(|items| {
                            items.into_iter().find_map(|i| match i {
                                Item::Move {
                                    mut parsed,
                                    text,
                                    algebraic,
                                    ..
                                } => {
                                    if algebraic && side == Color::Black {
                                        algebraic::from_whites_side(&mut parsed);
                                    }
                                    Some((parsed, text))
                                }
                                _ => None,
                            })
                        })
                })
            })
            .collect()
    }

    /// The moves a reference copies: the plies before `first` of the game it names, when that
    /// game is in the book, started from the initial position and is long enough; else an
    /// error, and the moves are read from the initial position. A reference that leaves the
    /// game open (`First three moves as before.`, a variation's heading) gives the games
    /// before it, nearest first (those its heading names first): the replay chooses.
    fn referred_moves(
        &mut self,
        referred: &Reference,
        first: (u32, Color),
        at: Span,
    ) -> Vec<Prefix> {
        /// How far back a variation looks for the line it branches from: a section's games.
        const SECTION: usize = 8;
        let plies = ply_index(first);
        let initial = DescriptivePosition::new();
        let long_enough = |g: &&BookGame| g.start == initial && g.moves().count() >= plies;
        let named = |g: &&BookGame, n: &str| {
            g.tag("Round") == Some(n)
                || g.heading.as_ref().is_some_and(|h| {
                    h.split(|c: char| !c.is_alphanumeric())
                        .any(|w| w.eq_ignore_ascii_case(n))
                })
        };
        let games = &self.import.games;
        let mut named_count = 1;
        let found: Vec<(usize, &BookGame)> = match &referred.game {
            Referred::Preceding => games.iter().enumerate().rev().take(1).collect(),
            Referred::Numbered(n) => games
                .iter()
                .enumerate()
                .rev()
                .find(|(_, g)| named(g, n))
                .into_iter()
                .collect(),
            Referred::Before(name) => {
                let recent = games.iter().enumerate().rev().take(SECTION);
                let (mut by_name, others): (Vec<_>, Vec<_>) = recent.partition(|(_, g)| {
                    name.as_ref().is_some_and(|n| {
                        g.heading
                            .as_ref()
                            .is_some_and(|h| h.to_ascii_lowercase().contains(n.as_str()))
                    })
                });
                named_count = by_name.len();
                by_name.extend(others);
                by_name
            }
        };
        let found: Vec<(usize, &BookGame, bool)> = found
            .into_iter()
            .enumerate()
            .filter(|(_, (_, g))| long_enough(g))
            .map(|(j, (k, g))| (k, g, j < named_count))
            .collect();
        let name = |k: usize, g: &BookGame| match &referred.game {
            Referred::Preceding => "the preceding game".to_owned(),
            Referred::Numbered(n) => format!("game {n}"),
            Referred::Before(_) => g.heading.as_ref().map_or_else(
                || format!("the game at line {}", g.lines.0),
                |h| format!("{} (game {} of the book)", h.trim_end_matches('.'), k + 1),
            ),
        };
        if found.is_empty() {
            let name = match &referred.game {
                Referred::Preceding => "the preceding game".to_owned(),
                Referred::Numbered(n) => format!("game {n}"),
                Referred::Before(_) => "any game before it".to_owned(),
            };
            self.import.diagnostics.push(Diagnostic::error(
                Code::BookReference,
                format!(
                    "the moves before move {} are those of {name}, which is not in the book with as many moves",
                    first.0
                ),
                at,
            ));
            return Vec::new();
        }
        found
            .into_iter()
            .map(|(k, game, named)| {
                let moves: Vec<Move> = game.moves().take(plies).collect();
                let name = name(k, game);
                let said = match referred.moves {
                    Some(n) if n + 1 != first.0 => format!(
                        "the first {n} moves as in {name} (lines {}-{}), copied up to move {}, where these moves start",
                        game.lines.0, game.lines.1, first.0
                    ),
                    _ => format!(
                        "moves 1-{}{} copied from {name} (lines {}-{}), as the book says",
                        first.0 - 1,
                        if first.1 == Color::Black {
                            format!(" and White's move {}", first.0)
                        } else {
                            String::new()
                        },
                        game.lines.0,
                        game.lines.1
                    ),
                };
                Prefix {
                    moves,
                    said,
                    named,
                    opening: game.tag("Opening").map(str::to_owned),
                }
            })
            .collect()
    }

    /// A line inside a bracketed block.
    fn block_line(&mut self, class: LineClass, text: &str, line: usize) -> LineClass {
        if class != LineClass::Comment {
            return class;
        }
        match self.game.as_mut() {
            Some(game) => {
                game.comment(&prose_text(text), line);
                LineClass::Comment
            }
            None => LineClass::Prose,
        }
    }

    fn prose(&mut self, text: String, line: usize) -> LineClass {
        self.close_columns();
        if is_heading(&text) {
            self.finish_game();
            self.pending_push(text);
            return LineClass::Heading;
        }
        // `wins.` at the start of a line that goes on a note's sentence (`B takes R, and` over
        // `wins. Equally bad would be ...`) is that sentence's, not the game's result.
        let goes_on =
            matches!(self.last, LineClass::Comment | LineClass::Prose) && !self.last_ended;
        if let Some(game) = self.game.as_mut() {
            if wins(&text) && !goes_on && game.result.is_none() && game.paren.is_none() {
                game.result = Some(GameResult::win(!game.next.1));
                game.ended = true;
            }
            game.comment(&text, line);
            return LineClass::Comment;
        }
        let class = if heading_line(&text) {
            LineClass::Heading
        } else {
            LineClass::Prose
        };
        if layout::algebraic_moves_in(&text) >= 3 {
            self.algebraic_above = Some(line);
        }
        self.pending_push(text);
        class
    }

    /// The heading of a game that starts while the game before has no end (no result): the
    /// lines after that game's last move that read as a heading (`Philidor's Defence.`, the
    /// players' names), from the last one back to the first that does not (`The game is about
    /// equal.`), go to the new game's heading instead of the old game's notes. They were the
    /// old game's last comments, and the new game had no players and no opening (exit 0).
    fn reclaim_heading(&mut self) {
        let Some(game) = self.game.as_mut().filter(|g| !g.ended) else {
            return;
        };
        game.flush();
        let moves = game.tokens.len();
        let after = game
            .comment_lines
            .iter()
            .rposition(|&(_, before)| before < moves)
            .map_or(0, |k| k + 1);
        let text = self.text;
        let index = &self.index;
        let line_text = |l: usize| {
            let start = index.start(l + 1);
            let end = if l + 1 < index.len() {
                index.start(l + 2)
            } else {
                text.len()
            };
            // As the line was read: its marks blanked ([`clean`]), single spaced.
            single_spaced(&clean(text.get(start..end).unwrap_or("")))
        };
        let trailing = &game.comment_lines[after..];
        let keep = trailing
            .iter()
            .rposition(|&(l, _)| !heading_like(&line_text(l)))
            .map_or(0, |k| k + 1);
        if keep == trailing.len() {
            return;
        }
        let moved: Vec<(usize, String)> = trailing[keep..]
            .iter()
            .map(|&(l, _)| (l, line_text(l)))
            .collect();
        let kept: Vec<(usize, String)> = trailing[..keep]
            .iter()
            .map(|&(l, _)| (l, line_text(l)))
            .collect();
        // The old game's notes after its last move, read again from the lines kept, a
        // paragraph for each run of lines without a gap, as a blank line ends one.
        game.comments.retain(|&(before, _)| before < moves);
        game.comment_lines.truncate(after);
        let mut last = None;
        for (l, line) in &kept {
            if last.is_some_and(|p: usize| p + 1 != *l) {
                game.flush();
            }
            game.comment(line, *l);
            last = Some(*l);
        }
        game.flush();
        for (l, line) in moved {
            self.import.lines[l] = LineClass::Heading;
            self.pending_push(line);
        }
    }

    fn pending_push(&mut self, text: String) {
        // Only the last lines before a game are kept, where its heading is; a long line is
        // a paragraph of prose, never a heading.
        if text.len() > 200 {
            return;
        }
        if self.pending.len() == 12 {
            self.pending.remove(0);
        }
        self.pending.push(text);
    }

    /// Appends the columns printed beside the first to the game, once the first has ended.
    fn close_columns(&mut self) {
        let Some(game) = self.game.as_mut() else {
            return;
        };
        for column in std::mem::take(&mut game.columns) {
            let first = column.items.iter().find_map(|(item, _)| match item {
                Item::Number { n, black } => {
                    Some((*n, if *black { Color::Black } else { Color::White }))
                }
                _ => None,
            });
            if first == Some(game.next) || first.is_some_and(|f| f.0 == game.next.0) {
                for (item, line) in column.items {
                    game.apply(vec![item], line);
                }
            } else {
                let lines: Vec<usize> = column.items.iter().map(|(_, l)| *l).collect();
                let at = column.items.iter().find_map(|(item, _)| match item {
                    Item::Move { span, .. } => Some(*span),
                    _ => None,
                });
                if let (Some(span), Some((n, _))) = (at, first) {
                    game.errors.push((
                        Diagnostic::error(
                            Code::BookColumnGap,
                            format!(
                                "a column of moves from move {n} does not follow move {} of the game; its moves are not read",
                                game.next.0
                            ),
                            span,
                        ),
                        lines,
                    ));
                }
            }
        }
    }

    /// A line of numbered moves: continues the game, starts one, or is a note quoting moves
    /// (`None`: read the line as prose).
    fn moves(&mut self, items: Vec<Item>, line_no: usize) -> Option<LineClass> {
        let mut items = items;
        // The numbers after one misprinted one more than the move (`... 17. B to Kt 3` for
        // Black's 16th, and `18.` for the 17th after it) are read as the book goes on with them.
        if let Some(shift) = self.game.as_ref().filter(|g| !g.ended).map(|g| g.shift)
            && shift > 0
        {
            for item in &mut items {
                if let Item::Number { n, .. } = item {
                    *n = n.saturating_sub(shift).max(1);
                }
            }
        }
        let (first, col) = first_ply(&items)?;
        // A column printed beside the first: its lines hold only its own numbers.
        if let Some(game) = self.game.as_mut().filter(|g| !g.ended)
            && let Some(column) = game.columns.last_mut()
            && column.next == first
            && game.next != first
        {
            push_column(column, items, line_no);
            return Some(LineClass::Move);
        }
        let line_start = self.index.start(line_no + 1);
        // Where the line's moves stand: the first two and how many (no list per line).
        let (mut move_count, mut move_cols) = (0, [0usize; 2]);
        for i in &items {
            if let Item::Move { span, .. } = i {
                if let Some(slot) = move_cols.get_mut(move_count) {
                    *slot = span.start.saturating_sub(line_start);
                }
                move_count += 1;
            }
        }
        // `8                       B to Kt2`: after a note, Black's move alone in Black's
        // column under White's number.
        let black_alone = self.game.as_ref().is_some_and(|g| {
            g.next == (first.0, Color::Black)
                && first.1 == Color::White
                && move_count == 1
                && g.black_move_col
                    .is_some_and(|c| move_cols[0].abs_diff(c) <= 3)
        });
        let first = if black_alone {
            (first.0, Color::Black)
        } else {
            first
        };
        // `69. Q. takes Kt.   59. Q. to her 5th.`: White's number misprinted, Black's right.
        let mut numbers = items.iter().filter_map(|i| match i {
            Item::Number { n, .. } => Some(*n),
            _ => None,
        });
        let (numbers_count, second_number) = {
            let first = numbers.next();
            let second = numbers.next();
            (
                usize::from(first.is_some()) + usize::from(second.is_some()) + numbers.count(),
                second,
            )
        };
        let misnumbered = self.game.as_ref().is_some_and(|g| {
            !g.ended
                && g.next.1 == Color::White
                && first != g.next
                && first.1 == Color::White
                && numbers_count == 2
                && second_number == Some(g.next.0)
                && move_count == 2
        });
        let first = if misnumbered
            && let Some(game) = self.game.as_mut()
            && let Some(span) = items.iter().find_map(|i| match i {
                Item::Dot(_, span, _) => Some(*span),
                _ => None,
            }) {
            let n = game.next.0;
            game.repairs.push(Diagnostic::warning(
                Code::BookMoveNumber,
                format!(
                    "move number {} printed where {n} belongs (Black's number says {n})",
                    first.0
                ),
                span,
            ));
            if let Some(Item::Number { n: printed, .. }) =
                items.iter_mut().find(|i| matches!(i, Item::Number { .. }))
            {
                *printed = n;
            }
            game.next
        } else {
            first
        };
        // Black's answer printed alone (`...` in White's place) to White's move printed
        // alone, under Black's moves, numbered one more than that move: it can only be the
        // answer, so the book's numbers went wrong here and stay one ahead (`16. Q to R 4
        // ...`, a note, `... 17. B to Kt 3`, `18. B takes Kt`). The replay then tells: the
        // game goes on, or stops with an error at the move that does not fit.
        let ahead = self.game.as_ref().is_some_and(|g| {
            !g.ended
                && g.next.1 == Color::Black
                && first == (g.next.0 + 1, Color::Black)
                && matches!(items.first(), Some(Item::Number { black: true, .. }))
                && !items.iter().any(|i| matches!(i, Item::Note(_)))
                && move_count == 1
                && g.black_move_col
                    .is_some_and(|c| move_cols[0].abs_diff(c) <= 3)
        });
        let first = if ahead
            && let Some(game) = self.game.as_mut()
            && let Some(span) = items.iter().find_map(|i| match i {
                Item::Dot(_, span, _) => Some(*span),
                _ => None,
            }) {
            game.shift += 1;
            game.repairs.push(Diagnostic::warning(
                Code::BookMoveNumber,
                format!(
                    "move number {} printed where {} belongs; the numbers after it are read {} less",
                    first.0, game.next.0, game.shift
                ),
                span,
            ));
            for item in &mut items {
                if let Item::Number { n, .. } = item {
                    *n = n.saturating_sub(1).max(1);
                }
            }
            game.next
        } else {
            first
        };
        // `1. P. to K's 3rd. 2. P. to Q's 4th.` after White's 1st: Black's move under its own
        // number, White's next after it, a two-column book's columns set on one line a row
        // apart (White's first move sat on the heads' line). Read so; the replay tells when
        // it does not fit.
        let staggered = self.game.as_ref().is_some_and(|g| {
            !g.ended
                && g.next.1 == Color::Black
                && first == (g.next.0, Color::White)
                && matches!(items.first(), Some(Item::Number { black: false, .. }))
                && (numbers_count == 2 && second_number == Some(g.next.0 + 1) && move_count == 2
                    // The game's last line in that layout: Black's move alone.
                    || g.staggered && numbers_count == 1 && move_count == 1)
                && !items.iter().any(|i| matches!(i, Item::Note(_)))
        });
        let first = if staggered
            && let Some(game) = self.game.as_mut()
            && let Some(dot) = items.iter().position(|i| matches!(i, Item::Dot(..)))
        {
            if !game.staggered {
                game.staggered = true;
                if let Some(Item::Dot(_, span, _)) = items.get(dot) {
                    let n = game.next.0;
                    game.repairs.push(Diagnostic::warning(
                        Code::BookMoveNumber,
                        format!(
                            "Black's move {n} printed under its own number, White's {} after it on \
                             the line: the lines of the game are read so",
                            n + 1
                        ),
                        *span,
                    ));
                }
            }
            items.insert(dot + 1, Item::Placeholder);
            game.next
        } else {
            first
        };
        let fits = self.game.as_ref().is_some_and(|g| {
            // Lines of a variation printed further in than the game's own numbers, after a
            // line that did not follow the game, stay notes.
            !g.ended && g.next == first && g.variation_col.is_none_or(|v| col.abs_diff(v) > 1)
        });
        // Moves right after a diagram, with no game open, start an example from it (`...  5. K
        // to Kt 6` under a board), whatever their number.
        let from_board = self
            .board
            .as_ref()
            .is_some_and(|b| line_no <= b.last + BOARD_REACH)
            && self.game.as_ref().is_none_or(|g| g.ended);
        // `The first six moves as in the preceding game.` above moves numbered from 7.
        let referred = if !fits && first.0 != 1 && self.game.as_ref().is_none_or(|g| g.ended) {
            self.pending.iter().rev().find_map(|l| reference(l))
        } else {
            None
        };
        // `The opening moves are: 1. P to K 4, P to K 4; ...; 3. Kt to K B 3, B to K 2.` in
        // the prose above moves numbered from 4: the sentence gives the game's start.
        let spoken = if referred.is_none()
            && !fits
            && !from_board
            && first.0 != 1
            && self.game.as_ref().is_none_or(|g| g.ended)
        {
            self.spoken_opening(first, &items)
        } else {
            None
        };
        // `Beginning at Black's 7th move.` over a line that holds one move (printed in Black's
        // column, with nothing in White's): the move is Black's.
        let first = if let Some(r) = referred.as_ref()
            && first.1 == Color::White
            && move_count == 1
            && r.upto == Some(ply_index((first.0, Color::Black)))
            && let Some(dot) = items.iter().position(|i| matches!(i, Item::Dot(..)))
        {
            items.insert(dot + 1, Item::Placeholder);
            (first.0, Color::Black)
        } else {
            first
        };
        if !fits {
            if first.0 != 1 && !from_board && referred.is_none() && spoken.is_none() {
                // A numbered line that does not follow the game: a note quoting moves.
                if let Some(game) = self.game.as_mut()
                    && game.white_col.is_some_and(|w| col > w + 1)
                {
                    game.variation_col = Some(col);
                } else if let Some(game) = self.game.as_mut().filter(|g| !g.ended)
                    && game.white_col.is_some_and(|w| col.abs_diff(w) <= 1)
                    && !items.iter().any(|i| matches!(i, Item::Note(_)))
                    && let Some(span) = items.iter().find_map(|i| match i {
                        Item::Dot(_, span, _) => Some(*span),
                        _ => None,
                    })
                {
                    // Moves at the game's own place whose number does not follow: said, and
                    // kept as a note rather than glued on.
                    let side = |c: Color| if c == Color::White { "" } else { "..." };
                    game.repairs.push(Diagnostic::warning(
                        Code::BookStrayLine,
                        format!(
                            "a line numbered {}{} where the game's move {}{} is next: kept as a note",
                            first.0,
                            side(first.1),
                            game.next.0,
                            side(game.next.1)
                        ),
                        span,
                    ));
                }
                return None;
            }
            if first.0 == 1 {
                self.reclaim_heading();
            }
            self.finish_game();
            // Moves between the last one a reference copies and the run's first, given in the
            // words before the run (`Should Black play, instead of 8. ... Kt to K 2, 8. ... Kt
            // to Kt 5, the following variations may ensue:`).
            let gap = referred.as_ref().and_then(|r| {
                let plies = ply_index(first);
                r.upto
                    .filter(|&upto| upto < plies)
                    .and_then(|upto| self.gap_moves(upto, plies).map(|gap| (upto, gap)))
            });
            let odds: Vec<chess_rules::Square> =
                self.pending.iter().flat_map(|l| odds_removed(l)).collect();
            let (tags, heading) = heading_tags(&self.pending, self.names.take());
            self.pending.clear();
            self.head_at = None;
            self.runs += 1;
            let mut game = Gathering::new(tags, heading, first);
            let board = self.board.take();
            game.odds = odds;
            if let Some(referred) = referred {
                let at = items
                    .iter()
                    .find_map(|i| match i {
                        Item::Dot(_, span, _) => Some(*span),
                        _ => None,
                    })
                    .unwrap_or_default();
                let copied_to = gap.as_ref().map_or(first, |(upto, _)| ply_at(*upto));
                game.prefix = self.referred_moves(&referred, copied_to, at);
                game.gap = gap.map(|(_, gap)| gap).unwrap_or_default();
            }
            // The sentence is kept as a note where the game's own lines begin; its lines stay
            // prose, above the game, as a reference's do.
            if let Some((prefix, sentence)) = spoken {
                game.prefix = vec![prefix];
                game.comments.push((0, sentence));
            }
            if game.prefix.is_empty() {
                game.start_board = board;
            } else if let Some(pending) = board.filter(|_| from_board) {
                // A board printed under a reference (`Moves 1-8 as in Game No. 12.`) shows the
                // position after the copied moves: it is compared with it, as a board inside
                // a game is, never a start to play the copied moves from.
                game.checks.push(Check {
                    at: 0,
                    pending,
                    game: None,
                    matched: false,
                    trailing: false,
                });
            }
            self.game = Some(game);
        }
        let game = self.game.as_mut()?;
        // A diagram printed between the game's moves is checked against its position there.
        if let Some(pending) = self.board.take() {
            game.checks.push(Check {
                at: game.tokens.len(),
                pending,
                game: None,
                matched: false,
                trailing: false,
            });
        }
        game.variation_col = None;
        if move_count >= 2
            && let [_, black] = move_cols
        {
            game.black_move_col.get_or_insert(black);
        }
        if black_alone {
            items.retain(|i| !matches!(i, Item::Number { .. }));
        }
        // The line's own part, and the columns printed beside it.
        let (own, beside) = split_columns(items, game.next);
        for (k, (black, c)) in numbers_at(&own).enumerate() {
            if k == 0 && black {
                game.black_col.get_or_insert(c);
            } else if k == 0 {
                game.white_col.get_or_insert(c);
            } else if !black && game.black_col.is_none() {
                game.black_col = Some(c);
            }
        }
        game.apply(own, line_no);
        for (k, segment) in beside.into_iter().enumerate() {
            if game.columns.len() <= k {
                let next = segment
                    .iter()
                    .find_map(|i| match i {
                        Item::Number { n, black } => {
                            Some((*n, if *black { Color::Black } else { Color::White }))
                        }
                        _ => None,
                    })
                    .unwrap_or((0, Color::White));
                game.columns.push(Column {
                    items: Vec::new(),
                    next,
                });
            }
            push_column(&mut game.columns[k], segment, line_no);
        }
        Some(LineClass::Move)
    }

    fn finish_game(&mut self) {
        self.close_columns();
        let Some(mut game) = self.game.take() else {
            return;
        };
        game.flush();
        let anchored = anchor_footnotes(&mut game, self.text);
        // The book's diagram counts before this game: what it adds is the game's.
        let seen = self.import.diagrams;
        let run = self.runs;
        let name = match (
            game.tags.iter().find(|t| t.0 == "White"),
            game.tags.iter().find(|t| t.0 == "Black"),
        ) {
            (Some(w), Some(b)) => format!("{} - {}", w.1, b.1),
            _ => game.heading.clone().unwrap_or_else(|| {
                let at = game.tokens.first().map_or(0, |t| t.span.start);
                format!("moves at line {}", self.index.line(at))
            }),
        };
        for (diag, lines) in std::mem::take(&mut game.errors) {
            for l in lines {
                self.import.lines[l] = LineClass::NotRead;
            }
            self.import
                .diagnostics
                .push(diag.in_game(run, name.clone()));
        }
        if game.tokens.is_empty() {
            return;
        }
        let mut repairs = std::mem::take(&mut game.repairs);
        if game.dotted > game.undotted.len() {
            for span in &game.undotted {
                repairs.push(Diagnostic::warning(
                    Code::BookUndottedNumber,
                    "move number without a dot",
                    *span,
                ));
            }
        }
        let parsed: Vec<Result<Parsed, MoveError>> =
            game.tokens.iter().map(|t| Ok(t.parsed)).collect();
        let start = self.start_of(&mut game, &parsed);
        // A diagram printed after the game's last move line: checked against its end.
        let last_token_line = game.tokens.last().map_or(0, |t| t.line);
        if let Some(pending) = self.board.as_ref().filter(|b| b.line > last_token_line) {
            game.checks.push(Check {
                at: game.tokens.len(),
                pending: pending.clone(),
                game: None,
                matched: false,
                trailing: true,
            });
        }
        let mut pos = start.clone();
        let mut elements = Vec::new();
        // The moves a reference copies, before the game's own.
        if let Some(Prefix {
            moves,
            said,
            opening,
            ..
        }) = choose_prefix(
            std::mem::take(&mut game.prefix),
            &game.gap,
            &start,
            &parsed,
            game.checks
                .iter()
                .find(|c| c.at == 0)
                .map(|c| &c.pending.board),
        ) && let Some(first) = game.tokens.first()
        {
            // A variation is of the opening of the game it branches from.
            if let Some(opening) = opening
                && !game.tags.iter().any(|(n, _)| n == "Opening")
            {
                game.tags.push(("Opening".to_owned(), opening));
            }
            repairs.push(Diagnostic::warning(Code::BookReference, said, first.span));
            let at = Span::new(first.span.start, first.span.start);
            for mv in moves {
                elements.push(BookElement::Move {
                    mv,
                    span: at,
                    nags: Vec::new(),
                });
                pos.play_unchecked(mv);
            }
            for (parsed, text) in &game.gap {
                let Outcome::One { mv, .. } = resolve::resolve(&pos, parsed) else {
                    break;
                };
                repairs.push(Diagnostic::warning(
                    Code::BookReference,
                    format!("{text}: the move before these, as the words before them give it"),
                    first.span,
                ));
                elements.push(BookElement::Move {
                    mv,
                    span: at,
                    nags: Vec::new(),
                });
                pos.play_unchecked(mv);
            }
        }
        let mut comments = std::mem::take(&mut game.comments).into_iter().peekable();
        let mut stopped = None;
        // The move before the one being read, and whether it took a piece.
        let mut last_move: Option<(Move, bool)> = None;
        // Where each note went among the elements: a diagram's marker goes before the notes
        // printed after it.
        let mut comment_at = Vec::with_capacity(game.comments.len());
        // The position before the last move played: where the runs of moves of a note after
        // it start.
        let mut before = Before::default();
        let mut runs = NoteRuns::default();
        for (index, token) in game.tokens.iter().enumerate() {
            while let Some((_, text)) = comments.next_if(|(k, _)| *k == index) {
                comment_at.push(elements.len());
                if anchored.contains(&text) {
                    // A footnote at its marker's move: its moves stay text, not variations,
                    // since it may speak of either side's move of that number (Staunton's
                    // `27. Q. takes Pawn.` after Black's 27th was read as White's).
                    elements.push(BookElement::Comment(text));
                    continue;
                }
                note_elements(
                    text,
                    &mut before,
                    self.notation,
                    &mut elements,
                    &mut comment_at,
                    &mut runs,
                );
            }
            check_diagrams(&mut game.checks, index, &pos, &mut elements, &comment_at);
            let written = token.text.as_str();
            let read = token
                .victim
                .and_then(|kind| by_victim(&pos, &token.parsed, kind, self.notation))
                .map_or_else(
                    || read_one(&pos, written, &parsed[index..], self.notation),
                    Ok,
                )
                .or_else(|err| repair(&pos, &parsed[index..], self.notation, err, last_move))
                .map(|read| sign_over_letter(&pos, &parsed[index..], self.notation, read));
            match read {
                Ok((mv, notes)) => {
                    let shown = &self.text[token.span.range()];
                    for repair in notes.repairs {
                        repairs.push(Diagnostic::warning(
                            repair.code,
                            format!("{}: {repair}", shown.trim()),
                            token.span,
                        ));
                    }
                    elements.push(BookElement::Move {
                        mv,
                        span: token.span,
                        nags: notes.nags,
                    });
                    before.played(&pos, elements.len() - 1);
                    last_move = Some((mv, pos.chess().is_capture(mv)));
                    pos.play_unchecked(mv);
                }
                Err(err) => {
                    stopped = Some((index, err));
                    break;
                }
            }
        }
        if stopped.is_none() {
            check_diagrams(
                &mut game.checks,
                game.tokens.len(),
                &pos,
                &mut elements,
                &comment_at,
            );
        }
        for check in &game.checks {
            if check.matched {
                self.import.diagrams.matched += 1;
                if check.trailing {
                    self.board = None;
                }
                continue;
            }
            let (false, Some((board, n, side))) = (check.trailing, &check.game) else {
                continue;
            };
            self.import.diagrams.differ += 1;
            let differences = check.pending.board.differences(board);
            let mut shown = differences[..differences.len().min(8)].join(", ");
            if differences.len() > 8 {
                shown.push_str(&format!(" and {} more", differences.len() - 8));
            }
            repairs.push(Diagnostic::warning(
                Code::BookDiagramDiffers,
                format!(
                    "the diagram differs from the game's position where it is printed (move {n}, {} to play) on {} squares: {shown}",
                    if *side == Color::White { "White" } else { "Black" },
                    differences.len()
                ),
                check.pending.span,
            ));
        }
        let read_all = stopped.is_none();
        let complete = read_all && !game.unread;
        let mut error = None;
        if let Some((index, err)) = stopped {
            let token = &game.tokens[index];
            let rest = game.tokens.len() - index;
            let last_line = game.tokens.last().map_or(token.line, |t| t.line);
            let side = if pos.turn() == Color::White {
                ""
            } else {
                "..."
            };
            let message = if index == 0 {
                err.to_string()
            } else {
                format!(
                    "{err}; the game stops here, at move {}{side} ({rest} of its {} moves not read, lines {}-{})",
                    pos.chess().fullmoves(),
                    game.tokens.len(),
                    token.line + 1,
                    last_line + 1,
                )
            };
            let mut diag =
                Diagnostic::error(err.code(), message, token.span).in_game(run, name.clone());
            if err.kind != MoveErrorKind::Ambiguous
                && let Some(help) = err.help()
            {
                diag = diag.with_help(help);
            }
            if err.kind == MoveErrorKind::Ambiguous && !err.candidates.is_empty() {
                diag = diag.with_help(format!("it fits {}", err.candidates.join(", ")));
            }
            if index == 0 {
                diag = diag.with_help(
                    "these moves do not start from the initial position (a diagram's position is not in the text)",
                );
            }
            // Every line holding a move not read, and every note after the stop, is not read.
            for t in &game.tokens[index..] {
                self.import.lines[t.line] = LineClass::NotRead;
                // A fraction's moves stand on the lines over and under its rule.
                let own = self.index.line(t.span.start) - 1;
                if let Some(class) = self.import.lines.get_mut(own) {
                    *class = LineClass::NotRead;
                }
            }
            for &(l, before) in &game.comment_lines {
                if before > index {
                    self.import.lines[l] = LineClass::NotRead;
                }
            }
            if index == 0 {
                // Moves that start from a diagram the text does not give: no game, and no
                // word about lines that would not have followed it.
                self.import.diagnostics.extend(
                    repairs
                        .into_iter()
                        .filter(|r| !r.message.ends_with("kept as a note"))
                        .map(|r| r.in_game(run, name.clone())),
                );
                self.import.diagnostics.push(diag);
                return;
            }
            error = Some(diag);
        }
        let trailing: Vec<String> = if read_all {
            comments.map(|(_, text)| text).collect()
        } else {
            Vec::new()
        };
        let result = if complete {
            game.result
                .or_else(|| mated(&pos))
                .or_else(|| trailing.first().and_then(|t| resigned_in(t)))
                .unwrap_or(GameResult::Unknown)
        } else {
            GameResult::Unknown
        };
        for text in trailing {
            note_elements(
                text,
                &mut before,
                self.notation,
                &mut elements,
                &mut comment_at,
                &mut runs,
            );
        }
        self.import.notes.variations += runs.variations;
        self.import.notes.not_replayed += runs.not_replayed;
        self.import.notes.continued += runs.continued;
        let repairs: Vec<Diagnostic> = repairs
            .into_iter()
            .map(|r| r.in_game(run, name.clone()))
            .collect();
        self.import.diagnostics.extend(repairs.iter().cloned());
        self.import.diagnostics.extend(error);
        let span = Span::new(
            game.tokens.first().map_or(0, |t| t.span.start),
            game.tokens.last().map_or(0, |t| t.span.end),
        );
        let first_line = game.tokens.first().map_or(0, |t| t.line);
        let mut tally = Tally::default();
        let mut last_line = first_line;
        for &l in game.owned.iter().filter(|&&l| l >= first_line) {
            // The current line is not yet pushed when a heading ends the game.
            if let Some(&class) = self.import.lines.get(l) {
                tally.add(class);
                last_line = l;
            }
        }
        self.cut_short = (complete && result == GameResult::Unknown).then(|| CutShort {
            next: game.next,
            run,
            name: name.clone(),
            index: self.import.games.len(),
        });
        self.after_cut = false;
        self.import.games.push(BookGame {
            tags: game.tags,
            heading: game.heading,
            start,
            elements,
            result,
            repairs,
            span,
            complete,
            lines: (first_line + 1, last_line + 1),
            tally,
            notes: runs,
            diagrams: {
                let now = self.import.diagrams;
                let starts = now.starts - seen.starts;
                Diagrams {
                    read: game
                        .checks
                        .iter()
                        .filter(|c| !c.trailing || c.matched)
                        .count()
                        + starts,
                    matched: now.matched - seen.matched,
                    differ: now.differ - seen.differ,
                    starts,
                }
            },
        });
    }
}

/// How far into a note a run of moves is looked for from its number: a long variation, never
/// the whole of a chapter printed as one note.
const RUN_REACH: usize = 2000;

/// The positions before the last two moves played, and where those moves are among the
/// elements: a note's runs of moves stand in place of one of them.
#[derive(Default)]
struct Before {
    last: Option<(DescriptivePosition, usize)>,
    previous: Option<(DescriptivePosition, usize)>,
}

impl Before {
    fn played(&mut self, pos: &DescriptivePosition, element: usize) {
        self.previous = self.last.take();
        self.last = Some((pos.clone(), element));
    }
}

/// A note's elements: its text, with each run of moves numbered as the move before the note
/// that replays from the position before that move written as a variation where it stands,
/// and the prose around it kept as comments. A run numbered as the move before that one
/// (`After 3. B-Kt5, ...` below `3. B-B4  Kt-B3`) is a variation of that move, written after
/// it, and the note stays whole where it is. A note with no such run stays one comment; the
/// runs that do not replay are counted in `runs`.
fn note_elements(
    text: String,
    before: &mut Before,
    notation: &Descriptive,
    elements: &mut Vec<BookElement>,
    comment_at: &mut [usize],
    runs: &mut NoteRuns,
) {
    let Some((last, _)) = before.last.as_ref() else {
        elements.push(BookElement::Comment(text));
        return;
    };
    let ply = |pos: &DescriptivePosition| (pos.chess().fullmoves(), pos.turn());
    let replaced = ply(last);
    let earlier = before
        .previous
        .as_ref()
        .map(|(pos, at)| (ply(pos), pos, *at));
    let bytes = text.as_bytes();
    let mut pieces: Vec<BookElement> = Vec::new();
    let mut of_earlier: Vec<Vec<Move>> = Vec::new();
    // Prose not yet written, from here.
    let mut prose_from: usize = 0;
    // The last variation written, the position after it and its next move: a run of the
    // same sentence numbered as that move goes on with it.
    let mut open: Option<(usize, DescriptivePosition, (u32, Color))> = None;
    let mut i = 0;
    while i < bytes.len() {
        let starts_word = i == 0 || matches!(bytes[i - 1], b' ' | b'(' | b'\t');
        if !bytes[i].is_ascii_digit() || !starts_word {
            i += 1;
            continue;
        }
        let mut end = (i + RUN_REACH).min(text.len());
        while !text.is_char_boundary(end) {
            end -= 1;
        }
        // `7. ...   7. Kt to B 3`: the number repeated in Black's column, Black's move.
        let mut probe = i;
        let mut black = false;
        if let Some((n, _, _, len)) = number(&text[i..end]) {
            let rest = &text[i + len..end];
            let dots = rest.bytes().take_while(|&b| b == b'.').count();
            let after = rest[dots..].trim_start();
            if dots >= 2 && number(after).is_some_and(|(m, ..)| m == n) {
                probe = end - after.len();
                black = true;
            }
        }
        // The words since the variation, with the byte before them (the run's move may end
        // with the full stop that ends its sentence).
        let since = text
            .get(prose_from.saturating_sub(1)..i)
            .unwrap_or(&text[prose_from..i]);
        let continues = open
            .as_ref()
            .filter(|_| same_sentence(since))
            .map(|(_, _, next)| *next);
        let wanted = |n: u32| {
            n == replaced.0
                || earlier.is_some_and(|(e, _, _)| e.0 == n)
                || continues.is_some_and(|c| c.0 == n)
        };
        let items = number(&text[probe..end])
            .filter(|(n, _, _, _)| wanted(*n))
            .and_then(|_| move_line(&text[probe..end], probe, notation))
            .map(|mut items| {
                if let Some(Item::Number { black: b, .. }) = items.first_mut() {
                    *b |= black;
                }
                items
            });
        // The variation before goes on after words of the same sentence (`9. ... Kt to K 4
        // would be unfavourable, because of 10. Kt takes Kt, P takes Kt`).
        if let (Some(next), Some(items)) = (continues, items.as_ref())
            && let Some((tokens, run_end)) = run_of(items, next)
            && let Some((at, after, _)) = open.take()
        {
            match replay_run(&after, &tokens, notation) {
                Some(moves) => {
                    let between = text[prose_from..i]
                        .trim()
                        .trim_start_matches([',', ';'])
                        .trim();
                    let mut pos = after;
                    let mut next = next;
                    for &mv in &moves {
                        pos.play_unchecked(mv);
                        Gathering::advance(&mut next);
                    }
                    if let Some(BookElement::Variation { moves: line, notes }) = pieces.get_mut(at)
                    {
                        if !between.is_empty() {
                            notes.push((line.len(), between.to_owned()));
                        }
                        line.extend(moves);
                    }
                    runs.continued += 1;
                    open = Some((at, pos, next));
                    prose_from = run_end;
                    i = run_end.max(i + 1);
                    continue;
                }
                None => open = Some((at, after, next)),
            }
        }
        let found = items.as_ref().and_then(|items| {
            run_of(items, replaced)
                .map(|run| (run, last, false))
                .or_else(|| {
                    let (first, pos, _) = earlier?;
                    run_of(items, first).map(|run| (run, pos, true))
                })
        });
        let Some(((tokens, run_end), from, is_earlier)) = found else {
            i += bytes[i..].iter().take_while(|b| b.is_ascii_digit()).count();
            continue;
        };
        match replay_run(from, &tokens, notation) {
            Some(moves) if is_earlier => {
                of_earlier.push(moves);
                runs.variations += 1;
            }
            Some(moves) => {
                let prose = text[prose_from..i].trim();
                if !prose.is_empty() {
                    pieces.push(BookElement::Comment(prose.to_owned()));
                }
                let mut pos = from.clone();
                let mut next = replaced;
                for &mv in &moves {
                    pos.play_unchecked(mv);
                    Gathering::advance(&mut next);
                }
                pieces.push(BookElement::Variation {
                    moves,
                    notes: Vec::new(),
                });
                open = Some((pieces.len() - 1, pos, next));
                runs.variations += 1;
                prose_from = run_end;
            }
            None => runs.not_replayed += 1,
        }
        i = run_end.max(i + 1);
    }
    // The variations of the move before the last go right after it (and after those
    // already there); the notes after that point move along.
    if let Some((_, _, at)) = earlier {
        for moves in of_earlier {
            let mut to = at + 1;
            while matches!(elements.get(to), Some(BookElement::Variation { .. })) {
                to += 1;
            }
            elements.insert(
                to,
                BookElement::Variation {
                    moves,
                    notes: Vec::new(),
                },
            );
            for c in comment_at.iter_mut().filter(|c| **c >= to) {
                *c += 1;
            }
            if let Some((_, last)) = before.last.as_mut() {
                *last += usize::from(*last >= to);
            }
        }
    }
    if pieces.is_empty() {
        elements.push(BookElement::Comment(text));
        return;
    }
    let rest = text[prose_from..].trim_start_matches([',', ';']).trim();
    if !rest.is_empty() {
        pieces.push(BookElement::Comment(rest.to_owned()));
    }
    elements.extend(pieces);
}

/// `true` when `between` (the words after a variation's moves) ends no sentence: no full
/// stop, `!` or `?` followed by a capital (`sq.`, `ch.`, `5. ...` do not end one).
fn same_sentence(between: &str) -> bool {
    let bytes = between.as_bytes();
    !bytes.windows(3).any(|w| {
        matches!(w[0], b'.' | b'!' | b'?')
            && w[1].is_ascii_whitespace()
            && w[2].is_ascii_uppercase()
    })
}

/// The moves of a run that starts with the move `first` (its number and side), up to the
/// first number that does not follow or the words after them, with the end of the last one
/// in the text; `None` when the run starts otherwise or holds no move.
fn run_of(items: &[Item], first: (u32, Color)) -> Option<(Vec<(Parsed, String)>, usize)> {
    let (start, _) = first_ply(items)?;
    if start != first {
        return None;
    }
    let mut next = first;
    let mut tokens = Vec::new();
    let mut end = 0;
    for item in items {
        match item {
            Item::Number { n, black } => {
                let side = if *black { Color::Black } else { Color::White };
                // A number repeated in Black's column (`7. ...   7. Kt to B 3`) is Black's.
                if *n != next.0 || (*black && next.1 != side) {
                    break;
                }
            }
            Item::Move {
                parsed,
                text,
                span,
                algebraic,
                ..
            } => {
                let mut parsed = *parsed;
                if *algebraic && next.1 == Color::Black {
                    algebraic::from_whites_side(&mut parsed);
                }
                tokens.push((parsed, text.clone()));
                end = span.end;
                Gathering::advance(&mut next);
            }
            Item::Note(_) | Item::Result(_) | Item::Unread(..) => break,
            Item::Dot(..) | Item::Placeholder | Item::Suffix(_) => {}
        }
    }
    (!tokens.is_empty()).then_some((tokens, end))
}

/// The moves of a run read one after the other from `from`, each settled by those after it
/// where it fits two; `None` when one of them does not read.
fn replay_run(
    from: &DescriptivePosition,
    tokens: &[(Parsed, String)],
    notation: &Descriptive,
) -> Option<Vec<Move>> {
    let parsed: Vec<Result<Parsed, MoveError>> = tokens.iter().map(|(p, _)| Ok(*p)).collect();
    let mut pos = from.clone();
    let mut moves = Vec::with_capacity(tokens.len());
    for (k, (_, text)) in tokens.iter().enumerate() {
        let (mv, _) = read_one(&pos, text, &parsed[k..], notation).ok()?;
        pos.play_unchecked(mv);
        moves.push(mv);
    }
    Some(moves)
}

/// Checks the diagrams printed near the move `index` (from 0) against the position before it:
/// one that equals it is marked `{[#]}` there. A diagram is looked for at the move where it is
/// printed and the two before it (a diagram printed after a note on the moves that led to it);
/// the game's position where it is printed is kept for a report when none equals it.
fn check_diagrams(
    checks: &mut [Check],
    index: usize,
    pos: &DescriptivePosition,
    elements: &mut Vec<BookElement>,
    comment_at: &[usize],
) {
    let mut here = None;
    for check in checks
        .iter_mut()
        .filter(|c| !c.matched && c.at.saturating_sub(2) <= index && index <= c.at + 1)
    {
        let board = here.get_or_insert_with(|| diagram::Board::of(pos.chess()));
        if check.pending.board == *board {
            check.matched = true;
            let at = comment_at
                .get(check.pending.comments)
                .copied()
                .filter(|_| index == check.at)
                .unwrap_or(elements.len());
            elements.insert(at, BookElement::Comment("[#]".to_owned()));
        } else if index == check.at {
            check.game = Some((board.clone(), pos.chess().fullmoves(), pos.turn()));
        }
    }
}

/// How many parentheses are still open after `text`, from `depth`.
fn parens(text: &str, depth: usize) -> usize {
    text.bytes().fold(depth, |d, c| match c {
        b'(' => d + 1,
        b')' => d.saturating_sub(1),
        _ => d,
    })
}

/// How many lines a parenthesis opened in a note may stay open and still hold the moves
/// after it: a note of a page, never the rest of a game for one stray `(`.
const PAREN_REACH: usize = 40;

/// How many of `[` are still open after `text`, from `depth`.
fn brackets(text: &str, depth: usize) -> usize {
    text.chars().fold(depth, |d, c| match c {
        '[' => d + 1,
        ']' => d.saturating_sub(1),
        _ => d,
    })
}

/// Appends a column's items, keeping its next move up to date.
fn push_column(column: &mut Column, items: Vec<Item>, line: usize) {
    for item in items {
        match &item {
            Item::Number { n, black } => {
                if *black {
                    column.next = (*n, Color::Black);
                } else if column.next.0 != *n {
                    column.next = (*n, Color::White);
                }
            }
            Item::Placeholder => column.next.1 = Color::Black,
            Item::Move { .. } => Gathering::advance(&mut column.next),
            _ => {}
        }
        column.items.push((item, line));
    }
}

/// Splits a line's items where a number starts a column printed beside the first
/// (`1 P to K4  P to K4   25 P takes P  B to B5`): a number in mid-line that is not the
/// next move's.
fn split_columns(items: Vec<Item>, start: (u32, Color)) -> (Vec<Item>, Vec<Vec<Item>>) {
    let mut own = Vec::new();
    let mut beside: Vec<Vec<Item>> = Vec::new();
    let mut next = start;
    let mut seen_move = false;
    for item in items {
        match &item {
            Item::Number { n, black } if seen_move && beside.is_empty() && *n != next.0 => {
                let _ = black;
                beside.push(vec![item]);
                continue;
            }
            Item::Number { n, .. } if !beside.is_empty() && seen_move => {
                let _ = n;
            }
            Item::Number { n, black } => {
                if *black {
                    next = (*n, Color::Black);
                } else if next.0 != *n {
                    next = (*n, Color::White);
                }
            }
            Item::Move { .. } => {
                seen_move = true;
                if beside.is_empty() {
                    Gathering::advance(&mut next);
                }
            }
            _ => {}
        }
        match beside.last_mut() {
            Some(segment) => segment.push(item),
            None => own.push(item),
        }
    }
    (own, beside)
}

/// The numbers of a line's items (whether each is Black's) with the byte column where each
/// stands.
fn numbers_at(items: &[Item]) -> impl Iterator<Item = (bool, usize)> + '_ {
    items
        .iter()
        .filter_map(|i| match i {
            Item::Dot(_, _, col) => Some(*col),
            _ => None,
        })
        .zip(items.iter().filter_map(|i| match i {
            Item::Number { black, .. } => Some(*black),
            _ => None,
        }))
        .map(|(at, black)| (black, at))
}

/// A capture the book qualifies (`Q. takes doubled P.`) that could take two pawns: the one
/// pawn of that kind, when one alone is, with the choice reported.
fn by_victim(
    pos: &DescriptivePosition,
    parsed: &Parsed,
    kind: wordy::PawnKind,
    notation: &Descriptive,
) -> Option<(Move, board_core::Notes)> {
    let Outcome::Many(moves) = resolve::resolve(pos, parsed) else {
        return None;
    };
    let chess = pos.chess();
    let fits: Vec<Move> = moves
        .iter()
        .copied()
        .filter(|&mv| pawn_is(chess, resolve::victim_square(mv), kind))
        .collect();
    let [mv] = fits[..] else {
        return None;
    };
    let mut names: Vec<String> = moves.iter().map(|m| notation.to_text(pos, m)).collect();
    names.sort();
    let mut notes = board_core::Notes::default();
    notes.nags.extend(parsed.nags.iter().filter(|&&n| n != 0));
    notes.repairs.push(board_core::Repair::new(
        Code::BookPawnNamed,
        format!(
            "fits {}; read as {}, the {} pawn",
            names.join(" and "),
            notation.to_text(pos, &mv),
            match kind {
                wordy::PawnKind::Doubled => "doubled",
                wordy::PawnKind::Isolated => "isolated",
                wordy::PawnKind::Passed => "passed",
            }
        ),
    ));
    Some((mv, notes))
}

/// Whether the pawn on `sq` is of the kind a book names.
fn pawn_is(chess: &chess_rules::Position, sq: chess_rules::Square, kind: wordy::PawnKind) -> bool {
    let Some(piece) = chess.piece_at(sq) else {
        return false;
    };
    if piece.role != chess_rules::Role::Pawn {
        return false;
    }
    let file = sq.file().to_usize();
    let rank = sq.rank().to_usize();
    let pawn_on = |f: usize, r: usize, color: Color| {
        chess
            .piece_at(chess_rules::Square::new((r * 8 + f) as u32))
            .is_some_and(|p| p.role == chess_rules::Role::Pawn && p.color == color)
    };
    let files = file.saturating_sub(1)..=(file + 1).min(7);
    match kind {
        wordy::PawnKind::Doubled => (0..8).any(|r| r != rank && pawn_on(file, r, piece.color)),
        wordy::PawnKind::Isolated => !files
            .filter(|&f| f != file)
            .any(|f| (0..8).any(|r| pawn_on(f, r, piece.color))),
        wordy::PawnKind::Passed => {
            let ahead = if piece.color == Color::White {
                rank + 1..8
            } else {
                0..rank
            };
            !files
                .into_iter()
                .any(|f| ahead.clone().any(|r| pawn_on(f, r, !piece.color)))
        }
    }
}

/// A move read only with a check sign it does not give (`B. to Q's 6th. (ch.)` where the
/// bishop does not check) when another legal move alone keeps more of what was printed, sign
/// and all (the rook's move that checks), and the rest of the game replays further after it:
/// the piece letter was the misprint. Anything else is kept as read.
fn sign_over_letter(
    pos: &DescriptivePosition,
    rest: &[Result<Parsed, MoveError>],
    notation: &Descriptive,
    read: (Move, board_core::Notes),
) -> (Move, board_core::Notes) {
    let Ok(parsed) = rest[0].as_ref() else {
        return read;
    };
    let Some(other) = letter_misprint(pos, parsed, read.0, &read.1.repairs) else {
        return read;
    };
    let window = (rest.len() - 1).min(40);
    let (kept, _) = confirmed(pos, read.0, &rest[1..=window]);
    let (instead, _) = confirmed(pos, other, &rest[1..=window]);
    if instead <= kept {
        return read;
    }
    let mut notes = board_core::Notes::default();
    notes.nags.extend(parsed.nags.iter().filter(|&&n| n != 0));
    notes.repairs.push(board_core::Repair::new(
        Code::BookPieceLetter,
        format!(
            "{} gives no check; read as {}, which does and which the next {instead} moves confirm",
            notation.to_text(pos, &read.0),
            notation.to_text(pos, &other),
        ),
    ));
    (other, notes)
}

/// The move a printed check sign points to instead of `mv`, when `mv` fits only by a repair of
/// its check mark and another legal move alone keeps more of what was printed, sign and all
/// (`B.` printed for `R.`, where the rook's move checks).
fn letter_misprint(
    pos: &DescriptivePosition,
    parsed: &Parsed,
    mv: Move,
    repairs: &[board_core::Repair],
) -> Option<Move> {
    if matches!(parsed.mark, parser::Mark::None)
        || !repairs.iter().any(|r| r.code == Code::DescriptiveCheckMark)
    {
        return None;
    }
    closest(pos, parsed).filter(|&c| c != mv)
}

/// Misprint repair: when the token fits no legal move, the one legal move (of the same piece
/// first, then of any) after which the rest of the game replays, if there is exactly one.
fn repair(
    pos: &DescriptivePosition,
    rest: &[Result<Parsed, MoveError>],
    notation: &Descriptive,
    err: MoveError,
    last: Option<(Move, bool)>,
) -> Result<(Move, board_core::Notes), MoveError> {
    if !matches!(err.kind, MoveErrorKind::Illegal | MoveErrorKind::Ambiguous) {
        return Err(err);
    }
    let Ok(parsed) = rest[0].as_ref() else {
        return Err(err);
    };
    // The moves after it decide: the candidate that keeps the most of them legal (up to 40),
    // if it is the only one that does. Near a game's end, where one move follows, that is too
    // little evidence alone: the candidate must also keep all that the likeness weighs of what
    // was printed (piece, check sign, square or kind taken), so that only a qualifier was
    // misprinted (`R. takes K. B. P.` where the rook's one capture takes another pawn).
    let window = (rest.len() - 1).min(40);
    if window == 0 {
        return last_capture(pos, parsed, notation, true).ok_or(err);
    }
    // A move that fits two, where the rest of the game replays to its end after either:
    // nothing after it tells them apart, but the move before it may (a capture that takes
    // back, a piece that moves out of the attack just made), and a capture is read as a
    // game's last one is.
    if err.kind == MoveErrorKind::Ambiguous
        && let Outcome::Many(moves) = resolve::resolve(pos, parsed)
        && moves
            .iter()
            .all(|&mv| confirmed(pos, mv, &rest[1..]).0 == rest.len() - 1)
    {
        if let Some(read) = answer(pos, &moves, last, notation) {
            return Ok(read);
        }
        if let Some(read) = last_capture(pos, parsed, notation, false) {
            return Ok(read);
        }
    }
    let short = window < 2;
    let legal = pos.chess().legal_moves();
    let role = match parsed.body {
        parser::Body::Piece(p) => Some(p.piece.role),
        parser::Body::Castle(_) => None,
    };
    // Every legal move is a candidate; the piece printed counts as much as the check sign.
    let like = |mv: Move| {
        likeness(pos, parsed, mv)
            + 4 * u8::from(role.is_some_and(|r| !mv.is_castle() && mv.role() == r))
    };
    let all: Vec<Move> = legal.iter().copied().collect();
    'pick: {
        let candidates = all;
        // How far the rest reads, whether it read without a token of several meanings, and
        // how much of the printed square the move keeps (`Q-R3` printed, `Q-K3` meant).
        // Last, for a tie only: the square on the wing the piece is named after.
        let mut scored: Vec<((usize, u8, bool, bool), Move)> = candidates
            .into_iter()
            .map(|mv| {
                let (n, strict) = confirmed(pos, mv, &rest[1..=window]);
                ((n, like(mv), strict, on_named_wing(parsed, mv)), mv)
            })
            .collect();
        scored.sort_by_key(|(key, _)| std::cmp::Reverse(*key));
        // A tie over the first forty moves is settled by the rest of the game (up to 200),
        // for the tied moves only: a bishop misprinted on K2 for Kt2 waits to move again.
        let far = (rest.len() - 1).min(200);
        if far > window && scored.len() > 1 && scored[0].0 == scored[1].0 {
            let top = scored[0].0;
            scored = scored
                .into_iter()
                .take_while(|(key, _)| *key == top)
                .map(|(_, mv)| {
                    let (n, strict) = confirmed(pos, mv, &rest[1..=far]);
                    ((n, like(mv), strict, on_named_wing(parsed, mv)), mv)
                })
                .collect();
            scored.sort_by_key(|(key, _)| std::cmp::Reverse(*key));
        }
        match scored[..] {
            [(best, mv), ..]
                if best.0 >= window.min(4)
                    && scored.get(1).is_none_or(|(k, _)| *k < best)
                    && (!short || best.1 == full_likeness(parsed)) =>
            {
                // Tied but for the wing: say so, the reader chose.
                let by_wing = scored
                    .get(1)
                    .is_some_and(|(k, _)| (k.0, k.1, k.2) == (best.0, best.1, best.2));
                let mut notes = board_core::Notes::default();
                notes.repairs.push(board_core::Repair::new(
                    Code::DescriptiveLookahead,
                    format!(
                        "{}; read as {}, the only legal move that the next {} moves confirm{}",
                        if err.kind == MoveErrorKind::Illegal {
                            "fits no legal move".to_owned()
                        } else {
                            format!(
                                "fits {} and no reading keeps the game legal",
                                err.candidates.join(", ")
                            )
                        },
                        notation.to_text(pos, &mv),
                        best.0,
                        if by_wing {
                            " on the wing the piece is named after (the square printed names none)"
                        } else {
                            ""
                        }
                    ),
                ));
                return Ok((mv, notes));
            }
            // A tie: no one repair fits.
            [(best, _), ..] if best.0 >= window.min(4) => break 'pick,
            _ => {}
        }
    }
    Err(err)
}

/// `true` if the piece is named after a wing (`K R`, `Q Kt`, `Q B`; a pawn by files of one
/// wing, `Q P`, `Q R P`) and `mv` goes to that wing of a square printed without one (`R 3`):
/// the wing said once serves both. Only a tie between repairs is settled by it
/// (Hoyle: `Q P to R 3` is P-QR3, not P-KR3).
fn on_named_wing(parsed: &Parsed, mv: Move) -> bool {
    const QUEEN_SIDE: crate::names::Files = 0x0F;
    let parser::Body::Piece(p) = parsed.body else {
        return false;
    };
    let parser::Target::To(set) = p.target else {
        return false;
    };
    // No wing printed: the files named are the same on both wings (`R`, `Kt`, `B`).
    if set.files == crate::names::ALL || set.files != set.files.reverse_bits() {
        return false;
    }
    let files = p.piece.files;
    let wing = match p.piece.wing {
        Some(wing) => wing,
        None if files != crate::names::ALL && files & QUEEN_SIDE == files => crate::Wing::Queen,
        None if files != crate::names::ALL && files & !QUEEN_SIDE == files => crate::Wing::King,
        None => return false,
    };
    !mv.is_castle() && crate::Wing::of_file(mv.to().file().to_usize()) == wing
}

/// Of the moves a token fits, the one that answers the move before it (`last`, and whether it
/// took): the one capture that takes back on the square just taken on (`9. P takes P  Kt takes
/// P`, the knight that can take two pawns), else the one piece that moves away from the attack
/// the move before made (`10. P to Q 5  Kt to Kt sq.`, the knight the pawn attacks), when
/// exactly one does.
fn answer(
    pos: &DescriptivePosition,
    moves: &[Move],
    last: Option<(Move, bool)>,
    notation: &Descriptive,
) -> Option<(Move, board_core::Notes)> {
    let (before, took) = last?;
    let chess = pos.chess();
    let one = |keep: &dyn Fn(Move) -> bool| -> Option<Move> {
        let mut kept = moves.iter().copied().filter(|&mv| keep(mv));
        let first = kept.next()?;
        kept.next().is_none().then_some(first)
    };
    let (mv, why) = if let Some(mv) = took
        .then(|| one(&|mv: Move| mv.to() == before.to() && chess.is_capture(mv)))
        .flatten()
    {
        (mv, "the one that takes back on the square just taken on")
    } else {
        let attacked = |mv: Move| {
            !mv.is_castle()
                && chess
                    .attackers_to(mv.from(), !chess.turn(), chess.occupied())
                    .contains(before.to())
        };
        (
            one(&attacked)?,
            "the one piece that moves out of the attack the move before made",
        )
    };
    let mut names: Vec<String> = moves.iter().map(|m| notation.to_text(pos, m)).collect();
    names.sort();
    let mut notes = board_core::Notes::default();
    notes.repairs.push(board_core::Repair::new(
        Code::DescriptiveLookahead,
        format!(
            "the move fits {}, and the rest of the game replays after each; read as {}, {why}",
            names.join(" and "),
            notation.to_text(pos, &mv)
        ),
    ));
    Some((mv, notes))
}

/// The game's last move (`last`), or a move after which the rest of the game replays either
/// way, printed as a capture that fits two (`B takes P` with two pawns to take) and with no
/// move after it to tell them apart: the one capture whose piece no pawn or
/// lesser piece can take back at once, when exactly one is so. A writer leaves out the
/// qualifier only where one capture makes sense; the other would give the piece away.
fn last_capture(
    pos: &DescriptivePosition,
    parsed: &Parsed,
    notation: &Descriptive,
    last: bool,
) -> Option<(Move, board_core::Notes)> {
    if !matches!(
        parsed.body,
        parser::Body::Piece(parser::PieceMove {
            target: parser::Target::Takes { .. },
            ..
        })
    ) {
        return None;
    }
    let Outcome::Many(moves) = resolve::resolve(pos, parsed) else {
        return None;
    };
    let value = |role: chess_rules::Role| match role {
        chess_rules::Role::Pawn => 1,
        chess_rules::Role::Knight | chess_rules::Role::Bishop => 3,
        chess_rules::Role::Rook => 5,
        chess_rules::Role::Queen => 9,
        chess_rules::Role::King => 100,
    };
    let kept: Vec<Move> = moves
        .iter()
        .copied()
        .filter(|&mv| {
            let mut after = pos.clone();
            after.play_unchecked(mv);
            let taker = value(mv.promotion_role().unwrap_or(mv.role()));
            !after.chess().legal_moves().iter().any(|reply| {
                !reply.is_castle() && reply.to() == mv.to() && value(reply.role()) < taker
            })
        })
        .collect();
    let [mv] = kept[..] else {
        return None;
    };
    let mut names: Vec<String> = moves.iter().map(|m| notation.to_text(pos, m)).collect();
    names.sort();
    let mut notes = board_core::Notes::default();
    notes.repairs.push(board_core::Repair::new(
        Code::BookLastCapture,
        format!(
            "{} fits {}{}; read as {}, the one capture whose piece is not taken back at once by a lesser one",
            if last { "the game's last move" } else { "the move" },
            names.join(" and "),
            if last { "" } else { ", and the rest of the game replays after each" },
            notation.to_text(pos, &mv)
        ),
    ));
    Some((mv, notes))
}

/// How many tokens of `next` read, one after the other, after `mv` in `pos`, and whether each
/// of them named one move. A token that fits several moves is read both ways, and the way that
/// reads further counts (within a budget of tokens, past which the count stops there): the
/// true line of a game often runs through an ambiguity that its next moves settle. One later
/// token that fits no legal move is passed over when one legal move alone comes closest to it
/// (a second misprint a few moves on, `B.` printed twice for `R.`): it counts for nothing, but
/// the moves after it still count, so that the misprint before it is decided by the whole of
/// the game and not by where the next one happens to fall.
fn confirmed(
    pos: &DescriptivePosition,
    mv: Move,
    next: &[Result<Parsed, MoveError>],
) -> (usize, bool) {
    let mut after = pos.clone();
    after.play_unchecked(mv);
    let mut budget = CONFIRM_BUDGET;
    reach(after, next, false, &mut budget)
}

/// How many tokens [`confirmed`] may resolve for one candidate, ambiguities read both ways
/// included.
const CONFIRM_BUDGET: usize = 256;

fn reach(
    mut after: DescriptivePosition,
    next: &[Result<Parsed, MoveError>],
    mut passed_over: bool,
    budget: &mut usize,
) -> (usize, bool) {
    let mut read = 0;
    for (k, parsed) in next.iter().enumerate() {
        let Ok(parsed) = parsed else {
            return (read, true);
        };
        *budget = budget.saturating_sub(1);
        let outcome = resolve::resolve(&after, parsed);
        // A move that fits only with a check sign it does not give may be a misprint of
        // another piece (`B.` printed for `R.` where the rook checks): when another move alone
        // comes closer, sign and all, that one is the passed-over misprint.
        if !passed_over
            && let Outcome::One { mv, repairs } = &outcome
            && let Some(other) = letter_misprint(&after, parsed, *mv, repairs)
        {
            passed_over = true;
            after.play_unchecked(other);
            continue;
        }
        match outcome {
            Outcome::One { mv, .. } => after.play_unchecked(mv),
            Outcome::Many(_) if *budget == 0 => return (read + 1, false),
            Outcome::Many(moves) => {
                let further = moves
                    .iter()
                    .map(|&mv| {
                        let mut branch = after.clone();
                        branch.play_unchecked(mv);
                        reach(branch, &next[k + 1..], passed_over, budget).0
                    })
                    .max()
                    .unwrap_or(0);
                return (read + 1 + further, false);
            }
            Outcome::None if !passed_over => match closest(&after, parsed) {
                Some(mv) => {
                    passed_over = true;
                    after.play_unchecked(mv);
                    continue;
                }
                None => return (read, true),
            },
            Outcome::None => return (read, true),
        }
        read += 1;
    }
    (read, true)
}

/// The one legal move that keeps the most of what was printed (piece, square, check sign),
/// when no other keeps as much.
fn closest(pos: &DescriptivePosition, parsed: &Parsed) -> Option<Move> {
    let role = match parsed.body {
        parser::Body::Piece(p) => Some(p.piece.role),
        parser::Body::Castle(_) => None,
    };
    let mut best: Option<(u8, Move)> = None;
    let mut tied = false;
    for &mv in pos.chess().legal_moves().iter() {
        let like = likeness(pos, parsed, mv)
            + 4 * u8::from(role.is_some_and(|r| !mv.is_castle() && mv.role() == r));
        match best {
            Some((b, _)) if like < b => {}
            Some((b, _)) if like == b => tied = true,
            _ => {
                best = Some((like, mv));
                tied = false;
            }
        }
    }
    best.filter(|_| !tied).map(|(_, mv)| mv)
}

/// How much of what was printed a move keeps: its rank, its file, the piece it takes. A file
/// of the other wing (`Q. Kt's 2d.` printed, the king's knight's file meant) keeps half of the
/// file: the `K.` or `Q.` before a file is a common misprint.
fn likeness(pos: &DescriptivePosition, parsed: &Parsed, mv: Move) -> u8 {
    let us = pos.turn();
    // The check sign printed counts more than the square: it is seldom the misprint.
    let marked = !matches!(parsed.mark, parser::Mark::None);
    // The board alone is played: the origins of the pieces do not tell a check.
    let checks = {
        let mut after = *pos.chess();
        after.play_unchecked(mv);
        after.is_check()
    };
    // It outweighs the piece letter, which is: `B.` printed for `R.`.
    let sign = if marked == checks { 5 } else { 0 };
    sign + match parsed.body {
        parser::Body::Piece(p) => match p.target {
            parser::Target::To(set) => {
                let rank = set.ranks & (1 << crate::names::relative_rank(mv.to(), us)) != 0;
                let file = mv.to().file().to_usize();
                let file = if set.files & (1 << file) != 0 {
                    2
                } else if set.files & (1 << (7 - file)) != 0 {
                    1
                } else {
                    0
                };
                2 * u8::from(rank) + file
            }
            parser::Target::Takes { victim, .. } => {
                2 * u8::from(victim.is_some_and(|v| pos.chess().captured(mv) == Some(v.role)))
            }
        },
        parser::Body::Castle(_) => 2 * u8::from(mv.is_castle()),
    }
}

/// The likeness of a move that keeps all of what was printed.
fn full_likeness(parsed: &Parsed) -> u8 {
    5 + 4
        + match parsed.body {
            parser::Body::Piece(p) => match p.target {
                parser::Target::To(_) => 4,
                parser::Target::Takes { .. } => 2,
            },
            parser::Body::Castle(_) => 2,
        }
}

/// The result when the final position is mate or stalemate.
fn mated(pos: &DescriptivePosition) -> Option<GameResult> {
    if pos.chess().is_checkmate() {
        Some(GameResult::win(!pos.turn()))
    } else if pos.chess().is_stalemate() {
        Some(GameResult::Draw)
    } else {
        None
    }
}

/// `Black resigned`, `White resigns` in the note after the last move.
fn resigned_in(text: &str) -> Option<GameResult> {
    for (side, winner) in [("Black", Color::White), ("White", Color::Black)] {
        for verb in ["resigned", "resigns"] {
            if text.contains(&format!("{side} {verb}")) {
                return Some(GameResult::win(winner));
            }
        }
    }
    None
}

/// A chapter or game heading that ends whatever game came before: upper-case words
/// (`GAME 4. FRENCH DEFENCE`), `GAME II.--Between Mr. Morphy and Mr. Harrwitz.`, `No. 17.`
fn is_heading(text: &str) -> bool {
    // A line of prose has a small letter within its first few: asked first, the letters
    // are counted only in the few lines in capitals.
    if !text.chars().any(char::is_lowercase)
        && text.chars().filter(|c| c.is_alphabetic()).count() >= 4
    {
        return true;
    }
    let numbered = |rest: &str| {
        // `GAME No. 7.--RUY LOPEZ ATTACK.`: the number after `No.`.
        let rest = rest.strip_prefix("No.").map_or(rest, str::trim_start);
        let word = rest.split(['.', ' ', '-', ':']).next().unwrap_or("");
        !word.is_empty()
            && word
                .chars()
                .all(|c| c.is_ascii_digit() || "IVXLC".contains(c))
    };
    text.strip_prefix("GAME ").is_some_and(numbered)
        || text.strip_prefix("Game ").is_some_and(numbered)
        || text
            .strip_prefix("No.")
            .is_some_and(|r| numbered(r.trim_start()) && text.len() <= 12)
}

/// A line of prose outside games that gives tags: `(Event, 1913)`, `White: X. Black: Y.`
fn heading_line(text: &str) -> bool {
    (text.starts_with('(') && text.ends_with(')') && text.len() < 80)
        || (text.contains("White:") && text.contains("Black:"))
}

/// Tags from the lines before a game (paragraphs ended by empty entries): `GAME n. TITLE`,
/// `GAME No. 20`, `(Event, Year)`, `White: X. Black: Y.`, `X v. Y`, an opening's name on a
/// line of its own (`Four Knights' Game.`), a sentence that says where and when the game was
/// played and between whom (`Game played in the Masters' Tournament, 23rd September, 1892,
/// between Messrs. James Mason and H. E. Bird:`), and the players the column heads name.
/// Where the heads name the players, they say who had White: the sentence gives the names in
/// full.
fn heading_tags(
    lines: &[String],
    heads: Option<(String, String)>,
) -> (Vec<(String, String)>, Option<String>) {
    let mut tags: Vec<(String, String)> = Vec::new();
    let mut heading = None;
    let mut players: Option<(String, String)> = None;
    let mut opening = None;
    let mut number = None;
    for line in lines {
        let line = line.trim();
        if let Some(rest) = line
            .strip_prefix("GAME ")
            .or_else(|| line.strip_prefix("Game "))
            && let Some((n, title)) = game_number(rest)
        {
            heading = Some(line.to_owned());
            number = Some(n);
            // A title in capitals or an opening's name; not a sentence of prose.
            opening = (!title.is_empty()
                && (!title.chars().any(char::is_lowercase) || opening_line(title).is_some()))
            .then(|| title.to_owned());
            // `GAME II.--Between Mr. Morphy and Mr. Harrwitz.`
            if let Some(at) = rest.find("Between ") {
                players = between(&format!(" between {}", &rest[at + 8..]));
            }
        } else if let Some(inner) = line
            .strip_prefix('(')
            .and_then(|l| l.strip_suffix(')'))
            .filter(|l| !l.starts_with("Remove "))
        {
            let year: String = inner
                .rsplit(|c: char| !c.is_ascii_digit())
                .next()
                .unwrap_or("")
                .to_owned();
            let event = if year.len() == 4 {
                inner[..inner.len() - 4].trim().trim_end_matches(',').trim()
            } else {
                inner.trim()
            };
            if !event.is_empty() {
                tags.push(("Event".to_owned(), event.to_owned()));
            }
            if year.len() == 4 {
                tags.push(("Date".to_owned(), format!("{year}.??.??")));
            }
        } else if let (Some(w), Some(b)) = (line.find("White:"), line.find("Black:"))
            && w < b
        {
            players = Some((name_as_tag(&line[w + 6..b]), name_as_tag(&line[b + 6..])));
        } else if let Some(pair) = versus(line) {
            players = Some(pair);
        } else if heading.is_none() && variation_heading(&line.to_ascii_lowercase()) {
            // `SECOND VARIATION.`: its name, which later references may give.
            heading = Some(line.to_owned());
        } else if opening.is_none()
            && let Some(name) = opening_line(line)
        {
            opening = Some(name);
        }
    }
    // The last paragraph that says where the game was played.
    let paragraph = lines
        .split(String::is_empty)
        .rev()
        .map(|p| p.join(" "))
        .find(|p| p.contains("played ") && p.contains(" between "));
    if let Some(p) = &paragraph {
        if let Some(event) = after_word(p, &["played in the ", "played at the "]) {
            tags.push(("Event".to_owned(), event.to_owned()));
        } else if let Some(site) = after_word(p, &["played at ", "played in "]) {
            tags.push(("Site".to_owned(), site.to_owned()));
        }
        if let Some(date) = date_in(p) {
            tags.retain(|(n, _)| n != "Date");
            tags.push(("Date".to_owned(), date));
        }
        if players.is_none() {
            players = between(p);
        }
    }
    // The heads say who had White; a full name from the sentence for each when it ends so.
    if let Some((white, black)) = heads {
        // The name whose surname the head prints, or whose surname's initial it prints
        // (`Mr. S.` for Steinitz), when one alone fits.
        let full = |short: &str| {
            let last = short.split_whitespace().last().unwrap_or(short);
            let initial = last
                .strip_suffix('.')
                .filter(|i| i.chars().count() == 1 && i.starts_with(char::is_uppercase));
            let fits: Vec<&String> = players
                .iter()
                .flat_map(|(w, b)| [w, b])
                .filter(|n| {
                    n.split_whitespace().last().is_some_and(|l| {
                        l.eq_ignore_ascii_case(last) || initial.is_some_and(|i| l.starts_with(i))
                    })
                })
                .collect();
            match fits[..] {
                [one] => one.clone(),
                _ if initial.is_some() => short.to_owned(),
                _ => title_case(short),
            }
        };
        players = Some((full(&white), full(&black)));
    }
    if let Some(n) = number {
        tags.push(("Round".to_owned(), n.to_owned()));
    }
    if let Some((white, black)) = players {
        tags.push(("White".to_owned(), white));
        tags.push(("Black".to_owned(), black));
    }
    if let Some(name) = opening {
        tags.push(("Opening".to_owned(), name));
    }
    if let Some(h) = heading
        .as_deref()
        .filter(|h| variation_heading(&h.to_ascii_lowercase()))
    {
        tags.push((
            "Variation".to_owned(),
            title_case(h.trim().trim_end_matches('.')),
        ));
    }
    (tags, heading)
}

/// The number and title after `GAME `: `4. FRENCH DEFENCE`, `No. 20`, `II.--Between ...`.
fn game_number(rest: &str) -> Option<(&str, &str)> {
    let rest = rest
        .strip_prefix("No.")
        .or_else(|| rest.strip_prefix("No "))
        .unwrap_or(rest)
        .trim_start();
    let len = rest
        .find(|c: char| !(c.is_ascii_digit() || "IVXLC".contains(c)))
        .unwrap_or(rest.len());
    if len == 0 {
        return None;
    }
    let title = rest[len..].trim_start_matches(['.', ':']).trim();
    // `--RUY LOPEZ ATTACK.` is; `--Between Mr. A. and Mr. B.` is not an opening's name.
    let title = title.trim_start_matches('-').trim().trim_end_matches('.');
    let title = if title.starts_with("Between") {
        ""
    } else {
        title
    };
    Some((&rest[..len], title))
}

/// `Mason v. Bird`, `MORPHY vs. HARRWITZ`: a short line naming two players.
fn versus(line: &str) -> Option<(String, String)> {
    if line.len() > 60 {
        return None;
    }
    let line = line.trim_end_matches('.');
    let (white, black) = [" v. ", " vs. ", " v ", " vs "]
        .iter()
        .find_map(|sep| line.split_once(sep))?;
    let name = |n: &str| {
        let n = n.trim();
        (n.starts_with(|c: char| c.is_uppercase()) && n.split_whitespace().count() <= 4)
            .then(|| n.to_owned())
    };
    Some((name(white)?, name(black)?))
}

/// An opening's name on a line of its own: `Four Knights' Game.`, `Ruy Lopez.`, `Queen's
/// Gambit Declined`: a few capitalised words with a word openings are named by.
fn opening_line(line: &str) -> Option<String> {
    let name = line.trim().trim_end_matches('.');
    let words: Vec<&str> = name.split_whitespace().collect();
    let named = [
        "Game",
        "Opening",
        "Defence",
        "Defense",
        "Gambit",
        "Attack",
        "Lopez",
        "Giuoco",
        "Counter-Gambit",
        "Variation",
    ];
    let is_named = (2..=6).contains(&words.len())
        && words
            .iter()
            .all(|w| w.starts_with(|c: char| c.is_uppercase()))
        && words.iter().any(|w| {
            let w = w.trim_end_matches([',', '.']);
            named.iter().any(|n| n.eq_ignore_ascii_case(w))
        });
    if !is_named {
        return None;
    }
    if name.chars().any(char::is_lowercase) {
        return Some(name.to_owned());
    }
    // A heading in capitals (`THE EVANS GAMBIT.`, `FOUR KNIGHTS' GAME.`) names the opening as
    // a title would; not one that numbers a part of the book (`GAME THE SECOND.`,
    // `VARIATION I.`, `SECOND VARIATION.`): `GAME` only as its last word, never `VARIATION`.
    let last = words.len() - 1;
    let names_one = words.iter().enumerate().any(|(k, w)| {
        let w = w.trim_end_matches([',', '.']);
        (w == "GAME" && k == last)
            || [
                "OPENING", "DEFENCE", "DEFENSE", "GAMBIT", "ATTACK", "LOPEZ", "GIUOCO",
            ]
            .contains(&w)
            || w == "COUNTER-GAMBIT"
    });
    // Nor one that says what part of the book it heads (`SECOND VARIATION OF THIS ATTACK.`,
    // `ILLUSTRATIVE OF THE CUNNINGHAM GAMBIT.`).
    let part = words.iter().any(|w| {
        [
            "VARIATION",
            "VARIATIONS",
            "THIS",
            "ILLUSTRATIVE",
            "CHAPTER",
            "PART",
        ]
        .contains(&w.trim_end_matches([',', '.']))
    });
    if !names_one || part {
        return None;
    }
    let name = name.strip_prefix("THE ").unwrap_or(name);
    // `PHILIDOR'S DEFENCE` is Philidor's, not Philidor'S.
    Some(title_case(name).replace("'S", "'s").replace("’S", "’s"))
}

/// The words after one of `leads` up to the next comma or ` between`: `Masters' Tournament`.
fn after_word<'a>(text: &'a str, leads: &[&str]) -> Option<&'a str> {
    let (at, lead) = leads
        .iter()
        .find_map(|lead| text.find(lead).map(|at| (at, lead)))?;
    let rest = &text[at + lead.len()..];
    let end = [",", " between", ":", ";", " on "]
        .iter()
        .filter_map(|stop| rest.find(stop))
        .min()
        .unwrap_or(rest.len());
    let name = rest[..end].trim().trim_end_matches('.');
    (!name.is_empty() && name.starts_with(|c: char| c.is_uppercase())).then_some(name)
}

/// `between Messrs. James Mason and H. E. Bird:`: the two players, in the order named.
fn between(text: &str) -> Option<(String, String)> {
    let rest = &text[text.find(" between ")? + 9..];
    let rest = ["Messrs. ", "Messrs ", "MM. "]
        .iter()
        .find_map(|p| rest.strip_prefix(p))
        .unwrap_or(rest);
    let (first, second) = rest.split_once(" and ")?;
    // The second name ends at a comma, a colon, or a full stop after a word longer than an
    // initial (`H. E. Bird.`).
    let mut end = second.len();
    for stop in [",", ":", ";"] {
        if let Some(at) = second.find(stop) {
            end = end.min(at);
        }
    }
    let mut words = Vec::new();
    for word in second[..end].split_whitespace() {
        let bare = word.trim_end_matches('.');
        if word.ends_with('.') && bare.len() > 1 {
            words.push(bare);
            break;
        }
        words.push(word);
    }
    let clean = |n: &str| {
        let n = n
            .trim()
            .trim_start_matches("Mr. ")
            .trim_end_matches(['.', ',']);
        // `Neuman (White) and Von Guretzky-Cornitz (Black)`: the side is the tag's, not the
        // name's.
        ["(White)", "(Black)", "(white)", "(black)"]
            .iter()
            .find_map(|side| n.strip_suffix(side))
            .unwrap_or(n)
            .trim_end()
            .to_owned()
    };
    let (first, second) = (clean(first), clean(&words.join(" ")));
    (!first.is_empty()
        && !second.is_empty()
        && first.split_whitespace().count() <= 5
        && words.len() <= 5)
        .then_some((first, second))
}

/// A date in a sentence: `23rd September, 1892`, `September 27th, 1892`, `1892`, as PGN's
/// `1892.09.23`.
fn date_in(text: &str) -> Option<String> {
    const MONTHS: [&str; 12] = [
        "January",
        "February",
        "March",
        "April",
        "May",
        "June",
        "July",
        "August",
        "September",
        "October",
        "November",
        "December",
    ];
    let words: Vec<&str> = text
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|w| !w.is_empty())
        .collect();
    let year_at = words.iter().position(|w| {
        let w = w.trim_end_matches(['.', ':', ')']);
        w.len() == 4
            && w.bytes().all(|b| b.is_ascii_digit())
            && (w.starts_with("18") || w.starts_with("19"))
    })?;
    let year = words[year_at].trim_end_matches(['.', ':', ')']);
    let near = &words[year_at.saturating_sub(3)..year_at];
    let month = near
        .iter()
        .find_map(|w| MONTHS.iter().position(|m| m == w))
        .map_or_else(|| "??".to_owned(), |m| format!("{:02}", m + 1));
    let day = near
        .iter()
        .find_map(|w| {
            let digits: String = w.chars().take_while(char::is_ascii_digit).collect();
            let suffix = &w[digits.len()..];
            (!digits.is_empty()
                && digits.len() <= 2
                && matches!(suffix, "st" | "nd" | "rd" | "th" | "d"))
            .then(|| digits.parse::<u32>().ok())
            .flatten()
        })
        .filter(|d| (1..=31).contains(d))
        .map_or_else(|| "??".to_owned(), |d| format!("{d:02}"));
    Some(format!("{year}.{month}.{day}"))
}

/// `H. E. BIRD` as `H. E. Bird`, `O'KELLY` as `O'Kelly`: a capital after anything but a letter.
fn title_case(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    let mut after_letter = false;
    for c in name.chars() {
        if after_letter {
            out.extend(c.to_lowercase());
        } else {
            out.extend(c.to_uppercase());
        }
        after_letter = c.is_alphabetic();
    }
    out
}

/// How many numbered moves in one line of running text outside a game make it a game's moves
/// run into a paragraph ([`layout::numbered_moves_in_text`]): more than a note quoting an
/// opening holds.
const MOVES_IN_TEXT: usize = 10;

/// Puts each footnote of a game (`[Footnote A: Philidor's Defence.]`, printed after the moves)
/// after the move its marker follows (`2. P. to Q's 3d.[A]`), where it was the game's last
/// note; the marker itself is blanked as the moves are read. Gives the footnotes moved.
fn anchor_footnotes(game: &mut Gathering, text: &str) -> Vec<String> {
    let mut moved = Vec::new();
    for k in 0..game.comments.len() {
        let Some(label) = footnote_label(&game.comments[k].1) else {
            continue;
        };
        let marker = format!("[{label}]");
        let at = game.tokens.iter().position(|t| {
            text.get(t.span.end..).is_some_and(|rest| {
                rest.trim_start_matches(['.', ',', ';', '!', '?'])
                    .starts_with(&marker)
            })
        });
        if let Some(i) = at
            && i + 1 < game.comments[k].0
        {
            game.comments[k].0 = i + 1;
            moved.push(game.comments[k].1.clone());
        }
    }
    if !moved.is_empty() {
        game.comments.sort_by_key(|&(before, _)| before);
    }
    moved
}

/// The label of a footnote's text: `A` of `[Footnote A: ...]`.
fn footnote_label(text: &str) -> Option<&str> {
    let rest = text.trim_start().strip_prefix("[Footnote ")?;
    let (label, _) = rest.split_once(':')?;
    (!label.is_empty() && label.len() <= 3 && label.chars().all(char::is_alphanumeric))
        .then_some(label)
}

/// Whether `line` reads as a heading or a player's name rather than a note: a few words, each
/// starting with a capital but for the small words of titles (`Philidor's Defence.`,
/// `Ruy Lopez.`, `Barnes.`), no move in it.
fn heading_like(line: &str) -> bool {
    const SMALL: [&str; 14] = [
        "of", "the", "and", "de", "du", "la", "le", "von", "van", "der", "v.", "vs.", "v", "vs",
    ];
    let words: Vec<&str> = line.split_whitespace().collect();
    !words.is_empty()
        && words.len() <= 8
        && line.chars().count() <= 60
        && line.chars().any(char::is_alphabetic)
        && !line.contains(['-', '–', '×'])
        && words.iter().all(|w| {
            let w = w.trim_start_matches(|c: char| !c.is_alphanumeric());
            SMALL.contains(&w)
                || w.chars()
                    .next()
                    .is_none_or(|c| c.is_uppercase() || c.is_ascii_digit())
        })
}

/// A player's name alone on a line under a caption (`Barnes.`, `Mr. Morphy.`): up to four
/// words, each a capital's, no digit, and no rank of a board in letters (`RNBKQBNR` under
/// ` White` in Bird's diagram of the modern game).
fn stacked_name(line: &str) -> Option<String> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let rank = |w: &&str| w.len() >= 4 && w.chars().all(|c| "KQRBNPkqrbnp-".contains(c));
    (!words.is_empty()
        && words.len() <= 4
        && !words.iter().any(rank)
        && !line.chars().any(|c| c.is_ascii_digit())
        && words
            .iter()
            .all(|w| w.chars().next().is_some_and(char::is_uppercase))
        && !words.iter().any(|w| layout::is_caption(w)))
    .then(|| name_as_tag(line))
}

/// The players in column heads: `WHITE. (Mr. A.)   BLACK. (Mr. B.)`.
fn names_in_heads(line: &str) -> Option<(String, String)> {
    let mut names = line
        .split('(')
        .skip(1)
        .filter_map(|part| part.split_once(')').map(|(name, _)| name.trim()));
    let white = names.next()?;
    let black = names.next()?;
    Some((name_as_tag(white), name_as_tag(black)))
}

/// A name as a tag: a full stop after a word dropped (`Mr. Morphy.`), after an initial kept
/// (`Mr. M.`).
fn name_as_tag(name: &str) -> String {
    let name = name.trim();
    match name.strip_suffix('.') {
        Some(bare)
            if bare
                .rsplit([' ', '.'])
                .next()
                .is_some_and(|w| w.chars().count() > 1) =>
        {
            bare.to_owned()
        }
        _ => name.to_owned(),
    }
}

/// The players under column heads: `  MASON             H. E. BIRD`, or four columns naming
/// them twice; names in capitals, apart by wide spaces.
fn names_line(line: &str) -> Option<(String, String)> {
    if line.chars().any(char::is_lowercase) || line.len() > 120 {
        return None;
    }
    let names: Vec<&str> = chunks(line, 0).iter().map(|&(s, e)| &line[s..e]).collect();
    let ok = |n: &str| n.chars().any(char::is_alphabetic) && !n.chars().any(|c| c.is_ascii_digit());
    match names[..] {
        [white, black] | [white, black, _, _] if ok(white) && ok(black) => {
            Some((white.to_owned(), black.to_owned()))
        }
        _ => None,
    }
}

/// What a reference to another game says: how many moves, of which game.
struct Reference {
    moves: Option<u32>,
    game: Referred,
    /// How many plies it copies, where it says so (`as far as White's 8th move inclusive`).
    upto: Option<usize>,
}

/// The game a reference names.
enum Referred {
    /// `the preceding game`, `the previous game`, `the last game`.
    Preceding,
    /// `Game 3`, `Game III`.
    Numbered(String),
    /// `as before`, `Repeat Second Variation up to ...`, a variation's heading: a game
    /// shortly before, the one named (`second variation`) first; the replay chooses.
    Before(Option<String>),
}

/// `Moves 1-6 as in Game 3.`, `The first six moves as in the preceding game`.
fn reference(line: &str) -> Option<Reference> {
    let lower = line.to_ascii_lowercase();
    let Some(at) = lower.find(" as in ") else {
        return reference_before(&lower);
    };
    if !lower[..at].contains("move") {
        return None;
    }
    let after = &lower[at + 7..];
    let game = if [
        "the preceding game",
        "the previous game",
        "the last game",
        "the game above",
    ]
    .iter()
    .any(|p| after.starts_with(p))
    {
        Referred::Preceding
    } else {
        let rest = after.strip_prefix("game ")?.trim_start_matches("no. ");
        let n: String = rest
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric())
            .collect();
        if n.is_empty() || !n.chars().all(|c| c.is_ascii_digit() || "ivxlc".contains(c)) {
            return None;
        }
        Referred::Numbered(n.to_ascii_uppercase())
    };
    Some(Reference {
        moves: counted(&lower[..at]),
        game,
        upto: copied_plies(&lower),
    })
}

/// A reference to a line printed shortly before (`lower`, in small letters): `First three
/// moves as before.`, `Repeat first four moves as above.`, `Repeat Second Variation up to
/// White's ninth move inclusive.`, `Repeat the Opening up to Black's 5th move.`, `Reverting
/// to the position after Black's 5th move`, `Beginning at Black's 7th move.` (the Blue Book's
/// variations), or a variation's heading (`fourth variation.`).
fn reference_before(lower: &str) -> Option<Reference> {
    let t = lower.trim().trim_start_matches(['(', '_']);
    let heading = variation_heading(t);
    if !(heading
        || t.starts_with("repeat ")
        || t.starts_with("reverting to the position")
        // `Beginning at Black's 7th move.` under a variation's heading.
        || (t.starts_with("beginning at ") && t.contains("move"))
        || ((t.contains(" as before") || t.contains(" as above")) && t.contains("move")))
    {
        return None;
    }
    // `second variation` names the game whose heading says so; a heading alone names none.
    let name = (!heading)
        .then(|| {
            let at = t.find(" variation")?;
            let word = t[..at].rsplit(' ').next()?;
            (!word.is_empty()).then(|| format!("{word} variation"))
        })
        .flatten();
    let moves = if heading { None } else { counted(t) };
    Some(Reference {
        moves,
        game: Referred::Before(name),
        upto: copied_plies(t),
    })
}

/// How many plies a reference copies where it names its last move (`lower`, in small
/// letters): `as far as White's 8th move inclusive` is 15, `up to Black's 5th move` 9.
fn copied_plies(lower: &str) -> Option<usize> {
    const ORDINALS: [&str; 20] = [
        "first",
        "second",
        "third",
        "fourth",
        "fifth",
        "sixth",
        "seventh",
        "eighth",
        "ninth",
        "tenth",
        "eleventh",
        "twelfth",
        "thirteenth",
        "fourteenth",
        "fifteenth",
        "sixteenth",
        "seventeenth",
        "eighteenth",
        "nineteenth",
        "twentieth",
    ];
    let (side, at) = ["white's ", "black's "]
        .iter()
        .enumerate()
        .find_map(|(k, w)| lower.find(w).map(|at| (k, at + w.len())))?;
    let mut words = lower[at..].split_whitespace();
    let ordinal = words.next()?;
    let n = ordinal
        .trim_end_matches(|c: char| c.is_ascii_alphabetic())
        .parse::<usize>()
        .ok()
        .or_else(|| ORDINALS.iter().position(|o| *o == ordinal).map(|k| k + 1))
        .filter(|&n| n > 0)?;
    if !words.next()?.starts_with("move") {
        return None;
    }
    // `the position after Black's 5th move` holds that move too.
    let after = lower[..at - "white's ".len()].ends_with("after ");
    let inclusive = after || words.next().is_some_and(|w| w.starts_with("inclusive"));
    Some((n - 1) * 2 + side + usize::from(inclusive))
}

/// A variation's heading: `SECOND VARIATION.`, `Fourth Variation`.
fn variation_heading(lower: &str) -> bool {
    let t = lower.trim().trim_end_matches(['.', ':']);
    t.strip_suffix(" variation").is_some_and(|w| {
        !w.is_empty() && !w.contains(' ') && w.chars().all(|c| c.is_alphanumeric())
    })
}

/// The count of moves a reference gives (`the first six moves`, `Moves 1-6`): the last
/// number, in figures or in words, of `text`.
fn counted(text: &str) -> Option<u32> {
    const WORDS: [&str; 20] = [
        "one",
        "two",
        "three",
        "four",
        "five",
        "six",
        "seven",
        "eight",
        "nine",
        "ten",
        "eleven",
        "twelve",
        "thirteen",
        "fourteen",
        "fifteen",
        "sixteen",
        "seventeen",
        "eighteen",
        "nineteen",
        "twenty",
    ];
    let before = text.split(" move").next().unwrap_or(text);
    before
        .rsplit(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .find_map(|w| {
            w.parse::<u32>()
                .ok()
                .or_else(|| WORDS.iter().position(|n| *n == w).map(|k| k as u32 + 1))
        })
}

/// The plies before move `n` of `side`.
fn ply_index((n, side): (u32, Color)) -> usize {
    (n as usize).saturating_sub(1) * 2 + usize::from(side == Color::Black)
}

/// The move that follows `plies` plies: its number and side.
fn ply_at(plies: usize) -> (u32, Color) {
    let n = u32::try_from(plies / 2 + 1).unwrap_or(u32::MAX);
    (
        n,
        if plies.is_multiple_of(2) {
            Color::White
        } else {
            Color::Black
        },
    )
}

/// The `pairs` numbered pairs at the start of `text` (`1. P to K 4, P to K 4; 2. ...`), each
/// `N. white, black` and `;` between them, the last one ending the sentence: their tokens, or
/// `None` when the run is not exactly that. Also the length of the run.
fn spoken_pairs(text: &str, pairs: u32, notation: &Descriptive) -> Option<(Vec<Parsed>, usize)> {
    let mut rest = text;
    let mut tokens = Vec::with_capacity(2 * pairs as usize);
    for n in 1..=pairs {
        rest = rest.strip_prefix(&format!("{n}. "))?;
        let (pair, after) = if n < pairs {
            let (pair, after) = rest.split_once(';')?;
            (pair, after.trim_start())
        } else {
            // The sentence ends after the last pair: at `.` before a capital, or the text's end.
            let end = rest
                .match_indices(". ")
                .find(|(at, _)| rest[at + 2..].starts_with(char::is_uppercase))
                .map_or(rest.len(), |(at, _)| at + 1);
            (&rest[..end], &rest[end..])
        };
        let (white, black) = pair.split_once(", ")?;
        if white.contains(',') || black.contains(',') || black.contains(';') {
            return None;
        }
        // Each read as a move line of its own would be, so that the book's ways of writing a
        // move (`P to K B 4`) read as they do in its columns.
        for (line, side) in [
            (format!("{n}. {}", white.trim()), Color::White),
            (format!("{n}. ... {}", black.trim()), Color::Black),
        ] {
            let items = move_line(&line, 0, notation)?;
            let mut moves = items.into_iter().filter_map(|i| match i {
                Item::Move {
                    mut parsed,
                    algebraic,
                    ..
                } => {
                    if algebraic && side == Color::Black {
                        algebraic::from_whites_side(&mut parsed);
                    }
                    Some(parsed)
                }
                _ => None,
            });
            tokens.push(moves.next()?);
            if moves.next().is_some() {
                return None;
            }
        }
        rest = after;
    }
    Some((tokens, text.len() - rest.len()))
}

/// Moves a reference may copy: from the game it names, or from one shortly before.
struct Prefix {
    moves: Vec<Move>,
    /// What the reference says, and which game the moves come from.
    said: String,
    /// From the game the reference names (`Repeat Second Variation ...`, `Game 3`).
    named: bool,
    /// The opening that game is of: a variation of it is too.
    opening: Option<String>,
}

/// The moves a reference copies, of those it may mean (nearest first): the one that ends on
/// the board printed under the reference, if any; else the game it names when the game's own
/// first move plays after its moves; else the one after whose moves the game's own read
/// furthest.
fn choose_prefix(
    candidates: Vec<Prefix>,
    gap: &[(Parsed, String)],
    start: &DescriptivePosition,
    parsed: &[Result<Parsed, MoveError>],
    board: Option<&diagram::Board>,
) -> Option<Prefix> {
    if candidates.len() < 2 {
        return candidates.into_iter().next();
    }
    let mut best: Option<(usize, Prefix)> = None;
    for prefix in candidates {
        let mut pos = start.clone();
        for &mv in &prefix.moves {
            pos.play_unchecked(mv);
        }
        for (parsed, _) in gap {
            if let Outcome::One { mv, .. } = resolve::resolve(&pos, parsed) {
                pos.play_unchecked(mv);
            }
        }
        if board.is_some_and(|b| *b == diagram::Board::of(pos.chess())) {
            return Some(prefix);
        }
        let mut budget = CONFIRM_BUDGET;
        let read = reach(pos, parsed, false, &mut budget).0;
        if prefix.named && read > 0 {
            return Some(prefix);
        }
        if best.as_ref().is_none_or(|(r, _)| read > *r) {
            best = Some((read, prefix));
        }
    }
    best.map(|(_, p)| p)
}

/// The squares an odds game's heading empties: `Remove White's Queen's Knight.`, `(Remove
/// Black's King's Bishop's Pawn from the Board.)`, `Remove White's Q Kt`.
fn odds_removed(line: &str) -> Vec<chess_rules::Square> {
    use chess_rules::{File, Rank, Square};
    let mut out = Vec::new();
    let mut rest = line;
    while let Some(at) = rest.find("Remove ") {
        rest = &rest[at + 7..];
        let words: Vec<String> = rest
            .split(|c: char| c.is_whitespace() || matches!(c, '.' | ',' | ')' | ';'))
            .filter(|w| !w.is_empty())
            .take_while(|w| !matches!(*w, "from" | "and" | "the"))
            .map(|w| w.trim_end_matches("'s").to_ascii_lowercase())
            .collect();
        let Some(color) = words.first().and_then(|w| match w.as_str() {
            "white" => Some(Color::White),
            "black" => Some(Color::Black),
            _ => None,
        }) else {
            continue;
        };
        // Wing, piece, and `Pawn` after a piece: the pawn on that piece's file.
        let mut wing = None;
        let mut piece = None;
        let mut pawn = false;
        for w in &words[1..] {
            match w.as_str() {
                "king" | "k" if piece.is_none() && wing.is_none() => wing = Some(true),
                "queen" | "q" if piece.is_none() && wing.is_none() => wing = Some(false),
                "knight" | "kt" | "n" => piece = Some(1),
                "bishop" | "b" => piece = Some(2),
                "rook" | "r" | "castle" => piece = Some(0),
                "queen" | "q" => piece = Some(3),
                "king" | "k" => piece = Some(4),
                "pawn" | "p" => pawn = true,
                _ => break,
            }
        }
        // `Queen` alone is the queen; `King's Pawn`, `Queen's Pawn` the centre pawns.
        let file = match (wing, piece) {
            (Some(false), None) if !pawn => Some(3),
            (Some(true), None) if pawn => Some(4),
            (Some(false), None) if pawn => Some(3),
            (Some(king), Some(p @ 0..=2)) => Some(if king { 7 - p } else { p }),
            (None, Some(3)) => Some(3),
            _ => None,
        };
        let Some(file) = file else {
            continue;
        };
        let rank = match (color, pawn) {
            (Color::White, false) => 0,
            (Color::White, true) => 1,
            (Color::Black, false) => 7,
            (Color::Black, true) => 6,
        };
        out.push(Square::from_coords(File::new(file), Rank::new(rank)));
    }
    out
}

/// The first ply a move line gives (its number and side), and the column of that number.
fn first_ply(items: &[Item]) -> Option<((u32, Color), usize)> {
    let mut ply = None;
    let mut col = 0;
    for item in items {
        match item {
            Item::Number { n, black, .. } if ply.is_none() => {
                ply = Some((*n, if *black { Color::Black } else { Color::White }));
            }
            Item::Dot(_, _, c) if col == 0 => col = *c,
            Item::Placeholder => {
                if let Some((n, _)) = ply {
                    ply = Some((n, Color::Black));
                }
            }
            Item::Move { .. } | Item::Result(_) => return ply.map(|p| (p, col)),
            _ => {}
        }
    }
    None
}

/// Whether a line read as moves stands as a game's move line: nothing but moves after its
/// number, each pair apart by a column's gap (two spaces or more, a tab) or a lone space, never
/// by a sentence's `,` or `;` (`6 P - K 5 ch, K - K 3; 7 K - K 4, K - K 2;` is prose that
/// quotes moves), and no word after them.
fn in_columns(items: &[Item], line: &str, offset: usize) -> bool {
    if items.iter().any(|i| matches!(i, Item::Note(_))) || line.trim_end().ends_with([',', ';']) {
        return false;
    }
    let mut last: Option<Span> = None;
    for item in items {
        let Item::Move { span, .. } = item else {
            continue;
        };
        if let Some(before) = last {
            let between = line
                .get(before.end.saturating_sub(offset)..span.start.saturating_sub(offset))
                .unwrap_or(",");
            let column = between.contains("  ") || between.contains('\t');
            if !column && between.contains([',', ';']) {
                return false;
            }
        }
        last = Some(*span);
    }
    last.is_some()
}

/// The move after a line's moves: its number and side (a number repeated in Black's column,
/// `1. P-K4  1. P-K4`, is the same move's).
fn ply_after(items: &[Item]) -> (u32, Color) {
    let mut next = (1, Color::White);
    for item in items {
        match item {
            Item::Number { n, black: true } => next = (*n, Color::Black),
            Item::Number { n, black: false } if next.0 != *n => next = (*n, Color::White),
            Item::Placeholder => next.1 = Color::Black,
            Item::Move { .. } => Gathering::advance(&mut next),
            _ => {}
        }
    }
    next
}

/// A line that is a position in Forsyth-Edwards notation, alone or after `FEN:` or in a PGN
/// tag (`[FEN "..."]`).
fn fen_line(line: &str) -> Option<chess_rules::Position> {
    // Asked of every line: most have no `/` at all.
    memchr::memchr(b'/', line.as_bytes())?;
    let fen = line
        .strip_prefix("FEN:")
        .or_else(|| {
            line.strip_prefix("[FEN \"")
                .and_then(|l| l.strip_suffix("\"]"))
        })
        .unwrap_or(line)
        .trim();
    // Eight ranks and a side to move, nothing else: prose has spaces before its seventh `/`.
    let board = fen.split(' ').next()?;
    if board.matches('/').count() != 7 || fen.split_whitespace().count() < 2 {
        return None;
    }
    chess_rules::Position::from_fen(fen).ok()
}

/// Page markers `{171}`, the transcriber's `/*` `*/`, and footnote markers (`[A]`, `[12]`,
/// `(a)`, `(1)`, `*` after a word), blanked out so offsets stay.
fn clean(line: &str) -> std::borrow::Cow<'_, str> {
    // Most lines of a book hold none of the marks: neither a copy nor a scan for them.
    if !line
        .bytes()
        .any(|b| matches!(b, b'{' | b'/' | b'*' | b'[' | b'('))
    {
        return std::borrow::Cow::Borrowed(line);
    }
    // The line is copied up to each mark, the mark replaced by as many blanks.
    let mut out = String::new();
    let mut copied = 0;
    let bytes = line.as_bytes();
    let mut blank = |out: &mut String, from: usize, to: usize| {
        out.push_str(&line[copied..from]);
        out.extend(std::iter::repeat_n(' ', to - from));
        copied = to;
    };
    let mut i = 0;
    while i < bytes.len() {
        // On to the next byte that may start a mark: the bytes between are looked at once.
        match bytes[i..]
            .iter()
            .position(|&b| matches!(b, b'{' | b'/' | b'*' | b'[' | b'('))
        {
            Some(skip) => i += skip,
            None => break,
        }
        let b = bytes[i];
        let after_word = i > 0 && !bytes[i - 1].is_ascii_whitespace();
        if b == b'{' {
            let digits = bytes[i + 1..]
                .iter()
                .take_while(|b| b.is_ascii_digit())
                .count();
            if digits > 0 && bytes.get(i + 1 + digits) == Some(&b'}') {
                blank(&mut out, i, i + digits + 2);
                i += digits + 2;
                continue;
            }
        }
        if (b == b'/' && bytes.get(i + 1) == Some(&b'*'))
            || (b == b'*' && bytes.get(i + 1) == Some(&b'/'))
        {
            blank(&mut out, i, i + 2);
            i += 2;
            continue;
        }
        // `[A]`, `[B]`, `[12]`: a footnote's marker.
        if b == b'[' {
            let inner = bytes[i + 1..]
                .iter()
                .take_while(|b| b.is_ascii_alphanumeric())
                .count();
            if (1..=3).contains(&inner) && bytes.get(i + 1 + inner) == Some(&b']') {
                blank(&mut out, i, i + inner + 2);
                i += inner + 2;
                continue;
            }
        }
        // `(a)`, `(1)` after a move, before a space or the end: not `(Q)` nor `R(6)xN`.
        if b == b'(' {
            let inner = &bytes[i + 1..];
            let lower =
                inner.first().is_some_and(u8::is_ascii_lowercase) && inner.get(1) == Some(&b')');
            let digits = inner.iter().take_while(|b| b.is_ascii_digit()).count();
            let numeric = (1..=2).contains(&digits) && inner.get(digits) == Some(&b')');
            let len = if lower { 1 } else { digits };
            let end = i + len + 2;
            let free = bytes
                .get(end)
                .is_none_or(|c| c.is_ascii_whitespace() || matches!(c, b',' | b';' | b'.'));
            // After a move's last letter: `ch`, `sq`, `e.p.`, a rank, a piece taken (`PxP(a)`, `KxKt(a)`).
            let before_ok = i > 0
                && (bytes[i - 1].is_ascii_whitespace()
                    || matches!(bytes[i - 1], b'.' | b'!' | b'?' | b'+' | b'h' | b'q' | b't' | b'e' | b'1'..=b'8' | b'A'..=b'Z'));
            if (lower || numeric) && free && before_ok {
                blank(&mut out, i, end);
                i = end;
                continue;
            }
        }
        // `P-K4*`: a star after a move is a footnote's mark.
        if b == b'*' && after_word && bytes.get(i + 1).is_none_or(u8::is_ascii_whitespace) {
            blank(&mut out, i, i + 1);
            i += 1;
            continue;
        }
        i += 1;
    }
    if copied == 0 {
        return std::borrow::Cow::Borrowed(line);
    }
    out.push_str(&line[copied..]);
    std::borrow::Cow::Owned(out)
}

/// A line as comment text: page markers dropped, white space made single spaces.
fn prose_text(line: &str) -> String {
    single_spaced(&clean(line))
}

/// White space made single spaces, in one allocation.
fn single_spaced(text: &str) -> String {
    let t = text.trim();
    // Most lines are ASCII with single spaces already: one copy, no walk word by word.
    let mut after_space = false;
    let plain = t.bytes().all(|b| {
        let space = b == b' ';
        let ok = b.is_ascii() && (!b.is_ascii_whitespace() || (space && !after_space));
        after_space = space;
        ok
    });
    if plain {
        return t.to_owned();
    }
    // ASCII with runs of blanks (two spaces after a full stop): collapsed byte by byte.
    if t.is_ascii() {
        let mut out = String::with_capacity(t.len());
        let mut blank = false;
        for &b in t.as_bytes() {
            if b.is_ascii_whitespace() {
                blank = true;
            } else {
                if blank {
                    out.push(' ');
                    blank = false;
                }
                out.push(char::from(b));
            }
        }
        return out;
    }
    let mut out = String::with_capacity(text.len());
    for word in text.split_whitespace() {
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(word);
    }
    out
}

/// The chunks of a line: split at `,`, `;` and at two spaces or more; byte ranges.
fn chunks(line: &str, from: usize) -> Vec<(usize, usize)> {
    let bytes = line.as_bytes();
    let mut out = Vec::with_capacity(8);
    let mut start = from;
    let mut i = from;
    let mut push = |s: usize, e: usize| {
        let text = &line[s..e];
        let lead = text.len() - text.trim_start().len();
        let trail = text.len() - text.trim_end().len();
        if s + lead < e - trail {
            out.push((s + lead, e - trail));
        }
    };
    while i < bytes.len() {
        let split = match bytes[i] {
            b',' | b';' => Some(i + 1),
            b' ' | b'\t' if matches!(bytes.get(i + 1), Some(b' ' | b'\t')) || bytes[i] == b'\t' => {
                let mut j = i;
                while matches!(bytes.get(j), Some(b' ' | b'\t')) {
                    j += 1;
                }
                Some(j)
            }
            _ => None,
        };
        if let Some(next) = split {
            push(start, i);
            start = next;
            i = next;
        } else {
            i += 1;
        }
    }
    push(start, bytes.len());
    out
}

/// A move number at the start of `text`: digits, then dots (`12.`, `12...`) or none.
/// Returns the number, whether it marks a Black move, whether the dot is missing, and the
/// length read.
fn number(text: &str) -> Option<(u32, bool, bool, usize)> {
    let digits = text.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 || digits > 3 {
        return None;
    }
    let n: u32 = text[..digits].parse().ok()?;
    if n == 0 {
        return None;
    }
    let rest = &text[digits..];
    let dots = rest.bytes().take_while(|&b| b == b'.').count();
    let after = rest[dots..].trim_start();
    let len = text.len() - after.len();
    match dots {
        0 => {
            // `4 ........`: a number with no dot; a number glued to a letter is not one.
            if rest.starts_with([' ', '\t']) || rest.is_empty() {
                Some((n, false, true, len))
            } else {
                None
            }
        }
        1 => Some((n, false, false, len)),
        // `13...R - K 1`: Black's move; `13. ........` is handled as a placeholder.
        _ => Some((n, true, false, len)),
    }
}

fn is_placeholder(text: &str) -> bool {
    (text.len() >= 2 && text.bytes().all(|b| b == b'.')) || text == "…"
}

/// Reads one chunk as moves: compact (`Kt - B 3`, joined to the next chunks when a wide space
/// split it) or worded (`K. Kt. to B. 3d.`); the items, the chunks used, and any words after.
fn read_chunk(
    line: &str,
    pieces: &[(usize, usize)],
    k: usize,
    s: usize,
    offset: usize,
    notation: &Descriptive,
) -> Option<(Vec<Item>, usize, Option<String>)> {
    // A worded chunk goes to the table of words at once: the compact reader would fail on it
    // three times, joined to the chunks after it.
    let worded = {
        let chunk = &line[s..pieces[k].1];
        // Each of the words has a space or is `'s` or ends in `s`: most compact chunks
        // (`Kt-KB3`) are told at once, without nine searches.
        chunk.contains([' ', '\'', 's'])
            && [
                " to ",
                "takes",
                "'s",
                "square",
                " his ",
                " her ",
                "Castles on",
                "checks",
                "moves",
            ]
            .iter()
            .any(|w| chunk.contains(w))
    };
    if !worded && let Some(read) = read_compact(line, pieces, k, s, offset, notation) {
        return Some(read);
    }
    // A worded chunk the table of words does not read may still be compact.
    let fallback = || {
        worded
            .then(|| read_compact(line, pieces, k, s, offset, notation))
            .flatten()
    };
    let end = pieces[k].1;
    let chunk = &line[s..end];
    // The algebraic books of the period (`P-e4`, `Kt-f3`, `e2-e4`, `o-o`, `e5d4:`): what is
    // neither of the descriptive forms.
    let algebraic = || read_algebraic(chunk, offset + s).map(|items| (items, k, None));
    let Some(rewritten) = wordy::rewrite(chunk) else {
        return fallback().or_else(algebraic);
    };
    if let Some(verb) = rewritten.verb {
        let parsed = verb_move(&rewritten.text, verb, notation)?;
        let rest = chunk[rewritten.read..].trim();
        let item = Item::Move {
            parsed,
            text: chunk[..rewritten.read].trim().to_owned(),
            span: Span::new(
                offset + s,
                offset + s + chunk[..rewritten.read].trim_end().len(),
            ),
            victim: None,
            algebraic: false,
        };
        return Some((vec![item], k, (!rest.is_empty()).then(|| rest.to_owned())));
    }
    let Ok(found) = parser::parse_many(&rewritten.text, notation.language()) else {
        return fallback().or_else(algebraic);
    };
    let map = |at: usize| rewritten.map.get(at).copied().unwrap_or(rewritten.read);
    let mut items = Vec::new();
    let count = found.len();
    for (index, (mut parsed, range)) in found.into_iter().enumerate() {
        either_side(&mut parsed, &rewritten.text[range.clone()]);
        let from = map(range.start);
        // One move of the chunk spans to its read end; several split where the next starts.
        let to = if index + 1 == count {
            rewritten.read
        } else {
            map(range.end.saturating_sub(1)) + 1
        };
        let to = chunk[..to.min(chunk.len())].trim_end().len().max(from + 1);
        items.push(Item::Move {
            parsed,
            text: rewritten.text[range].to_owned(),
            span: Span::new(offset + s + from, offset + s + to.min(chunk.len())),
            victim: rewritten.victim,
            algebraic: false,
        });
    }
    let rest = chunk[rewritten.read..].trim();
    let note = (!rest.is_empty()).then(|| rest.to_owned());
    Some((items, k, note))
}

/// The square of the piece taken, written in words after it (`Q takes P (K 4)`), counted
/// from either side: books count it from the mover's side or from the side of the piece taken
/// (Hoyle's `Q takes P (K 4)` for Black's pawn on Black's K4); the moves after it decide.
fn either_side(parsed: &mut Parsed, text: &str) {
    let qualified = text
        .find('x')
        .is_some_and(|x| text[x..].contains('(') && text[x..].contains(')'));
    if let parser::Body::Piece(p) = &mut parsed.body
        && let parser::Target::Takes {
            victim: Some(_),
            at,
        } = &mut p.target
        && qualified
        && at.ranks.count_ones() == 1
    {
        at.ranks |= at.ranks.reverse_bits();
    }
}

/// Reads `chunk` (at `offset` in the text) as moves written the algebraic way.
fn read_algebraic(chunk: &str, offset: usize) -> Option<Vec<Item>> {
    let found = algebraic::read_many(chunk)?;
    Some(
        found
            .into_iter()
            .map(|(parsed, range)| Item::Move {
                parsed,
                text: chunk[range.clone()].to_owned(),
                span: Span::new(offset + range.start, offset + range.end),
                victim: None,
                algebraic: true,
            })
            .collect(),
    )
}

/// Reads the chunk `k` (from byte `s`) in the compact form, joined to up to two chunks after it
/// when a wide space split a move (`Kt  -  B 3`).
fn read_compact(
    line: &str,
    pieces: &[(usize, usize)],
    k: usize,
    s: usize,
    offset: usize,
    notation: &Descriptive,
) -> Option<(Vec<Item>, usize, Option<String>)> {
    // The moves of `text` (at `s` in the line), each with its text and span.
    let moves = |text: &str| -> Option<Vec<Item>> {
        let found = parser::parse_many(text, notation.language()).ok()?;
        let items = found
            .into_iter()
            .map(|(parsed, range)| Item::Move {
                parsed,
                text: text[range.clone()].to_owned(),
                span: Span::new(offset + s + range.start, offset + s + range.end),
                victim: None,
                algebraic: false,
            })
            .collect();
        Some(items)
    };
    for (j, &(_, end)) in pieces.iter().enumerate().skip(k).take(3) {
        if let Some(items) = moves(&line[s..end]) {
            return Some((items, j, None));
        }
    }
    // Moves run on past a move number (`B-Kt5ch 3. P-B3`): the moves before the number, and
    // the rest from the number on for the next chunk.
    let chunk = &line[s..pieces[k].1];
    let cut = move_number_inside(chunk)?;
    let items = moves(chunk[..cut].trim_end())?;
    Some((items, k, Some(chunk[cut..].to_owned())))
}

/// Where a move number (`3.`, `12...`, `6.QKt-Q2`) starts inside `chunk`, after a space.
fn move_number_inside(chunk: &str) -> Option<usize> {
    let bytes = chunk.as_bytes();
    (1..bytes.len()).find(|&i| {
        let digits = bytes[i..].iter().take_while(|b| b.is_ascii_digit()).count();
        bytes[i - 1].is_ascii_whitespace()
            && (1..=3).contains(&digits)
            && bytes.get(i + digits) == Some(&b'.')
    })
}

/// `becoming a Queen`, `and becomes a Knight`, `queening`: the piece a pawn becomes.
fn promotion_words(text: &str) -> Option<chess_rules::Role> {
    let text = text.trim().trim_end_matches(['.', ')']);
    // Asked after every move followed by more words: no copy in small letters.
    let rest = [
        "becoming a ",
        "becomes a ",
        "and becomes a ",
        "(becoming a ",
    ]
    .iter()
    .find_map(|p| {
        text.get(..p.len())
            .filter(|head| head.eq_ignore_ascii_case(p))
            .map(|_| &text[p.len()..])
    })?;
    use chess_rules::Role;
    let word = rest.split_whitespace().next()?;
    let is = |w: &str| word.eq_ignore_ascii_case(w);
    Some(if is("queen") || is("q") {
        Role::Queen
    } else if is("rook") || is("r") || is("castle") {
        Role::Rook
    } else if is("bishop") || is("b") {
        Role::Bishop
    } else if is("knight") || is("kt") || is("n") {
        Role::Knight
    } else {
        return None;
    })
}

/// Whether `text` holds a word of prose: two small letters or more in a token, beside the
/// signs a move is written with (`Kt`, `ch`, `sq`, `mate`, `dis`, `e.p.`).
fn has_words(text: &str) -> bool {
    text.split_whitespace().any(|token| {
        let token = token.trim_matches(|c: char| !c.is_alphanumeric());
        let token = token.replace("Kt", "");
        !matches!(
            token.as_str(),
            "ch" | "sq" | "mate" | "dis" | "dbl" | "ep" | "e.p"
        ) && token.chars().filter(char::is_ascii_lowercase).count() >= 2
    })
}

/// `true` if words left after a move start another: a number, a piece, castling.
fn starts_move(text: &str) -> bool {
    let word = text.split_whitespace().next().unwrap_or("");
    let word = word.trim_end_matches(['.', ',']);
    // A compact move names its piece before its dash or capture sign (`B-Kt5ch`, `QxKP`).
    let piece = word
        .split_once(['-', 'x', '×'])
        .map_or(word, |(piece, _)| piece);
    word.starts_with(|c: char| c.is_ascii_digit())
        || matches!(
            piece.trim_end_matches("'s"),
            "K" | "Q"
                | "R"
                | "B"
                | "Kt"
                | "N"
                | "P"
                | "KR"
                | "QR"
                | "KB"
                | "QB"
                | "KKt"
                | "QKt"
                | "KP"
                | "QP"
                | "BP"
                | "KtP"
                | "RP"
                | "Castles"
                | "O-O"
                | "O-O-O"
        )
}

/// `Q checks.`, `K moves.`: the piece named, to any square, with the verb's mark.
fn verb_move(piece: &str, verb: wordy::Verb, notation: &Descriptive) -> Option<Parsed> {
    let mut parsed = parser::parse_token(&format!("{piece}-K1"), notation.language()).ok()?;
    if let parser::Body::Piece(p) = &mut parsed.body {
        p.target = parser::Target::To(crate::names::SquareSet::ANY);
    }
    parsed.mark = match verb {
        wordy::Verb::Checks => parser::Mark::Check,
        wordy::Verb::Mates => parser::Mark::Mate,
        wordy::Verb::Moves | wordy::Verb::Queens => parser::Mark::None,
    };
    if verb == wordy::Verb::Queens
        && let parser::Body::Piece(p) = &mut parsed.body
    {
        p.promotion = Some(chess_rules::Role::Queen);
    }
    Some(parsed)
}

/// Reads a line as numbered moves, or `None` if it is not one.
fn move_line(line: &str, offset: usize, notation: &Descriptive) -> Option<Vec<Item>> {
    let line = &*bracketed_checks(line);
    let mut start = line.len() - line.trim_start().len();
    // A move line holds a few numbers and moves: one allocation, not a growth per item.
    let mut items = Vec::with_capacity(16);
    // `   ...        7. P to Q 3`: White's move left out, Black's in its column.
    let lead_placeholder = {
        let rest = &line[start..];
        let dots = rest.bytes().take_while(|&b| b == b'.').count();
        if dots >= 2 && rest[dots..].starts_with(' ') {
            start += dots;
            start += line[start..].len() - line[start..].trim_start().len();
            true
        } else {
            rest.starts_with('…')
                .then(|| {
                    start += '…'.len_utf8();
                    start += line[start..].len() - line[start..].trim_start().len();
                })
                .is_some()
        }
    };
    let (n, black, missing_dot, len) = number(&line[start..])?;
    items.push(Item::Number {
        n,
        black: black || lead_placeholder,
    });
    items.push(Item::Dot(
        !missing_dot,
        Span::new(offset + start, offset + start + len),
        start,
    ));
    read_moves(line, start + len, offset, notation, &mut items).then_some(items)
}

/// `Q×R(ch.).`, `B×Kt (ch.)`, `Kt – Q5 (mate)`: a check or mate sign in brackets, as Rogers
/// prints it, made the move's ` ch.` or ` mate` (one space before, a period after the
/// brackets taken in), then blanks, the line as long as it was: the move and its sign stay in
/// one column. For the moves of a line only; a note keeps its text as printed.
fn bracketed_checks(line: &str) -> std::borrow::Cow<'_, str> {
    // Each sign as printed and as read; none is read longer than it is printed.
    const MARKS: [(&str, &str); 8] = [
        ("(ch.)", " ch."),
        ("(ch)", " ch."),
        ("(check.)", " ch."),
        ("(check)", " ch."),
        ("(dis. ch.)", " dis. ch."),
        ("(dis ch)", " dis ch"),
        ("(mate.)", " mate."),
        ("(mate)", " mate"),
    ];
    let Some(first) = line.find('(') else {
        return std::borrow::Cow::Borrowed(line);
    };
    let bytes = line.as_bytes();
    let mut out = String::with_capacity(line.len());
    let mut copied = 0;
    let mut i = first;
    while i < bytes.len() {
        let mark = MARKS.into_iter().find(|(mark, _)| {
            bytes[i..]
                .get(..mark.len())
                .is_some_and(|b| b.eq_ignore_ascii_case(mark.as_bytes()))
        });
        let Some((mark, read)) = mark else {
            i += 1;
            continue;
        };
        let from = if i > copied && bytes[i - 1] == b' ' {
            i - 1
        } else {
            i
        };
        // After a move (`Q×R`, `P-Q4`, spaced `Q – R5`), not after a word (`becoming a Queen
        // (ch.)`).
        if !ends_with_move(&line[copied..from]) {
            i += 1;
            continue;
        }
        let mut to = i + mark.len();
        if bytes.get(to) == Some(&b'.') {
            to += 1;
        }
        out.push_str(&line[copied..from]);
        out.push_str(read);
        out.extend(std::iter::repeat_n(' ', to - from - read.len()));
        copied = to;
        i = to;
    }
    out.push_str(&line[copied..]);
    std::borrow::Cow::Owned(out)
}

/// Whether `text` ends with a move in letters: joined (`Q×R`, `P-Q4`) or spaced around its
/// sign (`Q – R5`, `Kt - K B 3`, `P x P`), the words after the sign short ones of letters and
/// digits and the word before it a capital's. A bracketed check sign after a spaced move was
/// left a note (`Q - R5 {(ch)}`), or stopped the game where the dash was an en dash.
fn ends_with_move(text: &str) -> bool {
    const SIGNS: [char; 6] = ['×', '—', '–', '−', '-', 'x'];
    let mut words = text.split_whitespace().rev();
    let Some(last) = words.next() else {
        return false;
    };
    if !last.ends_with(|c: char| c.is_alphanumeric()) {
        return false;
    }
    if last.starts_with(char::is_uppercase) && last.contains(SIGNS) {
        return true;
    }
    let short = |w: &str| w.len() <= 3 && w.chars().all(|c| c.is_ascii_alphanumeric());
    if !short(last) {
        return false;
    }
    // Back over the target's words (`K B 3` at most) to the sign, then the piece before it.
    for _ in 0..3 {
        match words.next() {
            Some(w) if w.chars().count() == 1 && w.contains(SIGNS) => {
                return words
                    .next()
                    .is_some_and(|piece| piece.starts_with(char::is_uppercase));
            }
            Some(w) if short(w) => {}
            _ => return false,
        }
    }
    false
}

/// Reads the moves of `line` from byte `from` on into `items` (numbers, moves, results,
/// notes); `true` when a move or a result was read, `false` when the text is not moves.
fn read_moves(
    line: &str,
    from: usize,
    offset: usize,
    notation: &Descriptive,
    items: &mut Vec<Item>,
) -> bool {
    let mut pieces = chunks(line, from);
    let mut moves = 0;
    let mut k = 0;
    while k < pieces.len() {
        let (s, e) = pieces[k];
        let text = &line[s..e];
        if is_placeholder(text) {
            items.push(Item::Placeholder);
            k += 1;
            continue;
        }
        if let Some(result) = result_word(text) {
            // `21. B-R6    Mate`: the word in the next column is also the move's mark.
            if moves > 0
                && text.to_ascii_lowercase().ends_with("mate")
                && let Ok(marks) = parser::parse_token("O-O mate", notation.language())
            {
                items.push(Item::Suffix(marks));
            }
            items.push(Item::Result(result));
            k += 1;
            continue;
        }
        let (mut s, mut text) = (s, text);
        if let Some((n, black, missing, len)) = number(text) {
            items.push(Item::Number { n, black });
            items.push(Item::Dot(
                !missing,
                Span::new(offset + s, offset + s + len),
                s,
            ));
            s += len;
            text = &line[s..e];
            if text.is_empty() {
                k += 1;
                continue;
            }
            if is_placeholder(text) {
                items.push(Item::Placeholder);
                k += 1;
                continue;
            }
            if let Some(result) = result_word(text) {
                items.push(Item::Result(result));
                k += 1;
                continue;
            }
        }
        // `5. ... B-K2`: the placeholder and Black's move in one chunk.
        let dots = text.bytes().take_while(|&b| b == b'.').count();
        if dots >= 2 && text[dots..].starts_with(' ') {
            items.push(Item::Placeholder);
            let skip = dots + (text[dots..].len() - text[dots..].trim_start().len());
            s += skip;
            text = &line[s..e];
        }
        // `ch` or `!` alone in its column belongs to the move before it.
        if moves > 0
            && parser::is_suffix(text, notation.language())
            && let Ok(marks) = parser::parse_token(&format!("O-O {text}"), notation.language())
        {
            items.push(Item::Suffix(marks));
            k += 1;
            continue;
        }
        match read_chunk(line, &pieces, k, s, offset, notation) {
            Some((found, j, note)) => {
                moves += found.len();
                items.extend(found);
                match note {
                    // `QR to K square 39 P to KR4`: a number starts the next column's moves.
                    Some(note) if starts_move(&note) => {
                        let at = pieces[j].1 - note.len();
                        pieces[j].0 = at;
                        k = j;
                    }
                    Some(note) => {
                        items.push(Item::Note(note));
                        k = j + 1;
                    }
                    None => k = j + 1,
                }
                // `P. one, becoming a Queen.`: the promotion in the next chunk.
                if let Some(&(ns, ne)) = pieces.get(k)
                    && let Some(role) = promotion_words(&line[ns..ne])
                    && let Some(Item::Move { parsed, .. }) = items
                        .iter_mut()
                        .rev()
                        .find(|i| matches!(i, Item::Move { .. }))
                    && let parser::Body::Piece(p) = &mut parsed.body
                    && p.piece.role == chess_rules::Role::Pawn
                {
                    p.promotion = Some(role);
                    items.push(Item::Note(line[ns..ne].trim().to_owned()));
                    k += 1;
                }
            }
            // `6. P - R 8 (Q), and wins.`: words after the moves end the line; moves in
            // another form (`e7 - e5 2.Cg1 - f3`) are no words, and the line is not read.
            None if moves > 0
                && text.starts_with(|c: char| c.is_lowercase() || c == '(' || c == '&')
                && !layout::looks_like_moves(&line[s..]) =>
            {
                let rest = line[s..].trim().trim_end_matches('.');
                items.push(Item::Note(rest.to_owned()));
                break;
            }
            // A move that does not read after moves that do, the last of its line (`... 4. B
            // Kt`): the moves before it are the game's, and it stops the game.
            None if moves > 0 && starts_move(text) && k + 1 == pieces.len() && !has_words(text) => {
                let rest = line[s..].trim_end();
                items.push(Item::Unread(
                    rest.to_owned(),
                    Span::new(offset + s, offset + s + rest.len()),
                ));
                break;
            }
            None => return false,
        }
    }
    moves > 0 || items.iter().any(|i| matches!(i, Item::Result(_)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn footnote_markers_are_blanked() {
        assert_eq!(clean("19. Q. to Q. B's sq.[A]"), "19. Q. to Q. B's sq.   ");
        assert_eq!(clean("12. P-K4(a)  P-K4(1)"), "12. P-K4     P-K4   ");
        assert_eq!(
            clean("12. P-K4*  R(6)xN P-R8(Q)"),
            "12. P-K4   R(6)xN P-R8(Q)"
        );
    }

    #[test]
    fn check_signs_in_brackets_are_ch() {
        let read = |line: &str| bracketed_checks(line).into_owned();
        assert_eq!(read("19. P—K5. Q×R(ch.)."), "19. P—K5. Q×R ch.  ");
        assert_eq!(read("21. Kt×P(ch.). K—Qsq."), "21. Kt×P ch.   K—Qsq.");
        assert_eq!(read("6. B×Kt (ch.) K×B."), "6. B×Kt ch.   K×B.");
        // Spaced around their sign, whatever the dash.
        assert_eq!(read("2. Q – R5 (ch)  P – KKt3"), "2. Q – R5 ch.   P – KKt3");
        assert_eq!(read("2. Q - R5(ch)  P - KKt3"), "2. Q - R5 ch.  P - KKt3");
        assert_eq!(
            read("9. Kt - K B 3 (ch.) K - R 1"),
            "9. Kt - K B 3 ch.   K - R 1"
        );
        assert_eq!(read("9. P x P (ch) K x P"), "9. P x P ch.  K x P");
        assert_eq!(read("7. Kt – Q5 (mate)"), "7. Kt – Q5 mate  ");
        assert_eq!(read("7. Kt-Q5 (dis. ch.)"), "7. Kt-Q5 dis. ch.  ");
        // Not after a move: kept.
        assert_eq!(
            read("and becomes a Queen (mate)"),
            "and becomes a Queen (mate)"
        );
        assert_eq!(read("22. Q—B6(Ch)"), "22. Q—B6 ch.");
        assert_eq!(read("9. Q-R5(check)"), "9. Q-R5 ch.   ");
        assert_eq!(read("9. Q-R5 (a)"), "9. Q-R5 (a)");
        let note = "37. P. takes P., and becomes a Queen (ch.) and wins.";
        assert_eq!(read(note), note);
    }
}
