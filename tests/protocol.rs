//! The two protocol engines against hostile or unusual input: a rule change after a board
//! set-up, non-ASCII and non-UTF-8 text, commands out of order, very long lines. Whatever
//! arrives, they answer with an error line (Gomocup) or ignore it (NBoard), carry on, and never
//! answer an occupied point or an illegal move.

use reversi_gomoku::gomoku::{self, Point, Rule};
use reversi_gomoku::protocol::{ECHO_CHARS, gomocup, nboard};
use reversi_gomoku::reversi;

/// Runs a Gomocup brain on `input`; the output lines (`run` must succeed).
fn gomocup_lines(input: &[u8]) -> Vec<String> {
    let mut out = Vec::new();
    gomocup::run(input, &mut out).expect("the brain reads to the end");
    String::from_utf8(out)
        .expect("UTF-8 output")
        .lines()
        .map(str::to_string)
        .collect()
}

/// Runs an NBoard engine on `input`; the output lines (`run` must succeed; notes of ignored
/// lines are dropped).
fn nboard_lines(input: &[u8]) -> Vec<String> {
    let mut out = Vec::new();
    nboard::run_with_notes(input, &mut out, std::io::sink()).expect("the engine reads to the end");
    String::from_utf8(out)
        .expect("UTF-8 output")
        .lines()
        .map(str::to_string)
        .collect()
}

fn without_messages(lines: Vec<String>) -> Vec<String> {
    lines
        .into_iter()
        .filter(|l| !l.starts_with("MESSAGE"))
        .collect()
}

/// A Gomocup `x,y` answer (y from the top) as our point on a `size` board.
fn gomocup_point(answer: &str, size: u8) -> Point {
    let (x, y) = answer
        .split_once(',')
        .unwrap_or_else(|| panic!("{answer:?} is not x,y"));
    let (x, y): (u8, u8) = (x.parse().expect("x"), y.parse().expect("y"));
    assert!(x < size && y < size, "{answer} is off the board");
    Point::new(x, size - 1 - y)
}

/// 8 own and 8 opponent stones packed around the centre 7,7 of a 15×15 board (Gomocup
/// coordinates; the set is symmetric, so flipping y changes nothing): every neighbour of the
/// centre is taken, and neither side has five.
const OWN: [(u8, u8); 8] = [
    (6, 6),
    (8, 6),
    (6, 8),
    (8, 8),
    (5, 7),
    (9, 7),
    (7, 5),
    (7, 9),
];
const OPP: [(u8, u8); 8] = [
    (7, 6),
    (6, 7),
    (8, 7),
    (7, 8),
    (5, 6),
    (9, 6),
    (5, 8),
    (9, 8),
];

/// The manager's view of the game: stones by colour and the side to move.
struct Shadow {
    rule: Rule,
    black: Vec<Point>,
    white: Vec<Point>,
    black_to_move: bool,
}

impl Shadow {
    fn place(&mut self, p: Point) {
        if self.black_to_move {
            self.black.push(p);
        } else {
            self.white.push(p);
        }
        self.black_to_move = !self.black_to_move;
    }

    /// Asserts that the brain's `answer` is an empty point where the side to move may play,
    /// then plays it.
    fn check_and_place(&mut self, answer: &str, context: &str) {
        let p = gomocup_point(answer, 15);
        assert!(
            !self.black.contains(&p) && !self.white.contains(&p),
            "{context}: the brain answered {answer}, an occupied point"
        );
        let side = if self.black_to_move {
            reversi_gomoku::core::Side::Black
        } else {
            reversi_gomoku::core::Side::White
        };
        let pos = gomoku::Position::with_stones(15, self.rule, &self.black, &self.white, side)
            .expect("the shadow position is valid");
        assert!(pos.is_legal(p), "{context}: {answer} is not legal here");
        self.place(p);
    }
}

/// `START 15`, a set-up with `block` (`BOARD` or `YXBOARD`) of the 16 stones [`OWN`] and
/// [`OPP`] (and `extra` opponent stones), `INFO rule <bits>`, `TURN 7,7`: every answered point
/// is empty and legal, and nothing is an error.
fn rule_change_after_setup(block: &str, extra: &[(u8, u8)], bits: u32, rule: Rule) {
    let context = format!("{block} then INFO rule {bits}");
    let mut input = format!("START 15\nINFO timeout_turn 200\n{block}\n");
    let opp: Vec<(u8, u8)> = OPP.iter().chain(extra).copied().collect();
    for (x, y) in OWN {
        input.push_str(&format!("{x},{y},1\n"));
    }
    for (x, y) in &opp {
        input.push_str(&format!("{x},{y},2\n"));
    }
    input.push_str(&format!("DONE\nINFO rule {bits}\nTURN 7,7\nEND\n"));
    let out = without_messages(gomocup_lines(input.as_bytes()));
    assert!(
        out.iter().all(|l| !l.starts_with("ERROR")),
        "{context}: {out:?}"
    );
    assert_eq!(out[0], "OK");
    let answers = &out[1..];
    // We are to move: Black with equal counts, else White.
    let flip = |&(x, y): &(u8, u8)| Point::new(x, 14 - y);
    let (own, opp): (Vec<Point>, Vec<Point>) = (
        OWN.iter().map(flip).collect(),
        opp.iter().map(flip).collect(),
    );
    let we_are_black = own.len() == opp.len();
    let (black, white) = if we_are_black { (own, opp) } else { (opp, own) };
    let mut shadow = Shadow {
        rule: Rule::Freestyle,
        black,
        white,
        black_to_move: we_are_black,
    };
    let mut next = answers.iter();
    if block == "BOARD" {
        let first = next.next().expect("BOARD … DONE is answered with a move");
        shadow.check_and_place(first, &context);
    }
    shadow.rule = rule;
    shadow.place(Point::new(7, 7));
    let reply = next.next().expect("TURN is answered with a move");
    shadow.check_and_place(reply, &context);
    assert_eq!(next.next(), None, "{context}: {out:?}");
}

#[test]
fn gomocup_rule_change_after_board_keeps_every_stone() {
    rule_change_after_setup("BOARD", &[], 1, Rule::Standard);
    rule_change_after_setup("BOARD", &[], 4, Rule::Renju);
}

#[test]
fn gomocup_rule_change_after_yxboard_keeps_every_stone() {
    // YXBOARD does not think, so `TURN 7,7` is played by the side to move after the set-up:
    // with one opponent stone more, that is White (under Renju, 7,7 is a double-three for
    // Black here), and our answer is Black's, which Renju restricts.
    rule_change_after_setup("YXBOARD", &[], 1, Rule::Standard);
    rule_change_after_setup("YXBOARD", &[(0, 0)], 1, Rule::Standard);
    rule_change_after_setup("YXBOARD", &[(0, 0)], 4, Rule::Renju);
}

#[test]
fn gomocup_rule_change_keeps_the_moves_so_far_and_their_takeback() {
    // Moves played one by one survive a rule change and can still be taken back.
    let out = without_messages(gomocup_lines(
        b"START 15\nINFO timeout_turn 100\nTURN 7,7\nINFO rule 1\nYXSHOWFORBID\nTAKEBACK 7,7\nEND\n",
    ));
    assert_eq!(out[0], "OK");
    let reply = gomocup_point(&out[1], 15);
    assert_ne!(reply, Point::new(7, 7));
    assert_eq!(out[2], "FORBID .");
    // 7,7 is not the last move (the reply is): it is still there to be taken back.
    assert_eq!(out[3], "OK", "{out:?}");
}

#[test]
fn gomocup_renju_on_a_board_other_than_15_is_refused_and_the_rule_kept() {
    let out = without_messages(gomocup_lines(
        b"START 19\nINFO rule 4\nINFO timeout_turn 100\nBEGIN\nEND\n",
    ));
    assert_eq!(out[0], "OK");
    assert!(out[1].starts_with("ERROR"), "{out:?}");
    assert_eq!(out[2], "9,9", "still Freestyle on 19x19: {out:?}");
}

#[test]
fn nboard_non_ascii_before_a_tag_does_not_panic() {
    let mut e = nboard::NboardEngine::new();
    let out = e.handle("set game é[").expect("not quit");
    assert!(out[0].starts_with("status cannot read the game"), "{out:?}");
    assert_eq!(e.position(), &reversi::Position::new());

    // A non-ASCII character right before a move's tag: the move is still read.
    let ggf = "(;GM[Othello]PC[Zürich]BO[8 ---------------------------O*------*O--------------------------- *]éB[F5]ü W[D6];)";
    let out = e.handle(&format!("set game {ggf}")).expect("not quit");
    assert!(out.is_empty(), "{out:?}");
    assert_eq!(e.position().count(reversi_gomoku::core::Side::Black), 3);
    assert_eq!(e.position().count(reversi_gomoku::core::Side::White), 3);

    // Through `run`, with the byte sequences that used to end the process.
    let out = nboard_lines(
        "set game é[\nset game ßW[\nset game (;BO[8 é]ä[;)\nping 1\nquit\n".as_bytes(),
    );
    assert_eq!(out.last().map(String::as_str), Some("pong 1"), "{out:?}");
}

#[test]
fn gomocup_line_that_is_not_utf8_is_an_error_and_the_brain_carries_on() {
    let out = without_messages(gomocup_lines(
        b"START 15\n\xff\xfe\nTURN 7,\xc3\nBOARD\n7,7,\xff\nDONE\nRESTART\nEND\n",
    ));
    assert_eq!(out[0], "OK");
    assert!(
        out[1].starts_with("ERROR") && out[1].contains("UTF-8"),
        "{out:?}"
    );
    assert!(
        out[2].starts_with("ERROR") && out[2].contains("UTF-8"),
        "{out:?}"
    );
    // Inside a BOARD block too; the (empty) block still ends at DONE and we move first.
    assert!(
        out[3].starts_with("ERROR") && out[3].contains("UTF-8"),
        "{out:?}"
    );
    assert_eq!(out[4], "7,7");
    assert_eq!(out[5], "OK");
    assert_eq!(out.len(), 6, "{out:?}");
}

#[test]
fn nboard_line_that_is_not_utf8_is_ignored_and_the_engine_carries_on() {
    let input = b"nboard 2\n\xff\xfe\xfd\nset game \xc3(\nmove \xe9\nping 1\nquit\n";
    assert_eq!(
        nboard_lines(input),
        vec!["set myname reversi-gomoku", "pong 1"]
    );
    let (mut out, mut notes) = (Vec::new(), Vec::new());
    nboard::run_with_notes(&input[..], &mut out, &mut notes).expect("reads to the end");
    let notes = String::from_utf8(notes).expect("UTF-8 notes");
    let lines: Vec<&str> = notes.lines().collect();
    assert_eq!(lines.len(), 3, "{notes}");
    for (line, n) in lines.iter().zip(2..) {
        assert!(
            line.contains(&format!("line {n} ")) && line.contains("UTF-8"),
            "{line}"
        );
    }
}

/// The longest error line allowed when the input was huge: the message itself plus the
/// capped echo.
const MAX_ERROR_LINE: usize = 200 + 4 * ECHO_CHARS;

#[test]
fn gomocup_over_long_line_through_run_is_one_short_error() {
    let mut input = b"START 15\nTURN ".to_vec();
    input.extend(std::iter::repeat_n(b'7', 10 << 20));
    input.extend_from_slice(b"\nINFO timeout_turn 100\nTURN 7,7\nEND\n");
    let out = without_messages(gomocup_lines(&input));
    assert_eq!(out[0], "OK");
    assert!(out[1].starts_with("ERROR"), "{:.80}", out[1]);
    assert!(out[1].len() <= MAX_ERROR_LINE, "{} bytes", out[1].len());
    assert_ne!(gomocup_point(&out[2], 15), Point::new(7, 7));
    assert_eq!(out.len(), 3);
}

#[test]
fn nboard_over_long_line_through_run_is_ignored() {
    let mut input = b"nboard 2\nset game ".to_vec();
    input.extend(std::iter::repeat_n(b'[', 10 << 20));
    input.extend_from_slice(b"\nping 2\nquit\n");
    assert_eq!(
        nboard_lines(&input),
        vec!["set myname reversi-gomoku", "pong 2"]
    );
}

#[test]
fn gomocup_restart_before_start_is_an_error() {
    let out = without_messages(gomocup_lines(
        b"RESTART\nINFO timeout_turn 100\nSTART 15\nRESTART\nBEGIN\nEND\n",
    ));
    assert!(out[0].starts_with("ERROR"), "{out:?}");
    assert_eq!(out[1..], ["OK", "OK", "7,7"]);
}

#[test]
fn gomocup_begin_on_a_set_up_board_is_an_error() {
    let out = without_messages(gomocup_lines(
        b"START 15\nINFO timeout_turn 100\nYXBOARD\n7,7,2\nDONE\nBEGIN\nEND\n",
    ));
    assert_eq!(out[0], "OK");
    assert!(out[1].starts_with("ERROR"), "{out:?}");
    assert_eq!(out.len(), 2, "{out:?}");
}

#[test]
fn gomocup_errors_echo_a_capped_excerpt_of_a_huge_token() {
    let token = "9".repeat(10 << 20);
    let mut brain = gomocup::Brain::new();
    let mut answer = |line: String| match brain.handle(&line) {
        gomocup::Reply::Lines(l) => l,
        gomocup::Reply::End => panic!("not END"),
    };
    for (line, before) in [
        (format!("FOO{token}"), None),
        (format!("START {token}"), None),
        (format!("INFO timeout_turn x{token}"), None),
        (format!("INFO {token} x"), None),
        ("START 15".to_string(), Some("OK")),
        (format!("TURN {token},1"), None),
        (format!("TAKEBACK 1,{token}"), None),
        ("BOARD".to_string(), Some("")),
        (format!("1,1,{token}"), None),
        (format!("{token},1,1"), None),
    ] {
        let out = answer(line);
        if let Some(expected) = before {
            assert!(out.is_empty() || out[0] == expected, "{out:?}");
            continue;
        }
        assert_eq!(out.len(), 1);
        let l = &out[0];
        assert!(
            l.starts_with("ERROR") || l.starts_with("UNKNOWN"),
            "{l:.80}"
        );
        assert!(l.len() <= MAX_ERROR_LINE, "{} bytes: {l:.80}", l.len());
        assert!(l.contains('…'), "{l}");
    }
}

#[test]
fn gomocup_control_characters_are_not_echoed_raw() {
    let out = gomocup_lines(b"FOO\rBAR\x1b[2J\nEND\n");
    assert_eq!(out.len(), 1, "{out:?}");
    assert!(out[0].starts_with("UNKNOWN"), "{out:?}");
    assert!(
        !out[0].contains('\r') && !out[0].contains('\x1b'),
        "{out:?}"
    );
}

#[test]
fn nboard_errors_echo_a_capped_excerpt_of_a_huge_token() {
    let token = "é".repeat(5 << 20);
    let mut e = nboard::NboardEngine::new();
    for line in [
        format!("move {token}"),
        format!("move F5{token}"),
        format!("set game (;GM[Othello]BO[8 {token} *];)"),
        format!("set game (;GM[Othello]BO[8 {} {token}];)", "-".repeat(64)),
        format!(
            "set game (;BO[8 ---------------------------O*------*O--------------------------- *]B[{token}];)"
        ),
    ] {
        let out = e.handle(&line).expect("not quit");
        assert_eq!(out.len(), 1, "{line:.80}");
        assert!(out[0].starts_with("status"), "{:.80}", out[0]);
        assert!(
            out[0].len() <= MAX_ERROR_LINE,
            "{} bytes: {:.80}",
            out[0].len(),
            out[0]
        );
    }
    assert_eq!(e.position(), &reversi::Position::new());
    // `ping` echoes its argument (a number, from a GUI), but not a huge one whole.
    assert_eq!(e.handle("ping 123"), Some(vec!["pong 123".to_string()]));
    let out = e.handle(&format!("ping {token}")).expect("not quit");
    assert!(
        out.len() == 1 && out[0].starts_with("pong "),
        "{:.80}",
        out[0]
    );
    assert!(out[0].len() <= MAX_ERROR_LINE, "{} bytes", out[0].len());
}
