//! Text made safe for XML and HTML.

use std::borrow::Cow;

/// `text` with `&`, `<`, `>`, `"` and `'` written as character references, so it can stand in
/// an element or an attribute value of SVG, XHTML or HTML.
///
/// # Examples
///
/// ```
/// assert_eq!(sheet_layout::escape("Dupont & <Fils> \"l'aîné\""),
///     "Dupont &amp; &lt;Fils&gt; &quot;l&#39;aîné&quot;");
/// assert_eq!(sheet_layout::escape("Fxf3+"), "Fxf3+");
/// ```
#[must_use]
pub fn escape(text: &str) -> Cow<'_, str> {
    if !text.contains(['&', '<', '>', '"', '\'']) && !text.contains(is_forbidden) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 16);
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            // Control characters are not allowed in XML 1.0 at all: a space keeps the layout.
            c if is_forbidden(c) => out.push(' '),
            c => out.push(c),
        }
    }
    Cow::Owned(out)
}

/// Characters XML 1.0 does not allow in a document.
fn is_forbidden(c: char) -> bool {
    (c.is_control() && !matches!(c, '\t' | '\n' | '\r')) || matches!(c, '\u{FFFE}' | '\u{FFFF}')
}

#[cfg(test)]
mod tests {
    use super::escape;

    #[test]
    fn control_characters_become_spaces() {
        assert_eq!(escape("a\u{1}b"), "a b");
        assert_eq!(escape("tab\tkept"), "tab\tkept");
    }
}
