//! The stable codes of diagnostics and repairs: what a program reading `--format json` matches
//! on, where the message is English prose that may be reworded.

use std::fmt;

/// Declares [`Code`]: each variant with its text and the one line that says what it means.
macro_rules! codes {
    ($($(#[$attr:meta])* $name:ident = $text:literal,)*) => {
        /// The stable code of a diagnostic or a repair: `move.illegal`, `san.castling-zeros`,
        /// `record.unterminated-comment`. One per kind of finding, whatever the wording of the
        /// message; the CLI writes it in its JSON reports, and `docs/cli.md` lists every one.
        ///
        /// # Examples
        ///
        /// ```
        /// use board_core::Code;
        ///
        /// assert_eq!(Code::MoveIllegal.as_str(), "move.illegal");
        /// assert_eq!("san.castling-zeros".parse::<Code>(), Ok(Code::SanCastlingZeros));
        /// assert!(Code::ALL.contains(&Code::RecordUnterminatedComment));
        /// ```
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #[non_exhaustive]
        pub enum Code {
            $($(#[$attr])* $name,)*
        }

        impl Code {
            /// Every code, in the order they are declared.
            pub const ALL: &'static [Code] = &[$(Code::$name,)*];

            /// The code as written in reports: lower case, a family and a name, `move.illegal`.
            #[must_use]
            pub const fn as_str(self) -> &'static str {
                match self {
                    $(Code::$name => $text,)*
                }
            }
        }
    };
}

codes! {
    // The record: what the reader of PGN/PDN text finds.
    /// A `{` comment with no `}` before the end of the game.
    RecordUnterminatedComment = "record.unterminated-comment",
    /// A `}` outside a comment.
    RecordUnmatchedBrace = "record.unmatched-brace",
    /// A `)` outside a variation, as the reader sees it.
    RecordUnmatchedParenthesis = "record.unmatched-parenthesis",
    /// A `(` with no `)` before the end of the game.
    RecordUnclosedVariation = "record.unclosed-variation",
    /// Variations nested deeper than the dialect allows.
    RecordTooDeep = "record.too-deep",
    /// A NAG above the dialect's largest.
    RecordNagOutOfRange = "record.nag-out-of-range",
    /// A game larger than the dialect allows, skipped.
    RecordTooLarge = "record.too-large",
    /// The input ends inside a tag.
    RecordTruncatedTag = "record.truncated-tag",
    /// The input is not text (an image, an archive, UTF-16).
    RecordNotText = "record.not-text",
    /// Forum markup (`[b]`, `[/pgn]`) skipped.
    RecordForumMarkup = "record.forum-markup",
    /// A variation in square brackets inside movetext (`a6 [3... Nf6 4. O-O]`, as blogs and
    /// some text exports write them), read as one in parentheses.
    RecordBracketVariation = "record.bracket-variation",
    /// Text between games that holds no moves, skipped.
    RecordSkippedText = "record.skipped-text",
    /// A result written in another form (`1:0`, `0.5-0.5`), read as the PGN one.
    RecordResultForm = "record.result-form",
    /// A game with no result; it ends at the next tag section, a `1.` after a blank line, or the end of the input.
    RecordNoResult = "record.no-result",
    /// Dash look-alikes (`–`, `−`) read as `-`.
    RecordDashLookalike = "record.dash-lookalike",
    /// An evaluation sign (`±`) read as its NAG.
    RecordEvaluationSign = "record.evaluation-sign",
    /// Movetext that is not UTF-8, read in a one-byte encoding.
    RecordEncoding = "record.encoding",
    /// A comment that is not UTF-8, read in a one-byte encoding.
    RecordCommentEncoding = "record.comment-encoding",
    /// A game with no result whose movetext ends in prose, kept as a comment.
    RecordTrailingProse = "record.trailing-prose",
    /// An annotation written as a word after a move (`N` for a novelty, `inf`), read as its NAG.
    RecordAnnotationWord = "record.annotation-word",
    /// A `;` comment that starts with numbered moves (`; 2. 28x17, 11x22;`): not read as moves.
    RecordLineCommentMoves = "record.line-comment-moves",

    // Tags.
    /// A `"` inside a tag value, read as part of it.
    TagUnescapedQuote = "tag.unescaped-quote",
    /// A tag value with no closing `"`.
    TagMissingQuote = "tag.missing-quote",
    /// A tag with no closing `]`.
    TagMissingBracket = "tag.missing-bracket",
    /// A tag value that runs to the end of the line.
    TagUnterminated = "tag.unterminated",
    /// A tag value that runs on into the next line, read with the line break as a space.
    TagLineBreak = "tag.line-break",
    /// A tag value not in quotes.
    TagUnquoted = "tag.unquoted",
    /// A tag with no name, skipped.
    TagNoName = "tag.no-name",
    /// Text after a tag pair on its line, before more tags of the game, skipped.
    TagTrailingText = "tag.trailing-text",
    /// A `PlyCount` tag that differs from the main line's count of half-moves; kept as written.
    TagPlyCountMismatch = "tag.plycount-mismatch",
    /// A tag value that is not UTF-8, read in a one-byte encoding.
    TagEncoding = "tag.encoding",
    /// A tag whose value does not read in the notation's conventions; kept as written.
    TagValue = "tag.value",
    /// A tag that says what another one says, dropped.
    TagDuplicate = "tag.duplicate",
    /// Two tags that stand for the same PGN tag with other values, both kept.
    TagConflict = "tag.conflict",
    /// A `Variant` the rules do not support.
    TagVariant = "tag.variant",
    /// A `FEN` tag that does not set up a position.
    TagFen = "tag.fen",
    /// A castling right of the `FEN` tag that the position cannot have, dropped.
    TagFenCastling = "tag.fen-castling",
    /// A `FEN` tag with castling from Chess960 squares and no `Variant` tag naming Chess960.
    TagVariantUnnamed = "tag.variant-unnamed",
    /// A draughts `GameType` the rules do not support.
    TagGameType = "tag.game-type",

    // Moves.
    /// A token that is not written in the notation.
    MoveSyntax = "move.syntax",
    /// A token that reads but names no legal move.
    MoveIllegal = "move.illegal",
    /// A token that fits more than one legal move.
    MoveAmbiguous = "move.ambiguous",
    /// A null move played while in check.
    MoveNullInCheck = "move.null-in-check",
    /// A part of a move written apart from it (`exf6 e.p.`, `1- 7`).
    MoveWrittenApart = "move.written-apart",
    /// A comma after a move, as books print a pair of moves: `17. Bh6+, Rg7`.
    MoveComma = "move.comma",
    /// A variation before any move it could replace.
    VariationBeforeFirstMove = "variation.before-first-move",
    /// A `)` that closes no variation, as the replay sees it.
    VariationUnopened = "variation.unopened",
    /// Moves after the game was drawn by rule (an error where the rule binds).
    GameAfterDraw = "game.after-draw",
    /// A result the final position contradicts (a mate, a stalemate).
    ResultConflict = "result.conflict",
    /// A decisive result for a game drawn by rule.
    ResultAutomaticDraw = "result.automatic-draw",
    /// A `Result` tag that differs from the result ending the movetext.
    ResultTagMismatch = "result.tag-mismatch",

    // Check signs.
    /// No `+` on a move that checks.
    SignCheckMissing = "sign.check-missing",
    /// No `#` on a move that mates.
    SignMateMissing = "sign.mate-missing",
    /// `+` on a move that mates.
    SignCheckForMate = "sign.check-for-mate",
    /// `#` on a move that only checks.
    SignMateForCheck = "sign.mate-for-check",
    /// A check sign on a move that does not check.
    SignUnwarranted = "sign.unwarranted",

    // Algebraic notation (SAN and the languages on its engine).
    /// Castling written with zeros, `0-0`.
    SanCastlingZeros = "san.castling-zeros",
    /// A pawn written with a letter, `Pe4`.
    SanPawnLetter = "san.pawn-letter",
    /// A promotion written without `=`: `e8Q`, `e8(Q)`, `e8/Q`.
    SanPromotionForm = "san.promotion-form",
    /// `e.p.` after an en passant capture.
    SanEnPassantMark = "san.en-passant-mark",
    /// The long form, with the origin square: `Ng1-f3`.
    SanLongForm = "san.long-form",
    /// `:` or `×` for a capture.
    SanCaptureSign = "san.capture-sign",
    /// `++` for mate.
    SanDoublePlus = "san.double-plus",
    /// Annotation glyphs glued to the move, `e4!?`.
    SanGlyphs = "san.glyphs",
    /// `-` before the destination without an origin square.
    SanHyphen = "san.hyphen",
    /// A promotion piece in lower case, `e7e8q`.
    SanLowercasePromotion = "san.lowercase-promotion",
    /// A coordinate move without a piece letter, `g1f3`.
    SanCoordinate = "san.coordinate",
    /// A promotion without its piece: a queen assumed.
    SanQueenAssumed = "san.queen-assumed",
    /// A capture sign on a move that takes nothing.
    SanCaptureNothing = "san.capture-nothing",
    /// A capture written without its sign.
    SanCaptureUnmarked = "san.capture-unmarked",
    /// More of the origin written than the position needs.
    SanOverDisambiguated = "san.over-disambiguated",
    /// The origin's rank written where its file decides.
    SanRankDisambiguated = "san.rank-disambiguated",
    /// Castling in UCI written the other way (king takes rook, or the king's square).
    UciCastlingForm = "uci.castling-form",

    // French notation.
    /// Marks after a French move out of order.
    FrMarksOrder = "fr.marks-order",
    /// `e.p.` after a move that is not an en passant capture.
    FrEnPassantMark = "fr.en-passant-mark",
    /// An en passant capture without `e.p.`, in a style that always writes it.
    FrEnPassantUnmarked = "fr.en-passant-unmarked",
    /// A draw offer written `(=)`.
    FrDrawOfferForm = "fr.draw-offer-form",

    // Descriptive notation.
    /// No `-` between the piece and its square.
    DescriptiveMissingDash = "descriptive.missing-dash",
    /// A letter read as the digit 1.
    DescriptiveLetterForDigit = "descriptive.letter-for-digit",
    /// A capture written with the square instead of the piece taken.
    DescriptiveCaptureOfSquare = "descriptive.capture-of-square",
    /// A piece named after the wing it stands on, not the one it started on.
    DescriptiveWingByFile = "descriptive.wing-by-file",
    /// A capture written as a move, `-` for `x`.
    DescriptiveCaptureAsMove = "descriptive.capture-as-move",
    /// A promotion without its piece: a queen assumed.
    DescriptiveQueenAssumed = "descriptive.queen-assumed",
    /// `Castles` alone read as queen-side castling, the only one legal.
    DescriptiveCastlesQueenSide = "descriptive.castles-queen-side",
    /// A check mark that does not fit the move (missing, or check for mate...).
    DescriptiveCheckMark = "descriptive.check-mark",
    /// `e.p.` on a capture that is not en passant.
    DescriptiveEnPassantMark = "descriptive.en-passant-mark",
    /// A token that fits several moves or none, read as the one the next moves confirm.
    DescriptiveLookahead = "descriptive.lookahead",
    /// A pawn's square printed without its rank (`P to K`), read as the move to that file
    /// that the position and the next moves allow.
    DescriptiveMissingRank = "descriptive.missing-rank",

    // Descriptive books.
    /// Moves that continue a game after a line that ended it; the game stops.
    BookContinuesEnded = "book.continues-ended",
    /// A move of a book game that does not read as moves; the game stops.
    BookUnreadable = "book.unreadable",
    /// A column of moves that does not follow the game; its moves are not read.
    BookColumnGap = "book.column-gap",
    /// A move number printed where another belongs.
    BookMoveNumber = "book.move-number",
    /// A line numbered otherwise than the game's next move, kept as a note.
    BookStrayLine = "book.stray-line",
    /// A move number without a dot.
    BookUndottedNumber = "book.undotted-number",
    /// A capture that could take two pawns, read as the one the book names (doubled, isolated,
    /// passed).
    BookPawnNamed = "book.pawn-named",
    /// A piece letter read as another's: the check sign printed fits only the other's move.
    BookPieceLetter = "book.piece-letter",
    /// A text diagram whose position differs from the game's where it is printed.
    BookDiagramDiffers = "book.diagram-differs",
    /// Moves copied from the game a reference names (`Moves 1-6 as in Game 3.`).
    BookReference = "book.reference",
    /// A game's last move that fits two captures, read as the one whose piece is not taken
    /// back at once by a lesser one.
    BookLastCapture = "book.last-capture",
    /// Lines of moves outside any game, numbered past its start, whose start is not in the
    /// text (an extract, a game begun elsewhere): not read.
    BookMovesWithoutStart = "book.moves-without-start",
    /// A line outside any game laid out as moves (move-shaped tokens and no word of prose)
    /// that reads as none: not read.
    BookMovesNotRead = "book.moves-not-read",
    /// A text in which no game was found: nothing imported is a failure, never an empty
    /// output with exit status 0 (Philidor's moves written out in sentences, `W. King's pawn
    /// two squares.`, read as prose).
    BookNoGames = "book.no-games",

    // Manoury notation.
    /// A square written with a leading zero, `05`.
    ManouryLeadingZero = "manoury.leading-zero",
    /// A capture written with `:`.
    ManouryColon = "manoury.colon",
    /// A capture written with `X` or `×`.
    ManouryCross = "manoury.cross",
    /// `-` and `x` mixed in one move.
    ManouryMixedSeparators = "manoury.mixed-separators",
    /// A move strength in parentheses.
    ManouryParentheses = "manoury.parentheses",
    /// A move strength that is no NAG, dropped.
    ManouryStrengthDropped = "manoury.strength-dropped",
    /// A capture written with `-`.
    ManouryCaptureDash = "manoury.capture-dash",
    /// A capture sign on a move that takes nothing.
    ManouryCaptureNothing = "manoury.capture-nothing",
    /// A capture path written otherwise than PDN's canonical form.
    ManouryPath = "manoury.path",
    /// The captured pieces listed, as engines write them.
    ManouryHub = "manoury.hub",

    // The command line.
    /// An input that could not be opened or read to its end.
    InputUnreadable = "input.unreadable",
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A text that is no [`Code`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseCodeError;

impl fmt::Display for ParseCodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("not a diagnostic code")
    }
}

impl std::error::Error for ParseCodeError {}

impl std::str::FromStr for Code {
    type Err = ParseCodeError;

    fn from_str(text: &str) -> Result<Code, ParseCodeError> {
        Code::ALL
            .iter()
            .copied()
            .find(|code| code.as_str() == text)
            .ok_or(ParseCodeError)
    }
}

// A code serializes as its text: a JSON consumer matches `"code": "move.illegal"`.
#[cfg(feature = "serde")]
impl serde::Serialize for Code {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Code {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Code, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(deserializer)?;
        text.parse()
            .map_err(|_| serde::de::Error::custom(format!("unknown diagnostic code {text:?}")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_unique_and_read_back() {
        for (i, code) in Code::ALL.iter().enumerate() {
            assert_eq!(code.as_str().parse::<Code>(), Ok(*code));
            assert!(
                Code::ALL[..i].iter().all(|c| c.as_str() != code.as_str()),
                "{code} twice"
            );
            let (family, name) = code.as_str().split_once('.').unwrap();
            assert!(!family.is_empty() && !name.is_empty(), "{code}");
            assert!(
                code.as_str()
                    .bytes()
                    .all(|b| b.is_ascii_lowercase() || b == b'.' || b == b'-'),
                "{code}"
            );
        }
        assert_eq!("move.nothing".parse::<Code>(), Err(ParseCodeError));
    }
}
