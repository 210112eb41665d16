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

use board_core::{
    Color, Diagnostic, Dialect, FirstMove, GameResult, MoveError, MoveErrorKind, MovetextWriter,
    Notation, Span, write_tags,
};
use chess_rules::Move;

use crate::line::read_one;
use crate::parser::{self, Parsed};
use crate::{Descriptive, DescriptivePosition};

/// A game found in a book, every move read.
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
    /// From `Resigns.`, a mate, or a note that says who resigned; `*` when the book does not say.
    pub result: GameResult,
    /// What was read only leniently, as warnings at their place in the book.
    pub repairs: Vec<Diagnostic>,
    /// From the first move to the last, in the book's text.
    pub span: Span,
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
}

/// What a book held: the games read, and the diagnostics of the whole text (every repair as a
/// warning, every run of moves that could not be read as an error, spans in the text).
#[derive(Debug, Clone, Default)]
pub struct Import {
    /// The games whose every move was read.
    pub games: Vec<BookGame>,
    /// Warnings (repairs) and errors (runs of moves that are not a legal game from the start,
    /// such as the examples of a book that start from a diagram).
    pub diagnostics: Vec<Diagnostic>,
}

impl BookGame {
    /// The moves in order.
    pub fn moves(&self) -> impl Iterator<Item = Move> + '_ {
        self.elements.iter().filter_map(|e| match e {
            BookElement::Move { mv, .. } => Some(*mv),
            BookElement::Comment(_) => None,
        })
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
                    pos.play_unchecked(*mv);
                }
                BookElement::Comment(text) => writer.comment(text),
            }
        }
        writer.finish(result);
        out.push_str(&movetext);
    }
}

/// Finds and reads the games of a book written in `notation`'s language; moves in messages are
/// written in `notation`.
#[must_use]
pub fn import(text: &str, notation: &Descriptive) -> Import {
    let mut state = State {
        text,
        notation,
        import: Import::default(),
        game: None,
        pending: Vec::new(),
        runs: 0,
        after_prose: false,
    };
    let mut offset = 0;
    for raw in text.split_inclusive('\n') {
        let line = raw.trim_end_matches(['\n', '\r']);
        state.line(line, offset);
        offset += raw.len();
    }
    state.finish_game();
    state.import
}

/// A token of a game being gathered.
struct Token {
    parsed: Result<Parsed, MoveError>,
    span: Span,
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
    repairs: Vec<Diagnostic>,
}

impl Gathering {
    fn flush(&mut self) {
        if !self.paragraph.is_empty() {
            let text = std::mem::take(&mut self.paragraph);
            self.comments.push((self.tokens.len(), text));
        }
    }

    fn advance(&mut self) {
        self.next = match self.next {
            (n, Color::White) => (n, Color::Black),
            (n, Color::Black) => (n + 1, Color::White),
        };
    }
}

struct State<'a> {
    text: &'a str,
    notation: &'a Descriptive,
    import: Import,
    game: Option<Gathering>,
    /// Prose since the last game: where a heading is looked for.
    pending: Vec<String>,
    /// Runs of moves found, games or not: the number diagnostics name.
    runs: usize,
    /// The last line was prose: a numbered line right after it, not indented, is prose too
    /// (`29 P - K 6, but that would only have prolonged the game`).
    after_prose: bool,
}

/// What a line of a book is.
enum Line {
    Blank,
    Separator,
    Resigns,
    Moves(Vec<Item>),
    Prose(String),
}

/// A piece of a move line.
#[derive(Debug)]
enum Item {
    Number {
        n: u32,
        black: bool,
    },
    MissingDot(Span),
    Placeholder,
    Move {
        parsed: Parsed,
        span: Span,
    },
    Resigns,
    Draw,
    /// Words after the moves: `and wins`.
    Note(String),
}

impl State<'_> {
    fn line(&mut self, line: &str, offset: usize) {
        let mut kind = classify(line, offset, self.notation);
        if matches!(kind, Line::Moves(_))
            && self.after_prose
            && !line.starts_with(char::is_whitespace)
        {
            kind = Line::Prose(prose_text(line));
        }
        self.after_prose = matches!(kind, Line::Prose(_));
        match kind {
            Line::Blank => {
                if let Some(game) = self.game.as_mut() {
                    game.flush();
                }
            }
            Line::Separator => self.finish_game(),
            Line::Resigns => {
                if let Some(game) = self.game.as_mut() {
                    game.flush();
                    game.result = Some(GameResult::win(!game.next.1));
                }
            }
            Line::Moves(items) => self.moves(items, line),
            Line::Prose(text) => self.prose(text),
        }
    }

    fn prose(&mut self, text: String) {
        if is_heading(&text) {
            self.finish_game();
        }
        match self.game.as_mut() {
            Some(game) => {
                if !game.paragraph.is_empty() {
                    game.paragraph.push(' ');
                }
                game.paragraph.push_str(&text);
            }
            None => {
                if self.pending.len() == 12 {
                    self.pending.remove(0);
                }
                self.pending.push(text);
            }
        }
    }

    fn moves(&mut self, items: Vec<Item>, line: &str) {
        let Some(first) = first_ply(&items) else {
            return self.prose(prose_text(line));
        };
        let continues = self.game.as_ref().is_some_and(|g| g.next == first);
        if !continues {
            if first != (1, Color::White) && first != (1, Color::Black) {
                // A numbered line that does not follow the game: a note quoting moves.
                return self.prose(prose_text(line));
            }
            self.finish_game();
            let (tags, heading) = heading_tags(&self.pending);
            self.pending.clear();
            self.runs += 1;
            self.game = Some(Gathering {
                tags,
                heading,
                tokens: Vec::new(),
                comments: Vec::new(),
                paragraph: String::new(),
                next: first,
                result: None,
                repairs: Vec::new(),
            });
        }
        let Some(game) = self.game.as_mut() else {
            return;
        };
        game.flush();
        for item in items {
            match item {
                Item::Number { n, black, .. } => {
                    game.next = (n, if black { Color::Black } else { Color::White });
                }
                Item::MissingDot(span) => game
                    .repairs
                    .push(Diagnostic::warning("move number without a dot", span)),
                Item::Placeholder => game.next.1 = Color::Black,
                Item::Move { parsed, span } => {
                    game.tokens.push(Token {
                        parsed: Ok(parsed),
                        span,
                    });
                    game.advance();
                }
                Item::Resigns => game.result = Some(GameResult::win(!game.next.1)),
                Item::Draw => game.result = Some(GameResult::Draw),
                Item::Note(text) => game.paragraph.push_str(&text),
            }
        }
    }

    fn finish_game(&mut self) {
        let Some(mut game) = self.game.take() else {
            return;
        };
        game.flush();
        let run = self.runs;
        let name = match (
            game.tags.iter().find(|t| t.0 == "White"),
            game.tags.iter().find(|t| t.0 == "Black"),
        ) {
            (Some(w), Some(b)) => format!("{} - {}", w.1, b.1),
            _ => game.heading.clone().unwrap_or_else(|| {
                let at = game.tokens.first().map_or(0, |t| t.span.start);
                format!(
                    "moves at line {}",
                    Span::new(at, at).line_col(self.text).line
                )
            }),
        };
        if game.tokens.is_empty() {
            return;
        }
        let start = DescriptivePosition::new();
        let parsed: Vec<Result<Parsed, MoveError>> =
            game.tokens.iter().map(|t| t.parsed.clone()).collect();
        let mut pos = start.clone();
        let mut elements = Vec::new();
        let mut comments = game.comments.into_iter().peekable();
        let mut repairs = game.repairs;
        for (index, token) in game.tokens.iter().enumerate() {
            while let Some((_, text)) = comments.next_if(|(k, _)| *k == index) {
                elements.push(BookElement::Comment(text));
            }
            let written = &self.text[token.span.range()];
            match read_one(&pos, written, &parsed[index..], self.notation) {
                Ok((mv, notes)) => {
                    for repair in notes.repairs {
                        repairs.push(Diagnostic::warning(
                            format!("{written}: {repair}"),
                            token.span,
                        ));
                    }
                    elements.push(BookElement::Move {
                        mv,
                        span: token.span,
                        nags: notes.nags,
                    });
                    pos.play_unchecked(mv);
                }
                Err(err) => {
                    let mut diag =
                        Diagnostic::error(err.to_string(), token.span).in_game(run, name.clone());
                    if err.kind != MoveErrorKind::Ambiguous
                        && let Some(help) = err.help()
                    {
                        diag = diag.with_help(help);
                    }
                    if index == 0 {
                        diag = diag.with_help(
                            "these moves do not start from the initial position (a diagram's position is not in the text)",
                        );
                    }
                    self.import
                        .diagnostics
                        .extend(repairs.into_iter().map(|r| r.in_game(run, name.clone())));
                    self.import.diagnostics.push(diag);
                    return;
                }
            }
        }
        let trailing: Vec<String> = comments.map(|(_, text)| text).collect();
        let result = game
            .result
            .or_else(|| mated(&pos))
            .or_else(|| trailing.first().and_then(|t| resigned_in(t)))
            .unwrap_or(GameResult::Unknown);
        elements.extend(trailing.into_iter().map(BookElement::Comment));
        let repairs: Vec<Diagnostic> = repairs
            .into_iter()
            .map(|r| r.in_game(run, name.clone()))
            .collect();
        self.import.diagnostics.extend(repairs.iter().cloned());
        let span = Span::new(
            game.tokens.first().map_or(0, |t| t.span.start),
            game.tokens.last().map_or(0, |t| t.span.end),
        );
        self.import.games.push(BookGame {
            tags: game.tags,
            heading: game.heading,
            start,
            elements,
            result,
            repairs,
            span,
        });
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

/// A chapter or game heading: upper-case words that end whatever game came before.
fn is_heading(text: &str) -> bool {
    let letters = text.chars().filter(|c| c.is_alphabetic()).count();
    letters >= 4 && !text.chars().any(char::is_lowercase)
}

/// Tags from the prose before a game: `GAME n. TITLE`, `(Event, Year)`, `White: X. Black: Y.`
fn heading_tags(lines: &[String]) -> (Vec<(String, String)>, Option<String>) {
    let mut tags = Vec::new();
    let mut heading = None;
    for line in lines {
        let line = line.trim();
        if let Some(rest) = line.strip_prefix("GAME ") {
            heading = Some(line.to_owned());
            let title = rest
                .trim_start_matches(|c: char| c.is_ascii_digit())
                .trim_start_matches('.')
                .trim();
            if !title.is_empty() {
                tags.push(("Opening".to_owned(), title.to_owned()));
            }
        } else if let Some(inner) = line.strip_prefix('(').and_then(|l| l.strip_suffix(')')) {
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
            let white = line[w + 6..b].trim().trim_end_matches('.').trim();
            let black = line[b + 6..].trim().trim_end_matches('.').trim();
            tags.push(("White".to_owned(), white.to_owned()));
            tags.push(("Black".to_owned(), black.to_owned()));
        }
    }
    (tags, heading)
}

/// The first ply a move line gives: its number and side.
fn first_ply(items: &[Item]) -> Option<(u32, Color)> {
    let mut ply = None;
    for item in items {
        match item {
            Item::Number { n, black, .. } if ply.is_none() => {
                ply = Some((*n, if *black { Color::Black } else { Color::White }));
            }
            Item::Placeholder => {
                if let Some((n, _)) = ply {
                    ply = Some((n, Color::Black));
                }
            }
            Item::Move { .. } | Item::Resigns | Item::Draw => return ply,
            _ => {}
        }
    }
    None
}

/// Page markers `{171}` and the transcriber's `/*` `*/`, blanked out so offsets stay.
fn clean(line: &str) -> String {
    let mut out = line.to_owned();
    let bytes = line.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'{' {
            let digits = bytes[i + 1..]
                .iter()
                .take_while(|b| b.is_ascii_digit())
                .count();
            if digits > 0 && bytes.get(i + 1 + digits) == Some(&b'}') {
                out.replace_range(i..i + digits + 2, &" ".repeat(digits + 2));
                i += digits + 2;
                continue;
            }
        }
        if (bytes[i] == b'/' && bytes.get(i + 1) == Some(&b'*'))
            || (bytes[i] == b'*' && bytes.get(i + 1) == Some(&b'/'))
        {
            out.replace_range(i..i + 2, "  ");
            i += 2;
            continue;
        }
        i += 1;
    }
    out
}

fn classify(raw: &str, offset: usize, notation: &Descriptive) -> Line {
    let line = clean(raw);
    let trimmed = line.trim();
    if trimmed.is_empty() {
        return Line::Blank;
    }
    if trimmed.starts_with("[Illustration") {
        return Line::Blank;
    }
    if trimmed.chars().all(|c| c == '*' || c.is_whitespace())
        && trimmed.chars().filter(|&c| c == '*').count() >= 3
    {
        return Line::Separator;
    }
    if is_resigns(trimmed) {
        return Line::Resigns;
    }
    match move_line(&line, offset, notation) {
        Some(items) => Line::Moves(items),
        None => Line::Prose(prose_text(raw)),
    }
}

/// A line as comment text: page markers dropped, white space made single spaces.
fn prose_text(line: &str) -> String {
    clean(line).split_whitespace().collect::<Vec<_>>().join(" ")
}

fn is_resigns(text: &str) -> bool {
    matches!(
        text.trim_end_matches('.'),
        "Resigns" | "resigns" | "Resigned" | "resigned"
    )
}

fn is_draw(text: &str) -> bool {
    matches!(
        text.trim_end_matches('.'),
        "Drawn" | "drawn" | "Draw" | "Draw agreed" | "Drawn game"
    )
}

/// The chunks of a line: split at `,`, `;` and at two spaces or more; byte ranges.
fn chunks(line: &str, from: usize) -> Vec<(usize, usize)> {
    let bytes = line.as_bytes();
    let mut out = Vec::new();
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
            b' ' if bytes.get(i + 1) == Some(&b' ') => {
                let mut j = i;
                while bytes.get(j) == Some(&b' ') {
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
    let rest = &text[digits..];
    let dots = rest.bytes().take_while(|&b| b == b'.').count();
    let after = rest[dots..].trim_start();
    let len = text.len() - after.len();
    match dots {
        0 => {
            // `4 ........`: a number with no dot; a number glued to a letter is not one.
            if rest.starts_with(' ') || rest.is_empty() {
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

/// Reads a line as numbered moves, or `None` if it is not one.
fn move_line(line: &str, offset: usize, notation: &Descriptive) -> Option<Vec<Item>> {
    let start = line.len() - line.trim_start().len();
    let (n, black, missing_dot, len) = number(&line[start..])?;
    let mut items = vec![Item::Number { n, black }];
    if missing_dot {
        items.push(Item::MissingDot(Span::new(
            offset + start,
            offset + start + len,
        )));
    }
    let pieces = chunks(line, start + len);
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
        if is_resigns(text) {
            items.push(Item::Resigns);
            k += 1;
            continue;
        }
        if is_draw(text) {
            items.push(Item::Draw);
            k += 1;
            continue;
        }
        let (mut s, mut text) = (s, text);
        if let Some((n, black, _, len)) = number(text) {
            items.push(Item::Number { n, black });
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
        }
        // A move split by a wide space (`Kt  -  B 3`) reads when joined to what follows.
        let mut read = None;
        for (j, &(_, end)) in pieces.iter().enumerate().skip(k).take(3) {
            if let Ok(found) = parser::parse_many(&line[s..end], notation.language()) {
                read = Some((found, j));
                break;
            }
        }
        match read {
            Some((found, j)) => {
                for (parsed, range) in found {
                    items.push(Item::Move {
                        parsed,
                        span: Span::new(offset + s + range.start, offset + s + range.end),
                    });
                    moves += 1;
                }
                k = j + 1;
            }
            // `6. P - R 8 (Q), and wins.`: words after the moves end the line.
            None if moves > 0 && text.starts_with(|c: char| c.is_lowercase()) => {
                let rest = line[s..].trim().trim_end_matches('.');
                items.push(Item::Note(rest.to_owned()));
                break;
            }
            None => return None,
        }
    }
    let resigns = items
        .iter()
        .any(|i| matches!(i, Item::Resigns | Item::Draw));
    (moves > 0 || resigns).then_some(items)
}
