//! Text protocols that let GUIs and match tools drive our engines over standard input/output:
//! [`nboard`] for Reversi (the NBoard GUI, Edax-compatible) and [`gomocup`] for Gomoku (the
//! Piskvork/Gomocup brain protocol with Yixin-board extensions).
//!
//! Both read their input as bytes, one line at a time ([`read_line`]): a line that is not
//! UTF-8, or longer than [`MAX_LINE_BYTES`], is refused on its own and the engine carries on.
//! Error messages repeat at most [`ECHO_CHARS`] characters of what they received
//! ([`excerpt`]).

use std::io::{self, BufRead};

pub mod gomocup;
pub mod nboard;

/// Longest input line the protocol engines accept, in bytes (without the line end). A longer
/// line is skipped to its end without being stored, so a stream without line ends cannot
/// exhaust memory. The longest real commands (an NBoard `set game` with a whole GGF game) are
/// a few kilobytes.
pub const MAX_LINE_BYTES: usize = 1 << 20;

/// Most characters of received text an error message repeats; longer text is cut and ends
/// with `…`.
pub const ECHO_CHARS: usize = 60;

/// `text` as an error message may repeat it: at most [`ECHO_CHARS`] characters (then `…`),
/// with control characters escaped (`\r`, `\u{1b}`), so that the message stays one short line.
#[must_use]
pub fn excerpt(text: &str) -> String {
    let mut out = String::new();
    for (i, c) in text.chars().enumerate() {
        if i == ECHO_CHARS {
            out.push('…');
            break;
        }
        if c.is_control() {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    out
}

/// One line of protocol input, as [`read_line`] found it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum InputLine {
    /// A UTF-8 line, without its line end (`\n`; a `\r` before it is kept and left to the
    /// caller's trimming).
    Text(String),
    /// A line that is not valid UTF-8; `valid_up_to` is the byte offset of the first bad byte.
    NotUtf8 {
        /// Length of the line's valid UTF-8 prefix, in bytes.
        valid_up_to: usize,
    },
    /// A line longer than [`MAX_LINE_BYTES`]; its content was discarded.
    TooLong {
        /// The line's length in bytes (without the line end).
        bytes: u64,
    },
}

/// Reads the next line (up to `\n` or the end of input) from `input`; `Ok(None)` at the end of
/// input. `buf` is scratch space reused between calls.
///
/// # Errors
/// When reading fails (an interrupted read is retried).
pub fn read_line(input: &mut impl BufRead, buf: &mut Vec<u8>) -> io::Result<Option<InputLine>> {
    buf.clear();
    let mut length: u64 = 0;
    let mut seen_any = false;
    loop {
        let available = match input.fill_buf() {
            Ok(a) => a,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if available.is_empty() {
            if !seen_any {
                return Ok(None);
            }
            break;
        }
        seen_any = true;
        let (chunk, used, at_end) = match available.iter().position(|&b| b == b'\n') {
            Some(i) => (&available[..i], i + 1, true),
            None => (available, available.len(), false),
        };
        length += chunk.len() as u64;
        if length <= MAX_LINE_BYTES as u64 {
            buf.extend_from_slice(chunk);
        }
        input.consume(used);
        if at_end {
            break;
        }
    }
    if length > MAX_LINE_BYTES as u64 {
        buf.clear();
        return Ok(Some(InputLine::TooLong { bytes: length }));
    }
    Ok(Some(match std::str::from_utf8(buf) {
        Ok(text) => InputLine::Text(text.to_owned()),
        Err(e) => InputLine::NotUtf8 {
            valid_up_to: e.valid_up_to(),
        },
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all_lines(bytes: &[u8]) -> Vec<InputLine> {
        let mut input = bytes;
        let mut buf = Vec::new();
        let mut out = Vec::new();
        while let Some(l) = read_line(&mut input, &mut buf).unwrap() {
            out.push(l);
        }
        out
    }

    #[test]
    fn lines_split_on_newlines_and_refuse_bad_utf8_one_at_a_time() {
        let text = |s: &str| InputLine::Text(s.to_string());
        assert_eq!(all_lines(b""), vec![]);
        assert_eq!(all_lines(b"\n"), vec![text("")]);
        assert_eq!(
            all_lines(b"a\r\nb\xff\nc"),
            vec![
                text("a\r"),
                InputLine::NotUtf8 { valid_up_to: 1 },
                text("c")
            ]
        );
    }

    #[test]
    fn an_overlong_line_is_skipped_and_the_next_one_read() {
        let mut bytes = vec![b'x'; MAX_LINE_BYTES + 5];
        bytes.extend_from_slice(b"\nok\n");
        // A reader handing out small pieces, as a pipe does.
        let reader = io::BufReader::with_capacity(4096, &bytes[..]);
        let mut input = reader;
        let mut buf = Vec::new();
        assert_eq!(
            read_line(&mut input, &mut buf).unwrap(),
            Some(InputLine::TooLong {
                bytes: (MAX_LINE_BYTES + 5) as u64
            })
        );
        assert_eq!(
            read_line(&mut input, &mut buf).unwrap(),
            Some(InputLine::Text("ok".into()))
        );
        assert_eq!(read_line(&mut input, &mut buf).unwrap(), None);
        let exact = vec![b'y'; MAX_LINE_BYTES];
        assert!(matches!(
            all_lines(&exact)[..],
            [InputLine::Text(ref t)] if t.len() == MAX_LINE_BYTES
        ));
    }

    #[test]
    fn excerpts_are_short_single_lines() {
        assert_eq!(excerpt("FOO"), "FOO");
        assert_eq!(excerpt("a\rb\u{1b}"), "a\\rb\\u{1b}");
        let long = "é".repeat(10_000);
        let e = excerpt(&long);
        assert_eq!(e.chars().count(), ECHO_CHARS + 1);
        assert!(e.ends_with('…'));
        assert_eq!(excerpt(&"z".repeat(ECHO_CHARS)), "z".repeat(ECHO_CHARS));
    }
}
