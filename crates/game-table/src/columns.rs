//! The columns of the games table: their names, their Arrow types, and the builders that fill
//! them row by row.

use std::sync::Arc;

use arrow_array::ArrayRef;
use arrow_array::builder::{
    ArrayBuilder, BooleanBuilder, Date32Builder, Float64Builder, Int16Builder, ListBuilder,
    MapBuilder, StringBuilder, StructBuilder, Time32MillisecondBuilder, UInt32Builder,
    UInt64Builder,
};
use arrow_schema::{DataType, Field, Fields};

/// How a header column is typed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum HeaderKind {
    /// The value as written.
    Text,
    /// A whole number that fits 16 bits (Elo, rating difference).
    Int16,
    /// `YYYY.MM.DD`, as days since 1970-01-01.
    Date,
    /// `HH:MM:SS`, as milliseconds since midnight.
    Time,
}

/// The header columns, the lichess Parquet dataset's names and types, in its order.
pub(crate) const HEADERS: [(&str, HeaderKind); 17] = [
    ("Event", HeaderKind::Text),
    ("Site", HeaderKind::Text),
    ("White", HeaderKind::Text),
    ("Black", HeaderKind::Text),
    ("Result", HeaderKind::Text),
    ("WhiteTitle", HeaderKind::Text),
    ("BlackTitle", HeaderKind::Text),
    ("WhiteElo", HeaderKind::Int16),
    ("BlackElo", HeaderKind::Int16),
    ("WhiteRatingDiff", HeaderKind::Int16),
    ("BlackRatingDiff", HeaderKind::Int16),
    ("UTCDate", HeaderKind::Date),
    ("UTCTime", HeaderKind::Time),
    ("ECO", HeaderKind::Text),
    ("Opening", HeaderKind::Text),
    ("Termination", HeaderKind::Text),
    ("TimeControl", HeaderKind::Text),
];

/// One column of the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Column {
    /// A header tag, by its index in [`HEADERS`].
    Header(usize),
    /// The movetext as written.
    Movetext,
    /// Every tag without a column of its own, and typed tags whose value did not read.
    OtherTags,
    /// `chess` or `draughts`.
    Game,
    /// The main line's moves: UCI for chess, Manoury for draughts.
    Uci,
    /// The game in a notation asked for, by its index in the table's targets.
    Notation(usize),
    /// Half-moves of the main line.
    PlyCount,
    /// `%clk` (or PDN's `%clock`, the mover's time) per half-move, in seconds.
    Clocks,
    /// `%eval` per half-move, in pawns from White's side.
    Evals,
    /// `%eval #N` per half-move: mate in N, negative when Black mates.
    Mates,
    /// XXH3-128 of the start position and the main line, in hex.
    GameHash,
    /// The game read and replayed without error.
    Valid,
    /// The first error's code and message.
    Error,
    /// The input's name.
    SourceFile,
    /// The zstd frame the game starts in; null for a plain input.
    SourceFrame,
    /// The game's first byte within its frame, or its input.
    SourceOffset,
}

/// The fixed columns after the headers, before and after the notation columns.
const BEFORE_NOTATIONS: [(&str, Column); 4] = [
    ("movetext", Column::Movetext),
    ("other_tags", Column::OtherTags),
    ("game", Column::Game),
    ("uci", Column::Uci),
];
const AFTER_NOTATIONS: [(&str, Column); 10] = [
    ("ply_count", Column::PlyCount),
    ("clocks", Column::Clocks),
    ("evals", Column::Evals),
    ("mates", Column::Mates),
    ("game_hash", Column::GameHash),
    ("valid", Column::Valid),
    ("error", Column::Error),
    ("source_file", Column::SourceFile),
    ("source_frame", Column::SourceFrame),
    ("source_offset", Column::SourceOffset),
];

/// Every column of a table whose notation columns are named `notations`, in table order.
pub(crate) fn all(notations: &[String]) -> Vec<(String, Column)> {
    let mut columns: Vec<(String, Column)> = HEADERS
        .iter()
        .enumerate()
        .map(|(k, (name, _))| ((*name).to_owned(), Column::Header(k)))
        .collect();
    columns.extend(BEFORE_NOTATIONS.iter().map(|(n, c)| ((*n).to_owned(), *c)));
    columns.extend(
        notations
            .iter()
            .enumerate()
            .map(|(k, n)| (n.clone(), Column::Notation(k))),
    );
    columns.extend(AFTER_NOTATIONS.iter().map(|(n, c)| ((*n).to_owned(), *c)));
    columns
}

/// Whether a column's values need the game replayed.
pub(crate) fn needs_replay(column: Column) -> bool {
    matches!(
        column,
        Column::Uci
            | Column::Notation(_)
            | Column::PlyCount
            | Column::GameHash
            | Column::Valid
            | Column::Error
    )
}

/// The builder of one column.
#[derive(Debug)]
pub(crate) enum Builder {
    Text(StringBuilder),
    Int16(Int16Builder),
    Date(Date32Builder),
    Time(Time32MillisecondBuilder),
    Bool(BooleanBuilder),
    UInt32(UInt32Builder),
    UInt64(UInt64Builder),
    TextList(ListBuilder<StringBuilder>),
    FloatList(ListBuilder<Float64Builder>),
    Int16List(ListBuilder<Int16Builder>),
    Map(MapBuilder<StringBuilder, StringBuilder>),
    Error(StructBuilder),
}

/// The fields of the `error` struct.
fn error_fields() -> Fields {
    Fields::from(vec![
        Field::new("code", DataType::Utf8, false),
        Field::new("message", DataType::Utf8, false),
    ])
}

impl Builder {
    /// An empty builder for `column`.
    pub(crate) fn new(column: Column) -> Builder {
        match column {
            Column::Header(k) => match HEADERS[k].1 {
                HeaderKind::Text => Builder::Text(StringBuilder::new()),
                HeaderKind::Int16 => Builder::Int16(Int16Builder::new()),
                HeaderKind::Date => Builder::Date(Date32Builder::new()),
                HeaderKind::Time => Builder::Time(Time32MillisecondBuilder::new()),
            },
            Column::Movetext
            | Column::Game
            | Column::Notation(_)
            | Column::GameHash
            | Column::SourceFile => Builder::Text(StringBuilder::new()),
            Column::OtherTags => Builder::Map(MapBuilder::new(
                None,
                StringBuilder::new(),
                StringBuilder::new(),
            )),
            Column::Uci => Builder::TextList(ListBuilder::new(StringBuilder::new())),
            Column::PlyCount => Builder::UInt32(UInt32Builder::new()),
            Column::Clocks | Column::Evals => {
                Builder::FloatList(ListBuilder::new(Float64Builder::new()))
            }
            Column::Mates => Builder::Int16List(ListBuilder::new(Int16Builder::new())),
            Column::Valid => Builder::Bool(BooleanBuilder::new()),
            Column::Error => Builder::Error(StructBuilder::new(
                error_fields(),
                vec![
                    Box::new(StringBuilder::new()) as Box<dyn ArrayBuilder>,
                    Box::new(StringBuilder::new()),
                ],
            )),
            Column::SourceFrame | Column::SourceOffset => Builder::UInt64(UInt64Builder::new()),
        }
    }

    /// The column's values so far, the builder emptied.
    pub(crate) fn finish(&mut self) -> ArrayRef {
        match self {
            Builder::Text(b) => Arc::new(b.finish()),
            Builder::Int16(b) => Arc::new(b.finish()),
            Builder::Date(b) => Arc::new(b.finish()),
            Builder::Time(b) => Arc::new(b.finish()),
            Builder::Bool(b) => Arc::new(b.finish()),
            Builder::UInt32(b) => Arc::new(b.finish()),
            Builder::UInt64(b) => Arc::new(b.finish()),
            Builder::TextList(b) => Arc::new(b.finish()),
            Builder::FloatList(b) => Arc::new(b.finish()),
            Builder::Int16List(b) => Arc::new(b.finish()),
            Builder::Map(b) => Arc::new(b.finish()),
            Builder::Error(b) => Arc::new(b.finish()),
        }
    }
}

/// The Arrow type of `column`: what its builder makes, so schema and batches always agree.
pub(crate) fn data_type(column: Column) -> DataType {
    Builder::new(column).finish().data_type().clone()
}

/// Whether `column` may hold nulls: every column but those each row has.
pub(crate) fn nullable(column: Column) -> bool {
    !matches!(
        column,
        Column::Game | Column::Valid | Column::SourceFile | Column::SourceOffset
    )
}
