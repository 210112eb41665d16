//! No input makes the record reader panic, writing what it read is a fixed point after one
//! pass, and time grows linearly with the input. Inputs come from a seeded generator
//! ([`testkit::Rng`]), so a failure replays.

mod common;

use std::io::Read;
use std::time::{Duration, Instant};

use board_core::{Dialect, RawGame, RecordReader};
use common::write_all;
use testkit::records::FRAGMENTS;
use testkit::{Rng, corpus};

fn random_input(rng: &mut Rng) -> Vec<u8> {
    let mut out = Vec::new();
    for _ in 0..rng.below(60) {
        if rng.below(8) == 0 {
            out.push(rng.next_u64() as u8);
        } else {
            out.extend_from_slice(FRAGMENTS[rng.below(FRAGMENTS.len())]);
        }
    }
    out
}

fn write(game: &RawGame, dialect: &Dialect) -> String {
    write_all(std::slice::from_ref(game), dialect)
}

/// Reads `input` and checks every game's writing is a fixed point: the written game reads back
/// as one game that writes the same text.
fn check(input: &[u8], dialect: &Dialect) {
    for item in RecordReader::new(input, dialect.clone()) {
        let Ok(game) = item else { continue };
        let once = write(&game, dialect);
        let again: Vec<_> = RecordReader::new(once.as_bytes(), dialect.clone()).collect();
        let context = || {
            let texts: Vec<&str> = again
                .iter()
                .map(|g| g.as_ref().map_or("(error)", |g| g.text()))
                .collect();
            format!(
                "input {:?}\nwritten {once:?}\nread back {texts:?}",
                String::from_utf8_lossy(input)
            )
        };
        assert_eq!(again.len(), 1, "{}", context());
        let Ok(again_game) = &again[0] else {
            panic!("{}", context())
        };
        assert_eq!(write(again_game, dialect), once, "{}", context());
    }
}

fn dialects() -> [Dialect; 3] {
    [
        Dialect::pgn(),
        Dialect::pdn(),
        Dialect::pgn().with_max_depth(3).with_line_width(20),
    ]
}

/// How many inputs each fuzz test tries: `$SCORESHEET_FUZZ_ROUNDS`, or `default`.
fn rounds(default: usize) -> usize {
    std::env::var("SCORESHEET_FUZZ_ROUNDS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(default)
}

#[test]
fn random_bytes_never_panic_and_write_to_a_fixed_point() {
    let seed = std::env::var("SCORESHEET_FUZZ_SEED")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(0x9E37_79B9_7F4A_7C15);
    let mut rng = Rng::new(seed);
    for _ in 0..rounds(3000) {
        let input = random_input(&mut rng);
        for dialect in dialects() {
            check(&input, &dialect);
        }
    }
}

const SEEDS: &[&str] = &[
    "[Event \"A\"]\n[Result \"1-0\"]\n\n1. e4 e5!? {comment [%clk 1:00:00]} (1... c5 $14 (1... e6)) 2. Nf3 ; line\nNc6 1-0\n",
    "[GameType \"20\"]\n1. 32-28 19-23 (18-23 38-32 (37-32? 23-29! { Black wins }) 12-18) 2. 28x19 14x23 2-0\n",
    "% escape\n[FEN \"W:W31-50:B1-20\"]\n*\n\n1.P-K4 P-K4 2.P-R8(Q) e8(D) 0-0 1/2-1/2\n",
];

#[test]
fn mutated_snippets_never_panic_and_write_to_a_fixed_point() {
    let mut sources: Vec<Vec<u8>> = SEEDS.iter().map(|s| s.as_bytes().to_vec()).collect();
    // Without the corpus (outside CI), the built-in seeds alone are mutated.
    for (sub, ext) in [
        ("pgn/pgn-extract", "pgn"),
        ("pgn/python-chess", "pgn"),
        ("pdn/succeed", "pdn"),
        ("pdn/fail", "pdn"),
    ] {
        let Some(dir) = corpus::shared(sub) else {
            continue;
        };
        for path in corpus::files(&dir, ext) {
            sources.push(std::fs::read(path).unwrap());
        }
    }
    let mut rng = Rng::new(0x2545_F491_4F6C_DD1D);
    for round in 0..rounds(1000) {
        let source = &sources[round % sources.len()];
        let start = rng.below(source.len().max(1));
        let len = 1 + rng.below(1500);
        let mut snippet = source[start.min(source.len())..(start + len).min(source.len())].to_vec();
        for _ in 0..1 + rng.below(5) {
            let at = rng.below(snippet.len() + 1);
            match rng.below(3) {
                0 if at < snippet.len() => {
                    snippet.remove(at);
                }
                1 if at < snippet.len() => snippet[at] = rng.next_u64() as u8,
                _ => {
                    let piece = FRAGMENTS[rng.below(FRAGMENTS.len())];
                    snippet.splice(at..at, piece.iter().copied());
                }
            }
        }
        for dialect in dialects() {
            check(&snippet, &dialect);
        }
    }
}

/// A source that hands out at most 7 bytes per read, so constructs straddle reads.
struct Trickle<'a>(&'a [u8]);

impl Read for Trickle<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = buf.len().min(self.0.len()).min(7);
        buf[..n].copy_from_slice(&self.0[..n]);
        self.0 = &self.0[n..];
        Ok(n)
    }
}

fn best_of_three(input: &[u8], trickle: bool) -> Duration {
    (0..3)
        .map(|_| {
            let start = Instant::now();
            let count = if trickle {
                RecordReader::new(Trickle(input), Dialect::pgn()).count()
            } else {
                RecordReader::new(input, Dialect::pgn()).count()
            };
            std::hint::black_box(count);
            start.elapsed()
        })
        .min()
        .unwrap()
}

/// Reading 8 times the input must take about 8 times as long, far from the 64 times of a
/// quadratic reader. The bound is loose and a failed measurement is taken again, for a machine
/// that is busy with other work.
fn assert_linear(name: &str, trickle: bool, make: impl Fn(usize) -> Vec<u8>) {
    let small = make(40_000);
    let large = make(320_000);
    let mut tries = Vec::new();
    for _ in 0..3 {
        let t_small = best_of_three(&small, trickle);
        let t_large = best_of_three(&large, trickle);
        if t_large < t_small * 24 + Duration::from_millis(30) {
            println!("{name}: {t_small:?} then {t_large:?}");
            return;
        }
        tries.push((t_small, t_large));
    }
    panic!(
        "{name}: reading {} then {} bytes took {tries:?}",
        small.len(),
        large.len()
    );
}

#[test]
#[ignore = "wall-clock timing is noise on shared CI machines; run by hand with --ignored"]
fn time_is_linear_in_the_input() {
    let repeat = |piece: &str, n: usize| piece.repeat(n / piece.len()).into_bytes();
    assert_linear("one long line of moves", false, |n| repeat("e4 e5 ", n));
    assert_linear("many small games", false, |n| repeat("e4 *\n", n));
    assert_linear("many small games on one line", false, |n| {
        repeat("e4 * ", n)
    });
    assert_linear("one long token", false, |n| repeat("a", n));
    assert_linear("one long token, read in bits", true, |n| repeat("a", n));
    assert_linear("an unclosed comment, read in bits", true, |n| {
        let mut v = b"e4 {".to_vec();
        v.extend(repeat("x y\n", n));
        v
    });
    assert_linear("a long line comment, read in bits", true, |n| {
        let mut v = b"e4 ;".to_vec();
        v.extend(repeat("x y ", n));
        v
    });
    assert_linear("an unclosed tag, read in bits", true, |n| {
        let mut v = b"[Event \"".to_vec();
        v.extend(repeat("x \" y ", n));
        v
    });
    assert_linear("tags on one line", false, |n| repeat("[A \"1\"] ", n));
    assert_linear("malformed tags on one line", false, |n| {
        repeat("[A 1] [ ] ", n)
    });
    assert_linear("glued parentheses", false, |n| {
        repeat("e8(D e8(D) (e4) ", n)
    });
    assert_linear("variations", false, |n| repeat("e4 (d4 (c4)) ", n));
    assert_linear("too deep variations", false, |n| repeat("(", n));
}

/// Prints the reading speed on a large generated file; run it in release mode:
/// `cargo test --release -p board-core --test record_fuzz -- --ignored --nocapture`.
#[test]
#[ignore = "a measurement, not a check"]
fn throughput() {
    let game = "[Event \"Rated Blitz game\"]\n[Site \"https://lichess.org/abcdefgh\"]\n[Date \"2024.01.01\"]\n[Round \"-\"]\n[White \"alpha\"]\n[Black \"beta\"]\n[Result \"1-0\"]\n[WhiteElo \"1500\"]\n[BlackElo \"1490\"]\n[ECO \"C20\"]\n[TimeControl \"180+0\"]\n\n1. e4 { [%clk 0:03:00] } 1... e5 { [%clk 0:03:00] } 2. Nf3 { [%clk 0:02:58] } 2... Nc6 { [%clk 0:02:57] }\n3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O 9. h3 Nb8 10. d4 Nbd7\n11. c4 c6 12. cxb5 axb5 13. Nc3 Bb7 14. Bg5 b4 15. Nb1 h6 16. Bh4 c5 17. dxe5\nNxe4 18. Bxe7 Qxe7 19. exd6 Qf6 20. Nbd2 Nxd6 21. Nc4 Nxc4 22. Bxc4 Nb6\n23. Ne5 Rae8 24. Bxf7+ Rxf7 25. Nxf7 Rxe1+ 26. Qxe1 Kxf7 27. Qe3 Qg5 28. Qxg5\nhxg5 29. b3 Ke6 30. a3 Kd6 31. axb4 cxb4 32. Ra5 Nd5 33. f3 Bc8 34. Kf2 Bf5\n35. Ra7 g6 36. Ra6+ Kc5 37. Ke1 Nf4 38. g3 Nxh3 39. Kd2 Kb5 40. Rd6 Kc5 41. Ra6\nNf2 42. g4 Bd3 43. Re6 1-0\n\n";
    let input = game.repeat(64 << 20 >> 10).into_bytes();
    let start = Instant::now();
    let mut moves = 0;
    for game in RecordReader::new(&input[..], Dialect::pgn()) {
        moves += game.unwrap().moves().count();
    }
    let seconds = start.elapsed().as_secs_f64();
    println!(
        "{:.1} MB in {seconds:.2} s: {:.0} MB/s, {moves} moves",
        input.len() as f64 / 1e6,
        input.len() as f64 / 1e6 / seconds
    );
}
