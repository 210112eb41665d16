//! Writing: the shortest token in a house style that names the move and no other.

use chess_rules::{CastlingSide, Move, MoveList, Role, Square};

use crate::DescriptivePosition;
use crate::names::{ALL, Language, SquareSet, file_role, relative_rank, short_files};
use crate::parser::{Body, Mark, PieceMove, Target, Who};
use crate::resolve::{names_only, victim_square};

/// How a writer spells descriptive notation: the house style of a book.
///
/// Whatever the style, a written token has no spaces, marks every check, and reads back as
/// the move it was written for and no other, without relying on the check sign to choose.
///
/// # Examples
///
/// ```
/// use board_core::Notation;
/// use notation_descriptive::{Descriptive, DescriptivePosition, Style};
///
/// let pos = DescriptivePosition::new();
/// let mut notes = Default::default();
/// let mv = Descriptive::MODERN.parse(&pos, "N-KB3", &mut notes).unwrap();
/// assert_eq!(Descriptive::new(Style::OLD).to_text(&pos, &mv), "Kt-KB3");
/// assert_eq!(Descriptive::FRENCH.to_text(&pos, &mv), "C-FR3");
/// assert_eq!(Descriptive::FRENCH_FIDE.to_text(&pos, &mv), "C3FR");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Style {
    /// The language of piece and file letters.
    pub language: &'static Language,
    /// The knight as written: English `N` (modern) or `Kt` (old), French `C`.
    pub knight: &'static str,
    /// Short file names where they suffice (`B-N5` for `B-QN5`); without, always full names.
    pub short_files: bool,
    /// The first rank written `sq` (`R-Ksq`), as nineteenth-century books do.
    pub first_rank_sq: bool,
    /// The rank before the file and no dash (`P4R`, `C3FR`): the older French FIDE form.
    pub rank_first: bool,
    /// The capture sign: `x`, `×` or `:`.
    pub capture: &'static str,
    /// The check sign: `ch` or `+`.
    pub check: &'static str,
    /// The mate sign: `mate` or `#`.
    pub mate: &'static str,
}

impl Style {
    /// Modern English books: `N-KB3`, `BxN`, `R-B5ch`, `O-O`, `P-K8=Q`.
    pub const MODERN: Style = Style {
        language: &Language::ENGLISH,
        knight: "N",
        short_files: true,
        first_rank_sq: false,
        rank_first: false,
        capture: "x",
        check: "ch",
        mate: "mate",
    };

    /// Older English books: `Kt-KB3`, `R-Ksq`, `KtxP`, `R-B5ch`.
    pub const OLD: Style = Style {
        knight: "Kt",
        first_rank_sq: true,
        ..Style::MODERN
    };

    /// French, in the form of the seed document: `P-R4`, `C-FR3`, `F-CD5`, `T×F`, full file
    /// names, `+` and `#`.
    pub const FRENCH: Style = Style {
        language: &Language::FRENCH,
        knight: "C",
        short_files: false,
        first_rank_sq: false,
        rank_first: false,
        capture: "×",
        check: "+",
        mate: "#",
    };

    /// The older French FIDE form, rank first: `P4R`, `D4FR`, `TD3FR`, `F:C`.
    pub const FRENCH_FIDE: Style = Style {
        rank_first: true,
        capture: ":",
        ..Style::FRENCH
    };

    fn role_letter(&self, role: Role, out: &mut String) {
        if role == Role::Knight {
            out.push_str(self.knight);
        } else {
            out.push(char::from(self.language.letter(role)));
        }
    }

    /// A file set that is one file or a short name's pair.
    fn file_name(&self, files: u8, out: &mut String) {
        let file = files.trailing_zeros() as usize;
        let role = file_role(file);
        let single = files.count_ones() == 1 && !matches!(file, 3 | 4);
        let wing = char::from(self.language.wing_letter(crate::Wing::of_file(file)));
        if self.language.noun_first {
            self.role_letter(role, out);
            if single {
                out.push(wing);
            }
        } else {
            if single {
                out.push(wing);
            }
            self.role_letter(role, out);
        }
    }

    fn rank_name(&self, ranks: u8, out: &mut String) {
        let rank = ranks.trailing_zeros();
        if rank == 0 && self.first_rank_sq {
            out.push_str("sq");
        } else {
            out.push(char::from(b'1' + rank as u8));
        }
    }

    fn square(&self, set: SquareSet, out: &mut String) {
        if self.rank_first {
            if set.ranks != ALL {
                self.rank_name(set.ranks, out);
            }
            if set.files != ALL {
                self.file_name(set.files, out);
            }
        } else {
            if set.files != ALL {
                self.file_name(set.files, out);
            }
            if set.ranks != ALL {
                self.rank_name(set.ranks, out);
            }
        }
    }

    fn who(&self, who: Who, out: &mut String) {
        if who.role == Role::Pawn && who.files != ALL {
            let pawn = char::from(self.language.letter(Role::Pawn));
            if self.language.noun_first {
                out.push(pawn);
                self.file_name(who.files, out);
            } else {
                self.file_name(who.files, out);
                out.push(pawn);
            }
            return;
        }
        match who.wing {
            Some(wing) if self.language.noun_first => {
                self.role_letter(who.role, out);
                out.push(char::from(self.language.wing_letter(wing)));
            }
            Some(wing) => {
                out.push(char::from(self.language.wing_letter(wing)));
                self.role_letter(who.role, out);
            }
            None => self.role_letter(who.role, out),
        }
    }

    fn qualifier(&self, set: SquareSet, out: &mut String) {
        if !set.is_any() {
            out.push('/');
            self.square(set, out);
        }
    }

    fn piece_move(&self, m: &PieceMove, out: &mut String) {
        self.who(m.piece, out);
        self.qualifier(m.from, out);
        match m.target {
            Target::To(to) => {
                if !self.rank_first {
                    out.push('-');
                }
                self.square(to, out);
            }
            Target::Takes { victim, at } => {
                out.push_str(self.capture);
                if let Some(victim) = victim {
                    self.who(victim, out);
                }
                self.qualifier(at, out);
            }
        }
        if let Some(role) = m.promotion {
            out.push('=');
            self.role_letter(role, out);
        }
    }
}

/// The set of one square, with its file named in full or short.
fn square_set(sq: Square, pos: &DescriptivePosition, short: bool) -> SquareSet {
    let file = sq.file().to_usize();
    SquareSet {
        files: if short { short_files(file) } else { 1 << file },
        ranks: 1 << relative_rank(sq, pos.turn()),
    }
}

/// `true` if the file has a partner of the same name on the other wing (`B` is c and f).
fn has_pair(sq: Square) -> bool {
    !matches!(sq.file().to_usize(), 3 | 4)
}

/// The names a piece on `sq` may go by, shortest first.
fn names(pos: &DescriptivePosition, role: Role, sq: Square, style: &Style) -> [Option<Who>; 3] {
    let mut names = [Some(Who::role(role)), None, None];
    match role {
        Role::Pawn => {
            let file = sq.file().to_usize();
            if style.short_files && has_pair(sq) {
                names[1] = Some(Who {
                    files: short_files(file),
                    ..Who::role(role)
                });
            }
            names[2] = Some(Who {
                files: 1 << file,
                ..Who::role(role)
            });
        }
        Role::Rook | Role::Knight | Role::Bishop => {
            names[1] = pos.wing(sq).map(|wing| Who {
                wing: Some(wing),
                ..Who::role(role)
            });
        }
        Role::Queen | Role::King => {}
    }
    names
}

/// The squares a qualifier or destination may name, shortest first.
fn squares(
    pos: &DescriptivePosition,
    sq: Square,
    style: &Style,
    with_any: bool,
) -> [Option<SquareSet>; 4] {
    let short = (style.short_files && has_pair(sq)).then(|| square_set(sq, pos, true));
    let rank = (with_any && !style.rank_first).then(|| SquareSet {
        files: ALL,
        ranks: 1 << relative_rank(sq, pos.turn()),
    });
    [
        with_any.then_some(SquareSet::ANY),
        rank,
        short,
        Some(square_set(sq, pos, false)),
    ]
}

/// Appends the token of a legal move.
pub(crate) fn write(pos: &DescriptivePosition, mv: Move, style: &Style, out: &mut String) {
    let chess = pos.chess();
    let mut after = *chess;
    after.play_unchecked(mv);
    let mark = if after.is_checkmate() {
        Mark::Mate
    } else if after.is_check() {
        Mark::Check
    } else {
        Mark::None
    };
    if let Some(side) = mv.castling_side() {
        out.push_str(match side {
            CastlingSide::KingSide => "O-O",
            CastlingSide::QueenSide => "O-O-O",
        });
    } else {
        let legal = chess.legal_moves();
        let pattern = shortest(pos, &legal, mv, mark, style);
        style.piece_move(&pattern, out);
    }
    match mark {
        Mark::Mate => out.push_str(style.mate),
        Mark::None => {}
        _ => out.push_str(style.check),
    }
}

/// The shortest pattern that fits `mv` and no other legal move.
fn shortest(
    pos: &DescriptivePosition,
    legal: &MoveList,
    mv: Move,
    mark: Mark,
    style: &Style,
) -> PieceMove {
    let promotion = mv.promotion_role();
    let pieces = names(pos, mv.role(), mv.from(), style);
    let froms = squares(pos, mv.from(), style, true);
    // Targets: a destination, or a victim and the square it is taken on, shortest first.
    let mut targets: [Option<Target>; 9] = [None; 9];
    if let Some(taken) = pos.chess().captured(mv) {
        let victims = names(pos, taken, victim_square(mv), style);
        let ats = squares(pos, mv.to(), style, true);
        let ats = ats
            .into_iter()
            .flatten()
            .filter(|a| a.files != ALL || a.is_any());
        let all = victims.into_iter().flatten().flat_map(|victim| {
            ats.clone().map(move |at| Target::Takes {
                victim: Some(victim),
                at,
            })
        });
        for (slot, target) in targets.iter_mut().zip(all) {
            *slot = Some(target);
        }
    } else {
        let tos = squares(pos, mv.to(), style, false).into_iter().flatten();
        for (slot, to) in targets.iter_mut().zip(tos) {
            *slot = Some(Target::To(to));
        }
    }
    let unique = |pattern: &PieceMove| names_only(pos, legal, &Body::Piece(*pattern), mv, mark);
    // Each list starts with its shortest choice, so their first choices make the shortest
    // token of all: most moves need no more.
    let simplest = PieceMove {
        piece: pieces[0].unwrap_or(Who::role(mv.role())),
        from: SquareSet::ANY,
        target: targets[0].unwrap_or(Target::To(SquareSet::ANY)),
        promotion,
    };
    if unique(&simplest) {
        return simplest;
    }

    // Every combination, by length (stable: fewer qualifiers first at equal length). The
    // parts are measured apart: a token's length is the sum of its parts'.
    let mut scratch = String::new();
    let mut measure = |write: &dyn Fn(&mut String)| {
        scratch.clear();
        write(&mut scratch);
        scratch.len()
    };
    let piece_lens = pieces.map(|w| w.map(|w| measure(&|o| style.who(w, o))));
    let from_lens = froms.map(|s| s.map(|s| measure(&|o| style.qualifier(s, o))));
    let target_lens = targets.map(|t| {
        t.map(|target| {
            let probe = PieceMove {
                piece: Who::role(Role::King),
                from: SquareSet::ANY,
                target,
                promotion: None,
            };
            // Less the one letter of the king standing in for the piece.
            measure(&|o| style.piece_move(&probe, o)) - 1
        })
    });
    let mut candidates: [Option<(usize, PieceMove)>; 108] = [None; 108];
    let mut n = 0;
    for (piece, piece_len) in pieces.into_iter().zip(piece_lens) {
        let (Some(piece), Some(piece_len)) = (piece, piece_len) else {
            continue;
        };
        for (from, from_len) in froms.into_iter().zip(from_lens) {
            let (Some(from), Some(from_len)) = (from, from_len) else {
                continue;
            };
            for (target, target_len) in targets.into_iter().zip(target_lens) {
                let (Some(target), Some(target_len)) = (target, target_len) else {
                    continue;
                };
                let pattern = PieceMove {
                    piece,
                    from,
                    target,
                    promotion,
                };
                candidates[n] = Some((piece_len + from_len + target_len, pattern));
                n += 1;
            }
        }
    }
    let candidates = &mut candidates[..n];
    candidates.sort_by_key(|c| c.map_or(usize::MAX, |(len, _)| len));
    candidates
        .iter()
        .flatten()
        .map(|(_, pattern)| *pattern)
        .find(|pattern| unique(pattern))
        // A legal move's full origin square names it alone, so this is never needed.
        .unwrap_or(simplest)
}
