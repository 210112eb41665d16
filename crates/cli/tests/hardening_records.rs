//! The record reader and writer as a user meets them through the binary: files in several
//! encodings, cut short, exported by web pages, forums and broadcasts, and diagnostics that stay
//! readable whatever the input (issue 12, items 5, 6, 7, 14, 16, 17, 18 and 21).

mod common;

use std::process::Output;

use common::workspace;

fn scoresheet(args: &[&str], stdin: &[u8]) -> Output {
    common::run(&workspace(), args, Some(stdin))
}

/// Converts `input` to English from stdin; returns stdout, stderr and whether it succeeded.
fn to_en(input: &[u8]) -> (String, String, bool) {
    let out = scoresheet(&["convert", "--from", "en", "--to", "en", "-"], input);
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        out.status.success(),
    )
}

#[test]
fn one_latin1_byte_in_a_tag_leaves_the_utf8_draw_alone() {
    let input = b"[Event \"Caf\xe9\"]\n\n1. e4 e5 2. Nf3 Nc6 \xc2\xbd-\xc2\xbd\n";
    let (out, err, ok) = to_en(input);
    assert!(ok, "{err}");
    assert!(out.contains("[Event \"Café\"]"), "{out}");
    assert!(out.contains("2. Nf3 Nc6 1/2-1/2\n"), "{out}");
    assert!(!out.contains('Â'), "{out}");
    assert!(
        err.contains("warning: the value of tag Event is not UTF-8; read as Latin-1"),
        "{err}"
    );
    assert!(!err.contains("movetext is not UTF-8"), "{err}");
}

#[test]
fn one_latin1_byte_in_the_moves_leaves_the_utf8_draw_alone() {
    // `\xb1` is Latin-1 `±`; the `½-½` after it is UTF-8.
    let input = b"1. e4 \xb1 e5 2. Nf3 Nc6 \xc2\xbd-\xc2\xbd\n";
    let (out, err, ok) = to_en(input);
    assert!(ok, "{err}");
    assert!(out.contains("1. e4 $16 e5 2. Nf3 Nc6 1/2-1/2\n"), "{out}");
    assert!(
        err.contains("the movetext is not UTF-8 here; read as Latin-1 where it is not"),
        "{err}"
    );
}

#[test]
fn windows_1252_reads_as_itself_not_as_c1_controls() {
    let input = b"[Annotator \"C\x9cur d\x92Al\xe8ne\"]\n\n1. e4 {l\x92\x9cuvre} e5 *\n";
    let (out, err, ok) = to_en(input);
    assert!(ok, "{err}");
    assert!(out.contains("[Annotator \"Cœur d’Alène\"]"), "{out}");
    assert!(out.contains("{l’œuvre}"), "{out}");
    assert!(
        !out.contains('\u{9c}') && !out.contains('\u{92}'),
        "{out:?}"
    );
    assert!(
        err.contains("the value of tag Annotator is not UTF-8; read as Windows-1252"),
        "{err}"
    );
    assert!(
        err.contains("a comment is not UTF-8; read as Windows-1252"),
        "{err}"
    );
}

#[test]
fn a_file_cut_inside_a_tag_is_an_error_not_a_junk_game() {
    let input = b"[Event \"A\"]\n\n1. e4 e5 1-0\n\n[Res";
    let (out, err, ok) = to_en(input);
    assert!(!ok, "exit 0 on a file cut short: {err}");
    assert!(err.contains("error: file ends inside a tag"), "{err}");
    assert!(err.contains(" --> <stdin>:5:1 (game 2)"), "{err}");
    assert!(!out.contains("[Res \""), "{out}");
    assert_eq!(out.matches("[Event ").count(), 1, "{out}");
    assert!(out.contains("1. e4 e5 1-0"), "{out}");
}

#[test]
fn draws_are_written_as_the_pgn_standard_says() {
    let input = "[Result \"½-½\"]\n\n1. e4 e5 ½-½\n\n1. d4 d5 1/2-1/2\n".as_bytes();
    for to in ["en", "uci", "fr", "lan"] {
        let out = scoresheet(&["convert", "--from", "en", "--to", to, "-"], input);
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(!stdout.contains('½'), "--to {to}: {stdout}");
        assert_eq!(
            stdout.matches("[Result \"1/2-1/2\"]").count(),
            2,
            "{stdout}"
        );
        assert_eq!(stdout.matches(" 1/2-1/2\n").count(), 2, "{stdout}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(!stderr.contains("the Result tag says"), "{stderr}");
    }
}

#[test]
fn results_as_web_pages_and_chessbase_write_them() {
    let cases = [
        ("1\u{2013}0", "1-0"),
        ("0\u{2013}1", "0-1"),
        ("1/2\u{2013}1/2", "1/2-1/2"),
        ("\u{bd}\u{2013}\u{bd}", "1/2-1/2"),
        ("1\u{2212}0", "1-0"),
        ("+--", "1-0"),
        ("--+", "0-1"),
    ];
    for (written, read) in cases {
        // Two games on one line: the first must end at its result.
        let input = format!("1. e4 e5 {written} 1. d4 d5 *\n");
        let (out, err, ok) = to_en(input.as_bytes());
        assert!(ok, "{written}: {err}");
        assert!(
            out.contains(&format!("[Result \"{read}\"]")),
            "{written}: {out}"
        );
        assert!(
            out.contains(&format!("1. e4 e5 {read}\n")),
            "{written}: {out}"
        );
        assert!(err.contains("converted 2 of 2 games"), "{written}: {err}");
        assert!(err.contains("warning: "), "{written}: not reported: {err}");
    }
}

#[test]
fn castling_with_a_dash_look_alike_is_read_and_reported() {
    let input = "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O\u{2011}O Nf6 5. d3 O\u{2013}O *\n";
    let (out, err, ok) = to_en(input.as_bytes());
    assert!(ok, "{err}");
    assert!(out.contains("4. O-O Nf6 5. d3 O-O *"), "{out}");
    assert!(err.contains("U+2011 read as `-`"), "{err}");
    assert!(err.contains("converted 1 of 1 game"), "{err}");
}

#[test]
fn evaluation_signs_become_nags() {
    let input = "1. e4 \u{b1} e5 \u{2a72} 2. Nf3 +\u{2212} Nc6 \u{2212}+ 3. Bb5 \u{221e} a6 =\u{221e} \
                 4. Ba4 \u{25cb} Nf6 \u{2a00} 5. O-O \u{27f3} Be7 \u{2192} 6. Re1 \u{2191} b5 \u{2213} \
                 7. Bb3 \u{2a71} d6 +/- *\n";
    let (out, err, ok) = to_en(input.as_bytes());
    assert!(ok, "{err}");
    let out = out.replace('\n', " ");
    assert!(
        out.contains(
            "1. e4 $16 e5 $14 2. Nf3 $18 Nc6 $19 3. Bb5 $13 a6 $44 4. Ba4 $26 Nf6 $22 5. O-O \
             $32 Be7 $40 6. Re1 $36 b5 $17 7. Bb3 $15 d6 $16 *"
        ),
        "{out}"
    );
    assert!(
        err.contains("evaluation sign `\u{b1}` read as $16"),
        "{err}"
    );
    // Reported once per sign, not once per use.
    assert_eq!(err.matches("evaluation sign `\u{b1}`").count(), 1, "{err}");
}

#[test]
fn tag_sections_without_moves_are_games_of_their_own() {
    let mut input = String::new();
    for round in 1..=5 {
        input.push_str(&format!(
            "[Event \"Broadcast\"]\n[Round \"{round}\"]\n[White \"W{round}\"]\n[Result \"*\"]\n\n"
        ));
    }
    let (out, err, ok) = to_en(input.as_bytes());
    assert!(ok, "{err}");
    assert!(err.contains("converted 5 of 5 games"), "{err}");
    assert_eq!(out.matches("[Event \"Broadcast\"]").count(), 5, "{out}");
    for round in 1..=5 {
        assert!(
            out.contains(&format!("[Round \"{round}\"]\n[White \"W{round}\"]")),
            "{out}"
        );
    }
}

/// The PDN standard's own example game gives `Event` twice, the second before its `Result`
/// tag: one game, its players with its moves, the second tag kept and said. After a `Result`
/// tag, the first tag again still starts the next game (above).
#[test]
fn a_tag_given_twice_before_the_result_tag_stays_in_its_game() {
    let input = b"[Event \"Double Corner Dyke\"]\n[White \"Tesheliet,F\"]\n[Black \"Jordan,A\"]\n\
        [Event \"A second event\"]\n[Result \"1-0\"]\n\n\
        1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n";
    let (out, err, ok) = to_en(input);
    assert!(ok, "{err}");
    assert!(err.contains("converted 1 of 1 game"), "{err}");
    assert!(
        out.starts_with(
            "[Event \"Double Corner Dyke\"]\n[White \"Tesheliet,F\"]\n[Black \"Jordan,A\"]\n\
             [Event \"A second event\"]\n[Result \"1-0\"]\n"
        ),
        "{out}"
    );
    assert!(out.contains("4. Qxf7# 1-0"), "{out}");
    assert!(
        err.contains("warning: tag Event given again before the game's Result tag"),
        "{err}"
    );
    // What was written reads back as the same one game.
    let (again, err, ok) = to_en(out.as_bytes());
    assert!(ok, "{err}");
    assert_eq!(again, out);
    let check = scoresheet(&["check", "--format", "json", "-"], input);
    let json = String::from_utf8_lossy(&check.stdout);
    assert!(json.contains("\"code\":\"tag.duplicate\""), "{json}");
    assert!(json.contains("\"games\":1"), "{json}");
}

/// A script's first line above the games (a draughts program's files start
/// `#!/usr/bin/env dammen`) holds no digit, as no game's moves do: text between games,
/// skipped with a warning, not a game of its own written back as `{#!/usr/bin/env dammen} *`.
#[test]
fn a_line_without_a_digit_above_the_games_is_no_game() {
    let input =
        b"#!/usr/bin/env dammen\n\n[Event \"Wk 2007\"]\n[Result \"1-1\"]\n\n1. 32-28 19-23 1-1\n";
    let out = scoresheet(&["check", "--game", "draughts", "-"], input);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{err}");
    assert!(
        err.contains(
            "warning: skipped text at line 1 that holds no moves: `#!/usr/bin/env dammen`"
        ),
        "{err}"
    );
    let summary = String::from_utf8_lossy(&out.stdout);
    assert!(summary.starts_with("checked 1 game (2 plies)"), "{summary}");
}

#[test]
fn forum_markup_is_stripped_with_a_note() {
    let one_line = b"[pgn]1. e4 e5 2. Nf3 *[/pgn]\n";
    let (out, err, ok) = to_en(one_line);
    assert!(ok, "{err}");
    assert!(out.contains("1. e4 e5 2. Nf3 *"), "{out}");
    assert!(!out.contains("pgn"), "{out}");
    assert!(err.contains("forum markup"), "{err}");

    let lines = b"[PGN]\n[White \"A\"]\n[Black \"B\"]\n\n1. d4 d5 1-0\n[/PGN]\n[pgn][Event \"x\"]\n1. c4 *\n[/pgn]\n";
    let (out, err, ok) = to_en(lines);
    assert!(ok, "{err}");
    assert!(err.contains("converted 2 of 2 games"), "{err}");
    assert!(out.contains("[White \"A\"]\n[Black \"B\"]"), "{out}");
    assert!(!out.to_lowercase().contains("pgn"), "{out}");
    assert!(err.contains("forum markup"), "{err}");
}

#[test]
fn an_empty_comment_is_kept() {
    let input = b"1. e4 {} e5 2. Nf3 {} Nc6 {} *\n";
    let (out, err, ok) = to_en(input);
    assert!(ok, "{err}");
    assert!(
        out.contains("1. e4 {} 1... e5 2. Nf3 {} 2... Nc6 {} *"),
        "{out}"
    );
    let (again, _, _) = to_en(out.as_bytes());
    assert_eq!(again, out);
}

#[test]
fn columns_count_what_comes_before_a_game_on_its_line() {
    let out = scoresheet(&["check", "--from", "en", "-"], b"1. e4 e5 * 1. Ke3 *\n");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(err.contains(" --> <stdin>:1:15 (game 2)"), "{err}");
    let lines: Vec<&str> = err.lines().collect();
    let at = lines.iter().position(|l| l.starts_with("1 | ")).unwrap();
    let excerpt: Vec<char> = lines[at]["1 | ".len()..].chars().collect();
    let caret = lines[at + 1]["  | ".len()..].find('^').unwrap();
    assert_eq!(excerpt[caret..caret + 3].iter().collect::<String>(), "Ke3");
}

#[test]
fn an_error_in_a_huge_line_prints_a_short_excerpt() {
    let mut input = String::from("1. e4 e5 {");
    input.push_str(&"a long comment ".repeat(200_000));
    input.push_str("} 2. Ke3 *\n");
    let out = scoresheet(&["check", "--from", "en", "-"], input.as_bytes());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(err.len() < 4_000, "{} bytes of stderr", err.len());
    assert!(err.contains("error: illegal move Ke3"), "{err}");
    let lines: Vec<&str> = err.lines().collect();
    let at = lines.iter().position(|l| l.starts_with("1 | ")).unwrap();
    let excerpt: Vec<char> = lines[at]["1 | ".len()..].chars().collect();
    let caret = lines[at + 1]["  | ".len()..].find('^').unwrap();
    assert_eq!(excerpt[0], '…');
    assert_eq!(excerpt[caret..caret + 3].iter().collect::<String>(), "Ke3");
}

#[test]
fn control_characters_are_not_echoed_to_the_terminal() {
    let input = b"[White \"\x1b]0;pwned\x07\"]\n\n1. e4 \x1b[31mred *\n";
    let out = scoresheet(&["check", "--from", "en", "-"], input);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(!err.contains('\u{1b}') && !err.contains('\u{7}'), "{err:?}");
    assert!(err.contains("\u{241b}[31mred"), "{err}");
}

#[test]
fn binary_input_gives_one_error() {
    let mut rng = testkit::Rng::new(0x9E37_79B9_7F4A_7C15);
    let bytes: Vec<u8> = (0..50_000)
        .map(|_| rng.next_u64().to_le_bytes()[3])
        .collect();
    let out = scoresheet(&["check", "-"], &bytes);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert_eq!(err.matches("error: not a text file").count(), 1, "{err}");
    assert_eq!(err.matches("error:").count(), 2, "{err}");
    assert!(err.len() < 1_000, "{} bytes: {err}", err.len());
    assert!(!err.chars().any(|c| c.is_control() && c != '\n'), "{err:?}");
}

/// A book set as PGN (Chernev's short games, as published on GitHub): a heading before each
/// game's tags, and prose after the last. The heading before the first game and the prose after
/// the last are text between games, skipped with a warning that quotes them, not games with `?`
/// tags; `check` counts the two games, detection numbers them so, and `fmt` keeps the prose.
#[test]
fn prose_before_the_first_game_and_after_the_last_is_no_game() {
    let input = b"#662\nAn agile Knight steals the show\n\n\
        [Site \"Chernovitsky\"]\n[White \"Sokolsky\"]\n[Black \"Gurvich\"]\n[Result \"1-0\"]\n\n\
        1. d4 d5 2. c4 e6 1-0\n\n\
        [Site \"Germany\"]\n[Result \"1-0\"]\n1. e4 c5 2. Nc3 Nc6 1-0\n\n\
        The end of the chapter, with thanks.\n";
    let check = scoresheet(&["check", "--format", "json", "-"], input);
    let report = String::from_utf8_lossy(&check.stdout);
    assert!(check.status.success(), "{report}");
    let skipped: Vec<&str> = report
        .lines()
        .filter(|l| l.contains("\"record.skipped-text\""))
        .collect();
    assert_eq!(skipped.len(), 2, "{report}");
    assert!(skipped[0].contains("#662"), "{report}");
    assert!(skipped[0].contains("\"line\":1"), "{report}");
    assert!(skipped[1].contains("The end of the chapter"), "{report}");
    assert!(report.contains("\"games\":2"), "{report}");
    let (out, err, ok) = to_en(input);
    assert!(ok, "{err}");
    assert_eq!(out.matches("[Event ").count(), 2, "{out}");
    assert!(!out.contains("Knight steals"), "{out}");
    assert!(err.contains("converted 2 of 2 games"), "{err}");
    // `show` numbers the games as `check` does.
    let show = scoresheet(&["show", "--index", "3", "-"], input);
    let said = String::from_utf8_lossy(&show.stderr);
    assert!(said.contains("--index 3: <stdin> has 2 games"), "{said}");
    let show = scoresheet(&["show", "--index", "2", "--ascii", "-"], input);
    let said = String::from_utf8_lossy(&show.stdout);
    assert!(
        show.status.success() && said.contains("after 2... Nc6"),
        "{said}"
    );
    let dir = std::env::temp_dir().join(format!("scoresheet-prose-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("book.pgn");
    std::fs::write(&file, input).unwrap();
    let fmt = scoresheet(&["fmt", file.to_str().unwrap()], b"");
    assert!(
        fmt.status.success(),
        "{}",
        String::from_utf8_lossy(&fmt.stderr)
    );
    let written = std::fs::read_to_string(&file).unwrap();
    assert!(
        written.starts_with("#662\nAn agile Knight steals the show\n"),
        "{written}"
    );
    assert!(
        written.contains("The end of the chapter, with thanks."),
        "{written}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
