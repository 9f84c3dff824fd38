//! The node-count signature of `reversi-gomoku bench`: fixed-depth Hard searches over built-in
//! positions of both games. It changes only when search behaviour changes, so a refactoring
//! that should not change the search is checked here; after a deliberate change to the
//! search, update the number (and say so in the commit).

/// The total node count printed by `bench` at the last deliberate change of the search.
const SIGNATURE: u64 = 257_922;

#[test]
fn bench_node_signature_is_unchanged() {
    let report = reversi_gomoku::tools::bench();
    let total = report
        .lines()
        .find_map(|l| {
            l.strip_prefix("bench: ")?
                .split(' ')
                .next()?
                .parse::<u64>()
                .ok()
        })
        .unwrap_or_else(|| panic!("no total in the bench report:\n{report}"));
    assert_eq!(total, SIGNATURE, "the search changed:\n{report}");
}
