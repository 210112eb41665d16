//! Every example of the two French source documents, each test quoting the sentence it comes
//! from: `000` is "Pourquoi noter ses parties ?" (the scoresheet and the abridged algebraic
//! notation), `001` is "Notation Algébrique".

use board_core::{Dialect, Notation, Notes, RecordReader, read_move};
use chess_rules::{Color, Position, Role, Square};
use notation_en::{Algebraic, PieceLetters};
use notation_fr::{Conversion, French, ResultSpelling, clock_command, convert, read_header};

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

fn pos(fen: &str) -> Position {
    fen.parse().unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// What a token read as: the move in English SAN, the repairs, the draw offer.
#[derive(Debug)]
struct Read {
    english: String,
    repairs: Vec<String>,
    draw_offer: bool,
}

fn read_with(french: &French, fen: &str, token: &str) -> Read {
    let position = pos(fen);
    let mut notes = Notes::default();
    let mv = read_move(french, &position, token, &mut notes)
        .unwrap_or_else(|e| panic!("{token} in {fen}: {e}"));
    Read {
        english: Algebraic::ENGLISH.to_text(&position, &mv),
        repairs: notes.repairs.iter().map(|r| r.to_string()).collect(),
        draw_offer: notes.draw_offer,
    }
}

fn read(fen: &str, token: &str) -> Read {
    read_with(&French::STANDARD, fen, token)
}

/// `token` reads in `fen` as `english`, with no repair, and is what the French writer writes.
fn canonical(fen: &str, token: &str, english: &str) {
    let r = read(fen, token);
    assert_eq!(r.english, english, "{token} in {fen}");
    assert!(r.repairs.is_empty(), "{token}: {:?}", r.repairs);
    let position = pos(fen);
    let mv = Algebraic::ENGLISH
        .parse(&position, english, &mut Notes::default())
        .unwrap();
    assert_eq!(French::STANDARD.to_text(&position, &mv), token);
}

/// The French error for `token` in `fen`.
fn refused(fen: &str, token: &str) -> String {
    French::STANDARD
        .parse(&pos(fen), token, &mut Notes::default())
        .map(|mv| format!("read as {mv}"))
        .unwrap_or_else(|e| e.to_string())
}

/// Plays French tokens from the start and returns the position.
fn after(tokens: &[&str]) -> Position {
    let mut position = Position::new();
    for token in tokens {
        let mv = read_move(&French::STANDARD, &position, token, &mut Notes::default())
            .unwrap_or_else(|e| panic!("{token}: {e}"));
        position.play_unchecked(mv);
    }
    position
}

// ---- 000: « LA DESIGNATION DES PIECES » ----

/// « Les pièces sont désignées par leur initiale en majuscule. »
#[test]
fn piece_initials_are_capitals() {
    canonical(START, "Cc3", "Nc3");
    // A lower-case c is the c file: `cc3` is a pawn move.
    let pawn = read(START, "cc3");
    assert_eq!(pawn.english, "c3");
    assert_eq!(pawn.repairs, ["more disambiguation than needed"]);
    assert_eq!(
        refused(START, "tf1"),
        "\"tf1\" does not start with a piece letter or a file; piece letters are upper case (T)"
    );
}

/// « Les pions, sont eux identifiés par l'absence de lettre ! »
#[test]
fn pawns_have_no_letter() {
    canonical(START, "e4", "e4");
    // `P` (pion) is read, as the PGN standard lists it, but reported.
    assert_eq!(read(START, "Pe4").repairs, ["pawn written with a letter"]);
}

/// « R pour Roi, D pour Dame, F pour Fou, C pour Cavalier et T pour Tour. »
#[test]
fn the_five_letters() {
    let open = "r3k2r/8/8/8/8/8/8/R1BQKBNR w KQkq - 0 1";
    canonical(open, "Rd2", "Kd2");
    canonical(open, "Dd7+", "Qd7+");
    canonical(open, "Fb5+", "Bb5+");
    canonical(open, "Cf3", "Nf3");
    canonical(open, "Tb1", "Rb1");
    // The English letters are not French, and the error says which French letter is meant.
    assert_eq!(
        refused(open, "Nf3"),
        "\"Nf3\" does not start with a French piece letter (R roi, D dame, T tour, F fou, \
         C cavalier; none for a pawn) (N is the English knight: C in French)"
    );
    assert!(refused(open, "Qd7").contains("(Q is the English queen: D in French)"));
    assert!(refused(open, "Bb5").contains("(B is the English bishop: F in French)"));
    assert!(refused(open, "Kd2").contains("(K is the English king: R in French)"));
    // `R` is the king: the rook's `Rb1` is no French move.
    assert_eq!(refused(open, "Rb1"), "illegal move Rb1");
}

/// « Cette abréviation est valable pour la France. Chaque pays adapte la notation selon sa
/// langue. »
#[test]
fn each_country_its_letters() {
    let position = pos(START);
    let knight = Algebraic::ENGLISH
        .parse(&position, "Nf3", &mut Notes::default())
        .unwrap();
    let written: Vec<(&str, String)> = ["fr", "en", "de", "es", "it", "nl", "pt", "pl", "sv"]
        .into_iter()
        .chain(["cs", "hu", "ro", "ru", "figurine"])
        .map(|name| {
            let letters = PieceLetters::by_name(name).unwrap();
            (
                name,
                Algebraic::with_letters(letters).to_text(&position, &knight),
            )
        })
        .collect();
    assert_eq!(
        written,
        [
            ("fr", "Cf3".to_owned()),
            ("en", "Nf3".to_owned()),
            ("de", "Sf3".to_owned()),
            ("es", "Cf3".to_owned()),
            ("it", "Cf3".to_owned()),
            ("nl", "Pf3".to_owned()),
            ("pt", "Cf3".to_owned()),
            ("pl", "Sf3".to_owned()),
            ("sv", "Sf3".to_owned()),
            ("cs", "Jf3".to_owned()),
            ("hu", "Hf3".to_owned()),
            ("ro", "Cf3".to_owned()),
            ("ru", "Кf3".to_owned()),
            ("figurine", "♘f3".to_owned()),
        ]
    );
}

// ---- 000: « LA DESIGNATION DES CASES » ----

/// « Chaque case [...] peut donc être identifiée par la lettre de sa colonne (en minuscule) et
/// le chiffre de sa rangée. »
#[test]
fn squares_are_a_lower_case_file_and_a_rank() {
    canonical(START, "Cf3", "Nf3");
    assert_eq!(
        refused(START, "CF3"),
        "no destination square in \"CF3\"",
        "the file is lower case"
    );
}

/// « Le joueur des pièces blanches est toujours assis face à la rangée 1. Il a donc devant lui
/// à sa gauche la case a1 et à sa droite la case h1. Le joueur des pièces noires est toujours
/// assis face à la rangée 8. »
#[test]
fn white_sits_at_rank_one() {
    let position = Position::new();
    let at = |square: &str| {
        let square: Square = square.parse().unwrap();
        (position.color_at(square), position.role_at(square))
    };
    assert_eq!(at("a1"), (Some(Color::White), Some(Role::Rook)));
    assert_eq!(at("h1"), (Some(Color::White), Some(Role::Rook)));
    assert_eq!(at("h8"), (Some(Color::Black), Some(Role::Rook)));
    assert_eq!(at("a8"), (Some(Color::Black), Some(Role::Rook)));
    // White's pawns go up from rank 2, Black's down from rank 7.
    canonical(START, "a4", "a4");
    canonical(&after(&["a4"]).to_fen(), "h5", "h5");
    canonical(&after(&["a4", "h5"]).to_fen(), "Ta3", "Ra3");
}

// ---- 000: « LE DEPLACEMENT DES PIECES » ----

/// « Par exemple : Cc3 signifie que le Cavalier se rend sur la case c3, De5 indique que la Dame
/// va en e5, Fd7 veut dire que l'on déplace le Fou sur la case d7. »
#[test]
fn piece_moves() {
    canonical(START, "Cc3", "Nc3");
    canonical("k7/8/8/8/8/8/8/4QK2 w - - 0 1", "De5", "Qe5");
    canonical(&after(&["e4", "d6", "d4"]).to_fen(), "Fd7", "Bd7");
}

/// « Pour les pions, seule la case d'arrivée est indiquée. Par exemple : d5 signifie que le
/// pion de la colonne d avance vers la case d5. De la même manière, e4 veut dire que le pion
/// situé sur la colonne e avance sur la case e4. »
#[test]
fn pawn_moves() {
    canonical(START, "e4", "e4");
    canonical(&after(&["e4"]).to_fen(), "d5", "d5");
}

// ---- 000: « LA PRISE » ----

/// « un « x » est intercalé entre l'initiale de la pièce en question et la case d'arrivée, par
/// exemple : Fxf3 (ce lit : Fou prend f3), Cxe4 (Cavalier prend e4), Txd1 (Tour prend d1). »
#[test]
fn piece_captures() {
    let philidor = after(&["e4", "e5", "Cf3", "d6", "d4", "Fg4", "dxe5"]);
    canonical(&philidor.to_fen(), "Fxf3", "Bxf3");
    canonical(
        &after(&["e4", "d5", "Cc3", "dxe4"]).to_fen(),
        "Cxe4",
        "Nxe4",
    );
    canonical("3r2k1/5ppp/8/8/8/8/5PPK/3Q4 b - - 0 1", "Txd1", "Rxd1");
}

/// « Quand un pion prend une pièce ou un autre pion, la colonne de départ du pion en question
/// doit être indiquée, suivie d'un « x », puis la case d'arrivée, par exemple : dxe5 (d prend
/// e5), hxg6 (h prend g6), axb5 (a prend b5. »
#[test]
fn pawn_captures() {
    canonical("4k3/8/8/4p3/3P4/8/8/4K3 w - - 0 1", "dxe5", "dxe5");
    canonical("4k3/8/6p1/7P/8/8/8/4K3 w - - 0 1", "hxg6", "hxg6");
    canonical("4k3/8/8/1p6/P7/8/8/4K3 w - - 0 1", "axb5", "axb5");
}

/// « A noter, l'utilisation du signe x n'est pas obligatoire mais il est presque toujours
/// employé, car il facilite énormément la lecture d'une partie. »
#[test]
fn the_capture_sign_is_optional() {
    let philidor = after(&["e4", "e5", "Cf3", "d6", "d4", "Fg4", "dxe5"]).to_fen();
    let without = read(&philidor, "Ff3");
    assert_eq!(without.english, "Bxf3");
    assert_eq!(without.repairs, ["capture sign missing"]);
    let pawn = read("4k3/8/8/4p3/3P4/8/8/4K3 w - - 0 1", "de5");
    assert_eq!(pawn.english, "dxe5");
    assert_eq!(pawn.repairs, ["capture sign missing"]);
}

/// « Dans le cas d'une prise en passant, la case d'arrivée est celle où le pion va se trouver
/// après la prise en passant. La mention « e.p. » peut être ajoutée à la suite de la notation
/// du coup pour éviter toute confusion, par exemple : dxe6 e.p. »
#[test]
fn en_passant() {
    let fen = "4k3/8/8/3Pp3/8/8/8/4K3 w - e6 0 1";
    canonical(fen, "dxe6", "dxe6");
    // Glued, the mark is read with its move: the document allows it ("peut être ajoutée"), so
    // the standard style, which does not write it, reads it without a report.
    assert!(read(fen, "dxe6e.p.").repairs.is_empty());
    // A style that writes it reads it without a repair, and reports its absence.
    let marked = French::STANDARD.with_en_passant_mark(true);
    assert!(read_with(&marked, fen, "dxe6e.p.").repairs.is_empty());
    assert_eq!(
        read_with(&marked, fen, "dxe6").repairs,
        ["en passant capture not marked 'e.p.'"]
    );
    let position = pos(fen);
    let mv = French::STANDARD
        .parse(&position, "dxe6", &mut Notes::default())
        .unwrap();
    assert_eq!(marked.to_text(&position, &mv), "dxe6e.p.");
    // On a capture that is not en passant, the mark is wrong and said to be.
    assert_eq!(
        read(
            "4k3/8/8/4p3/3P4/8/8/4K3 w - - 0 1",
            "dxe5 e.p.".replace(' ', "").as_str()
        )
        .repairs,
        ["'e.p.' after a move that is not an en passant capture"]
    );
    // Written apart, as the document writes it: the replay reads `e.p.` with its move.
    let text = format!("[FEN \"{fen}\"]\n\n1. dxe6 e.p. Rd8 *\n");
    let game = RecordReader::new(text.as_bytes(), Dialect::pgn())
        .next()
        .unwrap()
        .unwrap();
    let dialect = Dialect::pgn();
    let mut out = String::new();
    let replayed = convert(
        &game,
        &marked,
        &Algebraic::ENGLISH,
        &Conversion::plain(&dialect),
        &mut out,
    );
    // The document's own form: no warning.
    assert!(
        replayed.diagnostics.is_empty(),
        "{:?}",
        replayed.diagnostics
    );
    assert!(out.ends_with("\n1. dxe6 Kd8 *\n\n"), "{out}");
}

// ---- 000: « CAS PARTICULIERS » ----

/// « Si les 2 pièces sont sur la même rangée, on ajoute la lettre de la colonne de départ après
/// l'initiale de la pièce. Par exemple : Taxd1 pour ne pas confondre avec Tfxd1, s'il y a au
/// départ une Tour sur la case a1 et une autre sur la case f1 qui ont toutes les deux la
/// possibilité de prendre la pièce sur la case d1. »
#[test]
fn same_rank_takes_the_file() {
    let fen = "4k3/8/8/8/8/8/8/R2n1RK1 w - - 0 1";
    canonical(fen, "Taxd1", "Raxd1");
    canonical(fen, "Tfxd1", "Rfxd1");
    assert_eq!(
        refused(fen, "Txd1"),
        "ambiguous move Txd1: could be Taxd1 or Tfxd1"
    );
}

/// « Si les deux pièces sont sur la même colonne, on ajoute le chiffre de la rangée de départ
/// après l'initiale de la pièce. Par exemple : C8d7 pour ne pas confondre avec C6d7, s'il y a
/// au départ un Cavalier sur la case f8 et un autre sur la case f6 »
#[test]
fn same_file_takes_the_rank() {
    let fen = "5n1k/8/5n2/8/8/8/8/K7 b - - 0 1";
    canonical(fen, "C8d7", "N8d7");
    canonical(fen, "C6d7", "N6d7");
}

/// « Si les pièces sont sur des colonnes et des rangées différentes, le rajout de la colonne de
/// départ est préféré. Par exemple : Cbd7, plutôt que C8d7, pour ne pas confondre le Cavalier
/// situé sur la case b8 avec celui situé sur la case f6 »
#[test]
fn different_file_and_rank_prefers_the_file() {
    let fen = "1n5k/8/5n2/8/8/8/8/K7 b - - 0 1";
    canonical(fen, "Cbd7", "Nbd7");
    let by_rank = read(fen, "C8d7");
    assert_eq!(by_rank.english, "Nbd7");
    assert_eq!(
        by_rank.repairs,
        ["disambiguated by rank where the file decides"]
    );
    // The same choice in a famous game: Morphy's Opera game, 11... Cbd7.
    let opera = after(&[
        "e4", "e5", "Cf3", "d6", "d4", "Fg4", "dxe5", "Fxf3", "Dxf3", "dxe5", "Fc4", "Cf6", "Db3",
        "De7", "Cc3", "c6", "Fg5", "b5", "Cxb5", "cxb5", "Fxb5+",
    ]);
    canonical(&opera.to_fen(), "Cbd7", "Nbd7");
}

// ---- 000: « LES COUPS SPECIAUX » ----

/// « Promotion d'un pion : le déplacement du pion en question est noté, suivi d'un « = » puis
/// de l'initiale de la pièce choisie pour cette promotion, par exemple : e8=D (le pion e8
/// devient une D), dxe8=C (le pion d prend la pièce présente en e8 et devient un Cavalier). »
#[test]
fn promotion_with_equals() {
    canonical("8/4P3/8/8/8/8/8/k1K5 w - - 0 1", "e8=D", "e8=Q");
    canonical("4r3/3P4/8/8/8/8/8/k1K5 w - - 0 1", "dxe8=C", "dxe8=N");
}

/// « Le petit roque se note O-O (O majuscule). » « Le grand roque se note O-O-O. »
#[test]
fn castling_with_capital_o() {
    let fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    canonical(fen, "O-O", "O-O");
    canonical(fen, "O-O-O", "O-O-O");
}

/// « La mise en échec : lorsqu'un coup met le Roi adverse en échec, on ajoute le signe + à la
/// suite du coup. Par exemple : Cxf7+, Dh4+, a8D+. L'utilisation du signe + est facultative
/// mais recommandée pour faciliter la lecture d'une partie. »
#[test]
fn check() {
    canonical("7k/5p2/8/6N1/8/8/8/4K3 w - - 0 1", "Cxf7+", "Nxf7+");
    let dh4 = after(&["f3", "e5", "e4"]).to_fen();
    canonical(&dh4, "Dh4+", "Qh4+");
    let a8 = "4k3/P7/8/8/8/8/8/4K3 w - - 0 1";
    let promotion = read(a8, "a8D+");
    assert_eq!(promotion.english, "a8=Q+");
    // The document writes it so: a correct form, read without a report.
    assert!(promotion.repairs.is_empty(), "{:?}", promotion.repairs);
    let bare = French::STANDARD.with_promotion_equals(false);
    assert!(read_with(&bare, a8, "a8D+").repairs.is_empty());
    // Optional: left out, the move reads, and nothing is reported; a sign on a move that does
    // not check is still wrong.
    let missing = read(&dh4, "Dh4");
    assert_eq!(missing.english, "Qh4+");
    assert!(missing.repairs.is_empty(), "{:?}", missing.repairs);
    assert_eq!(
        read("4k3/8/8/8/8/8/8/3RK3 w - - 0 1", "Td7+").repairs,
        ["check sign on a move that does not check"]
    );
}

/// « Le mat : lorsqu'un coup met fin à la partie par échec et mat, on ajoute le signe # à la
/// suite du dernier coup. Par exemple : Dxg2#, Fc7#, cxd8D#. Comme pour le sigle +,
/// l'utilisation du signe # est facultative mais fortement recommandée. »
#[test]
fn mate() {
    canonical("6k1/8/6q1/8/8/5b2/5PPP/6K1 b - - 0 1", "Dxg2#", "Qxg2#");
    canonical("rkn5/pp6/8/B7/8/8/8/2R3K1 w - - 0 1", "Fc7#", "Bc7#");
    let cxd8 = "3r3k/2P3pp/8/8/8/8/8/6K1 w - - 0 1";
    let r = read_with(
        &French::STANDARD.with_promotion_equals(false),
        cxd8,
        "cxd8D#",
    );
    assert_eq!((r.english.as_str(), r.repairs.len()), ("cxd8=Q#", 0));
    // `e8D` and a left-out `#` are both the documents' forms ("facultative").
    assert!(read(cxd8, "cxd8D").repairs.is_empty());
    assert_eq!(read(cxd8, "cxd8=D+").repairs, ["'+' on a move that mates"]);
}

/// « Partie nulle : une proposition de partie nulle de la part d'un joueur se note avec le signe
/// = à la suite du coup. »
#[test]
fn draw_offer() {
    let offer = read(START, "Cf3=");
    assert_eq!(offer.english, "Nf3");
    assert!(offer.draw_offer);
    assert!(offer.repairs.is_empty());
    assert_eq!(French::STANDARD.draw_offer_suffix(), Some("="));
    // With a check sign, the offer comes last.
    let checked = read(&after(&["f3", "e5", "e4"]).to_fen(), "Dh4+=");
    assert!(checked.draw_offer && checked.repairs.is_empty());
    let reversed = read(&after(&["f3", "e5", "e4"]).to_fen(), "Dh4=+");
    assert!(reversed.draw_offer);
    assert_eq!(
        reversed.repairs,
        ["marks after the move out of order (the order is e.p., then + or #, then =)"]
    );
    // After a promotion's piece the `=` is an offer; before it, the promotion sign.
    let fen = "8/4P3/8/8/8/8/8/k1K5 w - - 0 1";
    let promotion_offer = read(fen, "e8=D=");
    assert!(promotion_offer.draw_offer && promotion_offer.english == "e8=Q");
    assert!(read(fen, "e8D=").draw_offer);
    // `e8=` is neither in full: refused rather than guessed.
    assert_eq!(
        refused(fen, "e8="),
        "\"e8=\" is a promotion without its piece, or a draw offer after a promotion whose \
         piece is missing; write e8=D for the promotion, e8=D= to offer a draw with it"
    );
    // The FIDE sheet's `(=)` is read too, and reported.
    let fide = read(START, "Cf3(=)");
    assert!(fide.draw_offer);
    assert_eq!(fide.repairs, ["draw offer written '(=)'"]);
}

// ---- 000: « LE RESULTAT » ----

/// « Le résultat d'une partie gagnée par les Blancs se note 1-0. » « Une partie gagnée par les
/// Noirs se note 0-1. » « Une partie nulle se note ½-½. »
#[test]
fn results() {
    let pgn = Dialect::pgn();
    for result in ["1-0", "0-1", "½-½", "1/2-1/2"] {
        assert!(pgn.is_terminator(result), "{result}");
    }
    assert_eq!(ResultSpelling::Scoresheet.spell("1/2-1/2"), "½-½");
    assert_eq!(ResultSpelling::Scoresheet.spell("1-0"), "1-0");
    assert_eq!(ResultSpelling::Scoresheet.spell("0-1"), "0-1");
    assert_eq!(ResultSpelling::Pgn.spell("½-½"), "1/2-1/2");
}

/// « Le résultat est à inscrire dans le cadre prévu à cet effet en haut de la feuille de partie.
/// Il est également d'usage de le noter au dessous des derniers coups joués »
#[test]
fn the_result_at_the_top_and_below_the_moves() {
    let text = "1. e4 e5 2. Cf3= Cc6 ½-½\n";
    let game = RecordReader::new(text.as_bytes(), Dialect::pgn())
        .next()
        .unwrap()
        .unwrap();
    let dialect = Dialect::pgn();
    let mut out = String::new();
    let conversion = Conversion {
        results: ResultSpelling::Scoresheet,
        ..Conversion::plain(&dialect)
    };
    let replayed = convert(
        &game,
        &French::STANDARD,
        &French::STANDARD,
        &conversion,
        &mut out,
    );
    assert!(
        replayed.diagnostics.is_empty(),
        "{:?}",
        replayed.diagnostics
    );
    // The header box in PGN's spelling, the line below the moves in the sheet's.
    assert!(out.contains("[Result \"1/2-1/2\"]\n"), "{out}");
    assert!(out.ends_with("1. e4 e5 2. Cf3= Cc6 ½-½\n\n"), "{out}");
}

// ---- 000: « LES FEUILLES DE PARTIE » ----

/// « Dans la partie supérieure, avant le démarrage de la partie, chaque joueur doit y inscrire
/// : le nom de la compétition, la date, le numéro de la ronde, le numéro de la table, les noms,
/// elo et club de chacun des joueurs aux blancs et aux noirs. À la fin de la partie, il y
/// indiquera le résultat ou l'entourera (selon les modèles). »
#[test]
fn the_header_of_the_sheet() {
    let sheet = "Compétition : Interclubs Nationale 3\nDate : 17/03/2024\nRonde : 5\n\
                 Table : 3\nBlancs : Martin, Julien\nElo Blancs : 1742\n\
                 Club Blancs : Échiquier Nantais\nNoirs : Bernard, Léa\nElo Noirs : 1688 F\n\
                 Club Noirs : Tour Rennaise\nRésultat : ½-½\n";
    let tags = read_header(sheet).unwrap();
    assert_eq!(
        tags,
        [
            ("Event", "Interclubs Nationale 3".to_owned()),
            ("Date", "2024.03.17".to_owned()),
            ("Round", "5".to_owned()),
            ("Board", "3".to_owned()),
            ("White", "Martin, Julien".to_owned()),
            ("WhiteElo", "1742".to_owned()),
            ("WhiteTeam", "Échiquier Nantais".to_owned()),
            ("Black", "Bernard, Léa".to_owned()),
            ("BlackElo", "1688".to_owned()),
            ("BlackTeam", "Tour Rennaise".to_owned()),
            ("Result", "1/2-1/2".to_owned()),
        ]
    );
}

/// « chaque joueur doit inscrire les coups joués par les Blancs dans la colonne de gauche
/// « Blancs » et les coups des Noirs dans la colonne de droite « Noirs ». Sur chaque ligne
/// figure le numéro du coup. »
#[test]
fn one_numbered_line_per_move_pair() {
    let text = "1. e4 e5 2. Cf3 Cc6 *\n";
    let game = RecordReader::new(text.as_bytes(), Dialect::pgn())
        .next()
        .unwrap()
        .unwrap();
    // The number goes with the pair: White's move, then Black's.
    let tokens: Vec<&str> = game.moves().map(|t| t.text).collect();
    assert_eq!(tokens, ["e4", "e5", "Cf3", "Cc6"]);
    assert_eq!(board_core::Color::White.french_name(), "Blancs");
    assert_eq!(board_core::Color::Black.french_name(), "Noirs");
}

// ---- 000: « IMPORTANT » ----

/// « Les joueurs ont le droit de noter le temps indiqué par la pendule à la suite d'un coup »
#[test]
fn clock_times_after_a_move() {
    assert_eq!(clock_command("1h25").unwrap(), "[%clk 1:25:00]");
    assert_eq!(clock_command("4'30").unwrap(), "[%clk 0:04:30]");
    let text = "1. e4 {1h29} e5 {1h28'30} *\n";
    let game = RecordReader::new(text.as_bytes(), Dialect::pgn())
        .next()
        .unwrap()
        .unwrap();
    let dialect = Dialect::pgn();
    let mut out = String::new();
    convert(
        &game,
        &French::STANDARD,
        &Algebraic::ENGLISH,
        &Conversion::from_scoresheet(&dialect),
        &mut out,
    );
    assert!(
        out.ends_with("1. e4 {[%clk 1:29:00]} 1... e5 {[%clk 1:28:30]} *\n\n"),
        "{out}"
    );
}

// ---- 000: « SI ON RESUME » ----

/// « On commence par noter l'initiale de la pièce (R, D, F, C, T ou rien pour le pion). » « On
/// ajoute si besoin, soit la lettre de la colonne de départ [...] soit le numéro de la rangée
/// [...] » « On ajoute éventuellement le signe x s'il s'agit d'une prise. » « On inscrit ensuite
/// les coordonnées de la case d'arrivée » « S'il s'agit d'un mouvement de pion arrivant sur sa
/// case de promotion, on ajoute l'initiale de la pièce choisie. » « On ajoute éventuellement le
/// signe + s'il s'agit d'un échec, le signe # s'il s'agit d'un échec et mat, ou la mention e.p.
/// s'il s'agit d'une prise en passant. » « On ajoute le signe = pour indiquer une proposition de
/// partie nulle »
#[test]
fn the_summary_in_one_token_each() {
    // Initial, origin file, x, destination, promotion initial, sign, draw offer.
    let fen = "1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1";
    let all = read_with(
        &French::STANDARD.with_promotion_equals(false),
        fen,
        "axb8D+=",
    );
    assert_eq!(all.english, "axb8=Q+");
    assert!(all.draw_offer && all.repairs.is_empty());
    // `e.p.` in the place of the sign, and with it.
    let ep = "4k3/8/8/3Pp3/8/8/8/4K3 w - e6 0 1";
    let marked = French::STANDARD.with_en_passant_mark(true);
    assert!(read_with(&marked, ep, "dxe6e.p.=").draw_offer);
    assert!(
        read_with(&marked, ep, "dxe6 e.p.".replace(' ', "").as_str())
            .repairs
            .is_empty()
    );
}

// ---- 001: « Notation Algébrique » ----

/// « Roi : R », « Dame : D », « Tour : T », « Fou : F », « Cavalier : C », « Pion : Aucune
/// lettre n'est utilisée, uniquement le nom de la case » ; and the English version « King: K »,
/// « Queen: Q », « Rook: R », « Bishop: B », « Knight: N (car le K est déjà utilisé pour le
/// King) ».
#[test]
fn letters_and_their_english() {
    let fen = "r3k2r/8/8/8/8/8/7P/R1BQKBNR w KQkq - 0 1";
    for (french, english) in [
        ("Rd2", "Kd2"),
        ("Dd7+", "Qd7+"),
        ("Tb1", "Rb1"),
        ("Fb5+", "Bb5+"),
        ("Cf3", "Nf3"),
        ("h4", "h4"),
    ] {
        canonical(fen, french, english);
    }
}

/// « Cf3 : le cavalier se déplace en f3. » « Df5 : la dame se déplace en f5. » « d5 : le pion se
/// déplace en d5. »
#[test]
fn moves_of_001() {
    canonical(START, "Cf3", "Nf3");
    canonical("k7/8/8/8/8/3Q4/8/4K3 w - - 0 1", "Df5", "Qf5");
    canonical(&after(&["e4"]).to_fen(), "d5", "d5");
}

/// « Fxc4 : le fou capture une pièce en c4. » « fxe4 : un pion sur la colonne "f" capture en
/// e4. »
#[test]
fn captures_of_001() {
    canonical("4k3/8/8/8/2p5/8/4B3/4K3 w - - 0 1", "Fxc4", "Bxc4");
    canonical("4k3/8/8/8/4p3/5P2/8/4K3 w - - 0 1", "fxe4", "fxe4");
}

/// « Le roque est représenté par "0-0" pour le roque du côté du roi (le petit roque) et "0-0-0"
/// pour le roque du côté de la dame (le grand roque). »
#[test]
fn castling_with_zeros() {
    let fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    let zeros = French::STANDARD.with_castling_zeros(true);
    for (token, english) in [("0-0", "O-O"), ("0-0-0", "O-O-O")] {
        let r = read_with(&zeros, fen, token);
        assert_eq!((r.english.as_str(), r.repairs.len()), (english, 0));
        // The document's own form: read without a report whichever the style writes.
        assert!(read(fen, token).repairs.is_empty());
        let position = pos(fen);
        let mv = French::STANDARD
            .parse(&position, token, &mut Notes::default())
            .unwrap();
        assert_eq!(zeros.to_text(&position, &mv), token);
    }
    // The third document writes `O-O` "comme en algébrique": correct too.
    assert!(read_with(&zeros, fen, "O-O").repairs.is_empty());
}

/// « c8=C : un pion se déplace en c8 et est promu en cavalier. » « exd1=D : un pion sur la
/// colonne "e" capture en d1 et est promu en dame. »
#[test]
fn promotions_of_001() {
    canonical("8/2P5/8/8/8/8/8/k1K5 w - - 0 1", "c8=C", "c8=N");
    canonical("4k3/8/8/8/8/8/4p2K/3R4 b - - 0 1", "exd1=D", "exd1=Q");
}

/// « Td8+ : la tour se déplace en d8 et donne un échec. » « Fxc5+ : le fou capture en c5 et
/// donne un échec. » « fxd7+ : un pion sur la colonne "f" capture en d7 et donne un échec. »
#[test]
fn checks_of_001() {
    canonical("4k3/8/8/8/8/8/8/3RK3 w - - 0 1", "Td8+", "Rd8+");
    canonical("5k2/8/8/2p5/8/4B3/8/4K3 w - - 0 1", "Fxc5+", "Bxc5+");
    // A pawn takes on the next file only: from f it takes on e or g, never on d. The
    // document's `fxd7+` names no move of any position, and is refused with the captures that
    // are legal; `exd7+` is the move it shows.
    let fen = "3rk3/3r4/4P3/8/8/8/8/4K3 w - - 0 1";
    canonical(fen, "exd7+", "exd7+");
    let err = French::STANDARD
        .parse(&pos(fen), "fxd7+", &mut Notes::default())
        .unwrap_err();
    assert_eq!(err.to_string(), "illegal move fxd7+");
    assert_eq!(err.candidates, ["e7", "exd7+"]);
}

/// « Th4# : la tour se déplace en h4 et donne un échec et mat. » « Dxc6# : la dame capture en
/// c6 et donne un échec et mat. » « exf8=C# : un pion sur la colonne "e" capture en f8, est
/// promu en cavalier et donne un échec et mat. »
#[test]
fn mates_of_001() {
    canonical("7k/5K2/8/8/3R4/8/8/8 w - - 0 1", "Th4#", "Rh4#");
    canonical("kb6/p7/2p5/8/8/8/2Q5/7K w - - 0 1", "Dxc6#", "Qxc6#");
    canonical("5rbb/4P1pk/6pp/8/8/8/8/K7 w - - 0 1", "exf8=C#", "exf8=N#");
}

/// « Ici, si le cavalier en c3 se déplace en e4, alors la notation est Cce4, et si le cavalier
/// en g5 se déplace en e4, alors la notation est Cge4. »
#[test]
fn situation_1_file() {
    let fen = "4k3/8/8/6N1/8/2N5/8/4K3 w - - 0 1";
    canonical(fen, "Cce4", "Nce4");
    canonical(fen, "Cge4", "Nge4");
}

/// « Si la tour en c1 se déplace en c5, alors la notation est T1c5, et si la tour en c8 se
/// déplace en c5, alors la notation est T8c5. »
#[test]
fn situation_2_rank() {
    let fen = "2R5/k7/8/8/8/8/8/2R1K3 w - - 0 1";
    canonical(fen, "T1c5", "R1c5");
    canonical(fen, "T8c5", "R8c5");
}

/// « Pour spécifier la dame que tu déplaces, il faut ajouter dans la notation le nom de la case
/// sur laquelle elle se trouve, ici h4. De plus, avec ce mouvement, la dame en h4 capture le
/// cavalier en e1 et donne un mat au roi donc voici la notation : Dh4xe1# »
#[test]
fn situation_3_full_square() {
    let fen = "8/8/8/8/4Q2Q/8/6K1/3kn2Q w - - 0 1";
    canonical(fen, "Dh4xe1#", "Qh4xe1#");
    assert_eq!(
        refused(fen, "Dhxe1#"),
        "ambiguous move Dhxe1#: could be D1xe1# or Dh4xe1#"
    );
    assert_eq!(
        refused(fen, "D4xe1#"),
        "ambiguous move D4xe1#: could be Dexe1+ or Dh4xe1#"
    );
}

// ---- 000: « IMPORTANT », what a sheet may hold ----

/// « pour réclamer à l'arbitre la partie nulle pour la règle de la triple répétition ou pour la
/// règle des 50 coups. Dans ces cas seulement, le joueur note son coup, sans le jouer, et
/// appelle l'arbitre. »
#[test]
fn a_move_written_for_a_claim_ends_the_sheet() {
    // The knights go out and back twice; White writes `Cf3` for the third repetition and
    // claims: the move is legal, the game drawn.
    let text = "1. Cf3 Cf6 2. Cg1 Cg8 3. Cf3 Cf6 4. Cg1 Cg8 5. Cf3 ½-½\n";
    let game = RecordReader::new(text.as_bytes(), Dialect::pgn())
        .next()
        .unwrap()
        .unwrap();
    let dialect = Dialect::pgn();
    let mut out = String::new();
    let replayed = convert(
        &game,
        &French::STANDARD,
        &Algebraic::ENGLISH,
        &Conversion::plain(&dialect),
        &mut out,
    );
    assert!(
        replayed.diagnostics.is_empty(),
        "{:?}",
        replayed.diagnostics
    );
    assert!(out.ends_with("5. Nf3 1/2-1/2\n\n"), "{out}");
    let mut game = chess_rules::Game::new();
    for token in [
        "Cf3", "Cf6", "Cg1", "Cg8", "Cf3", "Cf6", "Cg1", "Cg8", "Cf3",
    ] {
        let mv = French::STANDARD
            .parse(game.position(), token, &mut Notes::default())
            .unwrap();
        game.play(mv).unwrap();
    }
    assert!(game.draw_claim().is_some());
}

/// « le joueur dont le temps restant est inférieur à 5 minutes au cours de la partie n'a plus
/// l'obligation de noter la suite de sa partie »
#[test]
fn a_sheet_may_stop_before_the_end() {
    // The sheet stops at move 3; the game went on and Black won. The result stands.
    let text = "1. e4 e5 2. Fc4 Cc6 3. Dh5 0-1\n";
    let game = RecordReader::new(text.as_bytes(), Dialect::pgn())
        .next()
        .unwrap()
        .unwrap();
    let dialect = Dialect::pgn();
    let mut out = String::new();
    let replayed = convert(
        &game,
        &French::STANDARD,
        &Algebraic::ENGLISH,
        &Conversion::plain(&dialect),
        &mut out,
    );
    assert!(!replayed.has_errors(), "{:?}", replayed.diagnostics);
    assert!(out.ends_with("3. Qh5 0-1\n\n"), "{out}");
}
