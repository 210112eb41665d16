//! One walk over a game's movetext for everything that reads its moves: the replay, the main
//! line a diagram shows, language detection. Each reads a piece written apart with its move
//! (`exf6 e.p.`, a draughts `1- 7`) the same way because they share this cursor.

use std::ops::ControlFlow;

use crate::record::game::Ev;
use crate::{Comment, DRAW_OFFER_COMMENT, NagToken, Notation, RawGame, Span};

/// A move token as a notation should read it: the token, and the piece written apart after it
/// that belongs to it, if any. Its text is [`TokenCursor::text`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MoveToken<'a> {
    /// The token as written.
    pub token: Span,
    /// Its bytes, kept so that reading it does not slice the game again: this runs for every
    /// move of every game read. Its text is sliced only when asked for
    /// ([`TokenCursor::text`]): that slicing tests two character boundaries.
    bytes: &'a [u8],
    /// The next token, written after a space, that the notation reads with this one: a suffix
    /// (`e.p.` in `exf6 e.p.`, [`Notation::glues`]) or the rest of a token cut short (`7` in
    /// `1- 7`, [`Notation::continues`]). A replay reports the space unless the notation's
    /// documents write it ([`crate::Convention::MarkApart`]).
    pub apart: Option<Span>,
}

impl MoveToken<'_> {
    /// The span of the whole move: the token and the piece written apart.
    #[must_use]
    pub fn span(&self) -> Span {
        match self.apart {
            Some(apart) => Span::new(self.token.start, apart.end),
            None => self.token,
        }
    }
}

/// One step of a walk over a movetext. Move numbers are left out: a reader counts moves from
/// the position, not from what the record writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step<'g> {
    /// A move, a null move included.
    Move(MoveToken<'g>),
    /// A NAG.
    Nag(NagToken),
    /// A comment.
    Comment(Comment<'g>),
    /// `(`: a variation replacing the move before it begins.
    StartVariation(Span),
    /// `)`.
    EndVariation(Span),
}

/// What [`TokenCursor::walk`] hands each step to.
pub trait Visit<'a, N: ?Sized> {
    /// What stops the walk.
    type Break;

    /// Takes one step, with the cursor it came from (for [`TokenCursor::text`] and
    /// [`TokenCursor::take_draw_offer`]). Mark it `#[inline(always)]` when it only dispatches:
    /// inlined into each arm of the cursor's match, it knows the step's kind.
    fn step(&mut self, cursor: &mut TokenCursor<'a, N>, step: Step<'a>)
    -> ControlFlow<Self::Break>;

    /// Whether comments are steps for this visitor; when `false` the walk passes over them
    /// without slicing their text (a replay with no output, on a file with a clock after every
    /// move, spent 30 instructions a comment on a text it did not read). `true` by default.
    #[inline(always)]
    fn reads_comments(&self) -> bool {
        true
    }
}

impl<'a, N: ?Sized, B, F> Visit<'a, N> for F
where
    F: FnMut(&mut TokenCursor<'a, N>, Step<'a>) -> ControlFlow<B>,
{
    type Break = B;

    #[inline(always)]
    fn step(&mut self, cursor: &mut TokenCursor<'a, N>, step: Step<'a>) -> ControlFlow<B> {
        self(cursor, step)
    }
}

/// A cursor over the movetext of a game that reads it as `notation` does: each move token
/// comes with the piece written apart that belongs to it ([`MoveToken::apart`]), and a
/// walk of the main line skips variations whole.
///
/// # Examples
///
/// A toy notation whose moves may end in `e.p.`, written apart or not:
///
/// ```
/// use board_core::{Dialect, MoveError, Notation, Notes, RecordReader, Step, TokenCursor};
///
/// struct Toy;
///
/// impl Notation for Toy {
///     type Position = ();
///     type Move = ();
///     fn name(&self) -> &'static str {
///         "toy"
///     }
///     fn parse(&self, _: &(), _: &str, _: &mut Notes) -> Result<(), MoveError> {
///         Ok(())
///     }
///     fn format(&self, _: &(), _: &(), _: &mut String) {}
///     fn glues(&self, next: &str) -> bool {
///         next == "e.p."
///     }
/// }
///
/// let file = "1. e4 d5 (1... e5 2. Nf3) 2. e5 f5 3. exf6 e.p. {(=)} *";
/// let game = RecordReader::new(file.as_bytes(), Dialect::pgn()).next().unwrap().unwrap();
///
/// // Every step, variations included.
/// let mut cursor = TokenCursor::new(&game, &Toy);
/// let mut steps = Vec::new();
/// while let Some(step) = cursor.next() {
///     steps.push(match step {
///         Step::Move(token) => cursor.text(&token).to_owned(),
///         Step::StartVariation(_) => "(".to_owned(),
///         Step::EndVariation(_) => ")".to_owned(),
///         Step::Comment(comment) => format!("{{{}}}", comment.text),
///         Step::Nag(nag) => format!("${}", nag.value),
///     });
/// }
/// assert_eq!(steps, ["e4", "d5", "(", "e5", "Nf3", ")", "e5", "f5", "exf6e.p.", "{(=)}"]);
///
/// // The main line, and the draw offer that follows a move.
/// let mut cursor = TokenCursor::main_line(&game, &Toy);
/// let mut moves = Vec::new();
/// while let Some(step) = cursor.next() {
///     if let Step::Move(token) = step {
///         let text = cursor.text(&token).to_owned();
///         moves.push((text, cursor.take_draw_offer()));
///     }
/// }
/// assert_eq!(moves.last(), Some(&("exf6e.p.".to_owned(), true)));
/// assert_eq!(moves.len(), 5);
/// ```
#[derive(Debug)]
pub struct TokenCursor<'a, N: ?Sized> {
    game: &'a RawGame,
    notation: &'a N,
    /// The game's stored events, walked directly, not through `RawGame::elements`: one match
    /// per element instead of two, which shows in profiles (the match is an indirect jump no
    /// predictor guesses).
    events: &'a [Ev],
    /// The next event; an index rather than a shrinking slice, which profiles show cheaper.
    next: usize,
    /// Skip variations: walk the main line only.
    main_line: bool,
    /// The last move token and the piece written apart after it, joined, when it has one.
    glued: String,
}

impl<'a, N: Notation + ?Sized> TokenCursor<'a, N> {
    /// A cursor over every step of `game`'s movetext, variations included, read as
    /// `notation` reads it.
    #[must_use]
    pub fn new(game: &'a RawGame, notation: &'a N) -> TokenCursor<'a, N> {
        TokenCursor {
            game,
            notation,
            events: &game.events,
            next: 0,
            main_line: false,
            glued: String::new(),
        }
    }

    /// A cursor over the main line of `game`: variations, and all they hold, are skipped.
    #[must_use]
    pub fn main_line(game: &'a RawGame, notation: &'a N) -> TokenCursor<'a, N> {
        TokenCursor {
            main_line: true,
            ..TokenCursor::new(game, notation)
        }
    }

    /// The next step; `None` at the end of the movetext.
    #[expect(
        clippy::should_implement_trait,
        reason = "a move's text borrows the cursor (`text`), which an Iterator cannot lend"
    )]
    pub fn next(&mut self) -> Option<Step<'a>> {
        /// Keeps one step and stops: `walk` holds the one definition of what each event means.
        struct One<'a>(Option<Step<'a>>);
        impl<'a, N: ?Sized> Visit<'a, N> for One<'a> {
            type Break = ();
            #[inline(always)]
            fn step(&mut self, _: &mut TokenCursor<'a, N>, step: Step<'a>) -> ControlFlow<()> {
                self.0 = Some(step);
                ControlFlow::Break(())
            }
        }
        let mut one = One(None);
        let _ = self.walk(&mut one);
        one.0
    }

    /// Walks the steps left, handing each to `visit` with the cursor (for
    /// [`TokenCursor::text`] and [`TokenCursor::take_draw_offer`]), until `visit` breaks or
    /// the movetext ends.
    ///
    /// The hot loop of every replay: `visit` is called in each arm of the one match over the
    /// stored events, so once it is inlined each arm knows its step and nothing is matched
    /// twice (callgrind counted 7% more instructions for a conversion when the step was
    /// returned and matched again).
    ///
    /// # Examples
    ///
    /// ```
    /// use std::ops::ControlFlow;
    /// use board_core::{Dialect, MoveError, Notation, Notes, RecordReader, Step, TokenCursor};
    ///
    /// struct Plain;
    ///
    /// impl Notation for Plain {
    ///     type Position = ();
    ///     type Move = ();
    ///     fn name(&self) -> &'static str {
    ///         "plain"
    ///     }
    ///     fn parse(&self, _: &(), _: &str, _: &mut Notes) -> Result<(), MoveError> {
    ///         Ok(())
    ///     }
    ///     fn format(&self, _: &(), _: &(), _: &mut String) {}
    /// }
    ///
    /// let game = RecordReader::new(&b"1. e4 {good} e5 2. Nf3 *"[..], Dialect::pgn())
    ///     .next()
    ///     .unwrap()
    ///     .unwrap();
    /// let mut moves = 0;
    /// let flow = TokenCursor::new(&game, &Plain).walk(&mut |_: &mut _, step| match step {
    ///     Step::Move(_) => {
    ///         moves += 1;
    ///         ControlFlow::Continue(())
    ///     }
    ///     Step::Comment(comment) => ControlFlow::Break(comment.text.to_owned()),
    ///     _ => ControlFlow::Continue(()),
    /// });
    /// assert_eq!((moves, flow), (1, ControlFlow::Break("good".to_owned())));
    /// ```
    #[inline(always)]
    pub fn walk<V: Visit<'a, N> + ?Sized>(&mut self, visit: &mut V) -> ControlFlow<V::Break> {
        // Matched by reference: each arm loads only its own fields, not all 24 bytes of every
        // event (move numbers, a third of a file with clocks, load none).
        while let Some(event) = self.events.get(self.next) {
            self.next += 1;
            match *event {
                Ev::MoveNumber { .. } => {}
                Ev::Move(token) => {
                    let token = self.move_token(token);
                    visit.step(self, Step::Move(token))?;
                }
                Ev::Nag(value, span) => visit.step(self, Step::Nag(NagToken { value, span }))?,
                Ev::Comment { .. } if !visit.reads_comments() => {}
                Ev::Comment { span, kind } => {
                    let comment = Comment {
                        text: slice(self.game, Ev::comment_text(span, kind)),
                        span,
                        kind,
                    };
                    visit.step(self, Step::Comment(comment))?;
                }
                Ev::Start(_) if self.main_line => self.skip_variation(),
                Ev::Start(span) => visit.step(self, Step::StartVariation(span))?,
                // A `)` that closes nothing: the main line goes on past it.
                Ev::End(_) if self.main_line => {}
                Ev::End(span) => visit.step(self, Step::EndVariation(span))?,
            }
        }
        ControlFlow::Continue(())
    }

    /// The text of a move token as the notation reads it: the token, or the token and the
    /// piece written apart, joined without the space (`exf6e.p.`).
    #[must_use]
    #[inline]
    pub fn text<'t>(&'t self, token: &MoveToken<'t>) -> &'t str {
        match token.apart {
            Some(_) => &self.glued,
            None => slice(self.game, token.token),
        }
    }

    /// The bytes of a move token as the notation reads it ([`TokenCursor::text`]'s), for
    /// [`Notation::parse_bytes`].
    #[must_use]
    #[inline]
    pub fn bytes<'t>(&'t self, token: &MoveToken<'t>) -> &'t [u8] {
        match token.apart {
            Some(_) => self.glued.as_bytes(),
            None => token.bytes,
        }
    }

    /// Takes the `{(=)}` comment right after the move just read, the draw offer of notations
    /// that have no sign for it, if it is there.
    // Always inlined: the replay asks after every move, and as a call it cost 17 instructions
    // a move for an answer that is nearly always no.
    #[inline(always)]
    pub fn take_draw_offer(&mut self) -> bool {
        if let Some(&Ev::Comment { span, kind }) = self.events.get(self.next)
            && let text = Ev::comment_text(span, kind)
            // The bytes first, with no test of character boundaries: a clock comment after
            // every move is ruled out by its first byte past the white space.
            && may_be_draw_offer(self.game.text.as_bytes().get(text.range()).unwrap_or_default())
            && is_draw_offer(slice(self.game, text))
        {
            self.next += 1;
            return true;
        }
        false
    }

    /// The events not walked yet.
    pub(crate) fn rest(&self) -> &'a [Ev] {
        self.events.get(self.next..).unwrap_or_default()
    }

    /// The game walked.
    #[must_use]
    pub fn game(&self) -> &'a RawGame {
        self.game
    }

    /// Reads the piece written apart after `token`, if the notation says it belongs to it.
    #[inline(always)]
    fn move_token(&mut self, token: Span) -> MoveToken<'a> {
        let bytes = self
            .game
            .text
            .as_bytes()
            .get(token.range())
            .unwrap_or_default();
        // The text is sliced for `continues` alone, which a notation that never continues a
        // token (the default, inlined) does not read: then it is not sliced at all.
        let apart = match self.events.get(self.next) {
            Some(&Ev::Move(span))
                if self.glues(span) || self.notation.continues(slice(self.game, token)) =>
            {
                Some(span)
            }
            Some(&Ev::MoveNumber { span, .. })
                if self.notation.continues(slice(self.game, token)) =>
            {
                Some(span)
            }
            _ => None,
        };
        let apart = apart.map(|span| self.join(token, span));
        MoveToken {
            token,
            bytes,
            apart,
        }
    }

    /// Joins the move token at `token` and the piece written apart at `span` in `glued`, and
    /// steps past that piece; then the tokens after it while the text so far cannot end a move
    /// ([`Notation::continues_glued`]: `e2` `-` `e4`). Gives the span of what was joined to the
    /// token. Out of line: few files write one.
    #[cold]
    #[inline(never)]
    fn join(&mut self, token: Span, span: Span) -> Span {
        self.next += 1;
        self.glued.clear();
        self.glued.push_str(slice(self.game, token));
        self.glued.push_str(slice(self.game, span));
        let mut joined = span;
        while self.notation.continues_glued(&self.glued)
            && let Some(&Ev::Move(rest)) = self.events.get(self.next)
        {
            self.next += 1;
            self.glued.push_str(slice(self.game, rest));
            joined = Span::new(joined.start, rest.end);
        }
        joined
    }

    /// Whether the notation glues the move token at `span` to the one before it: asked on its
    /// bytes first ([`Notation::may_glue`]), as every move followed by another asks.
    #[inline(always)]
    fn glues(&self, span: Span) -> bool {
        self.game
            .text
            .as_bytes()
            .get(span.range())
            .is_some_and(|next| self.notation.may_glue(next))
            && self.notation.glues(slice(self.game, span))
    }

    /// Skips the rest of a variation whose `(` was just read, nested ones included; an
    /// unclosed one runs to the end.
    fn skip_variation(&mut self) {
        let mut depth = 1usize;
        while let Some(&event) = self.events.get(self.next) {
            self.next += 1;
            match event {
                Ev::Start(_) => depth += 1,
                Ev::End(_) => {
                    depth -= 1;
                    if depth == 0 {
                        return;
                    }
                }
                _ => {}
            }
        }
    }
}

/// Whether a comment's `text` is [`DRAW_OFFER_COMMENT`] with white space around it. Nearly every
/// comment is told apart by its first byte after ASCII white space, before any Unicode
/// trimming: a clock after every move (`[%clk 0:02:57]`) made `str::trim` 40 instructions a
/// comment. Unicode white space starts with a byte of 0x80 and up, and `trim_ascii_start`
/// leaves the vertical tab, which `trim` takes: those go the long way.
#[inline(always)]
fn is_draw_offer(text: &str) -> bool {
    may_be_draw_offer(text.as_bytes()) && text.trim() == DRAW_OFFER_COMMENT
}

/// Whether a comment's bytes may be a draw offer, by the first byte after ASCII white space
/// (see [`is_draw_offer`]).
#[inline(always)]
fn may_be_draw_offer(bytes: &[u8]) -> bool {
    matches!(bytes.trim_ascii_start().first(), Some(b'(' | 0x0B | 0x80..))
}

/// [`RawGame::slice`], inlined: the cursor slices every token of every game.
#[inline(always)]
fn slice(game: &RawGame, span: Span) -> &str {
    game.text.get(span.range()).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The quick test answers as `trim` would, on every kind of white space around the offer.
    #[test]
    fn draw_offers_are_found_as_trim_finds_them() {
        let cases = [
            "(=)",
            " (=) ",
            "\t\n(=)\r\n",
            "\u{0B}(=)",
            "\u{A0}(=)\u{A0}",
            "\u{2003}(=)",
            "\u{3000} (=)",
            "[%clk 0:02:57]",
            "(=",
            "( =)",
            "",
            "   ",
            "\u{0B}",
            "é(=)",
            "(=) x",
        ];
        for text in cases {
            assert_eq!(
                is_draw_offer(text),
                text.trim() == DRAW_OFFER_COMMENT,
                "{text:?}"
            );
        }
        assert!(is_draw_offer("\u{0B}\u{A0} (=)\u{0B}"));
        assert!(!is_draw_offer("[%clk 0:02:57]"));
    }
}
