# English messages of Reversi & Gomoku (Fluent syntax, https://projectfluent.org).
# Every key here must also be in zh-CN.ftl, with the same { $variables }: tests/i18n.rs checks.
# Keys: <area>-<what>, lower case with hyphens; see the docs of src/i18n/mod.rs.

## Names of the games, sides, rules and levels

game-reversi = Reversi
game-gomoku = Gomoku
# A line of the win records: "Gomoku (Renju)".
game-gomoku-with-rule = Gomoku ({ $rule })
side-black = Black
side-white = White
rule-freestyle = Freestyle
rule-standard = Standard
rule-renju = Renju
level-easy = Easy
level-medium = Medium
level-hard = Hard
# A fixed search depth in the win records.
level-depth = Depth { $depth }

## The computer's judgement of a position ($value carries its sign: "+3", "-40")

score-discs = { $value } discs
score-eval = { $value } eval
score-win-in = win in { $plies }
score-loss-in = loss in { $plies }
score-unit-discs = discs
score-unit-eval = eval

## Window title and top bar

app-title = Reversi & Gomoku

top-records = Records
top-save-game = Save game
top-save-game-hover = Save this game to a file
top-open-game = Open game
top-open-game-hover = Open a saved game
top-switch-game-hover = Switch game
top-transcript = Transcript
top-transcript-hover = Copy this game's moves, or paste moves to import
top-player = Player: { $profile }
top-language-hover = Language of the window

## Notices (messages above the board until dismissed)

notice-dismiss = Dismiss
notice-autosave-not-resumed = The autosaved { $game } game in current-game.json cannot be resumed: { $error }
notice-cannot-load = Cannot load the game: { $error }
notice-no-data-dir = No data directory ({ $error }): records, settings and the autosave are not kept.

## The dialog before a game against the computer is abandoned

confirm-heading = Leave the game in progress?
confirm-body = This { $game } game against the computer is not over. Count it as a loss for { $profile }?
confirm-count = Count as a loss
confirm-dont-count = Don't count
confirm-cancel = Cancel

## Saving, opening and importing games

file-filter-saved-game = Saved game
file-saved-to = Saved to { $path }.
file-cannot-save-game = Cannot save this game: { $error }
file-cannot-save-to = Cannot save to { $path }: { $error }
file-cannot-open = Cannot open { $path }: { $error }
file-cannot-open-dialog = Cannot open a file dialog: { $error }
file-cannot-import = Cannot import: { $problem }

## Transcript window

transcript-title = Transcript
transcript-this-game = This game ({ $board })
transcript-no-moves = No moves yet.
transcript-copy = Copy
transcript-paste = Paste a transcript to import (as a new game on this tab):
transcript-import = Import

## Records window

records-title = Records
records-profiles = Profiles
records-profile = Profile
records-white-profile = White profile in hot-seat games
records-same-as-black = Same as Black
records-name = Name
records-name-hint = profile name
records-create-profile = Create profile
records-rename-profile = Rename profile
records-column-profile = Profile
records-ranked = { $level } (ranked)
records-rank-hover = Rank by win rate at this level
records-head-to-head = Head to head
records-head-to-head-line = { $first } vs { $second }: { $tally }
records-none-yet = No games recorded yet. Finish a game against the computer to start.
records-this-game = This game: { $game }
records-side-player = { $side }: { $name }
records-vs-computer = vs computer { $level }: { $tally }
records-same-profile = same profile on both sides: not recorded
records-vs-player = vs { $opponent }: { $tally }
records-side-computer = { $side }: computer ({ $level })
# Wins, losses, draws and the win rate in percent: "W 3 · L 1 · D 0 · 75%".
records-tally = W { $wins } · L { $losses } · D { $draws } · { $rate }%
records-tally-hinted = W { $wins } · L { $losses } · D { $draws } · { $rate }% · { $hinted } with hints

## Replay controls

replay-heading = Replay: move { $at } of { $total }
replay-first = First
replay-previous = Previous
replay-next = Next
replay-last = Last
replay-slider = move
replay-auto-play = Auto-play
replay-speed = moves per second
replay-play-from-here = Play from here
replay-close = Close replay
replay-refusal = Replaying: press "Play from here" to continue the game from this position.

## Analysis: hints, move scores, the game review

teacher-heading = Analysis
teacher-hint-refused = A hint is for a human to move in the game in progress.
teacher-hint = Hint
teacher-hint-thinking = Hint…
teacher-hint-hover = The strong engine's move for the side to move (games with hints are counted as such in the records)
teacher-hint-is = Hint: { $mv } ({ $score })
teacher-show-scores = Show move scores
teacher-show-scores-hover = Score every legal move (Reversi) or the best points (Gomoku) for the side to move, refined as the search deepens
teacher-scores-unit-discs = Scores in discs for the side to move; underlined = exact; W/L = proven win/loss in that many plies
teacher-scores-unit-eval = Scores in evaluation units for the side to move; W/L = proven win/loss in that many plies
teacher-review = Review game
teacher-review-hover = Analyse every move of this game and mark the mistakes
teacher-progress = Reviewed { $done } of { $all } positions
teacher-copy-annotated = Copy annotated game
teacher-copy-annotated-hover = Copy the game with the review's comments: GGF for Reversi (Edax, NBoard), a move list with comments for Gomoku. Save game keeps them too.
teacher-stop = Stop
teacher-start = Start
teacher-exact = { $score }, exact
teacher-biggest-mistake = Go to the biggest mistake ({ $mv })
teacher-verdict-hover = Show this position with the better move ringed
teacher-verdict = { $number }. { $mv }: { $verdict } ({ $score }); better { $best } ({ $best_score })
verdict-best = best
verdict-good = good
verdict-inaccuracy = inaccuracy
verdict-mistake = mistake
verdict-blunder = blunder
graph-move = move
graph-axis-discs = Black's view, discs
graph-axis-score = Black's view, score

## Side panel: players, computer settings, game buttons

panel-players = Players
panel-computer-plays-black = Computer plays Black
panel-computer-plays-white = Computer plays White
panel-computer-level-black = Black computer level
panel-computer-level-white = White computer level
panel-max-depth = max depth (plies)
panel-deep-search-warning = Deep searches can take minutes per move.
panel-ms-per-move = ms per move
panel-new-game = New game
panel-undo = Undo
panel-redo = Redo
panel-new-game-hover = Start a new game
panel-undo-hover = Take back your last move
panel-redo-hover = Play again a move taken back
# The move list's heading, with the number of moves played.
panel-moves = Moves ({ $count })

## Side panel: the computer's live search

search-thinking-dots = Thinking…
search-thinking = Thinking
search-last = Last search
search-exact = { $score } (exact)
search-depth = depth
search-nodes = nodes
search-speed = speed
search-speed-value = { $nodes }/s
search-best = best
search-score = score
search-line = line: { $moves }
