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

## Edit mode: setting up a position to play from

setup-edit = Edit position
setup-edit-hover = Place and remove discs or stones, choose the side to move, then play from there
setup-heading = Edit position
setup-help = Click a point: empty → Black → White → empty (or as chosen below). Right-click removes a piece.
# A side's piece count while editing: "Black: 5".
setup-count = { $side }: { $count }
setup-brush = A click puts:
setup-brush-cycle = Cycle
setup-brush-erase = Erase
setup-black-to-move = Black to move
setup-white-to-move = White to move
setup-clear = Clear board
setup-clear-hover = Take every piece off the board
setup-start = Start position
setup-start-hover = The position a new game starts from
setup-text-hint-reversi = 64 characters a1…h8 (X Black, O White, - empty), then X or O to move
setup-text-hint-gomoku = A move list, Black first: h8 i9 j10…
setup-paste = Paste position
setup-paste-hover = Set up the board from the text above
setup-play = Play from here
setup-play-hover = Start a game from this position with the players chosen
setup-cancel = Cancel
setup-cancel-hover = Leave edit mode; the game goes on as it was
setup-status = Edit mode: place pieces on the board, then press Play from here.
setup-refused = Cannot play from this position: { $reason }
setup-passed-black = Black has no legal move here and passes: White moves first.
setup-passed-white = White has no legal move here and passes: Black moves first.
setup-error-empty-centre = { $square } is empty, but the four centre squares are never empty in Reversi.
setup-error-no-moves = neither side can move, so the game would already be over.
setup-error-unreadable = cannot read the text ({ $error }).
setup-error-off-board = { $point } is off the board.
setup-error-twice = { $point } is given twice.
setup-error-five-black = Black already has five in a row: the game would be over.
setup-error-five-white = White already has five in a row: the game would be over.
setup-error-stone-counts = { $black } black and { $white } white stones cannot arise in a game: Black has as many stones as White or one more.
setup-error-turn-black = with these stones it is Black's turn.
setup-error-turn-white = with these stones it is White's turn.
setup-error-full = the board is full: nothing can be played.

## Analysis: hints, move scores, the game review

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
