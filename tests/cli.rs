//! The binary's headless commands, run as a user or a match tool would: perft, solve, the
//! Gomocup and NBoard protocols over real pipes, and the `pbrain-` name.

mod common;

use std::io::Write;
use std::process::{Command, Output, Stdio};

const BIN: &str = env!("CARGO_BIN_EXE_reversi-gomoku");

fn run_with_input(program: &str, args: &[&str], input: impl AsRef<[u8]>) -> Output {
    run_command(Command::new(program).args(args), input)
}

/// Runs `command` with `input` on its stdin and waits for its output.
fn run_command(command: &mut Command, input: impl AsRef<[u8]>) -> Output {
    let mut child = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start the binary");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(input.as_ref())
        .expect("write input");
    child.wait_with_output().expect("wait for the binary")
}

fn stdout_lines(out: &Output) -> Vec<String> {
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(str::to_string)
        .collect()
}

#[test]
fn perft_prints_the_published_count() {
    let out = Command::new(BIN)
        .args(["perft", "6"])
        .output()
        .expect("run");
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("perft(6) = 8200 leaves"), "{text}");
    assert!(text.contains("leaves/s"), "{text}");
}

#[test]
fn solve_obf_prints_exact_scores_and_rejects_malformed_lines() {
    let dir = common::temp_dir("cli-solve");
    // A 10-empty position from a real game (solved in milliseconds).
    let game = "f5d6c3d3c4f4f6f3e6e7d7b3e3d2g3h3d1c5f2e2e1f7f8g5h6h5g6g4c2c1e8c8d8g8b6f1b4a4h4b5g2h7c6a7a5a6a3a2b7h2h1g1h8g7b2b1a1a8b8c7";
    let mut pos = reversi_gomoku::reversi::Position::new();
    for mv in reversi_gomoku::reversi::parse_transcript(game).expect("transcript") {
        if pos.empties() == 10 {
            break;
        }
        pos.play(mv).expect("legal");
    }
    assert_eq!(pos.empties(), 10);
    let exact = reversi_gomoku::reversi::solve(&pos, &reversi_gomoku::core::StopFlag::new()).0;
    let file = dir.path().join("p.obf");
    std::fs::write(&file, format!("% a comment\n{};\n", pos.to_obf())).expect("write");
    let out = Command::new(BIN)
        .args(["reversi", "solve", "--obf"])
        .arg(&file)
        .output()
        .expect("run");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let lines = stdout_lines(&out);
    assert_eq!(lines.len(), 1, "{lines:?}");
    let fields: Vec<&str> = lines[0].split_whitespace().collect();
    assert_eq!(fields.len(), 5, "{lines:?}");
    assert_eq!(fields[0], "2", "line number of the position");
    assert_eq!(fields[1].parse::<i32>().expect("score"), exact);
    let best: reversi_gomoku::reversi::Move = fields[2].parse().expect("a move");
    assert!(reversi_gomoku::core::GameRules::legal_moves(&pos).contains(&best));

    std::fs::write(&file, format!("{};\nXXXX O;\n", pos.to_obf())).expect("write");
    let out = Command::new(BIN)
        .args(["reversi", "solve", "--obf"])
        .arg(&file)
        .output()
        .expect("run");
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains(":2:"), "names the malformed line: {err}");
}

/// Runs `reversi solve --obf` on a file holding `bytes`.
fn solve_obf(dir: &std::path::Path, bytes: &[u8]) -> Output {
    let file = dir.join("p.obf");
    std::fs::write(&file, bytes).expect("write");
    Command::new(BIN)
        .args(["reversi", "solve", "--obf"])
        .arg(&file)
        .output()
        .expect("run")
}

#[test]
fn solve_obf_names_a_line_that_is_not_utf8_and_refuses_a_file_without_positions() {
    let dir = common::temp_dir("cli-solve-bytes");
    let full = format!("{} X;\n", "X".repeat(64));
    let mut bytes = format!("% ok\n{full}").into_bytes();
    bytes.extend_from_slice(b"% caf\xe9\n");
    let out = solve_obf(dir.path(), &bytes);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains(":3:") && err.contains("UTF-8"), "{err}");
    assert!(out.stdout.is_empty(), "nothing solved before the error");

    for empty in ["", "% only a comment\n\n# another\n"] {
        let out = solve_obf(dir.path(), empty.as_bytes());
        assert!(!out.status.success(), "{empty:?} is not a position file");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("no positions"), "{err}");
    }

    // A huge malformed line: the message repeats only a short excerpt of it.
    let huge = format!("{} {}\n", "-".repeat(64), "Q".repeat(10 << 20));
    let out = solve_obf(dir.path(), huge.as_bytes());
    assert!(!out.status.success());
    assert!(
        out.stderr.len() < 400,
        "{} bytes of error",
        out.stderr.len()
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains(":1:") && err.contains('…'), "{err}");
}

/// Runs `reversi fit-eval` on the games text, writing to `out_file`.
fn fit_eval(dir: &std::path::Path, games_text: &str, out_file: &std::path::Path) -> Output {
    let games = dir.join("games.txt");
    std::fs::write(&games, games_text).expect("write games");
    Command::new(BIN)
        .args(["reversi", "fit-eval", "--games"])
        .arg(&games)
        .arg("--out")
        .arg(out_file)
        .output()
        .expect("run")
}

#[test]
fn fit_eval_writes_a_loadable_weights_file_and_names_a_bad_line() {
    let dir = common::temp_dir("cli-fit");
    let out_file = dir.path().join("weights.bin");
    let two_games = "# two short games\nf5d6c3d3c4f4f6f3e6e7 12\nf5f6e6f4e3c5c4d3 -4\n";
    let out = fit_eval(dir.path(), two_games, &out_file);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    let bytes = std::fs::read(&out_file).expect("weights written");
    let phases = reversi_gomoku::reversi::patterns::parse_weights(&bytes).expect("loadable");
    assert!(phases.iter().flatten().any(|&w| w != 0), "nothing fitted");

    let out = fit_eval(dir.path(), "f5d6c3d3c4\nf5f5\n", &out_file);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("line 2"), "{err}");
    let kept = std::fs::read(&out_file).expect("kept");
    assert_eq!(kept, bytes, "old file kept");
}

#[test]
fn gomocup_brain_over_pipes() {
    let out = run_with_input(
        BIN,
        &["gomocup"],
        "ABOUT\nSTART 15\nINFO timeout_turn 300\nBEGIN\nFOO\nEND\n",
    );
    assert!(out.status.success());
    let lines: Vec<String> = stdout_lines(&out)
        .into_iter()
        .filter(|l| !l.starts_with("MESSAGE"))
        .collect();
    assert!(lines[0].starts_with("name=\"reversi-gomoku\""), "{lines:?}");
    assert_eq!(lines[1], "OK");
    assert_eq!(lines[2], "7,7", "Black opens at the centre");
    assert_eq!(lines[3], "UNKNOWN FOO");
}

/// A Gomocup manager starts the brain file `pbrain-<name>`, which the binary sees as its
/// `argv[0]`. The test sets `argv[0]` directly: running a fresh copy of the binary raced with
/// the other tests' process spawns (a child forked while the copy was still open for writing
/// made its start fail with "Text file busy").
#[cfg(unix)]
#[test]
fn started_as_pbrain_it_is_a_gomocup_brain() {
    use std::os::unix::process::CommandExt;
    let out = run_command(
        Command::new(BIN).arg0("/opt/gomocup/pbrain-reversi-gomoku"),
        "START 15\nEND\n",
    );
    assert!(out.status.success());
    assert_eq!(stdout_lines(&out), vec!["OK"]);
}

#[test]
fn nboard_engine_over_pipes() {
    let out = run_with_input(
        BIN,
        &["nboard"],
        "nboard 2\nset depth 2\nping 3\ngo\nquit\n",
    );
    assert!(out.status.success());
    let lines = stdout_lines(&out);
    assert_eq!(lines[0], "set myname reversi-gomoku");
    assert_eq!(lines[1], "pong 3");
    let mv = lines[2]
        .strip_prefix("=== ")
        .expect("a move line")
        .split('/')
        .next()
        .expect("move");
    assert!(
        ["D3", "C4", "F5", "E6"].contains(&mv),
        "{mv} is one of Black's first moves"
    );
}

#[test]
fn protocol_engines_over_pipes_carry_on_after_a_line_that_is_not_utf8() {
    let out = run_with_input(BIN, &["gomocup"], &b"START 15\n\xff\xfe\nABOUT\nEND\n"[..]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let lines = stdout_lines(&out);
    assert_eq!(lines[0], "OK");
    assert!(lines[1].starts_with("ERROR line 2 "), "{lines:?}");
    assert!(lines[2].starts_with("name="), "{lines:?}");

    let out = run_with_input(
        BIN,
        &["nboard"],
        &b"nboard 2\n\xe9t\xe9\nping 5\nquit\n"[..],
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(
        stdout_lines(&out),
        vec!["set myname reversi-gomoku", "pong 5"]
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("line 2") && err.contains("UTF-8"), "{err}");
}

/// `match` against external engines: one that never answers (`cat` echoes our commands)
/// loses each game after the per-move limit instead of hanging the match, and an engine that
/// answers in Edax's space-separated form (`=== d3 4.00 0.2`) is understood.
#[test]
#[cfg(unix)]
fn match_against_external_engines_forfeits_the_silent_and_reads_edax_answers() {
    let out = run_with_input(
        BIN,
        &[
            "match",
            "reversi",
            "medium",
            "cmd:/bin/cat",
            "--limit",
            "1",
            "--verbose",
            "--engine-timeout-ms",
            "200",
        ],
        "",
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    assert_eq!(
        text.matches("forfeits (no answer within 200 ms)").count(),
        2,
        "{text}"
    );
    assert!(text.contains("W 2 / L 0 / D 0"), "{text}");

    // Our own NBoard engine behind a filter that rewrites its answers as Edax writes them.
    let dir = common::temp_dir("cli-edax-form");
    let contender = script_contender(
        dir.path(),
        "edax-like.sh",
        &format!("exec {BIN} nboard --move-ms 20 | sed -u 's#/# #g'"),
    );
    let text = match_without_forfeits(&["reversi", "random", &contender]);
    assert!(
        text.contains("W 0 / L 2 / D 0"),
        "the engine beats random: {text}"
    );
}

/// `match gomoku` plays an external Gomocup engine as a Gomocup manager does: one `START`
/// and one `BOARD` a game, then `TURN` with the opponent's move, so that the engine keeps its
/// hash table from move to move (a `START` each move made our brain forget it every move).
#[test]
#[cfg(unix)]
fn a_gomocup_engine_hears_start_once_a_game_then_turns() {
    let dir = common::temp_dir("cli-gomocup-turns");
    let heard = dir.path().join("heard.txt");
    let contender = script_contender(
        dir.path(),
        "brain.sh",
        &format!("tee -a '{}' | exec {BIN} gomocup", heard.display()),
    );
    match_without_forfeits(&["gomoku", "easy", &contender, "--engine-move-ms", "30"]);
    let heard = std::fs::read_to_string(&heard).unwrap();
    let count = |prefix: &str| heard.lines().filter(|l| l.starts_with(prefix)).count();
    // Two games (colours swapped), each a process of its own.
    assert_eq!(count("START"), 2, "{heard}");
    assert_eq!(count("BOARD"), 2, "{heard}");
    assert!(count("TURN") >= 4, "the later moves come as TURN: {heard}");
}

/// `cmd:` for a shell script `name` in `dir` running `body`.
#[cfg(unix)]
fn script_contender(dir: &std::path::Path, name: &str, body: &str) -> String {
    use std::os::unix::fs::PermissionsExt;
    let script = dir.join(name);
    std::fs::write(&script, format!("#!/bin/sh\n{body}\n")).unwrap();
    std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).unwrap();
    format!("cmd:{}", script.display())
}

/// The output of `match ARGS --limit 1 --verbose`, checked to succeed with no game forfeited.
fn match_without_forfeits(args: &[&str]) -> String {
    let mut all = vec!["match"];
    all.extend_from_slice(args);
    all.extend_from_slice(&["--limit", "1", "--verbose"]);
    let out = run_with_input(BIN, &all, "");
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(out.status.success(), "{text}");
    assert!(
        !text.contains("forfeits"),
        "every answer understood: {text}"
    );
    text
}

/// `x,y` answers of a Gomocup brain as (x, y), each on a 15×15 board.
fn gomocup_points(line: &str) -> Vec<(u8, u8)> {
    line.split_whitespace()
        .map(|xy| {
            let (x, y) = xy.split_once(',').unwrap_or_else(|| panic!("{line:?}"));
            let p = (x.parse().expect("x"), y.parse().expect("y"));
            assert!(p.0 < 15 && p.1 < 15, "{line:?} is off the board");
            p
        })
        .collect()
}

/// One `SWAP2BOARD` exchange with a fresh brain over pipes: the stones sent, the answer
/// (its last line that is not a MESSAGE), and whether a MESSAGE said why.
fn swap2board(stones: &[(u8, u8)]) -> (String, bool) {
    let mut input = String::from("START 15\nINFO rule 1\nINFO timeout_turn 600\nSWAP2BOARD\n");
    for (x, y) in stones {
        input.push_str(&format!("{x},{y}\n"));
    }
    input.push_str("DONE\nEND\n");
    let out = run_with_input(BIN, &["gomocup"], input);
    assert!(out.status.success());
    let lines = stdout_lines(&out);
    assert_eq!(lines[0], "OK", "{lines:?}");
    // The reason, not the search report of a move played after it.
    let why = lines
        .iter()
        .any(|l| l.starts_with("MESSAGE ") && !l.starts_with("MESSAGE depth"));
    let answers: Vec<&String> = lines[1..]
        .iter()
        .filter(|l| !l.starts_with("MESSAGE"))
        .collect();
    assert_eq!(answers.len(), 1, "one answer: {lines:?}");
    (answers[0].clone(), why)
}

/// A Swap2 opening between two brains as a Gomocup manager runs it (Piskvork protocol,
/// `SWAP2BOARD`): the first proposes three stones, the second answers SWAP, a fourth move or
/// two more stones, in which case the first chooses; every answer has the protocol's shape,
/// only empty points, and a reason; then the game goes on from a `BOARD`.
#[test]
fn a_swap2_opening_between_two_brains_over_pipes() {
    let (three, why) = swap2board(&[]);
    assert!(why, "the proposal says why");
    let mut stones = gomocup_points(&three);
    assert_eq!(stones.len(), 3, "{three}");
    let (answer, why) = swap2board(&stones);
    assert!(why);
    // SWAP: the second brain takes Black and the first, now White, moves next.
    if answer != "SWAP" {
        let added = gomocup_points(&answer);
        assert!(matches!(added.len(), 1 | 2), "{answer}");
        stones.extend(added);
    }
    if stones.len() == 5 {
        // The first brain chooses: SWAP (Black; the other plays the sixth) or the sixth.
        let (answer, why) = swap2board(&stones);
        assert!(why);
        if answer != "SWAP" {
            let sixth = gomocup_points(&answer);
            assert_eq!(sixth.len(), 1, "{answer}");
            stones.extend(sixth);
        }
    }
    let distinct: std::collections::HashSet<_> = stones.iter().collect();
    assert_eq!(distinct.len(), stones.len(), "no point twice: {stones:?}");
    // The opening as a BOARD for the side to move (Black's stones first, alternating).
    let to_move_black = stones.len().is_multiple_of(2);
    let mut input = String::from("START 15\nINFO rule 1\nINFO timeout_turn 300\nBOARD\n");
    for (i, (x, y)) in stones.iter().enumerate() {
        let black = i.is_multiple_of(2);
        let own = if black == to_move_black { 1 } else { 2 };
        input.push_str(&format!("{x},{y},{own}\n"));
    }
    input.push_str("DONE\nEND\n");
    let out = run_with_input(BIN, &["gomocup"], input);
    let lines: Vec<String> = stdout_lines(&out)
        .into_iter()
        .filter(|l| !l.starts_with("MESSAGE"))
        .collect();
    let reply = gomocup_points(&lines[1]);
    assert_eq!(reply.len(), 1);
    assert!(!stones.contains(&reply[0]), "{lines:?}");
}

#[test]
fn swap2board_refuses_a_count_of_stones_no_stage_has() {
    let out = run_with_input(
        BIN,
        &["gomocup"],
        "SWAP2BOARD\nSTART 15\nSWAP2BOARD\n7,7\n8,8\nDONE\nSWAP2BOARD\n7,7\n7,7\n8,8\nDONE\nABOUT\nEND\n",
    );
    let lines = stdout_lines(&out);
    assert!(lines[0].starts_with("ERROR no START"), "{lines:?}");
    // Before START the block does not open: its lines are commands of their own.
    let errors: Vec<&String> = lines.iter().filter(|l| l.starts_with("ERROR")).collect();
    assert!(
        errors.iter().any(|l| l.contains("0, 3 or 5 stones")),
        "{lines:?}"
    );
    assert!(errors.iter().any(|l| l.contains("occupied")), "{lines:?}");
    assert!(
        lines.last().is_some_and(|l| l.starts_with("name=")),
        "it carries on"
    );
}
