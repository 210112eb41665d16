//! `cargo xtask bench`: runs the divan benches and prints, per benchmark, how our median time
//! compares with the anchors' (shakmaty and cozy-chess for chess) measured in the same run; then
//! times pgn-extract beside the `scoresheet` binary on the same file, when it is installed.
//!
//! Benches are grouped as `mod ours { .. }` beside `mod <anchor> { .. }` with the same function
//! names and arguments; the ratio pairs them by that path.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::memory::{self, TempDir};
use crate::util::{self, Result};

/// Arguments of `cargo xtask bench`.
#[derive(Debug, clap::Args)]
pub(crate) struct Args {
    /// Rounds of the pgn-extract comparison (each runs every command once).
    #[arg(long, default_value_t = 7)]
    rounds: usize,
    /// Only the pgn-extract comparison, not the divan benches.
    #[arg(long)]
    pgn_extract_only: bool,
    /// Extra arguments for the bench binaries, such as a name filter.
    #[arg(last = true)]
    divan_args: Vec<String>,
}

pub(crate) fn run(args: &Args) -> Result {
    let mut rows = Vec::new();
    if !args.pgn_extract_only {
        let mut cmd = util::cargo();
        cmd.args(["bench", "-p", "benches"]);
        if !args.divan_args.is_empty() {
            cmd.arg("--").args(&args.divan_args);
        }
        let output = util::output(&mut cmd)?;
        // Show divan's own table too: fastest, slowest, throughput.
        print!("{output}");
        rows = parse(&output);
        if rows.is_empty() {
            return Err("found no benchmark results in the bench output".to_owned());
        }
    }
    match find_pgn_extract() {
        Some(pgn_extract) => rows.extend(against_pgn_extract(&pgn_extract, args.rounds.max(1))?),
        None => println!(
            "\npgn-extract is not installed (not in PATH nor /usr/games): skipped \
             (`apt-get install pgn-extract`)"
        ),
    }
    println!();
    print!("{}", ratio_table(&rows));
    Ok(())
}

/// Games of the file pgn-extract and we convert and check: the record benches' sample.
const GAMES: usize = 20_000;
/// The record benches' seed: the same bytes as `3-records-interleaved` reads.
const SEED: u64 = 0x0005_ca1e_5eed;

/// `pgn-extract` from PATH, or from `/usr/games` where Debian puts it (not in every PATH).
fn find_pgn_extract() -> Option<PathBuf> {
    let path = std::env::var_os("PATH").unwrap_or_default();
    find_program("pgn-extract", &path, &[Path::new("/usr/games")])
}

/// The first file named `name` in the folders of `path` (a PATH value), then in `extra`.
fn find_program(name: &str, path: &std::ffi::OsStr, extra: &[&Path]) -> Option<PathBuf> {
    std::env::split_paths(path)
        .chain(extra.iter().map(|dir| dir.to_path_buf()))
        .map(|dir| dir.join(name))
        .find(|candidate| candidate.is_file())
}

/// One command of the comparison, run once per round.
struct Timed {
    /// The bench name it is paired by (`pgn_extract convert_to_san`).
    bench: &'static str,
    /// `ours` or `pgn-extract`.
    group: &'static str,
    command: Command,
    times: Vec<Duration>,
}

/// Converts the sample to SAN and checks it, with the release `scoresheet` (all cores) and with
/// pgn-extract (one core: it has no threads), in alternating rounds so that load from elsewhere
/// on the host falls on both; prints medians and minima and returns the medians as rows.
fn against_pgn_extract(pgn_extract: &Path, rounds: usize) -> Result<Vec<Measurement>> {
    let ours = memory::build(false)?;
    let temp = TempDir::new(&std::env::temp_dir())?;
    let input = temp.0.join("random-games.pgn");
    let (pgn, moves) = benches::sample_pgn(GAMES, SEED);
    std::fs::write(&input, &pgn).map_err(|e| format!("cannot write {}: {e}", input.display()))?;
    let ours_out = temp.0.join("ours.pgn");
    let theirs_out = temp.0.join("pgn-extract.pgn");
    let mut commands = vec![
        timed_command("pgn_extract convert_to_san", "ours", &ours, |cmd| {
            cmd.args(["convert", "--quiet", "--to", "en", "-o"])
                .arg(&ours_out)
                .arg(&input);
        }),
        // -s: no line per game; --quiet: no progress; -o: the SAN output (its default format).
        timed_command(
            "pgn_extract convert_to_san",
            "pgn-extract",
            pgn_extract,
            |cmd| {
                cmd.args(["-s", "--quiet", "-o"])
                    .arg(&theirs_out)
                    .arg(&input);
            },
        ),
        timed_command("pgn_extract check", "ours", &ours, |cmd| {
            cmd.args(["check", "--quiet"]).arg(&input);
        }),
        // -r: read and check every game, report errors, write nothing.
        timed_command("pgn_extract check", "pgn-extract", pgn_extract, |cmd| {
            cmd.args(["-r", "-s", "--quiet"]).arg(&input);
        }),
    ];
    println!(
        "\npgn-extract ({}) beside scoresheet ({}): {GAMES} games, {:.1} MB, {moves} moves, \
         {rounds} rounds",
        pgn_extract.display(),
        ours.display(),
        pgn.len() as f64 / 1e6
    );
    for round in 0..rounds {
        for timed in &mut commands {
            let start = Instant::now();
            let status = timed
                .command
                .status()
                .map_err(|e| format!("cannot start {:?}: {e}", timed.command.get_program()))?;
            timed.times.push(start.elapsed());
            // pgn-extract warns (exit code included) about the sample's `*` results after a
            // mate; only our binary's failure is an error.
            if !status.success() && timed.group == "ours" {
                return Err(format!("`{:?}` failed ({status})", timed.command));
            }
        }
        if round == 0 {
            for out in [&ours_out, &theirs_out] {
                let written = std::fs::read_to_string(out)
                    .map_err(|e| format!("cannot read {}: {e}", out.display()))?;
                let games = written.matches("[Event ").count();
                if games != GAMES {
                    return Err(format!(
                        "{} holds {games} games, not {GAMES}",
                        out.display()
                    ));
                }
            }
        }
    }
    let mut rows = Vec::new();
    for timed in &mut commands {
        timed.times.sort();
        let (median, min) = (timed.times[timed.times.len() / 2], timed.times[0]);
        println!(
            "  {:<12} {:<28} median {:>9.1?} min {:>9.1?} {:7.1} MB/s",
            timed.group,
            timed.bench,
            median,
            min,
            pgn.len() as f64 / median.as_secs_f64() / 1e6
        );
        rows.push(Measurement {
            bench: timed.bench.to_owned(),
            group: timed.group.to_owned(),
            median_ns: median.as_secs_f64() * 1e9,
        });
    }
    for pair in commands.chunks(2) {
        let (ours, theirs) = (&pair[0].times, &pair[1].times);
        let ratio = |a: Duration, b: Duration| a.as_secs_f64() / b.as_secs_f64();
        println!(
            "  ratio {}, pgn-extract / ours: median {:.2}, min {:.2}",
            pair[0].bench,
            ratio(theirs[theirs.len() / 2], ours[ours.len() / 2]),
            ratio(theirs[0], ours[0])
        );
    }
    Ok(rows)
}

fn timed_command(
    bench: &'static str,
    group: &'static str,
    program: &Path,
    args: impl FnOnce(&mut Command),
) -> Timed {
    let mut command = Command::new(program);
    args(&mut command);
    // Reports and warnings are not what is timed, and pgn-extract's fill a terminal.
    command.stdout(Stdio::null()).stderr(Stdio::null());
    Timed {
        bench,
        group,
        command,
        times: Vec::new(),
    }
}

/// One benchmark's median, by its path in divan's tree.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Measurement {
    /// The path without the group: bench file, function, argument (`0-movegen perft_start 4`).
    pub(crate) bench: String,
    /// The group: `ours` or the anchor's name.
    pub(crate) group: String,
    /// Median time per iteration, in nanoseconds.
    pub(crate) median_ns: f64,
}

/// Reads divan's tree tables (several bench binaries may follow each other).
///
/// Divan aligns columns under its header (`fastest │ slowest │ median │ mean │ samples │ iters`),
/// so the header gives the column offsets and each row's indentation gives its depth.
pub(crate) fn parse(output: &str) -> Vec<Measurement> {
    let mut results = Vec::new();
    let mut columns: Option<Columns> = None;
    let mut path: Vec<String> = Vec::new();
    for line in output.lines() {
        let chars: Vec<char> = line.chars().collect();
        if let Some(header) = Columns::from_header(&chars) {
            path = vec![text(&chars[..header.name_end])];
            columns = Some(header);
            continue;
        }
        let Some(cols) = &columns else { continue };
        if chars.len() < cols.name_end || !line.contains('│') {
            // The table ended (blank line, cargo's messages).
            columns = None;
            continue;
        }
        let name_part: String = chars[..cols.name_end].iter().collect();
        let Some(start) = name_part.find(|c: char| !"│├╰─ ".contains(c)) else {
            continue; // a counter line (throughput) under the row above
        };
        // Each tree level indents by three columns: `├─ ours` is depth 1 (under the file name).
        let depth = name_part[..start].chars().count() / 3;
        path.truncate(depth);
        path.push(name_part[start..].trim().to_owned());
        let median = cols.median.0.min(chars.len())..cols.median.1.min(chars.len());
        if let Some(median_ns) = parse_duration(&text(&chars[median])) {
            let group = path.get(1).cloned().unwrap_or_default();
            let mut bench = vec![path[0].clone()];
            bench.extend(path.iter().skip(2).cloned());
            results.push(Measurement {
                bench: bench.join(" "),
                group,
                median_ns,
            });
        }
    }
    results
}

/// Column offsets (in chars) read from a divan header line.
struct Columns {
    /// Where the name column ends and `fastest` begins.
    name_end: usize,
    /// The span of the `median` column.
    median: (usize, usize),
}

impl Columns {
    fn from_header(chars: &[char]) -> Option<Columns> {
        let line: String = chars.iter().collect();
        if !line.contains("fastest") || !line.contains("median") {
            return None;
        }
        let char_at = |byte: usize| line[..byte].chars().count();
        let name_end = char_at(line.find("fastest")?);
        let seps: Vec<usize> = chars
            .iter()
            .enumerate()
            .filter(|(_, c)| **c == '│')
            .map(|(i, _)| i)
            .collect();
        // fastest │ slowest │ median │ ...: the median sits between the second and third bar.
        let (start, end) = (*seps.get(1)? + 1, *seps.get(2)?);
        Some(Columns {
            name_end,
            median: (start, end),
        })
    }
}

fn text(chars: &[char]) -> String {
    chars.iter().collect::<String>().trim().to_owned()
}

/// `1.234 ms` → nanoseconds.
pub(crate) fn parse_duration(text: &str) -> Option<f64> {
    let (number, unit) = text.split_once(' ')?;
    let value: f64 = number.parse().ok()?;
    let scale = match unit.trim() {
        "ps" => 1e-3,
        "ns" => 1.0,
        "µs" | "us" => 1e3,
        "ms" => 1e6,
        "s" => 1e9,
        _ => return None,
    };
    Some(value * scale)
}

/// The table of ratios, one row per benchmark that both `ours` and an anchor ran.
pub(crate) fn ratio_table(rows: &[Measurement]) -> String {
    let ours: BTreeMap<&str, f64> = rows
        .iter()
        .filter(|row| row.group == "ours")
        .map(|row| (row.bench.as_str(), row.median_ns))
        .collect();
    let mut pairs: Vec<(&str, &str, f64, f64)> = rows
        .iter()
        .filter(|row| row.group != "ours")
        .filter_map(|row| {
            let our = *ours.get(row.bench.as_str())?;
            Some((row.bench.as_str(), row.group.as_str(), our, row.median_ns))
        })
        .collect();
    pairs.sort_by(|a, b| (a.0, a.1).cmp(&(b.0, b.1)));

    let width = pairs.iter().map(|p| p.0.len()).max().unwrap_or(0).max(9);
    let named = pairs.iter().map(|p| p.1.len()).max().unwrap_or(0).max(10);
    let mut out = String::from(
        "ratio = anchor median time / our median time (>= 1.0: we are at least as fast)\n",
    );
    out.push_str(&format!(
        "{:<width$}  {:<named$}  {:>12}  {:>12}  {:>6}\n",
        "benchmark", "anchor", "ours", "anchor", "ratio"
    ));
    for (bench, anchor, our, theirs) in pairs {
        out.push_str(&format!(
            "{bench:<width$}  {anchor:<named$}  {:>12}  {:>12}  {:>6.2}\n",
            format_ns(our),
            format_ns(theirs),
            theirs / our
        ));
    }
    out
}

fn format_ns(ns: f64) -> String {
    if ns >= 1e9 {
        format!("{:.3} s", ns / 1e9)
    } else if ns >= 1e6 {
        format!("{:.3} ms", ns / 1e6)
    } else if ns >= 1e3 {
        format!("{:.3} µs", ns / 1e3)
    } else {
        format!("{ns:.1} ns")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Real output of `cargo bench -p benches` (divan 0.1.21), test-harness lines included.
    const SAMPLE: &str = r"
running 2 tests
test tests::published_counts_match_perft ... ignored

test result: ok. 0 passed; 0 failed; 2 ignored; 0 measured; 0 filtered out; finished in 0.00s

0_movegen             fastest       │ slowest       │ median        │ mean          │ samples │ iters
├─ ours                             │               │               │               │         │
│  ├─ legal_moves     7.452 µs      │ 53.85 µs      │ 7.502 µs      │ 8.019 µs      │ 100     │ 100
│  │                  6.709 Mitem/s │ 928.3 Kitem/s │ 6.664 Mitem/s │ 6.234 Mitem/s │         │
│  ├─ perft_kiwipete                │               │               │               │         │
│  │  ├─ 3            277.6 µs      │ 4.403 ms      │ 280.8 µs      │ 417 µs        │ 100     │ 100
│  │  │               352.4 Mitem/s │ 22.22 Mitem/s │ 348.4 Mitem/s │ 234.6 Mitem/s │         │
│  │  ╰─ 4            13.77 ms      │ 30.91 ms      │ 14.62 ms      │ 16.21 ms      │ 100     │ 100
│  │                  296.6 Mitem/s │ 132.1 Mitem/s │ 279.4 Mitem/s │ 251.9 Mitem/s │         │
│  ╰─ perft_start                   │               │               │               │         │
│     ├─ 4            717.2 µs      │ 4.145 ms      │ 755.7 µs      │ 980.1 µs      │ 100     │ 100
│     │               275 Mitem/s   │ 47.58 Mitem/s │ 261 Mitem/s   │ 201.2 Mitem/s │         │
│     ╰─ 5            17.98 ms      │ 54.76 ms      │ 19.34 ms      │ 21.43 ms      │ 100     │ 100
│                     270.5 Mitem/s │ 88.85 Mitem/s │ 251.4 Mitem/s │ 226.9 Mitem/s │         │
╰─ shakmaty                         │               │               │               │         │
   ├─ legal_moves     7.403 µs      │ 47.49 µs      │ 7.482 µs      │ 7.956 µs      │ 100     │ 100
   │                  6.753 Mitem/s │ 1.052 Mitem/s │ 6.682 Mitem/s │ 6.284 Mitem/s │         │
   ├─ perft_kiwipete                │               │               │               │         │
   │  ├─ 3            434.5 µs      │ 563.6 µs      │ 437.7 µs      │ 449.2 µs      │ 100     │ 100
   │  │               225.1 Mitem/s │ 173.6 Mitem/s │ 223.5 Mitem/s │ 217.8 Mitem/s │         │
   │  ╰─ 4            20.41 ms      │ 31 ms         │ 21.11 ms      │ 22.04 ms      │ 100     │ 100
   │                  200.1 Mitem/s │ 131.7 Mitem/s │ 193.4 Mitem/s │ 185.3 Mitem/s │         │
   ╰─ perft_start                   │               │               │               │         │
      ├─ 4            928 µs        │ 1.277 ms      │ 952.4 µs      │ 965.7 µs      │ 100     │ 100
      │               212.5 Mitem/s │ 154.3 Mitem/s │ 207.1 Mitem/s │ 204.2 Mitem/s │         │
      ╰─ 5            24.04 ms      │ 40.31 ms      │ 25.12 ms      │ 26.13 ms      │ 100     │ 100
                      202.3 Mitem/s │ 120.7 Mitem/s │ 193.6 Mitem/s │ 186.1 Mitem/s │         │

";

    /// Real output of `cargo bench -p benches --bench 0-movegen` with three groups, the anchors
    /// sorted around `ours` (divan 0.1.21, 2026-12-01).
    const THREE_GROUPS: &str = r"
0_movegen             fastest       │ slowest       │ median        │ mean          │ samples │ iters
├─ cozy_chess                       │               │               │               │         │
│  ├─ legal_moves     4.037 µs      │ 224.3 µs      │ 4.087 µs      │ 6.738 µs      │ 100     │ 100
│  │                  12.38 Mitem/s │ 222.8 Kitem/s │ 12.23 Mitem/s │ 7.42 Mitem/s  │         │
│  ├─ perft_kiwipete                │               │               │               │         │
│  │  ├─ 3            258.9 µs      │ 4.491 ms      │ 295.5 µs      │ 425.4 µs      │ 100     │ 100
│  │  │               377.8 Mitem/s │ 21.78 Mitem/s │ 331 Mitem/s   │ 230 Mitem/s   │         │
│  │  ╰─ 4            13.16 ms      │ 47.76 ms      │ 21.42 ms      │ 22.15 ms      │ 100     │ 100
│  │                  310.4 Mitem/s │ 85.52 Mitem/s │ 190.7 Mitem/s │ 184.4 Mitem/s │         │
│  ╰─ perft_start                   │               │               │               │         │
│     ├─ 4            925.6 µs      │ 7.058 ms      │ 974.4 µs      │ 1.415 ms      │ 100     │ 100
│     │               213.1 Mitem/s │ 27.95 Mitem/s │ 202.4 Mitem/s │ 139.3 Mitem/s │         │
│     ╰─ 5            30.78 ms      │ 68.99 ms      │ 53.34 ms      │ 52.53 ms      │ 100     │ 100
│                     158 Mitem/s   │ 70.51 Mitem/s │ 91.21 Mitem/s │ 92.61 Mitem/s │         │
├─ ours                             │               │               │               │         │
│  ├─ legal_moves     11.13 µs      │ 67.57 µs      │ 13.61 µs      │ 14.79 µs      │ 100     │ 100
│  │                  4.492 Mitem/s │ 739.9 Kitem/s │ 3.672 Mitem/s │ 3.379 Mitem/s │         │
│  ├─ perft_kiwipete                │               │               │               │         │
│  │  ├─ 3            513.6 µs      │ 4.709 ms      │ 566.9 µs      │ 856.6 µs      │ 100     │ 100
│  │  │               190.5 Mitem/s │ 20.77 Mitem/s │ 172.6 Mitem/s │ 114.2 Mitem/s │         │
│  │  ╰─ 4            20.2 ms       │ 43.02 ms      │ 25.47 ms      │ 29.55 ms      │ 100     │ 100
│  │                  202.1 Mitem/s │ 94.96 Mitem/s │ 160.3 Mitem/s │ 138.2 Mitem/s │         │
│  ╰─ perft_start                   │               │               │               │         │
│     ├─ 4            821 µs        │ 6.871 ms      │ 864.3 µs      │ 1.271 ms      │ 100     │ 100
│     │               240.2 Mitem/s │ 28.7 Mitem/s  │ 228.2 Mitem/s │ 155.2 Mitem/s │         │
│     ╰─ 5            25.57 ms      │ 172.3 ms      │ 43.22 ms      │ 43.76 ms      │ 100     │ 100
│                     190.2 Mitem/s │ 28.22 Mitem/s │ 112.5 Mitem/s │ 111.1 Mitem/s │         │
╰─ shakmaty                         │               │               │               │         │
   ├─ legal_moves     8.104 µs      │ 459.7 µs      │ 8.219 µs      │ 14.08 µs      │ 100     │ 100
   │                  6.169 Mitem/s │ 108.7 Kitem/s │ 6.083 Mitem/s │ 3.55 Mitem/s  │         │
   ├─ perft_kiwipete                │               │               │               │         │
   │  ├─ 3            643.8 µs      │ 7.8 ms        │ 809 µs        │ 1.184 ms      │ 100     │ 100
   │  │               151.9 Mitem/s │ 12.54 Mitem/s │ 120.9 Mitem/s │ 82.6 Mitem/s  │         │
   │  ╰─ 4            22.24 ms      │ 99.98 ms      │ 48.49 ms      │ 50.01 ms      │ 100     │ 100
   │                  183.6 Mitem/s │ 40.86 Mitem/s │ 84.24 Mitem/s │ 81.69 Mitem/s │         │
   ╰─ perft_start                   │               │               │               │         │
      ├─ 4            1.374 ms      │ 11.3 ms       │ 1.831 ms      │ 2.232 ms      │ 100     │ 100
      │               143.4 Mitem/s │ 17.45 Mitem/s │ 107.7 Mitem/s │ 88.37 Mitem/s │         │
      ╰─ 5            36 ms         │ 120.9 ms      │ 60.96 ms      │ 61.22 ms      │ 100     │ 100
                      135.1 Mitem/s │ 40.23 Mitem/s │ 79.81 Mitem/s │ 79.47 Mitem/s │         │
";

    fn median(rows: &[Measurement], group: &str, bench: &str) -> f64 {
        rows.iter()
            .find(|r| r.group == group && r.bench == bench)
            .unwrap_or_else(|| panic!("{group} {bench} missing in {rows:#?}"))
            .median_ns
    }

    #[test]
    fn reads_every_leaf_of_the_tree() {
        let rows = parse(SAMPLE);
        assert_eq!(rows.len(), 10, "{rows:#?}");
        assert_eq!(median(&rows, "ours", "0_movegen legal_moves"), 7_502.0);
        assert_eq!(
            median(&rows, "ours", "0_movegen perft_kiwipete 4"),
            14_620_000.0
        );
        assert_eq!(median(&rows, "ours", "0_movegen perft_start 4"), 755_700.0);
        assert_eq!(
            median(&rows, "shakmaty", "0_movegen perft_start 5"),
            25_120_000.0
        );
        assert_eq!(
            median(&rows, "shakmaty", "0_movegen perft_kiwipete 3"),
            437_700.0
        );
    }

    #[test]
    fn reads_a_group_before_ours_and_pairs_each_anchor() {
        let rows = parse(THREE_GROUPS);
        assert_eq!(rows.len(), 15, "{rows:#?}");
        assert_eq!(
            median(&rows, "cozy_chess", "0_movegen perft_start 5"),
            53_340_000.0
        );
        assert_eq!(
            median(&rows, "ours", "0_movegen perft_kiwipete 4"),
            25_470_000.0
        );
        let table = ratio_table(&rows);
        assert_eq!(table.lines().count(), 2 + 10, "{table}");
        let row = table
            .lines()
            .find(|l| l.starts_with("0_movegen perft_start 5") && l.contains("cozy_chess"))
            .expect("a cozy_chess row for perft_start 5");
        assert!(row.ends_with("1.23"), "{row}"); // 53.34 ms / 43.22 ms
    }

    #[test]
    fn ratio_is_anchor_over_ours() {
        let table = ratio_table(&parse(SAMPLE));
        assert!(table.starts_with("ratio = anchor median time / our median time"));
        let row = table
            .lines()
            .find(|l| l.starts_with("0_movegen perft_start 5 "))
            .expect("a row for perft_start 5");
        assert!(row.contains("shakmaty"), "{row}");
        assert!(row.ends_with("1.30"), "{row}"); // 25.12 ms / 19.34 ms
        assert_eq!(table.lines().count(), 2 + 5);
    }

    #[test]
    fn every_anchor_gets_its_row_and_long_names_stay_aligned() {
        let row = |bench: &str, group: &str, median_ns: f64| Measurement {
            bench: bench.to_owned(),
            group: group.to_owned(),
            median_ns,
        };
        let rows = [
            row("0_movegen perft_start 5", "ours", 20e6),
            row("0_movegen perft_start 5", "shakmaty", 30e6),
            row("0_movegen perft_start 5", "cozy_chess", 17e6),
            row("pgn_extract check", "ours", 0.2e9),
            row("pgn_extract check", "pgn-extract", 2e9),
            // No `ours` beside it: no row.
            row("pgn_extract alone", "pgn-extract", 1e9),
        ];
        let table = ratio_table(&rows);
        let lines: Vec<&str> = table.lines().collect();
        assert_eq!(lines.len(), 2 + 3, "{table}");
        assert!(
            lines[2].contains("cozy_chess") && lines[2].ends_with("0.85"),
            "{table}"
        );
        assert!(
            lines[3].contains("shakmaty") && lines[3].ends_with("1.50"),
            "{table}"
        );
        assert!(
            lines[4].contains("pgn-extract") && lines[4].ends_with("10.00"),
            "{table}"
        );
        let widths: Vec<usize> = lines[1..].iter().map(|l| l.chars().count()).collect();
        assert!(widths.iter().all(|w| *w == widths[0]), "{table}");
    }

    #[test]
    fn finds_a_program_in_path_then_in_the_extra_folders() {
        let temp = TempDir::new(&std::env::temp_dir().join("xtask-find-program")).unwrap();
        let (first, second) = (temp.0.join("a"), temp.0.join("b"));
        for dir in [&first, &second] {
            std::fs::create_dir_all(dir).unwrap();
        }
        std::fs::write(second.join("pgn-extract"), "").unwrap();
        let path = std::env::join_paths([&first]).unwrap();
        assert_eq!(find_program("pgn-extract", &path, &[]), None);
        assert_eq!(
            find_program("pgn-extract", &path, &[&second]),
            Some(second.join("pgn-extract"))
        );
        let path = std::env::join_paths([&first, &second]).unwrap();
        assert_eq!(
            find_program("pgn-extract", &path, &[]),
            Some(second.join("pgn-extract"))
        );
        let parent = temp.0.parent().map(Path::to_path_buf);
        drop(temp);
        if let Some(parent) = parent {
            let _ = std::fs::remove_dir(parent);
        }
    }

    #[test]
    fn durations_in_every_unit() {
        assert_eq!(parse_duration("1.5 s"), Some(1.5e9));
        assert_eq!(parse_duration("2 ms"), Some(2e6));
        assert_eq!(parse_duration("7.5 µs"), Some(7_500.0));
        assert_eq!(parse_duration("20 ns"), Some(20.0));
        assert_eq!(parse_duration("500 ps"), Some(0.5));
        assert_eq!(parse_duration("6.664 Mitem/s"), None);
        assert_eq!(parse_duration(""), None);
    }
}
