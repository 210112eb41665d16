//! The few things that differ between members of the PGN family: result spellings, the tag
//! roster, limits and the writer's layout.

/// How the writer prints the NAGs `$1` to `$6`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum NagStyle {
    /// `$1`, as the PGN export format asks.
    Numeric,
    /// `!`, `?`, `!!`, `??`, `!?`, `?!`, glued to the move they follow when they can be, and the
    /// dialect's glued signs ([`Dialect::with_glued_signs`]); other NAGs stay numeric.
    Glyph,
}

/// The syntax settings of one member of the PGN family: which tokens are results, which tags
/// the writer puts first, how deep variations may nest, and how games are laid out.
///
/// A result spelling is either a *terminator*, which ends the game wherever it stands outside a
/// variation (`1-0`, `*`), or a *final result*, which is a result only as the last token before
/// the next tag section or the end of the input and a move anywhere else (PDN's `0-0`, which a
/// French chess file writes for castling).
///
/// # Examples
///
/// ```
/// use board_core::{Dialect, NagStyle};
///
/// let pgn = Dialect::pgn();
/// assert!(pgn.is_result("1/2-1/2") && pgn.is_result("½-½"));
/// assert!(!pgn.is_result("2-0"));
/// let pdn = Dialect::pdn().with_max_depth(8).with_nag_style(NagStyle::Numeric);
/// assert!(pdn.is_result("2-0") && pdn.is_result("0-0"));
/// assert!(pdn.is_terminator("2-0") && !pdn.is_terminator("0-0"));
/// assert_eq!(pdn.max_depth(), 8);
/// assert!(pdn.roster().is_empty());
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Dialect {
    terminators: Vec<Box<str>>,
    final_results: Vec<Box<str>>,
    /// Terminators as the bytes a UTF-8 or a Latin-1 file holds, for the byte-level splitter.
    terminator_bytes: Vec<Box<[u8]>>,
    /// First bytes of `terminator_bytes`, and of all result spellings: most tokens are ruled out
    /// by their first byte without a comparison.
    terminator_starts: ByteSet,
    /// Last bytes of `terminator_bytes`: move numbers (`12.`) share a first byte with `1-0`,
    /// and are ruled out by their last.
    terminator_ends: ByteSet,
    /// Lengths of `terminator_bytes`, a bit each ([`length_bit`]): a move glued to its number
    /// (`12.Nf1`) may start and end as a result does, and is ruled out by its length.
    terminator_lens: u64,
    /// Second bytes of `terminator_bytes`, for [`Dialect::is_terminator_bytes_lean`].
    terminator_seconds: ByteSet,
    /// First and last bytes of every result spelling (terminators and final results), for
    /// [`Dialect::is_result_bytes`]: a move glued to its number (`12.e4`) is ruled out by its
    /// last byte.
    result_starts: ByteSet,
    result_ends: ByteSet,
    /// Lengths of every result spelling, a bit each ([`length_bit`]).
    result_lens: u64,
    /// Some result spelling holds a dot followed by an ASCII letter, as a move glued to its
    /// number does (`12.e4`): none of the standard ones, so the splitter's reading of such a
    /// move skips its comparison with every result ([`Dialect::is_dot_letter_result_bytes`]).
    dot_letter_results: bool,
    /// Spellings read as another result: `½-½` as `1/2-1/2`, and the lenient ones web pages
    /// and ChessBase write (`1–0` with an en dash, `+--` for a forfeit), with whether reading
    /// it is lenient (reported).
    aliases: Vec<(Box<str>, &'static str, bool)>,
    roster: Vec<(Box<str>, Box<str>)>,
    /// No two roster names are the same: the writer may then take a tag section that starts
    /// with the roster, in order, as it stands.
    roster_distinct: bool,
    fill_roster: bool,
    max_depth: usize,
    max_game_bytes: usize,
    max_nag: u16,
    nag_style: NagStyle,
    /// NAGs written as a sign glued to their move in [`NagStyle::Glyph`]: `$7` as draughts' `*`.
    glued_signs: Vec<(u16, Box<str>)>,
    line_width: usize,
}

/// Characters written for the hyphen of a result by web pages and word processors: hyphen,
/// non-breaking hyphen, figure dash, en dash, em dash, minus sign.
pub(crate) const DASHES: [char; 6] = [
    '\u{2010}', '\u{2011}', '\u{2012}', '\u{2013}', '\u{2014}', '\u{2212}',
];

/// The result spellings [`Dialect::pgn`] reads besides its own, with what each stands for and
/// whether reading it is lenient.
fn pgn_aliases() -> Vec<(String, &'static str, bool)> {
    let mut aliases = vec![
        ("½-½".to_owned(), "1/2-1/2", false),
        ("+--".to_owned(), "1-0", true),
        ("--+".to_owned(), "0-1", true),
        // German and Dutch score sheets and sites: a colon for the dash, a half as a decimal.
        ("1:0".to_owned(), "1-0", true),
        ("0:1".to_owned(), "0-1", true),
        ("½:½".to_owned(), "1/2-1/2", true),
        ("1/2:1/2".to_owned(), "1/2-1/2", true),
        ("0.5:0.5".to_owned(), "1/2-1/2", true),
        ("0,5:0,5".to_owned(), "1/2-1/2", true),
        ("0.5-0.5".to_owned(), "1/2-1/2", true),
        ("0,5-0,5".to_owned(), "1/2-1/2", true),
    ];
    // Each with a dash look-alike for its hyphen too.
    for (written, canonical) in [
        ("1-0", "1-0"),
        ("0-1", "0-1"),
        ("1/2-1/2", "1/2-1/2"),
        ("½-½", "1/2-1/2"),
        ("0.5-0.5", "1/2-1/2"),
        ("0,5-0,5", "1/2-1/2"),
    ] {
        for dash in DASHES {
            aliases.push((
                written.replace('-', dash.encode_utf8(&mut [0; 4])),
                canonical,
                true,
            ));
        }
    }
    aliases
}

/// A length's bit in a set of lengths: bit `len`, the lengths of 63 and more sharing the last.
#[inline(always)]
const fn length_bit(len: usize) -> u64 {
    1 << if len < 63 { len } else { 63 }
}

/// Whether two result spellings stand for the same result (`½-½` and `1/2-1/2`, `1–0`, `1:0`
/// and `1-0`, `0.5-0.5` and `1/2-1/2`), as [`Dialect::pgn`] reads them.
pub(crate) fn same_result(a: &str, b: &str) -> bool {
    fn plain(result: &str) -> String {
        match result {
            "+--" => "1-0".to_owned(),
            "--+" => "0-1".to_owned(),
            _ => result
                .replace(DASHES, "-")
                .replace(':', "-")
                .replace('½', "1/2")
                .replace(['.', ','], "/")
                .replace("0/5", "1/2"),
        }
    }
    a == b || plain(a) == plain(b)
}

/// The PGN seven tag roster with the values the export format writes when a tag is missing.
const SEVEN_TAG_ROSTER: [(&str, &str); 7] = [
    ("Event", "?"),
    ("Site", "?"),
    ("Date", "????.??.??"),
    ("Round", "?"),
    ("White", "?"),
    ("Black", "?"),
    ("Result", "*"),
];

impl Dialect {
    /// Chess PGN: terminators `1-0 0-1 1/2-1/2 ½-½ *`; the seven tag roster first, missing roster
    /// tags written with their unknown values; NAGs `$0` to `$255`, written numeric; 80 columns.
    ///
    /// `½-½` is read as `1/2-1/2`, which the writer writes. Results as web pages, ChessBase and
    /// score sheets write them are read too, each reported: a dash look-alike for the hyphen
    /// (`1–0`, `1/2–1/2` with an en dash, U+2011, U+2212...), a colon for it (`1:0`, `0:1`,
    /// `½:½`), a half as a decimal (`0.5-0.5`, `0,5:0,5`), and the forfeits `+--` (read as
    /// `1-0`) and `--+` (`0-1`).
    ///
    /// # Examples
    ///
    /// ```
    /// use board_core::Dialect;
    ///
    /// let pgn = Dialect::pgn();
    /// assert_eq!(pgn.canonical_result("½-½"), Some(("1/2-1/2", false)));
    /// assert_eq!(pgn.canonical_result("1–0"), Some(("1-0", true)));
    /// assert_eq!(pgn.canonical_result("--+"), Some(("0-1", true)));
    /// assert_eq!(pgn.canonical_result("1:0"), Some(("1-0", true)));
    /// assert_eq!(pgn.canonical_result("0.5-0.5"), Some(("1/2-1/2", true)));
    /// assert_eq!(pgn.canonical_result("1-0"), None);
    /// assert!(pgn.is_terminator("1/2–1/2"));
    /// ```
    #[must_use]
    pub fn pgn() -> Dialect {
        let mut dialect = Dialect::new(&["1-0", "0-1", "1/2-1/2", "*"], &[])
            .with_roster(&SEVEN_TAG_ROSTER, true)
            .with_nag_style(NagStyle::Numeric);
        for (alias, canonical, lenient) in pgn_aliases() {
            dialect.terminators.push(alias.as_str().into());
            dialect.aliases.push((alias.into(), canonical, lenient));
        }
        dialect.index_terminators();
        dialect
    }

    /// Draughts PDN: terminators `2-0 0-2 1-1 1-0 0-1 1/2-1/2 ½-½ *`, final result `0-0`; tags
    /// kept in their order; NAGs up to `$65535` (PDN files use `$902`), move glyphs written as
    /// glyphs; 80 columns.
    #[must_use]
    pub fn pdn() -> Dialect {
        Dialect::new(
            &["2-0", "0-2", "1-1", "1-0", "0-1", "1/2-1/2", "½-½", "*"],
            &["0-0"],
        )
        .with_max_nag(u16::MAX)
        .with_nag_style(NagStyle::Glyph)
    }

    /// A dialect with these result spellings, no roster, NAGs `$0` to `$255` written numeric,
    /// variations nested at most 64 deep, games of at most 64 MiB, lines of 80 columns.
    #[must_use]
    pub fn new(terminators: &[&str], final_results: &[&str]) -> Dialect {
        let mut dialect = Dialect {
            terminators: terminators.iter().map(|&t| t.into()).collect(),
            final_results: final_results.iter().map(|&t| t.into()).collect(),
            terminator_bytes: Vec::new(),
            terminator_starts: ByteSet::default(),
            terminator_ends: ByteSet::default(),
            terminator_lens: 0,
            terminator_seconds: ByteSet::default(),
            result_starts: ByteSet::default(),
            result_ends: ByteSet::default(),
            result_lens: 0,
            dot_letter_results: false,
            aliases: Vec::new(),
            roster: Vec::new(),
            roster_distinct: true,
            fill_roster: false,
            max_depth: 64,
            max_game_bytes: 64 << 20,
            max_nag: 255,
            nag_style: NagStyle::Numeric,
            glued_signs: Vec::new(),
            line_width: 80,
        };
        dialect.index_terminators();
        dialect
    }

    /// Computes the byte forms of the result spellings for the splitter: as UTF-8, and as the
    /// single bytes of a Windows-1252 or Latin-1 file when they are not ASCII.
    fn index_terminators(&mut self) {
        self.terminator_bytes = self
            .terminators
            .iter()
            .flat_map(|t| {
                let single: Option<Box<[u8]>> = t
                    .chars()
                    .map(super::encoding::single_byte)
                    .collect::<Option<Vec<u8>>>()
                    .filter(|bytes| !t.is_ascii() && !bytes.is_empty())
                    .map(Vec::into_boxed_slice);
                std::iter::once(t.as_bytes().into()).chain(single)
            })
            .collect();
        self.terminator_starts = ByteSet::of_firsts(self.terminator_bytes.iter().map(|t| &**t));
        self.terminator_ends = ByteSet::of_lasts(self.terminator_bytes.iter().map(|t| &**t));
        self.terminator_lens = self
            .terminator_bytes
            .iter()
            .fold(0, |lens, t| lens | length_bit(t.len()));
        self.terminator_seconds =
            ByteSet::of_firsts(self.terminator_bytes.iter().map(|t| &t[1.min(t.len())..]));
        self.result_starts = ByteSet::of_firsts(
            self.terminators
                .iter()
                .chain(&self.final_results)
                .map(|t| t.as_bytes()),
        );
        self.result_ends = ByteSet::of_lasts(
            self.terminators
                .iter()
                .chain(&self.final_results)
                .map(|t| t.as_bytes()),
        );
        self.result_lens = self
            .terminators
            .iter()
            .chain(&self.final_results)
            .fold(0, |lens, t| lens | length_bit(t.len()));
        self.dot_letter_results = self.terminators.iter().chain(&self.final_results).any(|t| {
            t.as_bytes()
                .windows(2)
                .any(|w| w[0] == b'.' && w[1].is_ascii_alphabetic())
        });
    }

    /// The result a spelling stands for when it is not the dialect's own (`½-½` for
    /// `1/2-1/2`, `1–0` for `1-0`), with whether reading it is lenient and reported. `None` for
    /// the dialect's own spellings and for what is no result.
    #[must_use]
    pub fn canonical_result(&self, token: &str) -> Option<(&'static str, bool)> {
        // Every ASCII alias has a sign, a colon or a decimal point or comma: PGN's own
        // results are answered without a search.
        if token.is_ascii() && !token.contains(['+', ':', '.', ',']) {
            return None;
        }
        self.aliases
            .iter()
            .find(|(alias, _, _)| **alias == *token)
            .map(|&(_, canonical, lenient)| (canonical, lenient))
    }

    /// The spelling the writer writes for a result: the dialect's own for an alias (`1/2-1/2`
    /// for `½-½`), else `result` as it is.
    #[must_use]
    pub fn written_result<'a>(&self, result: &'a str) -> &'a str {
        self.canonical_result(result).map_or(result, |(c, _)| c)
    }

    /// Sets the tags the writer puts first, in this order, with the values written for missing
    /// ones when `fill` is `true` (a `Result` tag is then filled with the game's result).
    #[must_use]
    pub fn with_roster(mut self, roster: &[(&str, &str)], fill: bool) -> Dialect {
        self.roster = roster.iter().map(|&(n, v)| (n.into(), v.into())).collect();
        self.roster_distinct = roster
            .iter()
            .enumerate()
            .all(|(k, (name, _))| roster[..k].iter().all(|(other, _)| other != name));
        self.fill_roster = fill;
        self
    }

    /// Sets how deep variations may nest; a deeper one is an error of its game.
    #[must_use]
    pub fn with_max_depth(mut self, depth: usize) -> Dialect {
        self.max_depth = depth;
        self
    }

    /// Sets the size of the largest game the reader keeps in memory; a larger one is skipped
    /// and reported as an error.
    #[must_use]
    pub fn with_max_game_bytes(mut self, bytes: usize) -> Dialect {
        self.max_game_bytes = bytes.max(1);
        self
    }

    /// Sets the largest NAG number read; a larger one is an error of its game.
    #[must_use]
    pub fn with_max_nag(mut self, max: u16) -> Dialect {
        self.max_nag = max;
        self
    }

    /// Sets how the writer prints `$1` to `$6`.
    #[must_use]
    pub fn with_nag_style(mut self, style: NagStyle) -> Dialect {
        self.nag_style = style;
        self
    }

    /// Adds signs that [`NagStyle::Glyph`] writes for these NAGs, glued to the move before them
    /// (draughts writes `32-28*` for a forced move, `$7`). The writer glues a sign only where
    /// the move token with the sign still reads as one token, and writes the NAG numeric
    /// otherwise (after a comment, say): a sign never stands alone, where `*` would end the game.
    /// The notation reading the tokens back must know the signs. A NAG listed twice keeps its
    /// first sign.
    ///
    /// # Examples
    ///
    /// ```
    /// use board_core::{Color, Dialect, FirstMove, MovetextWriter};
    ///
    /// let dialect = Dialect::pdn().with_glued_signs(&[(7, "*")]);
    /// let mut out = String::new();
    /// let mut w = MovetextWriter::new(&mut out, &dialect, FirstMove::default());
    /// w.move_token("32-28");
    /// w.nag_value(7);
    /// w.move_token("19-23");
    /// w.comment("then");
    /// w.nag_value(7);
    /// w.finish("*");
    /// assert_eq!(out, "1. 32-28* 19-23 {then} $7 *\n\n");
    /// assert_eq!(dialect.glued_sign(7), Some("*"));
    /// ```
    #[must_use]
    pub fn with_glued_signs(mut self, signs: &[(u16, &str)]) -> Dialect {
        self.glued_signs
            .extend(signs.iter().map(|&(nag, sign)| (nag, sign.into())));
        self
    }

    /// The sign glued for `nag` in [`NagStyle::Glyph`], if the dialect has one.
    #[must_use]
    pub fn glued_sign(&self, nag: u16) -> Option<&str> {
        self.glued_signs
            .iter()
            .find(|(n, _)| *n == nag)
            .map(|(_, sign)| &**sign)
    }

    /// Sets the width the writer wraps movetext at (at least 20).
    #[must_use]
    pub fn with_line_width(mut self, width: usize) -> Dialect {
        self.line_width = width.max(20);
        self
    }

    /// `true` for a result spelling of either kind.
    #[must_use]
    pub fn is_result(&self, token: &str) -> bool {
        self.is_result_bytes(token.as_bytes())
    }

    /// [`Dialect::is_result`] on bytes, for the splitter, which reads a game before it is
    /// decoded: bytes equal to a result's are that result's text, so no UTF-8 check is needed
    /// (a check then a compare cost about 110 instructions a token like `12.e4`, which real
    /// databases write glued).
    #[inline(always)]
    pub(crate) fn is_result_bytes(&self, token: &[u8]) -> bool {
        self.result_starts.has_first(token)
            && self.result_ends.has_last(token)
            && self.result_lens & length_bit(token.len()) != 0
            && self.terminators.iter().chain(&self.final_results).any(|r| {
                r.len() == token.len()
                    && r.as_bytes().last() == token.last()
                    && r.as_bytes() == token
            })
    }

    /// [`Dialect::is_result_bytes`] for a token known to hold a dot followed by an ASCII
    /// letter (a move glued to its number, `12.e4`): `false` at once unless some result
    /// spelling holds one too. The comparison with every result cost about 490 instructions
    /// for each such move whose first and last bytes and length are a result's (`12.Qxd2`).
    #[inline(always)]
    pub(crate) fn is_dot_letter_result_bytes(&self, token: &[u8]) -> bool {
        self.dot_letter_results && self.is_result_bytes(token)
    }

    /// `true` for a result that ends the game wherever it stands outside a variation.
    #[must_use]
    pub fn is_terminator(&self, token: &str) -> bool {
        self.terminators.iter().any(|r| **r == *token)
    }

    /// The byte-level test of the splitter, which runs before the game is decoded.
    // Always inlined: it runs after every token, and the splitter's loops are large enough
    // that the compiler stopped inlining it (11 instructions a token as a call).
    #[inline(always)]
    pub(crate) fn is_terminator_bytes(&self, token: &[u8]) -> bool {
        // Move numbers (`12.`) share first byte and length with `1-0`: the last byte tells
        // them apart before a slice compare, as the second byte does for most moves glued to
        // their numbers.
        self.may_be_terminator(token)
            && token.get(1).is_none_or(|&b| self.terminator_seconds.has(b))
            && self.is_listed_terminator(token)
    }

    /// [`Dialect::is_terminator_bytes`] without the test of the second byte, for the loop
    /// after a comment (the splitter's `Found::after_comment`), which meets few moves
    /// glued to their numbers: there the longer test cost the games with clock comments 0.7 M
    /// instructions in 172 M.
    #[inline(always)]
    pub(crate) fn is_terminator_bytes_lean(&self, token: &[u8]) -> bool {
        self.may_be_terminator(token) && self.is_listed_terminator(token)
    }

    /// The filters both terminator tests start with: the first byte, the last byte and the
    /// length of some terminator.
    #[inline(always)]
    fn may_be_terminator(&self, token: &[u8]) -> bool {
        self.terminator_starts.has_first(token)
            && self.terminator_ends.has_last(token)
            && self.terminator_lens & length_bit(token.len()) != 0
    }

    /// The search of the terminators' list that both tests end with.
    #[inline(always)]
    fn is_listed_terminator(&self, token: &[u8]) -> bool {
        self.terminator_bytes
            .iter()
            .any(|r| r.len() == token.len() && r.last() == token.last() && **r == *token)
    }

    /// The roster: tag names the writer puts first, with their default values.
    #[must_use]
    pub fn roster(&self) -> &[(Box<str>, Box<str>)] {
        &self.roster
    }

    /// Whether no two roster names are the same.
    pub(crate) fn roster_is_distinct(&self) -> bool {
        self.roster_distinct
    }

    /// Whether the writer adds missing roster tags.
    #[must_use]
    pub fn fills_roster(&self) -> bool {
        self.fill_roster
    }

    /// How deep variations may nest.
    #[must_use]
    pub fn max_depth(&self) -> usize {
        self.max_depth
    }

    /// The size of the largest game the reader keeps.
    #[must_use]
    pub fn max_game_bytes(&self) -> usize {
        self.max_game_bytes
    }

    /// The largest NAG number read.
    #[must_use]
    pub fn max_nag(&self) -> u16 {
        self.max_nag
    }

    /// How the writer prints `$1` to `$6`.
    #[must_use]
    pub fn nag_style(&self) -> NagStyle {
        self.nag_style
    }

    /// The width the writer wraps movetext at.
    #[must_use]
    pub fn line_width(&self) -> usize {
        self.line_width
    }
}

/// A set of bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
struct ByteSet([u64; 4]);

impl ByteSet {
    fn of_firsts<'a>(words: impl Iterator<Item = &'a [u8]>) -> ByteSet {
        let mut set = ByteSet::default();
        for &b in words.filter_map(<[u8]>::first) {
            set.0[usize::from(b >> 6)] |= 1 << (b & 63);
        }
        set
    }

    fn of_lasts<'a>(words: impl Iterator<Item = &'a [u8]>) -> ByteSet {
        let mut set = ByteSet::default();
        for &b in words.filter_map(<[u8]>::last) {
            set.0[usize::from(b >> 6)] |= 1 << (b & 63);
        }
        set
    }

    fn has(&self, b: u8) -> bool {
        self.0[usize::from(b >> 6)] & (1 << (b & 63)) != 0
    }

    fn has_last(&self, word: &[u8]) -> bool {
        word.last()
            .is_some_and(|&b| self.0[usize::from(b >> 6)] & (1 << (b & 63)) != 0)
    }

    fn has_first(&self, word: &[u8]) -> bool {
        word.first()
            .is_some_and(|&b| self.0[usize::from(b >> 6)] & (1 << (b & 63)) != 0)
    }
}

impl Default for Dialect {
    /// [`Dialect::pgn`].
    fn default() -> Dialect {
        Dialect::pgn()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn latin1_spellings_are_terminators_too() {
        let pgn = Dialect::pgn();
        assert!(pgn.is_terminator_bytes("½-½".as_bytes()));
        assert!(pgn.is_terminator_bytes(&[0xBD, b'-', 0xBD]));
        assert!(pgn.is_terminator_bytes(b"*"));
        assert!(!pgn.is_terminator_bytes(b"0-0"));
        assert!(!Dialect::pdn().is_terminator_bytes(b"0-0"));
    }

    /// The prefilters (first, second and last byte, length) rule out no spelling: the test
    /// answers as a search of the list does, for the spellings, and for moves glued to their
    /// numbers, which share first and last bytes and lengths with them.
    #[test]
    fn terminator_tests_answer_as_the_list_does() {
        let odd = Dialect::new(&["1-0", "*", "16.Rxd1", "x", "0"], &["0-0"]);
        for dialect in [Dialect::pgn(), Dialect::pdn(), odd] {
            let mut tokens: Vec<Vec<u8>> = dialect
                .terminator_bytes
                .iter()
                .map(|t| t.to_vec())
                .collect();
            for t in dialect.terminator_bytes.clone() {
                for k in 0..t.len() {
                    for b in [b'0', b'1', b'.', b'-', b'R', 0xBD] {
                        let mut other = t.to_vec();
                        other[k] = b;
                        tokens.push(other);
                    }
                }
                tokens.push(t[..t.len() - 1].to_vec());
            }
            for glued in [
                "16.Rxd1", "12.Qxd2", "1.Nc1", "10.Bxe5", "0.5-0.5", "1.e4", "0", "01",
            ] {
                tokens.push(glued.as_bytes().to_vec());
            }
            for token in &tokens {
                let listed = dialect.terminator_bytes.iter().any(|t| **t == **token);
                assert_eq!(dialect.is_terminator_bytes(token), listed, "{token:?}");
                assert_eq!(dialect.is_terminator_bytes_lean(token), listed, "{token:?}");
            }
        }
    }
}
