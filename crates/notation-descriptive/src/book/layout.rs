//! What a line of a book is when it holds no moves: a diagram's rank or border, a caption, a
//! page artefact, a column head. Each test looks at one line alone, so the reader stays linear.

/// A cell of a text diagram: `.`, `-`, a piece letter, `#P`/`^B`/`*K` (marked black), `Kt`.
fn is_cell(cell: &str) -> bool {
    // Lines drawn over a board (`^P-`, `+-`, `-+`) are not part of the square.
    let drawn = cell.trim_matches(['+', '-']);
    if drawn.is_empty() && !cell.is_empty() {
        return true;
    }
    let cell = if drawn.len() < cell.len() && drawn.len() <= 3 {
        drawn
    } else {
        cell
    };
    let body = cell.trim_start_matches(['#', '^', '*', '_', '(', '[']);
    let body = body.trim_end_matches([')', ']', '*']);
    if cell.is_empty() {
        return false;
    }
    if body.is_empty() {
        // `#`, `*`, `::` for a dark empty square.
        return cell
            .chars()
            .all(|c| matches!(c, '#' | '*' | ':' | '.' | '-' | '_'));
    }
    matches!(body, "." | "-" | ":" | ".." | "--" | "Kt" | "kt")
        || (body.len() == 1 && "KQRBNPkqrbnp".contains(body))
        || (body.len() == 2
            && body.starts_with(['b', 'w', 'B', 'W'])
            && "KQRBNPkqrbnp".contains(&body[1..]))
}

/// A rank of a text diagram (`| #P | #P | #B | #Q |`, `2 | P P . . . P P P |`,
/// `r . b q k b . r`), or its border (`+---+---+`), or its file letters (`a b c d e f g h`).
pub(crate) fn is_diagram(line: &str) -> bool {
    let t = line.trim();
    // A rank has at most a few lower-case letters (`kt`, `bK`): prose is rejected at once.
    if t.len() > 120 || t.bytes().filter(u8::is_ascii_lowercase).nth(16).is_some() {
        return false;
    }
    // A border: of bars and corners, or a line of dashes over and under a board.
    if t.len() >= 8
        && t.chars()
            .all(|c| matches!(c, '+' | '-' | '=' | '_' | '|' | ' '))
        && (t.contains(['+', '|', '=']) || t.bytes().all(|b| b == b'-'))
    {
        return true;
    }
    // File letters: eight one-letter words, `a` to `h`.
    let mut words = 0;
    let files = t.split_whitespace().zip("abcdefgh".chars()).all(|(f, c)| {
        words += 1;
        f.len() == 1 && f.to_ascii_lowercase().starts_with(c)
    });
    if files && words == 8 && t.split_whitespace().count() == 8 {
        return true;
    }
    // A rank number on either side is allowed.
    let t = t
        .trim_start_matches(|c: char| c.is_ascii_digit())
        .trim_end_matches(|c: char| c.is_ascii_digit());
    let bars = t.matches('|').count();
    // The cells, walked once with no list: most lines fail at their first word.
    let mut cells = 0;
    let mut dotted = false;
    for cell in t
        .split(|c: char| c == '|' || c.is_whitespace())
        .filter(|c| !c.is_empty())
    {
        if cells == 16 || !is_cell(cell) {
            return false;
        }
        cells += 1;
        dotted |= matches!(cell, "." | "-");
    }
    if cells == 0 {
        // A rank of empty squares between bars, with its number (`6 |    |    |    |`): no
        // prose or move line is bars and blanks alone.
        return bars >= 3;
    }
    // Borders make a short rank certain (`| #P | #P |` may be a diagram's half); without them,
    // eight cells are needed, or at least six with a blank or dot among them.
    // A rank of a bordered board with one piece on it (`| #R |    |    |    |`) has its bars.
    (bars >= 2 && cells >= 2) || bars >= 4 || cells == 8 || (cells >= 6 && dotted)
}

/// A diagram's caption: `DIAGRAM 62.`, `WHITE TO PLAY.`, `[POSITION AFTER BLACK'S 2ND
/// MOVE.]`, `BLACK.`, `White to play and win.`, `Fig. 3`.
pub(crate) fn is_caption(line: &str) -> bool {
    let t = line
        .trim()
        .trim_start_matches('[')
        .trim_end_matches(']')
        .trim();
    // Every caption starts with one of its few words and is short: most lines of a book
    // (moves, prose) are turned away before a copy in capitals is made.
    if t.len() > 64
        || !t
            .trim_start_matches('(')
            .starts_with(['W', 'w', 'B', 'b', 'D', 'd', 'F', 'f', 'P', 'p'])
    {
        return false;
    }
    let upper = t.to_ascii_uppercase();
    let upper = upper
        .trim_end_matches(['.', ':', ')'])
        .trim_start_matches('(');
    if matches!(upper, "WHITE" | "BLACK" | "WHITE (BLACK)" | "BLACK (WHITE)") {
        return true;
    }
    let numbered = |prefix: &str| {
        upper.strip_prefix(prefix).is_some_and(|rest| {
            let rest = rest.trim_start_matches(['.', ' ', 'N', 'O']).trim();
            !rest.is_empty()
                && rest.split_whitespace().next().is_some_and(|w| {
                    w.trim_end_matches(['.', ':'])
                        .chars()
                        .all(|c| c.is_ascii_digit() || "IVXLC".contains(c))
                })
                && rest.len() <= 40
        })
    };
    if numbered("DIAGRAM")
        || numbered("DIAG")
        || numbered("FIG")
        || numbered("POSITION")
        || numbered("PROBLEM")
    {
        return true;
    }
    upper.starts_with("POSITION AFTER")
        || upper.starts_with("POSITION BEFORE")
        || ((upper.starts_with("WHITE TO ") || upper.starts_with("BLACK TO "))
            && t.len() <= 60
            && (upper.contains("PLAY") || upper.contains("MOVE")))
}

/// A page artefact: a page number (`{171}`, `[p. 12]`, `- 12 -`, a lone number), a
/// transcriber's marker (`{PGN 01}`), an illustration line, a row of asterisks.
pub(crate) fn is_page_artefact(line: &str) -> bool {
    let t = line.trim();
    if t.is_empty() {
        return false;
    }
    let inner = t
        .trim_start_matches(['{', '[', '(', '-', ' '])
        .trim_end_matches(['}', ']', ')', '-', ' ']);
    let inner = inner
        .strip_prefix("p.")
        .or_else(|| inner.strip_prefix("Page"))
        .or_else(|| inner.strip_prefix("PGN"))
        .unwrap_or(inner)
        .trim();
    if !inner.is_empty()
        && inner.len() <= 5
        && inner
            .chars()
            .all(|c| c.is_ascii_digit() || "ivxlcIVXLC".contains(c))
        && t.len() <= 14
    {
        return true;
    }
    t.starts_with("[Illustration")
        || t.starts_with("[Transcriber")
        || (t.chars().all(|c| c == '*' || c.is_whitespace()) && t.matches('*').count() >= 3)
}

/// Column heads over a game: `WHITE.  BLACK.`, `White  Black`, `WHITE. (Mr. M.)  BLACK. (M. B.)`.
pub(crate) fn is_column_head(line: &str) -> bool {
    let first = line.split_whitespace().next().unwrap_or("");
    let first = first.trim_end_matches(['.', ',', ':']);
    if line.len() > 120
        || !["white", "black", "blancs", "noirs"]
            .iter()
            .any(|w| first.eq_ignore_ascii_case(w))
    {
        return false;
    }
    let mut words = 0;
    let mut depth = 0usize;
    let mut word = String::new();
    let mut ok = true;
    let mut check = |w: &str, depth: usize| {
        if depth == 0 && !w.is_empty() {
            words += 1;
            let w = w.trim_end_matches(['.', ',', ':']);
            if !matches!(
                w.to_ascii_lowercase().as_str(),
                "white" | "black" | "blancs" | "noirs"
            ) {
                ok = false;
            }
        }
    };
    for c in line.chars() {
        match c {
            '(' => {
                check(&word, depth);
                word.clear();
                depth += 1;
            }
            ')' => depth = depth.saturating_sub(1),
            c if c.is_whitespace() => {
                check(&word, depth);
                word.clear();
            }
            c if depth == 0 => word.push(c),
            _ => {}
        }
    }
    check(&word, depth);
    ok && (1..=4).contains(&words)
}

/// Where the moves start on a line of column heads that goes on with the game's first moves
/// (`WHITE. (Mr. M.) BLACK. (M. C., &c.) 1. P. to K's 4th.`, a book whose columns were set on
/// one line): the byte index of the first move number after the heads, outside parentheses.
pub(crate) fn moves_after_column_head(line: &str) -> Option<usize> {
    let mut depth = 0usize;
    let mut word_start = true;
    for (i, c) in line.char_indices() {
        match c {
            '(' => depth += 1,
            ')' => depth = depth.saturating_sub(1),
            c if depth == 0 && word_start && c.is_ascii_digit() => {
                let head = line[..i].trim_end();
                return (!head.is_empty() && is_column_head(head)).then_some(i);
            }
            _ => {}
        }
        word_start = c.is_whitespace() || c == ')';
    }
    None
}

/// The move numbers of running text that are each followed by a piece's word or letter
/// (`1. P to K 4`, `13. PtoRS`, `18. Castles`): how many, the lowest and the highest, and the
/// byte range of the first in `line`. A page whose columns of moves a scan ran into one
/// paragraph holds dozens, a note quoting an opening a few.
pub(crate) fn numbered_moves_in_text(line: &str) -> (usize, u32, u32, std::ops::Range<usize>) {
    let mut count = 0;
    let (mut low, mut high) = (u32::MAX, 0);
    let mut at = 0..0;
    let mut words = line
        .split_whitespace()
        .map(|w| (w.as_ptr() as usize - line.as_ptr() as usize, w))
        .peekable();
    while let Some((start, word)) = words.next() {
        let Some(number) = word
            .strip_suffix('.')
            .filter(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
            .and_then(|n| n.parse::<u32>().ok())
        else {
            continue;
        };
        // A descriptive move's start: a piece alone, or glued to `to`, `-`, `x` and a
        // capital (`PtoK4`, `Kt-KB3`, `PxP`); never SAN's piece and small square (`Bg5`).
        let piece = words.peek().is_some_and(|(_, next)| {
            ["Castles", "Kt", "P", "B", "R", "Q", "K"].iter().any(|p| {
                next.strip_prefix(p).is_some_and(|rest| {
                    let rest = rest.trim_end_matches(['.', ',', ';']);
                    let capital_after = |r: &str| !r.starts_with(|c: char| c.is_lowercase());
                    rest.is_empty()
                        || rest.starts_with("to")
                        || rest.starts_with('-')
                        || rest.strip_prefix(['x', '×']).is_some_and(capital_after)
                        || rest.starts_with(|c: char| c.is_uppercase())
                })
            })
        });
        if piece {
            if count == 0 {
                at = start..start + word.len();
            }
            count += 1;
            low = low.min(number);
            high = high.max(number);
        }
    }
    (count, low, high, at)
}

/// Whether a line that reads as no moves is laid out as moves all the same: no word of prose,
/// and at least two move-shaped tokens (a piece letter joined to a square by `-`, `x` or `×`,
/// `P-e4`, `QxBP`, `Kt-QB3`, or a piece letter and a square apart, `P - Q 4`), whatever
/// numbers it holds (`(1)`, `4310:`). Such a line holds moves the reader could not take:
/// reported, never counted as prose. A sentence about moves (`If R-K2, there follows RxRch`)
/// has words and is prose.
pub(crate) fn looks_like_moves(line: &str) -> bool {
    // Signs and words a move line may hold beside its moves.
    const SIGNS: [&str; 12] = [
        "ch", "dis", "mate", "e.p.", "ep", "Castles", "castles", "Resigns", "resigns", "QR", "KR",
        "O-O",
    ];
    let mut moves = 0;
    let mut pieces_apart = 0;
    let mut joined_squares = 0;
    // Long algebraic in any language, which names both squares: `e2-e4`, `Cg1-f3`, `e2e4`,
    // and the two squares apart (`K g1 f3`, the piece letter whatever the book's tongue).
    let mut coordinates = 0;
    // A move's first square waits for its second: after a piece's letter set apart (`K g1`),
    // or before a sign set apart (`e2 -`, `Cg1 -`). Two squares alone (`e4 e5`) are two SAN
    // pawn moves, and so are a piece's move and a square (`Nf3 d6`).
    let mut from = false;
    // What the last token was: a square (`e2`, `Cg1`), a capital alone (`K`).
    let (mut last_square, mut last_letter) = (false, false);
    for token in line.split_whitespace() {
        let token = token.trim_matches(|c: char| matches!(c, ',' | ';' | '!' | '?' | '(' | ')'));
        let body = token
            .trim_end_matches('.')
            .trim_end_matches("ch")
            .trim_end_matches("mate");
        // Its move number glued on (`2.Cg1`) is no part of the move.
        let bare = body.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.');
        let square = is_square(bare.as_bytes());
        let lettered = bare
            .strip_prefix(char::is_uppercase)
            .is_some_and(|rest| is_square(rest.as_bytes()));
        let (was_square, was_letter) = (last_square, last_letter);
        (last_square, last_letter) = (square || lettered, false);
        if matches!(body, "-" | "x" | ":" | "×" | "–" | "—") {
            from = was_square;
            continue;
        }
        if (square && std::mem::take(&mut from)) || is_coordinate_move(bare) {
            coordinates += 1;
            last_square = false;
            continue;
        }
        if square || lettered {
            // `K g1 f3`; not `Nf3 d6`, two moves of SAN.
            from = square && was_letter;
            joined_squares += 1;
            continue;
        }
        from = false;
        last_letter = bare.len() == 1 && bare.starts_with(char::is_uppercase);
        if token.is_empty() || SIGNS.contains(&token) || SIGNS.contains(&body) {
            continue;
        }
        let piece = |c: char| "KQRBNPSTDFC".contains(c);
        // A word: two letters or more that are no piece's (`THE`, `follows`), once the
        // knight's `Kt` and the captures' `x` are out.
        let letters = body
            .replace("Kt", "")
            .chars()
            .filter(|&c| c.is_alphabetic() && !piece(c) && c != 'x')
            .count();
        if letters >= 2 {
            return false;
        }
        let first_is_piece = body.chars().next().is_some_and(piece);
        if first_is_piece && body.contains(['-', 'x', '×']) && body.len() >= 3 {
            moves += 1;
        } else if body == "Kt" || (body.len() == 1 && body.chars().all(piece)) {
            pieces_apart += 1;
        } else if body.contains(char::is_numeric)
            && body.chars().any(char::is_alphabetic)
            && !body.ends_with(':')
        {
            joined_squares += 1;
        }
    }
    moves >= 2
        || coordinates >= 2
        // `3 d2 d4 3 c5 d4 17 h2 h4 17 K g6 h4`: pawns' moves by their two squares beside one.
        || (coordinates >= 1 && joined_squares >= 3)
        || (moves + pieces_apart >= 2
            && joined_squares + pieces_apart >= 2
            && line.contains(['-', 'x', '×']))
}

/// The text inside a table cell's rules, as byte offsets into `line`: a `|` at the line's end
/// (and one at its start, or none), each set apart from the text by a space, and no other.
/// `1.P-Q4 Kt-KB3 2.P-QB4 P-K4 |` gives the moves' start and end.
pub(crate) fn table_cell(line: &str) -> Option<(usize, usize)> {
    let text = line.trim_end();
    let inner = text.strip_suffix('|')?;
    if !inner.ends_with([' ', '\t']) {
        return None;
    }
    let lead = line.len() - line.trim_start().len();
    let start = match line[lead..].strip_prefix('|') {
        Some(rest) if rest.starts_with([' ', '\t']) => lead + 1,
        Some(_) => return None,
        None => 0,
    };
    let end = inner.len();
    (!line[start..end].contains('|') && !line[start..end].trim().is_empty()).then_some((start, end))
}

/// How many algebraic moves (`e4`, `Sf3`, `Lxb5+`, `0-0`) a line holding a move number
/// (`1.e4`, `12.`) has; 0 without a number. Descriptive moves name no small square.
pub(crate) fn algebraic_moves_in(line: &str) -> usize {
    let mut numbered = false;
    let mut moves = 0;
    for word in line.split_whitespace() {
        let digits = word.bytes().take_while(u8::is_ascii_digit).count();
        let dots = word[digits..].bytes().take_while(|&b| b == b'.').count();
        numbered |= digits > 0 && dots > 0;
        let word = word[digits + dots..]
            .trim_start_matches('…')
            .trim_end_matches(['+', '#', '!', '?', ',', ';', '.']);
        let castles = matches!(word, "0-0" | "O-O" | "0-0-0" | "O-O-O");
        let square = word.len() <= 6
            && word.len() >= 2
            && is_square(&word.as_bytes()[word.len() - 2..])
            && word.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'x');
        moves += usize::from(castles || square);
    }
    if numbered { moves } else { 0 }
}

/// Whether `bytes` is a square's name in small letters, `e4`.
fn is_square(bytes: &[u8]) -> bool {
    matches!(bytes, [b'a'..=b'h', b'1'..=b'8'])
}

/// Whether `body` is a move of long algebraic: a capital piece letter or none, a square, a
/// dash, `x`, `:` or nothing, a square, and what may follow a move (`=Q`, `+`, `e.p.`).
fn is_coordinate_move(body: &str) -> bool {
    let bytes = body.as_bytes();
    let bytes = match bytes {
        [first, rest @ ..] if first.is_ascii_uppercase() => rest,
        _ => bytes,
    };
    let Some((from, rest)) = bytes.split_at_checked(2) else {
        return false;
    };
    let rest = match rest {
        [b'-' | b'x' | b':', rest @ ..] => rest,
        _ => rest,
    };
    let rest = rest.strip_prefix("×".as_bytes()).unwrap_or(rest);
    is_square(from) && rest.get(..2).is_some_and(is_square)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_laid_out_as_moves_are_told_from_prose() {
        for line in [
            "(1) P-e4 P-e5",
            "(2) Kt-f3 Kt-c6",
            "4310:        1. P - Q 4                P - K 3",
            "4334:        6. B × Kt                 B × Kt ch",
            "12. QxBP ch KtxQ",
            "1. P-K4, P-K4; 2. Kt-KB3",
            // Long algebraic: a Polish book's two games a line, piece letters its own
            // (Stefański, Gry umysłowe), and an Italian page's.
            "2 K g1 f3 2 d7 d6 16 H d2 c2 16 H d8 c7",
            "10 0 0 10 b7 b5 24 K c3 a4 24 H c8 c6",
            "3 d2 d4 3 c5 d4 17 h2 h4 17 K g6 h4",
            "1. e2-e4 e7-e5 2. Cg1-f3 Cb8-c6",
            "3. d2d4 e5xd4",
            "e7 - e5 2.Cg1 - f3, d7 - d6 3.d2 - d4, Ac8 - g4 4.d4 x e5, Ag4 x f3",
        ] {
            assert!(looks_like_moves(line), "{line}");
        }
        for line in [
            "If R-K2 or B2, there follows RxRch; 31. RxR, Kt-Q7ch; and wins.",
            "White may also play here 7. P takes P, to which Black's best reply is",
            "GAME 4. FRENCH DEFENCE",
            "Page 123",
            "R Kt B Q K B Kt R",
            "1913",
            "Resigns.",
            "czarne wygrywają.",
            "1. e4 e5 2. Nf3 d6 3. d4 exd4 4. Nxd4 Nf6",
            "12. Bg5 h6 13. Bh4 g5",
            "The squares e4 and d5 are the centre.",
            "(See Diagram 12.)",
            "THE MEN--THE KING--THE QUEEN--THE ROOKS OR CASTLES--THE",
            "KING AND PAWN,--KING, BISHOP, AND PAWN,--AND",
        ] {
            assert!(!looks_like_moves(line), "{line}");
        }
    }

    #[test]
    fn algebraic_moves_are_counted_on_numbered_lines() {
        assert_eq!(algebraic_moves_in("1.e4 e5 2.Sf3 Sc6 3.Sc3 Sf6"), 6);
        assert_eq!(algebraic_moves_in("12…Dd3 13.b4 Lb6 14.a4 bxa4"), 5);
        assert_eq!(algebraic_moves_in("1. P-K4 P-K4 2. Kt-KB3"), 0);
        assert_eq!(algebraic_moves_in("The squares e4 and d5"), 0);
    }

    #[test]
    fn a_table_cell_is_its_text_within_its_rules() {
        let line = "1.P-Q4 Kt-KB3 2.P-QB4 P-K4 |";
        assert_eq!(table_cell(line), Some((0, 27)));
        assert_eq!(table_cell("| 1. P-K4 P-K4 |  "), Some((1, 15)));
        for line in [
            "1. P-K4 P-K4",
            "8 |*R |   |*B |*Q |*K |   |   |*R |",
            "1.d4 | 1.P-Q4 |",
            "| |",
            "x|",
        ] {
            assert_eq!(table_cell(line), None, "{line}");
        }
    }

    #[test]
    fn diagrams_of_the_issue() {
        for line in [
            "| #P | #P | #B | #Q |",
            "2 | P P . . . P P P |",
            "  +---+---+---+---+---+---+---+---+",
            "r . b q k b . r",
            "   a b c d e f g h",
            "8 |*R |   |*B |*Q |*K |   |   |*R |",
            // Lasker's Chess Strategy (1915), as its e-text draws boards.
            "8 | #R | #Kt| #B | #Q | #K | #B |#Kt | #R |",
            "|---------------------------------------|",
            "A    B    C    D    E    F    G    H",
            // Hoyle's Games Modernized (1909): a rank with one piece on it.
            "  |    |    |    |    | #K |    |    |    |",
            // Its Fig. 14, with the "square" of a pawn drawn over the board.
            "  |    | ^P-|----|----|----|----|-+  | #K |",
            "  |    |  +-|----|----|----|----|-+  |    |",
        ] {
            assert!(is_diagram(line), "{line}");
        }
        for line in [
            "1. P-K4  P-K4",
            "GAME 1. RUY LOPEZ",
            "WHITE. BLACK.",
            "I. K. B.",
            "A B C",
        ] {
            assert!(!is_diagram(line), "{line}");
        }
    }

    #[test]
    fn captions_of_the_issue() {
        for line in [
            "DIAGRAM 62.",
            "WHITE TO PLAY.",
            "[POSITION AFTER BLACK'S 2ND MOVE.]",
            "BLACK.",
            "White to play and win.",
            "Diag. 16",
            // Hoyle's Games Modernized (1909).
            "[BLACK TO MOVE AND DRAW.]",
        ] {
            assert!(is_caption(line), "{line}");
        }
        assert!(!is_caption(
            "White to play a game against the Black pieces, he must first learn how the men move on the board."
        ));
    }

    #[test]
    fn artefacts_and_heads() {
        for line in [
            "{171}",
            "{PGN 01}",
            "[Illustration]",
            "  * * * * *",
            "- 12 -",
            "[p. 34]",
        ] {
            assert!(is_page_artefact(line), "{line}");
        }
        assert!(!is_page_artefact("1. P-K4"));
        assert!(is_column_head(
            "      WHITE.                         BLACK."
        ));
        assert!(is_column_head(
            "         WHITE. (Mr. M.)                    BLACK. (M. B.)"
        ));
        assert!(is_column_head(
            "  White             Black          White              Black"
        ));
        assert!(!is_column_head("White resigns."));
    }
}
