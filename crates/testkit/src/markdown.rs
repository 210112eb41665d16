//! The fenced code blocks of a Markdown page, for tests that run the examples a page shows.

/// The fenced blocks of `markdown`, in order: each block's info string (what follows the
/// opening fence, trimmed: `pgn`, `text reads`) and its content, every line ended by `\n`.
///
/// Only backtick fences at the start of a line count; a block left open at the end is dropped,
/// as a renderer would show it broken.
///
/// # Examples
///
/// ```
/// let page = "# Title\n\n```text position\nstart\n```\n\n```\nplain\n```\n";
/// let blocks = testkit::markdown::blocks(page);
/// assert_eq!(blocks[0], ("text position".to_owned(), "start\n".to_owned()));
/// assert_eq!(blocks[1], (String::new(), "plain\n".to_owned()));
/// ```
pub fn blocks(markdown: &str) -> Vec<(String, String)> {
    let mut blocks = Vec::new();
    let mut open: Option<(String, String)> = None;
    for line in markdown.lines() {
        match (&mut open, line.strip_prefix("```")) {
            (None, Some(info)) => open = Some((info.trim().to_owned(), String::new())),
            (Some(_), Some(_)) => blocks.extend(open.take()),
            (Some((_, content)), None) => {
                content.push_str(line);
                content.push('\n');
            }
            (None, None) => {}
        }
    }
    blocks
}

/// The contents of the blocks of `markdown` whose info string is `info`, in order.
///
/// # Examples
///
/// ```
/// let page = "```pgn\n1. e4 *\n```\n```text\nx\n```\n```pgn\n1. d4 *\n```\n";
/// assert_eq!(testkit::markdown::blocks_of(page, "pgn"), ["1. e4 *\n", "1. d4 *\n"]);
/// ```
pub fn blocks_of(markdown: &str, info: &str) -> Vec<String> {
    blocks(markdown)
        .into_iter()
        .filter(|(i, _)| i == info)
        .map(|(_, content)| content)
        .collect()
}
