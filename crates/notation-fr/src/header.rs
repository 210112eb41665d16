//! The top of a French scoresheet as PGN tags. « Dans la partie supérieure, avant le démarrage
//! de la partie, chaque joueur doit y inscrire : le nom de la compétition, la date, le numéro de
//! la ronde, le numéro de la table, les noms, elo et club de chacun des joueurs aux blancs et
//! aux noirs. À la fin de la partie, il y indiquera le résultat. »

use std::fmt;

use board_core::GameResult;

/// One box of the sheet's header and the PGN tag it fills.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HeaderField {
    /// The label as a French sheet prints it.
    pub label: &'static str,
    /// Other labels read for it, written without accents, case or spaces (`numerodelaronde`).
    pub aliases: &'static [&'static str],
    /// The PGN tag.
    pub tag: &'static str,
    /// How the value is turned into the tag's.
    pub value: &'static str,
}

/// The header of a French scoresheet, box by box, and the PGN tag of each.
///
/// The club goes to `WhiteTeam` / `BlackTeam`, the tags PGN software reads for the side a
/// player represents (in an interclub match, the club is the team; in an individual event, the
/// player's club is what the sheet records in that box). The table number goes to `Board`, as
/// team-event PGN files write it.
///
/// | sheet | tag | value |
/// | --- | --- | --- |
/// | Compétition | `Event` | as written |
/// | Date | `Date` | `17/03/2024`, `17.03.2024`, `17 mars 2024` → `2024.03.17` |
/// | Ronde | `Round` | as written |
/// | Table | `Board` | as written |
/// | Blancs (nom) | `White` | as written |
/// | Elo Blancs | `WhiteElo` | digits; a rating letter (`1650 F`) dropped; `NC` or empty → `-` |
/// | Club Blancs | `WhiteTeam` | as written |
/// | Noirs (nom) | `Black` | as written |
/// | Elo Noirs | `BlackElo` | as for White |
/// | Club Noirs | `BlackTeam` | as written |
/// | Résultat | `Result` | `1-0`, `0-1`, `½-½` → `1/2-1/2` |
pub const HEADER_FIELDS: [HeaderField; 11] = [
    HeaderField {
        label: "Compétition",
        aliases: &["competition", "nomdelacompetition", "tournoi"],
        tag: "Event",
        value: "as written",
    },
    HeaderField {
        label: "Date",
        aliases: &["date"],
        tag: "Date",
        value: "day, month, year → yyyy.mm.dd",
    },
    HeaderField {
        label: "Ronde",
        aliases: &[
            "ronde",
            "numerodelaronde",
            "numeroderonde",
            "ndelaronde",
            "nderonde",
        ],
        tag: "Round",
        value: "as written",
    },
    HeaderField {
        label: "Table",
        aliases: &[
            "table",
            "numerodelatable",
            "numerodetable",
            "ndelatable",
            "ndetable",
        ],
        tag: "Board",
        value: "as written",
    },
    HeaderField {
        label: "Blancs",
        aliases: &[
            "blancs",
            "blanc",
            "nomblancs",
            "nomdesblancs",
            "joueurblancs",
        ],
        tag: "White",
        value: "as written",
    },
    HeaderField {
        label: "Elo Blancs",
        aliases: &["eloblancs", "eloblanc", "elodesblancs", "blancselo"],
        tag: "WhiteElo",
        value: "digits, or - when unrated",
    },
    HeaderField {
        label: "Club Blancs",
        aliases: &["clubblancs", "clubblanc", "clubdesblancs", "blancsclub"],
        tag: "WhiteTeam",
        value: "as written",
    },
    HeaderField {
        label: "Noirs",
        aliases: &["noirs", "noir", "nomnoirs", "nomdesnoirs", "joueurnoirs"],
        tag: "Black",
        value: "as written",
    },
    HeaderField {
        label: "Elo Noirs",
        aliases: &["elonoirs", "elonoir", "elodesnoirs", "noirselo"],
        tag: "BlackElo",
        value: "digits, or - when unrated",
    },
    HeaderField {
        label: "Club Noirs",
        aliases: &["clubnoirs", "clubnoir", "clubdesnoirs", "noirsclub"],
        tag: "BlackTeam",
        value: "as written",
    },
    HeaderField {
        label: "Résultat",
        aliases: &["resultat"],
        tag: "Result",
        value: "1-0, 0-1, 1/2-1/2 (½-½ read), *",
    },
];

/// A header line or value that cannot be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HeaderError {
    /// The line, from 1, when reading a whole header.
    pub line: Option<usize>,
    message: String,
}

impl HeaderError {
    fn new(message: String) -> HeaderError {
        HeaderError {
            line: None,
            message,
        }
    }
}

impl fmt::Display for HeaderError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(line) = self.line {
            write!(f, "line {line}: ")?;
        }
        f.write_str(&self.message)
    }
}

impl std::error::Error for HeaderError {}

/// The label without case, accents, spaces or punctuation: `N° de la ronde` → `ndelaronde`.
fn fold(label: &str) -> String {
    label
        .chars()
        .flat_map(char::to_lowercase)
        .map(|c| match c {
            'à' | 'â' | 'ä' => 'a',
            'é' | 'è' | 'ê' | 'ë' => 'e',
            'î' | 'ï' => 'i',
            'ô' | 'ö' => 'o',
            'ù' | 'û' | 'ü' => 'u',
            'ç' => 'c',
            c => c,
        })
        .filter(char::is_ascii_alphanumeric)
        .collect()
}

/// The PGN tag of a header label, French (`Ronde`, `Elo Noirs`, `Résultat`) or already a PGN
/// tag of the table (`Round`).
///
/// # Examples
///
/// ```
/// use notation_fr::tag_for_label;
///
/// assert_eq!(tag_for_label("Compétition"), Some("Event"));
/// assert_eq!(tag_for_label("N° de la ronde"), Some("Round"));
/// assert_eq!(tag_for_label("numéro de la table"), Some("Board"));
/// assert_eq!(tag_for_label("Club Noirs"), Some("BlackTeam"));
/// assert_eq!(tag_for_label("WhiteElo"), Some("WhiteElo"));
/// assert_eq!(tag_for_label("Annotator"), None);
/// ```
#[must_use]
pub fn tag_for_label(label: &str) -> Option<&'static str> {
    let folded = fold(label);
    HEADER_FIELDS
        .iter()
        .find(|f| f.aliases.contains(&folded.as_str()) || fold(f.tag) == folded)
        .map(|f| f.tag)
}

/// A value of the sheet as the tag wants it (see [`HEADER_FIELDS`]).
///
/// # Errors
///
/// [`HeaderError`] for a date, result or Elo that does not read.
pub(crate) fn tag_value(tag: &str, value: &str) -> Result<String, HeaderError> {
    let value = value.trim();
    match tag {
        "Date" if !is_pgn_date(value) => french_date_to_pgn(value),
        "Result" => {
            let compact: String = value.chars().filter(|c| !c.is_whitespace()).collect();
            compact
                .parse::<GameResult>()
                .map(|r| r.as_str().to_owned())
                .map_err(|_| {
                    HeaderError::new(format!(
                        "result {value:?} is none of 1-0, 0-1, ½-½, 1/2-1/2, *"
                    ))
                })
        }
        "WhiteElo" | "BlackElo" => elo(value),
        _ => Ok(value.to_owned()),
    }
}

/// A date of a header as a PGN date, `yyyy.mm.dd` with `?` for what is unknown: a PGN date as
/// it is, a French one (day first) converted as [`french_date_to_pgn`] does.
///
/// # Errors
///
/// [`HeaderError`] when the value is neither.
///
/// # Examples
///
/// ```
/// use notation_fr::pgn_date;
///
/// assert_eq!(pgn_date("2024.03.??").unwrap(), "2024.03.??");
/// assert_eq!(pgn_date(" 17 mars 2024 ").unwrap(), "2024.03.17");
/// assert!(pgn_date("spring 1924").is_err());
/// ```
pub fn pgn_date(value: &str) -> Result<String, HeaderError> {
    tag_value("Date", value)
}

/// Whether `value` has the form of a PGN date: `yyyy.mm.dd`, digits or `?`.
fn is_pgn_date(value: &str) -> bool {
    let b = value.as_bytes();
    b.len() == 10
        && b[4] == b'.'
        && b[7] == b'.'
        && b.iter()
            .enumerate()
            .all(|(i, c)| i == 4 || i == 7 || c.is_ascii_digit() || *c == b'?')
}

fn elo(value: &str) -> Result<String, HeaderError> {
    // An empty value says nothing, and stays so (it became `-`, unrated, without a word).
    if value.is_empty() {
        return Ok(String::new());
    }
    let folded = value.to_ascii_lowercase();
    if matches!(folded.as_str(), "-" | "nc" | "non classe" | "non classé") {
        return Ok("-".to_owned());
    }
    // The French federation marks how a rating was obtained: F (FIDE), N (national), E
    // (estimated). The tag holds the number.
    let digits = value
        .trim_end_matches(['F', 'N', 'E', 'f', 'n', 'e'])
        .trim_end();
    if !digits.is_empty() && digits.len() <= 4 && digits.bytes().all(|b| b.is_ascii_digit()) {
        Ok(digits.to_owned())
    } else {
        Err(HeaderError::new(format!(
            "elo {value:?} is not a rating (digits, or NC when unrated)"
        )))
    }
}

const MONTHS: [&str; 12] = [
    "janvier",
    "fevrier",
    "mars",
    "avril",
    "mai",
    "juin",
    "juillet",
    "aout",
    "septembre",
    "octobre",
    "novembre",
    "decembre",
];

/// A date as the French write it, day first, as a PGN date `yyyy.mm.dd`.
///
/// # Errors
///
/// [`HeaderError`] when the text is no date of this kind, the year has fewer than four digits
/// (`17/03/24` could be 1924 or 2024), or the day is not in the month.
///
/// # Examples
///
/// ```
/// use notation_fr::french_date_to_pgn;
///
/// assert_eq!(french_date_to_pgn("17/03/2024").unwrap(), "2024.03.17");
/// assert_eq!(french_date_to_pgn("1er mars 2024").unwrap(), "2024.03.01");
/// assert_eq!(french_date_to_pgn("samedi 29 février 2020").unwrap(), "2020.02.29");
/// assert_eq!(
///     french_date_to_pgn("29/02/2023").unwrap_err().to_string(),
///     "29/02/2023: february 2023 has 28 days"
/// );
/// ```
pub fn french_date_to_pgn(text: &str) -> Result<String, HeaderError> {
    let not_a_date = || {
        HeaderError::new(format!(
            "{text:?} is not a date (17/03/2024, 17.03.2024 or 17 mars 2024)"
        ))
    };
    let words: Vec<String> = text
        .split(|c: char| c.is_whitespace() || matches!(c, '/' | '.' | '-'))
        .filter(|w| !w.is_empty())
        .map(fold)
        .collect();
    let words: Vec<&str> = match words.as_slice() {
        // A weekday may open the date: « samedi 17 mars 2024 ».
        [weekday, rest @ ..] if rest.len() == 3 && weekday.parse::<u32>().is_err() => {
            rest.iter().map(String::as_str).collect()
        }
        all => all.iter().map(String::as_str).collect(),
    };
    let [day, month, year] = words.as_slice() else {
        return Err(not_a_date());
    };
    let day: u32 = day
        .strip_suffix("er")
        .unwrap_or(day)
        .parse()
        .map_err(|_| not_a_date())?;
    let month: u32 = match month.parse() {
        Ok(m) => m,
        Err(_) => MONTHS
            .iter()
            .position(|m| m == month)
            .map(|i| i as u32 + 1)
            .ok_or_else(not_a_date)?,
    };
    if year.len() != 4 {
        return Err(HeaderError::new(format!(
            "{text}: write the year with four digits"
        )));
    }
    let year: u32 = year.parse().map_err(|_| not_a_date())?;
    if !(1..=12).contains(&month) {
        return Err(not_a_date());
    }
    let leap = year.is_multiple_of(4) && (!year.is_multiple_of(100) || year.is_multiple_of(400));
    let days = match month {
        2 if leap => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    };
    if day == 0 || day > days {
        const NAMES: [&str; 12] = [
            "january",
            "february",
            "march",
            "april",
            "may",
            "june",
            "july",
            "august",
            "september",
            "october",
            "november",
            "december",
        ];
        return Err(HeaderError::new(format!(
            "{text}: {} {year} has {days} days",
            NAMES[month as usize - 1]
        )));
    }
    Ok(format!("{year:04}.{month:02}.{day:02}"))
}

/// Reads a typed-up sheet header, one `Label : value` a line, into PGN tags in the order
/// written. Blank lines are skipped.
///
/// # Errors
///
/// [`HeaderError`] with the line: no `:`, a label that is not on a French sheet (the known ones
/// are listed), a label given twice, or a value that does not read.
///
/// # Examples
///
/// ```
/// use notation_fr::read_header;
///
/// let sheet = "Compétition : Open de Cannes\nDate : 17/03/2024\nRonde : 5\nTable : 12\n\
///              Blancs : Martin, Julien\nElo Blancs : 1742\nClub Blancs : Échiquier Nantais\n\
///              Noirs : Bernard, Léa\nElo Noirs : NC\nRésultat : ½-½\n";
/// let tags = read_header(sheet).unwrap();
/// assert_eq!(tags[1], ("Date", "2024.03.17".to_owned()));
/// assert_eq!(tags[3], ("Board", "12".to_owned()));
/// assert_eq!(tags[8], ("BlackElo", "-".to_owned()));
/// assert_eq!(tags[9], ("Result", "1/2-1/2".to_owned()));
///
/// let err = read_header("Lieu : Cannes").unwrap_err();
/// assert!(err.to_string().starts_with("line 1: \"Lieu\" is not a box of a French scoresheet"));
/// ```
pub fn read_header(text: &str) -> Result<Vec<(&'static str, String)>, HeaderError> {
    let mut tags: Vec<(&'static str, String)> = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let at = |mut e: HeaderError| {
            e.line = Some(i + 1);
            e
        };
        if line.trim().is_empty() {
            continue;
        }
        let Some((label, value)) = line.split_once(':') else {
            return Err(at(HeaderError::new(format!(
                "{:?} is not `label : value`",
                line.trim()
            ))));
        };
        let label = label.trim();
        let Some(tag) = tag_for_label(label) else {
            let known: Vec<&str> = HEADER_FIELDS.iter().map(|f| f.label).collect();
            return Err(at(HeaderError::new(format!(
                "{label:?} is not a box of a French scoresheet ({})",
                known.join(", ")
            ))));
        };
        if tags.iter().any(|(t, _)| *t == tag) {
            return Err(at(HeaderError::new(format!("{label:?} given twice"))));
        }
        tags.push((tag, tag_value(tag, value).map_err(at)?));
    }
    Ok(tags)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_field_has_its_folded_label_and_tag() {
        for field in HEADER_FIELDS {
            assert_eq!(tag_for_label(field.label), Some(field.tag));
            assert_eq!(tag_for_label(field.tag), Some(field.tag));
            for alias in field.aliases {
                assert_eq!(fold(alias), *alias, "aliases are written folded");
            }
        }
    }

    #[test]
    fn values() {
        assert_eq!(tag_value("WhiteElo", "1650 F").unwrap(), "1650");
        assert_eq!(tag_value("WhiteElo", "").unwrap(), "");
        assert_eq!(tag_value("WhiteElo", "NC").unwrap(), "-");
        assert_eq!(
            tag_value("BlackElo", "fort").unwrap_err().to_string(),
            "elo \"fort\" is not a rating (digits, or NC when unrated)"
        );
        assert_eq!(tag_value("Result", "1 - 0").unwrap(), "1-0");
        assert_eq!(tag_value("Date", "2024.03.??").unwrap(), "2024.03.??");
        assert_eq!(tag_value("Date", "17-03-2024").unwrap(), "2024.03.17");
        assert_eq!(
            french_date_to_pgn("17/03/24").unwrap_err().to_string(),
            "17/03/24: write the year with four digits"
        );
    }
}
