//! The worded styles of old books (`P. to K's 4th.`, `K. Kt. to B. 3d.`, `Q. takes P. (ch.)`,
//! `Castles on K's side`, `K to R square`, `P takes P en pas`) rewritten as the compact form
//! the one descriptive reader knows (`P-K4`, `KKt-B3`, `QxPch`), with every byte of the rewrite
//! mapped back to the book's text for spans. A table of words, not a second parser.

/// A chunk rewritten: the compact text, the book offset (in the chunk) of each of its bytes,
/// and how much of the chunk was read (the rest is a note: `(best)`, `and wins`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Rewritten {
    pub(crate) text: String,
    pub(crate) map: Vec<usize>,
    pub(crate) read: usize,
    /// A verb in place of the square (`Q checks.`, `K moves.`): the text names the piece only.
    pub(crate) verb: Option<Verb>,
    /// What the book says of the pawn taken (`Q. takes doubled P.`): the evidence that picks
    /// between two pawns the move could take.
    pub(crate) victim: Option<PawnKind>,
}

/// The kinds of pawn a book names as the one taken.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum PawnKind {
    /// `doubled P.`: another pawn of its side stands on its file.
    Doubled,
    /// `isolated P.`: no pawn of its side stands on a file beside it.
    Isolated,
    /// `passed P.`: no enemy pawn stands before it on its file or a file beside it.
    Passed,
}

/// The verbs books print in place of a square.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Verb {
    /// `Q checks.`: the move of that piece that gives check.
    Checks,
    /// `Kt mates.`
    Mates,
    /// `K moves.`, `QB interposes.`, `B retires.`, `P. one`: the one move of that piece that
    /// fits.
    Moves,
    /// `P. queens.`, `P. becomes a Queen.`: the pawn's move to the last rank.
    Queens,
}

/// A piece or file word: `K`, `K's`, `King's`, `Kt.`, `Knight`, `Queen's`.
pub(crate) fn piece_letter(core: &str) -> Option<&'static str> {
    let base = core
        .strip_suffix("'s")
        .or_else(|| core.strip_suffix("’s"))
        .or_else(|| core.strip_suffix("'S"))
        .unwrap_or(core);
    Some(match base {
        "K" | "King" | "king" => "K",
        "Q" | "Queen" | "queen" => "Q",
        "R" | "Rook" | "rook" | "Castle" => "R",
        "B" | "Bishop" | "bishop" => "B",
        "Kt" | "Knight" | "knight" | "N" => "Kt",
        "P" | "Pawn" | "pawn" => "P",
        _ => return None,
    })
}

fn ordinal(core: &str) -> Option<&'static str> {
    Some(match core {
        "1st" | "first" | "sq" | "square" | "Sq" | "Square" => "1",
        "2d" | "2nd" | "second" => "2",
        "3d" | "3rd" | "third" => "3",
        "4th" | "fourth" => "4",
        "5th" | "fifth" => "5",
        "6th" | "sixth" => "6",
        "7th" | "seventh" => "7",
        "8th" | "eighth" => "8",
        _ => return None,
    })
}

/// A word the compact reader takes as it is: letters of pieces and files, digits, signs.
fn is_compact(core: &str) -> bool {
    let mut chars = core.chars().peekable();
    let mut any = false;
    while let Some(c) = chars.next() {
        any = true;
        match c {
            'K' if chars.peek() == Some(&'t') => {
                chars.next();
            }
            'K'
            | 'Q'
            | 'R'
            | 'B'
            | 'N'
            | 'P'
            | 'O'
            | '0'..='9'
            | '-'
            | 'x'
            | '×'
            | '/'
            | '='
            | '+'
            | '#'
            | '!'
            | '?'
            | '('
            | ')' => {}
            _ => return false,
        }
    }
    any
}

/// `text` less the bytes of `set` at its end. The marks trimmed are ASCII, which no byte of
/// another character is: a walk over bytes, not characters.
fn trim_end<'a>(text: &'a str, set: &[u8]) -> &'a str {
    let bytes = text.as_bytes();
    let mut end = bytes.len();
    while end > 0 && set.contains(&bytes[end - 1]) {
        end -= 1;
    }
    text.get(..end).unwrap_or(text)
}

/// `text` less the bytes of `set` at its start (ASCII, as for [`trim_end`]).
fn trim_start<'a>(text: &'a str, set: &[u8]) -> &'a str {
    let skip = text.bytes().take_while(|b| set.contains(b)).count();
    text.get(skip..).unwrap_or(text)
}

/// `word` in small letters, written into `buf`; `"~"` (no word looked for) when it is longer.
fn small_letters<'b>(word: &str, buf: &'b mut [u8; 16]) -> &'b str {
    let Some(slot) = buf.get_mut(..word.len()) else {
        return "~";
    };
    slot.copy_from_slice(word.as_bytes());
    slot.make_ascii_lowercase();
    // Only ASCII letters changed: still the UTF-8 of `word`.
    std::str::from_utf8(slot).unwrap_or("~")
}

/// The words of a chunk looked at: a move in words is far shorter (`K. Kt. to Q. B's 3d.
/// (dis. ch.)` is eight).
const MAX_WORDS: usize = 24;

/// Rewrites `chunk`; `None` when its first word already is not a move's.
pub(crate) fn rewrite(chunk: &str) -> Option<Rewritten> {
    // The first words of the chunk, on the stack: no move is written in more, and the words
    // after them are a note (`read` stops before them).
    let mut list = [(0usize, ""); MAX_WORDS];
    let mut count = 0;
    let mut start = None;
    for (i, c) in chunk.char_indices() {
        match (c.is_whitespace(), start) {
            (true, Some(s)) => {
                if count == MAX_WORDS {
                    start = None;
                    break;
                }
                list[count] = (s, &chunk[s..i]);
                count += 1;
                start = None;
            }
            (false, None) => start = Some(i),
            _ => {}
        }
    }
    if let Some(s) = start
        && count < MAX_WORDS
    {
        list[count] = (s, &chunk[s..]);
        count += 1;
    }
    let words = &list[..count];
    let mut out = Rewritten {
        text: String::with_capacity(chunk.len() + 8),
        map: Vec::with_capacity(chunk.len() + 8),
        read: 0,
        verb: None,
        victim: None,
    };
    let emit = |out: &mut Rewritten, text: &str, at: usize| {
        if !out.text.is_empty() {
            out.text.push(' ');
            out.map.push(at);
        }
        out.text.push_str(text);
        out.map.extend(std::iter::repeat_n(at, text.len()));
    };
    // The mover's words, to read `his` and `her`; whether a square after `to` has its rank.
    let mut mover: Vec<&'static str> = Vec::new();
    let mut verb = false;
    let mut target_open = false;
    let mut target_rank = false;
    let mut castles = false;
    let mut promoting = false;
    let mut passant = false;
    // The check sign a verb gave, written after the square it names (`Q mates at Kt sq.`).
    let mut sign: Option<&str> = None;
    let mut k = 0;
    // `K to B`, `R to QB`: a square named by its file alone is on the first rank; a pawn's
    // never is (`P to K` lost its rank: the reader takes the file alone, and says so).
    let close_target = |out: &mut Rewritten, open: &mut bool, rank: bool, at: usize| {
        let pawn = out
            .text
            .split(['-', 'x'])
            .next()
            .is_some_and(|who| who.trim_end().ends_with('P'));
        if *open && !rank && !pawn {
            emit(out, "1", at);
        }
        *open = false;
    };
    while k < words.len() {
        let (at, word) = words[k];
        // `4th.!`, `P.?`: the glyph after the word, kept for after it.
        let stem = trim_end(word, b".),;");
        let glyphs = stem.len() - trim_end(stem, b"!?").len();
        let (word, nag) = if glyphs > 0 && glyphs < stem.len() {
            (
                &stem[..stem.len() - glyphs],
                Some(&stem[stem.len() - glyphs..]),
            )
        } else {
            (word, None)
        };
        let core = trim_end(trim_start(word, b"(["), b".,;:)]");
        // In small letters on the stack: every word of every chunk is asked, and a word too
        // long for the buffer is none of the words looked for.
        let mut buf = [0u8; 16];
        let lower = small_letters(core, &mut buf);
        let next_core = words
            .get(k + 1)
            .map(|(_, w)| trim_end(trim_start(w, b"(["), b".,;:)]"));
        let end = at + words[k].1.len();
        // `R. (B. sq.) to B's 2d.`: the square the piece stands on, in parentheses; after
        // the piece taken (`Q takes P (K 4)`), the square it is taken on.
        let victim_named = verb
            && !target_open
            && out
                .text
                .ends_with(|c: char| c.is_ascii_uppercase() || c == 't');
        if word.starts_with('(') && (!verb || victim_named) && !mover.is_empty() && !castles {
            let close = words[k..].iter().position(|(_, w)| w.contains(')'));
            if let Some(n) = close {
                let inner: Vec<&str> = words[k..=k + n]
                    .iter()
                    .map(|(_, w)| w.trim_matches(['(', ')', '.', ',', ':', ';']))
                    .collect();
                let square: Option<Vec<&str>> = inner
                    .iter()
                    .map(|w| {
                        piece_letter(w).or_else(|| ordinal(w)).or_else(|| {
                            // `Kt (R 4) to B 5`: a rank written as a digit.
                            (w.len() == 1 && (b'1'..=b'8').contains(&w.as_bytes()[0]))
                                .then(|| &"12345678"[usize::from(w.as_bytes()[0] - b'1')..][..1])
                        })
                    })
                    .collect();
                if let Some(square) =
                    square.filter(|s| s.iter().any(|p| p.bytes().all(|b| b.is_ascii_digit())))
                {
                    let square = format!("({})", square.concat());
                    if victim_named {
                        // Glued to the piece taken, as the compact form writes it (`QxP(K4)`).
                        out.text.push_str(&square);
                        out.map.extend(std::iter::repeat_n(at, square.len()));
                    } else {
                        emit(&mut out, &square, at);
                    }
                    let (last_at, last) = words[k + n];
                    out.read = last_at + last.len();
                    k += n + 1;
                    continue;
                }
            }
        }
        match lower {
            "" => {}
            "to" if !verb && !mover.is_empty() => {
                verb = true;
                target_open = true;
                target_rank = false;
                emit(&mut out, "-", at);
            }
            "takes" | "take" | "tks" | "x" | "×" if !verb && !mover.is_empty() => {
                verb = true;
                emit(&mut out, "x", at);
            }
            "ch" | "check" | "+" | "chk" if verb || castles => {
                close_target(&mut out, &mut target_open, target_rank, at);
                emit(&mut out, "ch", at);
            }
            "dis" | "disc" | "discovered" | "discovering" if verb || castles => {
                close_target(&mut out, &mut target_open, target_rank, at);
                emit(&mut out, "dis", at);
            }
            "dbl" | "double" | "dble" | "doub" if verb => {
                close_target(&mut out, &mut target_open, target_rank, at);
                emit(&mut out, "dbl", at);
            }
            "mate" | "checkmate" | "checkm" | "mate!" if verb || castles => {
                close_target(&mut out, &mut target_open, target_rank, at);
                emit(&mut out, "mate", at);
            }
            "en" | "pas" | "passant" | "e.p" | "ep" | "in" | "passing" if verb => {
                if lower == "in"
                    && next_core.map(str::to_ascii_lowercase).as_deref() != Some("passing")
                {
                    break;
                }
                if !passant {
                    close_target(&mut out, &mut target_open, target_rank, at);
                    emit(&mut out, "ep", at);
                    passant = true;
                }
            }
            "becomes" | "becoming" | "queens" | "and" | "a" | "making" if verb => {
                // `P becomes a Queen`, `(becoming a Q)`, `and Queens`.
                if lower == "and"
                    && !next_core.is_some_and(|n| n.starts_with("becom") || n == "Queens")
                {
                    break;
                }
                close_target(&mut out, &mut target_open, target_rank, at);
                promoting = true;
                if lower == "queens" {
                    emit(&mut out, "=Q", at);
                    promoting = false;
                }
            }
            // `Q mates at Kt sq.`: the square after all, the check sign after it.
            "checks" | "mates"
                if !verb
                    && !mover.is_empty()
                    && !castles
                    && next_core.is_some_and(|n| n.eq_ignore_ascii_case("at")) =>
            {
                verb = true;
                target_open = true;
                target_rank = false;
                sign = Some(if lower == "mates" { "mate" } else { "ch" });
                emit(&mut out, "-", at);
                k += 2;
                out.read = words[k - 1].0 + words[k - 1].1.len();
                continue;
            }
            // `K. P. two` (the oldest books): a pawn's step of two squares, from its own square
            // to its fourth rank on its file. A step of one (`Q. B. P. one`) is from wherever
            // the pawn stands (`P. one, becoming a Queen`): a move of that pawn, as below.
            "two" if !verb && !castles && mover.last() == Some(&"P") => {
                let file: String = mover.iter().filter(|l| **l != "P").copied().collect();
                verb = true;
                target_rank = true;
                emit(&mut out, "-", at);
                if !file.is_empty() {
                    emit(&mut out, &file, at);
                }
                emit(&mut out, "4", at);
                out.read = end;
            }
            "checks" | "mates" | "moves" | "interposes" | "retires" | "retreats" | "queens"
            | "becomes" | "one" | "two"
                if !verb && !mover.is_empty() && !castles =>
            {
                out.verb = Some(match lower {
                    "checks" => Verb::Checks,
                    "mates" => Verb::Mates,
                    "queens" | "becomes" => Verb::Queens,
                    _ => Verb::Moves,
                });
                out.read = end;
                return Some(out);
            }
            "castles" | "castle" | "castled" if mover.is_empty() && !castles => {
                castles = true;
                emit(&mut out, "Castles", at);
            }
            "on" | "with" | "side" | "the" | "his" | "her" | "own" | "'s" if castles => {}
            // `Q. takes doubled P.`: what kind of pawn is no part of the move's name, but it
            // tells which pawn when the move could take two.
            "doubled" | "isolated" | "passed" if verb => {
                out.victim = Some(match lower {
                    "doubled" => PawnKind::Doubled,
                    "isolated" => PawnKind::Isolated,
                    _ => PawnKind::Passed,
                });
            }
            "the" | "adverse" | "hostile" if verb => {}
            "his" | "her" | "own" if verb => {
                // The mover's own wing, or its own file when a rank follows (`K B to his sq`).
                let wing = mover.iter().find(|l| matches!(**l, "K" | "Q")).copied();
                let next_is_piece = next_core.and_then(piece_letter).is_some();
                match (wing, next_is_piece) {
                    (Some(w), true) => emit(&mut out, w, at),
                    (Some(_), false) => {
                        let file: String = mover.iter().filter(|l| **l != "P").copied().collect();
                        emit(&mut out, &file, at);
                    }
                    // `Kt. to his 5th.`: a piece of no wing names its own file; the position
                    // decides which.
                    (None, _) => {
                        let file: String = mover
                            .iter()
                            .filter(|l| !matches!(**l, "P" | "?"))
                            .copied()
                            .collect();
                        if !file.is_empty() {
                            emit(&mut out, &file, at);
                        }
                    }
                }
            }
            _ => {
                if let Some(letter) = piece_letter(core) {
                    let next_verb = next_core.is_some_and(|n| {
                        ["to", "takes", "x"]
                            .iter()
                            .any(|v| n.eq_ignore_ascii_case(v))
                    });
                    // `R to K square ch K to B4`, `P takes Kt Q takes Q ch`: the next move
                    // starts here.
                    if verb && (target_rank || next_verb) && !promoting {
                        // `R to K square ch K to B4`: the next move starts here.
                        break;
                    }
                    if castles {
                        emit(&mut out, letter, at);
                        // `Castles on K's side`: the rook of that side.
                        if next_core.is_some_and(|n| n.eq_ignore_ascii_case("side")) {
                            emit(&mut out, "R", at);
                        }
                    } else if promoting {
                        emit(&mut out, &format!("={letter}"), at);
                        promoting = false;
                    } else {
                        if !verb {
                            mover.push(letter);
                        }
                        emit(&mut out, letter, at);
                    }
                } else if let Some(rank) = ordinal(core) {
                    if (!verb && !castles) || target_rank {
                        break;
                    }
                    target_rank = true;
                    emit(&mut out, rank, at);
                } else if core.bytes().all(|b| b.is_ascii_digit())
                    && (target_rank || !verb || !target_open || core.len() >= 2)
                {
                    // `QR to K square 39 P to KR4`: the next column's move number.
                    break;
                } else if verb && target_rank && core.starts_with(|c: char| c.is_ascii_uppercase())
                {
                    // `QR to QB square QR to Q square`: a second move in the chunk.
                    break;
                } else if is_compact(core) && !core.starts_with('(') {
                    if !verb && core.starts_with(|c: char| c.is_ascii_uppercase()) {
                        mover.push("?");
                    }
                    // `Kt(Kt5)`: the square in parentheses is where the piece stands, not
                    // where it goes.
                    let outside = match (word.find('('), word.find(')')) {
                        (Some(open), Some(close)) if open < close => word[..open]
                            .bytes()
                            .chain(word[close..].bytes())
                            .any(|b| b.is_ascii_digit()),
                        _ => core.bytes().any(|b| b.is_ascii_digit()),
                    };
                    if outside || core.contains("O-O") {
                        target_rank = true;
                    }
                    let compact = word.trim_end_matches(['.', ',', ';', ':']);
                    emit(&mut out, compact, at);
                } else {
                    break;
                }
            }
        }
        if let Some(nag) = nag {
            emit(&mut out, nag, at);
        }
        out.read = at + words[k].1.len();
        k += 1;
    }
    let read = out.read;
    close_target(&mut out, &mut target_open, target_rank, read);
    if let Some(sign) = sign {
        emit(&mut out, sign, read);
    }
    (out.read > 0 && !out.text.is_empty()).then_some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn w(chunk: &str) -> (String, &str) {
        let r = rewrite(chunk).unwrap_or_else(|| panic!("{chunk}"));
        (r.text, chunk[r.read..].trim_start())
    }

    #[test]
    fn the_styles_of_the_issue() {
        assert_eq!(w("P to K4").0, "P - K4");
        assert_eq!(w("Kt P takes P").0, "Kt P x P");
        assert_eq!(w("K to R square").0, "K - R 1");
        assert_eq!(w("P. to K's 4th.").0, "P - K 4");
        assert_eq!(w("Q. takes P. (ch.)").0, "Q x P ch");
        assert_eq!(w("K. Kt. to B. 3d.").0, "K Kt - B 3");
        assert_eq!(w("Q. to her R's 8th.").0, "Q - Q R 8");
        assert_eq!(w("K. B. to his sq.").0, "K B - KB 1");
        assert_eq!(w("Q. to her 2d.").0, "Q - Q 2");
        assert_eq!(w("Castles on K's side.").0, "Castles K R");
        assert_eq!(w("Castles (Q R)").0, "Castles Q R");
        assert_eq!(w("K to B").0, "K - B 1");
        assert_eq!(w("R to K square ch").0, "R - K 1 ch");
        assert_eq!(w("P takes P en pas").0, "P x P ep");
        assert_eq!(w("R to K sq.: ch.").0, "R - K 1 ch");
        assert_eq!(w("R to K 8: checkmate").0, "R - K 8 mate");
        assert_eq!(w("P to K 8 (becoming a Q)").0, "P - K 8 =Q");
        assert_eq!(w("Kt to Queen's fifth").0, "Kt - Q 5");
        assert_eq!(w("P. to K. R's 4th.!").0, "P - K R 4 !");
        assert_eq!(rewrite("Q. checks.").unwrap().verb, Some(Verb::Checks));
        assert_eq!(rewrite("K. moves.").unwrap().text, "K");
        assert_eq!(
            rewrite("P. becomes a Queen.").unwrap().verb,
            Some(Verb::Queens)
        );
        assert_eq!(w("Kt. to his 5th.").0, "Kt - Kt 5");
        assert_eq!(w("Q. takes doubled P.").0, "Q x P");
        assert_eq!(w("K. to Q'S 3d.?").0, "K - Q 3 ?");
        assert_eq!(w("P. to R's 8th. (2d Q.)").1, "(2d Q.)");
        assert_eq!(w("QR to QB square QR to Q square").1, "QR to Q square");
        assert_eq!(w("P takes Kt Q takes Q ch").1, "Q takes Q ch");
        assert_eq!(w("Kt takes Kt 45 Q to Kt3").1, "45 Q to Kt3");
        assert_eq!(w("R. (B. sq.) to B's 2d.").0, "R (B1) - B 2");
        assert_eq!(w("Kt (R 4) to B 5").0, "Kt (R4) - B 5");
    }

    #[test]
    fn the_square_of_the_piece_taken() {
        // Hoyle's Two Knights' Defence: `Q takes P (K 4)`, `Castles: checkm.`
        assert_eq!(w("Q takes P (K 4)").0, "Q x P(K4)");
        assert_eq!(w("Castles: checkm.").0, "Castles mate");
        assert_eq!(w("Q takes Q (Q 8): ch.").0, "Q x Q(Q8) ch");
        assert_eq!(w("Kt(Kt5) takes P: ch.").0, "Kt(Kt5) x P ch");
    }

    #[test]
    fn a_verb_with_its_square() {
        // Hoyle: `9. Q mates at Kt sq. or R sq.`: the first square named, the other a note.
        assert_eq!(
            w("Q mates at Kt sq. or R sq."),
            ("Q - Kt 1 mate".to_owned(), "or R sq.")
        );
        assert_eq!(w("Q checks at K 2").0, "Q - K 2 ch");
    }

    #[test]
    fn words_after_the_move_are_left_as_a_note() {
        assert_eq!(w("K. takes R. (best)."), ("K x R".to_owned(), "(best)."));
        assert_eq!(w("K to Kt sq. (or Q to Kt 2)").1, "(or Q to Kt 2)");
        assert_eq!(
            w("Kt. to Q's 5th, with an excellent game.").1,
            "with an excellent game."
        );
        assert!(rewrite("And wins").is_none());
        assert!(rewrite("with an excellent game.").is_none());
    }
}
