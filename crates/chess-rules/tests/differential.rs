//! Differential tests against shakmaty: random legal play from the standard start, from the tricky
//! perft positions of `../shared/corpus/perft/` and from Chess960 starts, comparing at every ply
//! the legal moves, check, mate, stalemate, insufficient material and FEN; then FEN errors and
//! hand-picked edge positions.

use std::collections::{BTreeMap, HashMap};
use std::time::Instant;

use chess_rules::{Color, FenError, FenField, Move, Position, Role, perft};
use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;
use shakmaty::zobrist::Zobrist64;
use shakmaty::{CastlingMode, Chess, EnPassantMode, Position as _};
use testkit::Rng;
use testkit::chess::perft_fens;

/// A move as both libraries can spell it: origin, destination (the rook's square for castling)
/// and promotion letter, `0` for none. Sorting tuples is much cheaper than sorting strings.
type Key = (u8, u8, u8);

fn uci(key: Key) -> String {
    let name = |sq: u8| format!("{}{}", char::from(b'a' + sq % 8), sq / 8 + 1);
    let promotion = if key.2 == 0 {
        String::new()
    } else {
        char::from(key.2).to_string()
    };
    format!("{}{}{promotion}", name(key.0), name(key.1))
}

/// Our move in Chess960 UCI form; built by hand because `Display` writes castling as the king's
/// destination.
fn our_key(mv: Move) -> Key {
    (
        mv.from().to_u32() as u8,
        mv.to().to_u32() as u8,
        mv.promotion_role().map_or(0, |r| r.char() as u8),
    )
}

fn their_key(mv: shakmaty::Move) -> Key {
    match mv.to_uci(CastlingMode::Chess960) {
        UciMove::Normal {
            from,
            to,
            promotion,
        } => (
            from.to_u32() as u8,
            to.to_u32() as u8,
            promotion.map_or(0, |r| r.char() as u8),
        ),
        other => panic!("shakmaty generated {other}"),
    }
}

/// Discrepancies by kind, a few examples of each, so one run shows every kind of bug at once;
/// and the Zobrist hashes seen, ours against shakmaty's, to check that both call the same
/// positions the same (FIDE 9.2.3: same pieces, side to move, castling rights and en passant).
#[derive(Default)]
struct Findings {
    by_kind: BTreeMap<&'static str, (usize, Vec<String>)>,
    ours_to_theirs: HashMap<u64, (u64, String)>,
    theirs_to_ours: HashMap<u64, (u64, String)>,
    /// How often the rare cases came up, to show the random play reaches them.
    seen: BTreeMap<&'static str, usize>,
}

impl Findings {
    fn record(&mut self, kind: &'static str, detail: String) {
        let entry = self.by_kind.entry(kind).or_default();
        entry.0 += 1;
        if entry.1.len() < 3 {
            entry.1.push(detail);
        }
    }

    fn same_position_same_hash(&mut self, ours: u64, theirs: u64, fen: &str) {
        let seen = self
            .ours_to_theirs
            .entry(ours)
            .or_insert((theirs, fen.to_owned()));
        if seen.0 != theirs {
            let detail = format!("{fen} and {}: same to us, not to shakmaty", seen.1);
            self.record("zobrist equality", detail);
        }
        let seen = self
            .theirs_to_ours
            .entry(theirs)
            .or_insert((ours, fen.to_owned()));
        if seen.0 != ours {
            let detail = format!("{fen} and {}: same to shakmaty, not to us", seen.1);
            self.record("zobrist equality", detail);
        }
    }

    fn saw(&mut self, case: &'static str) {
        *self.seen.entry(case).or_default() += 1;
    }

    fn assert_none(&self) {
        if self.by_kind.is_empty() {
            return;
        }
        let mut report = String::new();
        for (kind, (count, examples)) in &self.by_kind {
            report.push_str(&format!("\n{kind}: {count} positions"));
            for example in examples {
                report.push_str(&format!("\n    {example}"));
            }
        }
        panic!("ours and shakmaty disagree:{report}");
    }
}

fn shakmaty_from_fen(fen: &str, mode: CastlingMode) -> Option<Chess> {
    let fen: Fen = fen.parse().ok()?;
    // A few corpus positions have more queens than promotions allow, or checks no legal move
    // can give; the rules still apply, and we accept them too.
    fen.into_position(mode)
        .or_else(shakmaty::PositionError::ignore_too_much_material)
        .or_else(shakmaty::PositionError::ignore_impossible_check)
        .ok()
}

fn shakmaty_fen(pos: &Chess) -> String {
    Fen::from_position(pos, EnPassantMode::Legal).to_string()
}

/// Compares one position and returns the legal moves of both sides, matched by key, or `None`
/// when the move lists differ (the game cannot go on in step).
fn compare(
    ours: &Position,
    theirs: &Chess,
    context: &str,
    findings: &mut Findings,
) -> Option<Vec<(Key, Move, shakmaty::Move)>> {
    let fen = ours.to_fen();
    let mut our_moves: Vec<(Key, Move)> = ours
        .legal_moves()
        .into_iter()
        .map(|m| (our_key(m), m))
        .collect();
    let mut their_moves: Vec<(Key, shakmaty::Move)> = theirs
        .legal_moves()
        .into_iter()
        .map(|m| (their_key(m), m))
        .collect();
    our_moves.sort_unstable_by_key(|m| m.0);
    their_moves.sort_unstable_by_key(|m| m.0);

    let mut flag = |kind, ok: bool, detail: &dyn Fn() -> String| {
        if !ok {
            findings.record(kind, format!("{fen} ({context}): {}", detail()));
        }
    };
    flag("is_check", ours.is_check() == theirs.is_check(), &|| {
        format!("ours {}", ours.is_check())
    });
    flag(
        "is_checkmate",
        ours.is_checkmate() == theirs.is_checkmate(),
        &|| format!("ours {}", ours.is_checkmate()),
    );
    flag(
        "is_stalemate",
        ours.is_stalemate() == theirs.is_stalemate(),
        &|| format!("ours {}", ours.is_stalemate()),
    );
    flag(
        "is_insufficient_material",
        ours.is_insufficient_material() == theirs.is_insufficient_material(),
        &|| format!("ours {}", ours.is_insufficient_material()),
    );
    for color in Color::ALL {
        let theirs_color = if color.is_white() {
            shakmaty::Color::White
        } else {
            shakmaty::Color::Black
        };
        flag(
            "has_insufficient_material",
            ours.has_insufficient_material(color) == theirs.has_insufficient_material(theirs_color),
            &|| format!("{color}: ours {}", ours.has_insufficient_material(color)),
        );
    }
    // The origins the SAN reader takes (`Position::legal_origins`): for every piece and every
    // square, the squares shakmaty's legal moves of that piece onto it start from.
    for role in Role::ALL {
        let mut expected = [0u64; 64];
        for (_, mv) in &their_moves {
            if !mv.is_castle() && mv.role() as usize - 1 == role as usize {
                expected[mv.to() as usize] |= 1 << mv.from().map_or(0, |sq| sq as u32);
            }
        }
        for to in chess_rules::Square::all() {
            let found = ours.legal_origins(role, chess_rules::Bitboard::FULL, to).0;
            flag("legal_origins", found == expected[to.to_usize()], &|| {
                format!(
                    "{role:?} to {to}: ours {found:#x}, shakmaty's moves {:#x}",
                    expected[to.to_usize()]
                )
            });
        }
    }

    let their_fen = shakmaty_fen(theirs);
    flag("to_fen", fen == their_fen, &|| {
        format!("shakmaty {their_fen}")
    });
    flag(
        "castling rights",
        ours.castling_rights().0 == u64::from(theirs.castles().castling_rights()),
        &|| {
            format!(
                "ours {:#x}, shakmaty {:#x}",
                ours.castling_rights().0,
                u64::from(theirs.castles().castling_rights())
            )
        },
    );
    flag(
        "legal_ep_square",
        ours.legal_ep_square().map(|s| s.to_u32()) == theirs.legal_ep_square().map(|s| s.to_u32()),
        &|| format!("ours {:?}", ours.legal_ep_square()),
    );
    match Position::from_fen(&fen) {
        Ok(again) => {
            flag("from_fen(to_fen) == position", again == *ours, &|| {
                format!(
                    "en-passant square ours {:?}, reparsed {:?}",
                    ours.legal_ep_square(),
                    again.legal_ep_square()
                )
            });
            flag(
                "zobrist survives FEN round trip",
                again.zobrist() == ours.zobrist(),
                &String::new,
            );
        }
        Err(e) => flag("from_fen(to_fen) refused", false, &|| e.to_string()),
    }

    let their_hash: Zobrist64 = theirs.zobrist_hash(EnPassantMode::Legal);
    findings.same_position_same_hash(ours.zobrist(), their_hash.0, &fen);

    let our_keys: Vec<Key> = our_moves.iter().map(|m| m.0).collect();
    let their_keys: Vec<Key> = their_moves.iter().map(|m| m.0).collect();
    if our_keys != their_keys {
        let missing: Vec<String> = their_keys
            .iter()
            .filter(|k| !our_keys.contains(k))
            .map(|k| uci(*k))
            .collect();
        let extra: Vec<String> = our_keys
            .iter()
            .filter(|k| !their_keys.contains(k))
            .map(|k| uci(*k))
            .collect();
        findings.record(
            "legal moves",
            format!("{fen} ({context}): missing {missing:?}, extra {extra:?}"),
        );
        return None;
    }
    Some(
        our_moves
            .into_iter()
            .zip(their_moves)
            .map(|((key, ours), (_, theirs))| (key, ours, theirs))
            .collect(),
    )
}

/// Random legal play from `start`; returns the number of positions compared.
fn random_games(
    start: &str,
    mode: CastlingMode,
    plies: usize,
    rng: &mut Rng,
    findings: &mut Findings,
) -> usize {
    let ours_start: Position = start
        .parse()
        .unwrap_or_else(|e| panic!("ours refuses {start}: {e}"));
    let Some(theirs_start) = shakmaty_from_fen(start, mode) else {
        panic!("shakmaty refuses {start}");
    };
    let mut ours = ours_start;
    let mut theirs = theirs_start.clone();
    let mut context = String::from("start");
    let mut game_plies = 0;
    let mut compared = 0;
    while compared < plies {
        compared += 1;
        let moves = compare(&ours, &theirs, &context, findings);
        match &moves {
            Some(m) if m.is_empty() && ours.is_check() => findings.saw("checkmate"),
            Some(m) if m.is_empty() => findings.saw("stalemate"),
            _ if ours.is_insufficient_material() => findings.saw("insufficient material"),
            _ => {}
        }
        let over = game_plies >= 300 || ours.is_insufficient_material();
        let Some(moves) = moves.filter(|m| !m.is_empty() && !over) else {
            ours = ours_start;
            theirs = theirs_start.clone();
            context = String::from("start");
            game_plies = 0;
            continue;
        };
        // Favour captures, pawn moves and castling one move in three, so that games reach
        // en passant, promotion, castling and the endgame more often than uniform play does.
        let forcing: Vec<usize> = (0..moves.len())
            .filter(|&i| {
                let mv = moves[i].1;
                ours.is_capture(mv) || mv.role() == Role::Pawn || mv.is_castle()
            })
            .collect();
        let pick = if !forcing.is_empty() && rng.below(3) == 0 {
            forcing[rng.below(forcing.len())]
        } else {
            rng.below(moves.len())
        };
        let (key, our_move, their_move) = moves[pick];
        if our_move.is_castle() {
            findings.saw("castling");
        } else if our_move.is_en_passant() {
            findings.saw("en passant");
        } else if our_move.promotion_role().is_some() {
            findings.saw("promotion");
        }
        let before = ours;
        ours.play_unchecked(our_move);
        theirs.play_unchecked(their_move);
        if before.play(our_move) != Ok(ours) {
            findings.record(
                "play != play_unchecked",
                format!("{} {}", before.to_fen(), uci(key)),
            );
        }
        context = format!("after {} {}", before.to_fen(), uci(key));
        game_plies += 1;
    }
    compared
}

/// The Chess960 start numbered `n` (0..960) in Scharnagl's scheme; 518 is the standard start.
fn chess960_start(n: usize) -> String {
    let mut back = [None::<char>; 8];
    let mut n = n;
    back[2 * (n % 4) + 1] = Some('b');
    n /= 4;
    back[2 * (n % 4)] = Some('b');
    n /= 4;
    let place = |back: &mut [Option<char>; 8], nth: usize, piece: char| {
        let file = (0..8).filter(|f| back[*f].is_none()).nth(nth).unwrap();
        back[file] = Some(piece);
    };
    place(&mut back, n % 6, 'q');
    n /= 6;
    let knights = [
        (0, 1),
        (0, 2),
        (0, 3),
        (0, 4),
        (1, 2),
        (1, 3),
        (1, 4),
        (2, 3),
        (2, 4),
        (3, 4),
    ];
    let (a, b) = knights[n];
    // The second knight's index counts the empty squares before the first knight is placed.
    place(&mut back, b, 'n');
    place(&mut back, a, 'n');
    for piece in ['r', 'k', 'r'] {
        place(&mut back, 0, piece);
    }
    let black: String = back.iter().map(|p| p.unwrap()).collect();
    let rooks: Vec<char> = (0..8)
        .filter(|f| back[*f] == Some('r'))
        .map(|f| char::from(b'a' + f as u8))
        .collect();
    let white_rights: String = rooks.iter().rev().map(char::to_ascii_uppercase).collect();
    let black_rights: String = rooks.iter().rev().collect();
    format!(
        "{black}/pppppppp/8/8/8/8/PPPPPPPP/{} w {white_rights}{black_rights} - 0 1",
        black.to_ascii_uppercase()
    )
}

#[test]
fn chess960_start_numbering() {
    assert_eq!(
        chess960_start(518),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1"
    );
    assert_eq!(
        chess960_start(0),
        "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1"
    );
}

/// Positions written here, so that the comparison has some variety without the shared corpus.
const WRITTEN: [&str; 6] = [
    // Kiwipete.
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    // Promotions on both sides.
    "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
    // En passant along a rank with both kings exposed.
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    // Pawn races.
    "4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1",
    // Minor pieces only, for the insufficient-material rules.
    "4k3/2b1n3/8/8/8/8/3BN3/4K3 w - - 0 1",
    // Castling rights with rooks that can be captured.
    "r3k2r/8/8/3q4/3Q4/8/8/R3K2R w KQkq - 0 1",
];

#[test]
fn random_play_agrees_with_shakmaty() {
    let started = Instant::now();
    let mut findings = Findings::default();
    let mut rng = Rng::new(0x5C0E_5EE7);
    let mut compared = 0;

    let standard = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    compared += random_games(
        standard,
        CastlingMode::Standard,
        120_000,
        &mut rng,
        &mut findings,
    );
    for fen in WRITTEN {
        compared += random_games(fen, CastlingMode::Standard, 8_000, &mut rng, &mut findings);
    }

    if let Some(fens) = perft_fens("tricky.perft") {
        for fen in &fens {
            let mode = if shakmaty_from_fen(fen, CastlingMode::Standard).is_some() {
                CastlingMode::Standard
            } else {
                CastlingMode::Chess960
            };
            compared += random_games(fen, mode, 4_000, &mut rng, &mut findings);
        }
    }

    // Chess960 starts: some written here, a handful from the corpus.
    for n in [0, 105, 226, 359, 434, 518, 601, 777, 959] {
        let fen = chess960_start(n);
        compared += random_games(&fen, CastlingMode::Chess960, 6_000, &mut rng, &mut findings);
    }
    if let Some(fens) = perft_fens("chess960.perft") {
        for fen in fens.iter().step_by(120) {
            compared += random_games(fen, CastlingMode::Chess960, 4_000, &mut rng, &mut findings);
        }
    }

    eprintln!(
        "compared {compared} positions with shakmaty in {:.1?}; seen {:?}",
        started.elapsed(),
        findings.seen
    );
    findings.assert_none();
    assert!(compared >= 200_000, "{compared}");
    for case in [
        "castling",
        "en passant",
        "promotion",
        "checkmate",
        "stalemate",
    ] {
        // Rare cases must have come up; en passant is the rarest (about 35 times from the
        // built-in starts alone, several hundred with the shared corpus's positions).
        assert!(
            findings.seen.get(case) > Some(&25),
            "{case}: {:?}",
            findings.seen
        );
    }
}

/// FENs that both libraries must refuse, with the field we blame.
const BAD_FENS: [(&str, FenField); 16] = [
    ("4k3/8/8/8/8/8/8/3KK3 w - - 0 1", FenField::Board),
    ("4k3/8/8/8/8/8/8/8 w - - 0 1", FenField::Board),
    ("4k2k/8/8/8/8/8/8/4K3 w - - 0 1", FenField::Board),
    ("P3k3/8/8/8/8/8/8/4K3 w - - 0 1", FenField::Board),
    ("4k3/8/8/8/8/8/8/p3K3 b - - 0 1", FenField::Board),
    ("4k3/8/8/8/8/8/8/4K3/8 w - - 0 1", FenField::Board),
    ("4k3/8/8/8/8/8/8/4K2 w - - 0 1", FenField::Board),
    ("4k3/8/8/8/8/8/8/4K3 x - - 0 1", FenField::Turn),
    // The side not to move is in check: White could take the king.
    ("4k3/8/8/8/8/8/8/4R1K1 w - - 0 1", FenField::Turn),
    ("4k3/8/8/8/8/8/8/4K3 w K - 0 1", FenField::Castling),
    ("4k3/8/8/8/8/8/4K3/7R w K - 0 1", FenField::Castling),
    // En passant on the wrong rank, without the pushed pawn, with the pushed pawn of the wrong
    // colour, on an occupied square, and with the pawn's origin occupied.
    ("4k3/8/8/8/4Pp2/8/8/4K3 b - e6 0 1", FenField::EnPassant),
    ("4k3/8/8/8/5p2/8/8/4K3 b - e3 0 1", FenField::EnPassant),
    ("4k3/8/8/8/4pp2/8/8/4K3 b - e3 0 1", FenField::EnPassant),
    ("4k3/8/8/8/4Pp2/4N3/8/4K3 b - e3 0 1", FenField::EnPassant),
    ("4k3/8/8/8/4Pp2/8/4N3/4K3 b - e3 0 1", FenField::EnPassant),
];

#[test]
fn both_refuse_impossible_fens() {
    for (fen, field) in BAD_FENS {
        let ours = Position::from_fen(fen);
        assert_eq!(
            ours.as_ref().err().map(FenError::field),
            Some(field),
            "{fen}: {ours:?}"
        );
        for mode in [CastlingMode::Standard, CastlingMode::Chess960] {
            let accepted = fen
                .parse::<Fen>()
                .is_ok_and(|f| f.into_position::<Chess>(mode).is_ok());
            assert!(!accepted, "shakmaty accepts {fen} ({mode:?})");
        }
    }
}

#[test]
fn both_accept_en_passant_square_without_a_capturer() {
    // The push happened, but no pawn can take: both keep the position and write `-`.
    let fen = "4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1";
    let ours: Position = fen.parse().unwrap();
    let theirs = shakmaty_from_fen(fen, CastlingMode::Standard).unwrap();
    assert_eq!(ours.to_fen(), shakmaty_fen(&theirs));
    assert_eq!(ours.to_fen(), "4k3/8/8/8/4P3/8/8/4K3 b - - 0 1");
}

/// An edge position: FEN, castling mode, moves that must be legal and moves that must not (Chess960
/// UCI, castling as king square then rook square).
type Edge = (
    &'static str,
    CastlingMode,
    &'static [&'static str],
    &'static [&'static str],
);

/// Edge positions: legal moves compared at the root, and perft to depth 3 against shakmaty's.
const EDGES: [Edge; 12] = [
    // En passant would expose the king along the rank: not legal.
    (
        "8/8/8/8/k2Pp2Q/8/8/3K4 b - d3 0 1",
        CastlingMode::Standard,
        &["e4e3"],
        &["e4d3"],
    ),
    // En passant takes the checking pawn.
    (
        "8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1",
        CastlingMode::Standard,
        &["e4d3", "c5d4"],
        &["e4e3"],
    ),
    // Double check by knight and rook: only the king moves, the queen may not take.
    (
        "4k3/8/8/8/8/3n4/7Q/4K2r w - - 0 1",
        CastlingMode::Standard,
        &["e1e2"],
        &["h2h1", "e1f1"],
    ),
    // f1 attacked: no O-O; O-O-O stays legal.
    (
        "4kr2/8/8/8/8/8/8/R3K2R w KQ - 0 1",
        CastlingMode::Standard,
        &["e1a1"],
        &["e1h1"],
    ),
    // Only b1 attacked: the king does not cross it, O-O-O is legal.
    (
        "1r2k3/8/8/8/8/8/8/R3K2R w KQ - 0 1",
        CastlingMode::Standard,
        &["e1a1", "e1h1"],
        &[],
    ),
    // Castling out of check is not.
    (
        "4k3/8/8/8/8/8/4r3/R3K2R w KQ - 0 1",
        CastlingMode::Standard,
        &["e1e2"],
        &["e1a1", "e1h1"],
    ),
    // Chess960, king already on g1: O-O moves only the rook; O-O-O crosses to c1.
    (
        "r5kr/8/8/8/8/8/8/R5KR w HAha - 0 1",
        CastlingMode::Chess960,
        &["g1h1", "g1a1"],
        &[],
    ),
    (
        "r5kr/8/8/8/8/8/8/R5KR b HAha - 0 1",
        CastlingMode::Chess960,
        &["g8h8", "g8a8"],
        &[],
    ),
    // Chess960: the castling rook on b1 shields c1 from the queen on a1; once it goes to d1 the
    // king on c1 would stand in check.
    (
        "4k3/8/8/8/8/8/8/qR1K4 w B - 0 1",
        CastlingMode::Chess960,
        &["b1c1"],
        &["d1b1"],
    ),
    // The same on the king side: the rook on g1 shields it from h1.
    (
        "4k3/8/8/8/8/8/8/3K2Rq w G - 0 1",
        CastlingMode::Chess960,
        &["g1f1"],
        &["d1g1"],
    ),
    // Chess960: king and rook swap squares.
    (
        "1k6/8/8/8/8/8/8/5KR1 w G - 0 1",
        CastlingMode::Chess960,
        &["f1g1"],
        &[],
    ),
    // Promotions with capture and check.
    (
        "1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1",
        CastlingMode::Standard,
        &["a7b8n", "a7a8q"],
        &[],
    ),
];

#[test]
fn edge_positions_agree_with_shakmaty() {
    let mut findings = Findings::default();
    for (fen, mode, legal, illegal) in EDGES {
        let ours: Position = fen.parse().unwrap_or_else(|e| panic!("{fen}: {e}"));
        let theirs = shakmaty_from_fen(fen, mode).unwrap_or_else(|| panic!("shakmaty: {fen}"));
        compare(&ours, &theirs, "edge", &mut findings);
        let moves: Vec<String> = ours
            .legal_moves()
            .into_iter()
            .map(|m| uci(our_key(m)))
            .collect();
        for mv in legal {
            assert!(
                moves.iter().any(|m| m == mv),
                "{fen}: {mv} missing from {moves:?}"
            );
        }
        for mv in illegal {
            assert!(!moves.iter().any(|m| m == mv), "{fen}: {mv} in {moves:?}");
        }
        for depth in 1..=3 {
            assert_eq!(
                perft(&ours, depth),
                shakmaty::perft(&theirs, depth),
                "{fen} depth {depth}"
            );
        }
    }
    findings.assert_none();
}

#[test]
fn fen_round_trip_with_a_pinned_en_passant_pawn() {
    // e4xd3 would expose the black king on a4 to the queen on h4, so no en passant is possible
    // and the FEN rightly drops the square; reading that FEN back must give the same position.
    let pos: Position = "8/8/8/8/k2Pp2Q/8/8/3K4 b - d3 0 1".parse().unwrap();
    assert_eq!(pos.to_fen(), "8/8/8/8/k2Pp2Q/8/8/3K4 b - - 0 1");
    assert_eq!(Position::from_fen(&pos.to_fen()), Ok(pos));
}

/// The start position is written out bit by bit; it must be the one the FEN and shakmaty give.
#[test]
fn the_spelled_out_start_is_the_standard_start() {
    let start = Position::new();
    let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    assert_eq!(start, fen.parse::<Position>().unwrap());
    assert_eq!(start.to_string(), shakmaty_fen(&Chess::default()));
    assert_eq!(start.legal_moves().len(), 20);
}
