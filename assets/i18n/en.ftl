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
graph-heading = Evaluation graph
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
search-book = From the opening book (no search)
search-exact = { $score } (exact)
search-depth = depth
search-nodes = nodes
search-speed = speed
search-speed-value = { $nodes }/s
search-best = best
search-score = score
search-line = line: { $moves }

## Help window

help-title = Help
help-section-reversi = Reversi rules
help-section-gomoku = Gomoku rules
help-section-controls = Controls
help-section-shortcuts = Shortcuts
help-section-levels = Levels
help-section-data = Your data
help-reversi-board = Reversi is played on 8×8 squares with discs that are black on one side and white on the other. The game starts with four discs in the centre; Black moves first.
help-reversi-move = A move places a disc of your colour on an empty square so that it brackets one or more lines of your opponent's discs between the new disc and another of yours, in any of the eight directions: across, up and down, and diagonally. Every bracketed disc is flipped to your colour. A square that flips nothing is not a move.
help-reversi-caption-flip = Black plays d4: it brackets a White disc in each of the eight directions.
help-reversi-caption-after = After d4: all eight are flipped to Black.
help-reversi-caption-pass = Black to move has no square that flips a disc, so Black must pass; White plays on.
help-reversi-pass-end = If you have no move, you pass and your opponent moves again (press Pass, or { $keys }). You may not pass while you have a move. The game ends when neither side can move, usually with a full board. The side with more discs wins; the empty squares are counted for the winner.
help-gomoku-board = Gomoku is played on the intersections of a grid (15×15 here, 9×9 to 19×19 under Freestyle and Standard). Black moves first; the players take turns placing one stone of their colour on an empty point. Stones are never moved or taken.
help-gomoku-freestyle = Freestyle: five or more stones in an unbroken row, across, up and down or diagonally, win, for both sides. A full board without a winner is a draw.
help-gomoku-standard = Standard: exactly five in a row wins, for both sides. Six or more in a row (an overline) does not win, and the game goes on.
help-gomoku-renju = Renju (15×15, RIF rules) limits Black, who has the advantage of the first move. White wins with five or with an overline. Black wins only with exactly five, and may not play a forbidden move: a double-three (two open threes at once), a double-four (two fours at once, also along one line) or an overline. A move that makes an exact five wins even if it is also a double-three, double-four or overline on other lines. The board marks Black's forbidden points with a red cross, and refuses them.
help-gomoku-threes = A four is a line that one more stone makes five; a straight four has two such points and cannot be stopped. A three is a line that one more stone makes a straight four. Under Renju a three counts only if that straight four can really be played: when the point that makes it is itself forbidden for Black, the three is not a real three.
help-renju-caption-double-three = Double-three: H8 would make two open threes (F8–H8 and H8–H10). Forbidden for Black.
help-renju-caption-double-four = Double-four: H8 would make two fours (E8–H8 and H8–H11). Forbidden for Black.
help-renju-caption-overline = Overline: H8 would make six in a row (E8–J8). Forbidden for Black; White would win with it.
help-renju-caption-false-three = Not a real three: after H8, the column H8 H9 H11 becomes a straight four only at H10, which is an overline (E10–J10). So H8 makes one three, not two, and Black may play it.
help-controls-play = Click a square (Reversi) or an intersection (Gomoku) to play there. The tabs at the top switch between the games; each keeps its own game. In the side panel, tick "Computer plays Black" or "Computer plays White" to choose who the computer plays: both unticked is a game for two people at one screen, both ticked a game between computers.
help-controls-keyboard = Play with the keyboard: the arrow keys show a cursor on the board and move it, and Enter or Space plays where it is.
help-controls-menu = Right-click the board for its menu: Undo to here (on a disc or stone: back to just before that move), Copy transcript, Copy position (Reversi: the 64-square board and the side to move as in .obf files; Gomoku: the moves), Paste transcript (import the moves on the clipboard as a new game), and whether to show coordinates, move numbers and legal moves.
help-controls-view = The View menu chooses the theme (light, dark or the system's), each game's board style (also used by the diagrams in this help), the zoom (also by keyboard, see Shortcuts) and how fast moves are animated. All of it is remembered.
help-controls-sound = The Sound menu sets the volume of the sound effects and mutes them (also with { $keys }); without an audio output the game plays silently and the menu says so.
help-controls-analysis = Learn from the computer in the Analysis section: Hint ({ $keys }, or the board's menu) rings the strong engine's move for you and is counted in your records; Show move scores writes a score on every legal Reversi move and on the best Gomoku points (for the side to move; underlined when exact; W/L a proven win or loss); Review game judges every move of the game, draws the evaluation graph (click it to see that position) and lists the mistakes, each with the better move.
help-controls-undo = Undo and Redo take moves back and play them again, as far as you like; against the computer, Undo also takes back its reply. Replay steps through the game. Save game and Open game keep a game in a file; Transcript shows the moves to copy, or imports pasted ones.
help-controls-clocks = Clocks: each side's clock shows the time it has used, or, with a time control chosen before New game, the time it has left; a side whose time runs out loses. A clock pauses while you replay the game, while a dialog asks a question (leaving a game, a draw offer), while the window is minimised in a hot-seat game (not against the computer), and in the tab you are not looking at while a human is to move there; Undo gives back the time of the undone moves.
help-controls-draw = Offer draw, on your turn: in a hot-seat game the other player accepts or declines; the computer accepts when its own search finds the game level or lost for it, and says why.
help-shortcuts-intro = Shortcuts do not act while you type in a text field. Ctrl is Cmd on macOS.
help-shortcuts-keys = Keys
help-shortcuts-action = Action
help-levels-intro = Each side the computer plays has its own level. Medium and Hard take a maximum depth in moves (plies); Hard also has a time per move. A game against the computer counts in your records for that level.
help-levels-level = Level
help-levels-what = What it does
help-data-where = Your win records, settings and the games in progress are kept in:
help-data-files = records.json holds each profile's wins, losses and draws per game and level; settings.json the current profile, the language, the board display, the time controls, the look (theme, board styles, zoom, move animation), the sound and the Reversi opening book; current-game.json both games in progress, so they come back when you start again. Another folder can be chosen with --data-dir or the REVERSI_GOMOKU_DATA_DIR environment variable.
help-data-none = This window keeps no files: records, settings and games last only until it closes.

## Keyboard shortcuts (the help's table and tooltips)

shortcut-new-game = New game
shortcut-undo = Undo
shortcut-redo = Redo
shortcut-save = Save the game to a file
shortcut-open = Open a saved game
shortcut-swap-sides = Swap sides: the computer takes the other side
shortcut-pass = Pass (Reversi, when it is the only move)
shortcut-hint = Hint: the computer's move for the side to move
shortcut-switch-game = Switch between Reversi and Gomoku
shortcut-help = Help
shortcut-fullscreen = Fullscreen on or off
shortcut-zoom-in = Zoom in
shortcut-zoom-out = Zoom out
shortcut-zoom-reset = Normal size
shortcut-cursor-left = Move the board cursor left
shortcut-cursor-right = Move the board cursor right
shortcut-cursor-up = Move the board cursor up
shortcut-cursor-down = Move the board cursor down
shortcut-play-at-cursor = Play at the board cursor
# Two key combinations for one action: "Ctrl+Y or Ctrl+Shift+Z".
shortcut-either = { $first } or { $second }
# A tooltip with the action's keys: "Start a new game (Ctrl+N)".
shortcut-hover = { $text } ({ $keys })

## Status line

status-game-over-start-new = The game is over: start a new game or undo.
status-computer-to-play = The computer is thinking: wait for its move, or make this side Human.
status-nothing-to-undo = Nothing to undo.
status-undo-the-end-first = The game is over: press Undo to take its end back first.
status-nothing-to-redo = Nothing to redo.
status-considering-draw = The computer is considering your draw offer…
# $reason: why the engine failed, in English (a programmer's message).
status-computer-failed = The computer could not move ({ $reason }). Press Retry to try again.
status-draw-judge-failed = The computer could not consider the draw offer ({ $reason }).
status-computer-illegal-move = The computer chose an illegal move ({ $move }); ignored.
status-wins = Game over: { $side } wins.
status-draw = Game over: draw.
status-computer-thinking = { $side } (computer) is thinking…
status-to-move = { $side } to move.
status-resigned = Game over: { $side } resigned, { $winner } wins.
status-time-out = Game over: { $side } ran out of time, { $winner } wins.
status-draw-agreed = Game over: draw by agreement.

## The computer's answer to a draw offer

draw-decline-forced-win = The computer declines the draw: it has a forced win.
draw-accept-losing = The computer accepts the draw: it is losing.
draw-decline-ahead = The computer declines the draw: it is ahead by { $discs } discs.
draw-accept-behind = The computer accepts the draw: it is behind by { $discs } discs.
draw-accept-level = The computer accepts the draw: the position is level.
draw-decline-winning-attack = The computer declines the draw: it has a winning attack.
draw-accept-opponent-attack = The computer accepts the draw: its opponent has a winning attack.
draw-accept-nearly-full = The computer accepts the draw: neither side has a winning threat and the board is more than two-thirds full.
draw-decline-room = The computer declines the draw: the board still has room for a win.

## Clocks and time controls

clock-time-control = Time control
clock-next-game = Applies from the next New game.
clock-time-left = Time left
clock-time-used = Time used
clock-none = No time limit
clock-sudden-death = { $time } per side
clock-fischer = { $base } + { $increment } per move
clock-per-move = { $time } per move
clock-hours = { $n ->
        [one] { $n } hour
       *[other] { $n } hours
    }
clock-minutes = { $n ->
        [one] { $n } minute
       *[other] { $n } minutes
    }
clock-seconds = { $n ->
        [one] { $n } second
       *[other] { $n } seconds
    }
# Banners across the board of a game that ended off the board.
banner-resigned = { $side } resigned: { $winner } wins
banner-time-out = { $side } lost on time: { $winner } wins
banner-draw-agreed = Draw by agreement

## Moves the rules refuse, and positions they cannot set up

move-occupied = { $point } is occupied
move-no-flips = { $point } would flip no discs
move-must-pass = No legal move: you must pass
move-cannot-pass = You have a legal move, so you may not pass
move-game-over = The game is over
move-off-board = { $point } is off the board
move-forbidden = { $point } is forbidden for Black: { $kind }
forbidden-double-three = double-three
forbidden-double-four = double-four
forbidden-overline = overline
setup-size-out-of-range = Board size { $size } is outside 9 to 19
setup-renju-needs-15 = Renju is played on 15×15 only, not { $size }×{ $size }
setup-duplicate = { $point } is given twice
setup-five-on-board = { $side } already has five in a row: the game is over
setup-stone-counts = { $black } black and { $white } white stones cannot arise in a game: Black has as many stones as White or one more
setup-wrong-turn = With these stones it is { $side }'s turn
setup-full = The board is full: nothing can be played
setup-empty-centre = { $point } is empty, but the four centre squares are never empty in Reversi
setup-game-over = Neither side can move from this position: the game is already over

## Errors of files and records (shown inside notices; $source and $reason are the system's or the parser's words)

error-name-empty = a profile name cannot be empty
error-name-too-long = a profile name can have at most { $max } characters
error-name-bad-character = a profile name cannot contain control characters
error-name-spaces = a profile name cannot start or end with spaces
error-duplicate-name = there is already a profile named "{ $name }"
error-no-such-profile = there is no profile named "{ $name }"
error-same-profile = "{ $name }" cannot play a head-to-head game against itself
error-overflow = too many games recorded for "{ $name }"
error-read = cannot read { $path }: { $source }
error-too-large = the file is { $size } bytes, more than the limit of { $limit } bytes
error-empty-file = the file is empty
error-newer-version = written by a newer version of the program (format version { $found }; this one reads up to { $supported })
error-invalid = invalid content: { $reason }
error-corrupt = { $path } is damaged ({ $reason }); it was moved to { $kept }
error-corrupt-not-moved = { $path } is damaged ({ $reason }) and could not be moved aside: { $source }
error-write = cannot write { $path }: { $source }
error-locked = { $path } is locked by another window; try again
error-refusing-to-save = refusing to save: { $reason }
error-lock-busy = { $path } is locked by another window
error-lock-io = cannot lock { $path }: { $source }

## Notices about the data directory, records, settings and the autosave

notice-cannot-create-dir = Cannot create the data directory { $dir }: { $error }. Records and the autosave may not be kept.
notice-dir-in-use = Another window is using the data directory { $dir }: it keeps the autosaved games, so this window starts new games and does not autosave them. Win records and settings are shared.
notice-lock-failed = { $error }. If another window uses the same data directory, the two may overwrite each other's autosaved games.
notice-records-reset = Win records: { $error }. Starting with empty records.
notice-no-writer = No writer thread ({ $error }); saving as you play.
notice-records-problem = Win records: { $error }.
notice-bad-profile-name = Cannot use "{ $name }" as a profile: { $problem }.
notice-record-failed = Could not record the result: { $error }. It will be tried again.
notice-records-change-not-saved = Could not save the change to the win records: { $error }
notice-autosave-failed = Autosave failed: { $error }
notice-autosaves-reset = Autosaved games: { $error }. Starting new games.
notice-settings-reset = Settings: { $error }. Using default settings.
notice-settings-problem = Settings: { $error }.
notice-settings-not-saved = Cannot save the settings: { $error }
# What recording a finished game added ($result: result-win, result-loss or result-draw).
notice-recorded-vs-computer = { $name }: { $result } against the computer ({ $level })
notice-recorded-head-to-head = { $black } vs { $white }: recorded
result-win = win
result-loss = loss
result-draw = draw

## What the computer's levels do, and the Gomoku rule sets

level-about-reversi-easy = Greedy: flips as many discs as it can right now.
level-about-reversi-medium = Looks a few moves ahead, prizing corners and edges.
level-about-reversi-hard = Deep search with learned edge and corner patterns; perfect endgame.
level-about-gomoku-easy = Scores each point for attack and defence, one move deep.
level-about-gomoku-medium = Counts the fives each point can still make; checks your reply.
level-about-gomoku-hard = Threat search (VCF) and alpha-beta; never misses a forced win.
rule-about-freestyle = Five or more in a row wins.
rule-about-standard = Exactly five in a row wins; six or more does not.
rule-about-renju = RIF Renju: Black may not make 3-3, 4-4 or an overline; White wins with five or more.

## The tab: draw offers, the board's menu, game buttons, replay status

status-draw-declined = { $side } declines the draw offer.
status-pass-refused = You can pass only when you have no legal move.
status-replay = Replay, move { $index } of { $len }. { $state }
draw-offered = Draw offered
draw-offered-question = { $side } offers a draw. { $other }, do you accept?
draw-accept = Accept the draw
draw-decline = Decline
menu-undo-to-here = Undo to here
menu-undo-to-here-hover = Take the game back to just before this move
menu-copy-transcript = Copy transcript
menu-copy-position = Copy position
menu-paste-transcript = Paste transcript
menu-paste-transcript-hover = Import the moves on the clipboard as a new game
menu-show-coordinates = Show coordinates
menu-show-move-numbers = Show move numbers
menu-show-legal-moves = Show legal moves
panel-retry = Retry
panel-retry-hover = Let the computer think about this position again
panel-resign = Resign
panel-resign-hover = { $side } gives up: the game counts as lost
panel-resign-nobody = No human player to resign
panel-offer-draw = Offer draw
panel-offer-draw-hover-human = { $side } offers a draw; { $other } accepts or declines
panel-offer-draw-hover-computer = Offer the computer a draw; it answers from its own judgement
panel-offer-draw-hover-none = A human can offer a draw on their turn
panel-replay = Replay
panel-replay-hover = Step through this game move by move

## View menu

view-menu = View
view-theme = Theme
view-theme-light = Light
view-theme-dark = Dark
view-theme-system = Follow system
# The heading of a game's board styles: "Reversi board" ($game: the game's name).
view-board = { $game } board
view-style-green-felt = Green felt
view-style-high-contrast = High contrast
view-style-wood = Wood
view-style-plain-light = Plain light
view-zoom = Zoom
view-zoom-out-hover = Zoom out
view-zoom-in-hover = Zoom in
view-zoom-reset = Reset zoom
view-zoom-reset-hover = Back to the normal size
view-animation = Move animation
view-animation-off = Off
view-animation-fast = Fast
view-animation-normal = Normal

## Sound menu

sound-menu = Sound
sound-menu-hover = Volume and mute
sound-mute = Mute
sound-volume = Volume
sound-starting = Looking for an audio output…
# $device: the system's name of the audio output.
sound-playing = Sound plays on { $device }.
sound-unavailable = No audio output found: the game plays silently.
# $reason: the audio system's words, in English.
sound-unavailable-why = Why: { $reason }.

## Side panel: each game's own lines, options and results

top-help-hover = Help: rules, controls, shortcuts
player-human = Human
player-computer = Computer
# A side's line in the panel: its disc count and moves made (Reversi, passes not counted) or
# its moves made (Gomoku). Who plays it is on the player's card just below.
panel-discs = { $side }: { $count ->
        [one] { $count } disc
       *[other] { $count } discs
    }, { $moves ->
        [one] { $moves } move
       *[other] { $moves } moves
    }
panel-discs-to-move = { $side } to move: { $count ->
        [one] { $count } disc
       *[other] { $count } discs
    }, { $moves ->
        [one] { $moves } move
       *[other] { $moves } moves
    }
panel-stones = { $side }: { $count ->
        [one] { $count } move
       *[other] { $count } moves
    }
panel-stones-to-move = { $side } to move: { $count ->
        [one] { $count } move
       *[other] { $count } moves
    }
panel-pass = Pass
panel-pass-hover = You have no legal move: hand the turn over
panel-show-legal-moves = Show legal moves
panel-mark-forbidden = Mark forbidden points
panel-show-threats = Show threats
panel-move-numbers = Move numbers
panel-rule = Rule
panel-board-size = board size
panel-rule-next-game = Applies from the next New game.
# Reversi's status line ($result: banner-reversi-win or banner-reversi-draw).
status-game-over-score = Game over: { $result } (empty squares go to the winner).
status-must-pass = { $side } has no legal move and must pass.
status-must-pass-press = { $side } has no legal move and must pass. Press Pass.
# $status: the rest of the status line ("White to move.").
status-passed = { $side } passed. { $status }
# The final score of a Reversi game: the winner's discs first.
banner-reversi-win = { $side } wins { $own }–{ $other }
banner-reversi-draw = Draw { $black }–{ $white }
banner-five = { $side } wins with five
banner-board-full = Draw: the board is full
# The Gomoku board in the Transcript window: "Gomoku, 15×15 Renju".
transcript-board-gomoku = Gomoku, { $size }×{ $size } { $rule }

## Analysis: the review and the evaluation graph

teacher-move-does-not-replay = move { $number } ({ $mv }) does not replay: { $reason }
graph-unit-discs = discs
graph-unit-score = score
# Hovering the graph: "12. f4: +6 discs".
graph-hover = { $label }: { $value } { $unit }

## Errors of games that cannot be saved, and settings that cannot change

notice-settings-not-changed = Cannot change the settings: { $error }

## File problems: why a saved game, the settings or the records cannot be read

error-json-truncated = truncated JSON (line { $line }, column { $column })
error-json-syntax = not valid JSON (line { $line }, column { $column })
error-json-content = unexpected content (line { $line }, column { $column })
error-json-read = read error (line { $line }, column { $column })
error-version-not-integer = "version" must be a positive integer, not { $found }
error-version-zero = "version" 0 does not exist
error-field-spaces = "{ $field }" has surrounding spaces
error-field = "{ $field }": { $problem }
error-zoom-range = "zoom" is { $zoom }, not between { $min } and { $max }
error-volume-range = "sound_volume" is { $volume }, above { $max }
error-clock-range = the { $what } { $ms } ms is outside { $min }..={ $max } ms
error-clock-time-per-side = time per side
error-clock-time-per-move = time per move
error-clock-base-time = base time
error-clock-increment = the increment { $ms } ms is more than { $max } ms
error-clock-times = the clock has { $times } move times for { $moves } moves
error-clock-move-time = a move time of { $ms } ms on the clock is more than { $max } ms
error-move = move { $number } ({ $mv }): { $problem }
error-game-already-over = the game is already over
error-review-note = the review has a note on move { $number }, but the game has { $moves } moves
error-depth-range = { $side }'s search depth { $depth } is outside { $min }..={ $max }
error-move-time-range = { $side }'s time per move { $ms } ms is more than { $max } ms
error-profile-empty = { $side }'s profile name is empty
error-profile-name = { $side }'s profile name: { $problem }
error-time-range = { $field } { $time } is after the year 3000 (Unix milliseconds up to { $max })
error-result-after-end = the result says "{ $result }", but the game had already ended on the board
error-result-disagrees = the result says "{ $result }" but the moves give { $actual }
error-result-not-over = the result says "{ $result }" but the game is not over
error-reversi-rule = a Reversi game has no "rule"
error-reversi-size = a Reversi board is 8x8
error-gomoku-rule = a Gomoku game needs a "rule"
error-gomoku-size = a Gomoku game needs a "board_size"
error-not-reversi = this is not a Reversi game
error-not-gomoku = this is not a Gomoku game
error-records-name-spaces = profile name { $name } has surrounding spaces
error-records-name = profile { $name }: { $problem }
error-records-name-twice = two profiles are named { $name }
error-records-too-many = { $name }, { $game }, { $level }: more than { $max } games
error-records-against-itself = { $name } has a head-to-head record against itself
error-records-unknown-opponent = { $name } has a head-to-head record against unknown profile { $opponent }
error-records-h2h-too-many = { $name } vs { $opponent }, { $game }: too many games
error-records-h2h-disagree = head-to-head records of { $name } and { $opponent } in { $game } disagree
error-transcript-syntax = move { $number }: cannot read { $text } as a square (a1-h8) or a pass
error-transcript-illegal = move { $number } ({ $mv }): { $problem }

## Background music, player pictures, and both players' records in the side panel
music-on = Background music
music-volume = Music volume
music-built-in = Quiet Board (built in)
music-track = Music: { $name }
music-use-built-in = Built-in music
music-choose-file = Choose music file…
music-choose-file-hover = An OGG Vorbis, MP3, FLAC or WAV file of up to 10 minutes, played in a loop
music-loading = Loading the music…
music-no-output = No audio output: the music cannot play.
music-filter = Music
music-cannot-play = Cannot play { $path }: { $error }. The music stays as it was.
music-no-thread = The music cannot be loaded: { $error }
music-error-io = cannot read it ({ $error })
music-error-path = its path is not valid Unicode
music-error-unsupported = not a music file that can be played (OGG Vorbis, MP3, FLAC or WAV)
music-error-no-audio = it holds no audio
music-error-truncated = the file is cut short ({ $decoded } of { $expected } samples)
music-error-damaged = the audio is damaged ({ $error })
music-error-too-long = it is longer than { $minutes } minutes
music-error-silent = it is silent
error-music-volume-range = "music_volume" is { $volume }, more than { $max }
error-music-file-empty = the file name is empty
picture-choose = Choose picture…
picture-choose-hover = A PNG, JPEG, WebP, GIF or BMP image of up to 20 MB; its centre is kept as a 128×128 picture
picture-default = Default picture
picture-filter = Images
picture-cannot-use = Cannot use { $path } as the picture of { $name }: { $error }. The picture stays as it was.
picture-damaged = The picture of { $name } ({ $path }) cannot be read: { $error }. The default picture is shown until a new one is chosen.
picture-not-removed = The old picture { $name } could not be deleted: { $error }
picture-error-io = cannot read it ({ $error })
picture-error-file-too-large = the file is { $size } bytes, more than { $max } MB
picture-error-image-too-large = the image is larger than { $max } pixels a side
picture-error-unsupported = not a PNG, JPEG, WebP, GIF or BMP image
picture-error-damaged = the image is damaged ({ $error })
error-records-picture = profile { $name }: { $picture } is not a picture's file name
records-computer-name = Computer ({ $level })
records-overall = overall: { $rate }% won of { $games } { $games ->
        [one] game
       *[other] games
    }
records-delete-profile = Delete profile
records-delete-confirm = Delete { $name }, its records and its picture?
records-delete-yes = Yes, delete
## Lock, boss key and shortcut settings (issue 19)

shortcut-lock = Lock or unlock the game (pause)
shortcut-boss-key = Boss key: hide the window at once, silent and locked
shortcut-mute = Mute or unmute the sound
lock-lock = Lock
lock-unlock = Unlock
lock-lock-hover = Lock the game: the boards take no move, the computer and the clocks stop
lock-unlock-hover = Unlock the game and play on
lock-mark = Locked
lock-how = Press { $keys }, or Unlock at the top, to play on
lock-how-button = Press Unlock at the top to play on
lock-status = Locked: the computer and the clocks wait. { $how }.
lock-ask-heading = The game is locked
lock-ask-new-game = Unlock the game to start a new one?
lock-ask-open = Unlock the game to open another one?
lock-ask-setup = Unlock the game to play the position you set up?
lock-ask-undo = Unlock the game to take a move back?
lock-ask-redo = Unlock the game to replay a move?
lock-ask-unlock = Unlock and go on
lock-ask-stay = Stay locked
tray-tooltip = The game stays locked while hidden; Show brings the window back.
tray-show = Show
tray-hide = Hide (boss key)
tray-quit = Quit
shortcuts-button = Shortcuts…
shortcuts-button-hover = Change the keyboard shortcuts
shortcuts-title = Keyboard shortcuts
shortcuts-intro = Change… waits for the key combination to use instead, Add… for one more; Esc cancels. A combination another action has is refused. The help and the tooltips show the keys chosen here, and they are remembered.
shortcuts-press = Press the new key combination (Esc cancels).
shortcuts-press-short = press a key…
shortcuts-change = Change…
shortcuts-add = Add…
shortcuts-none = (none)
shortcuts-reset = Reset to defaults
shortcuts-were-reset = Every shortcut is back to its default.
shortcuts-bound = { $keys } now does: { $action }.
shortcuts-taken = { $keys } is already used by "{ $action }": choose another combination, or change that one first.
notice-shortcut-problem = A keyboard shortcut in settings.json was left out ({ $problem }); the others apply.
help-controls-lock = Lock (the Lock button at the top, or { $lock }) pauses both games: the boards take no move, the computer stops thinking and the clocks stop. New game, Undo, Redo and opening a game ask to unlock first. The lock is kept when you close the app.
help-controls-boss = The boss key ({ $boss }) hides the window at once: to the system tray where the desktop has one (choose Show in the tray icon's menu, or click the icon, to bring it back), else minimised. It also silences the sound and locks the game; the window comes back exactly as it was, still locked until you unlock.
help-controls-shortcuts = Shortcuts at the top changes any keyboard shortcut; a combination another action has is refused, and Reset to defaults restores them all.
# Search threads (the computer's Hard level, both games)
view-threads = Computer: search threads
view-threads-option = { $n ->
    [one] 1 thread
   *[other] { $n } threads
}
view-threads-hover = Threads the Hard level searches on (hints and move scores too); more finish deeper in the same time
error-threads-range = "search_threads" is { $threads }, not between 1 and { $max }
## Reversi opening names and opening book

panel-opening = Opening: { $name }
panel-opening-hover = The last named opening line this game went through (in any of the board's eight orientations, by any move order).
panel-opening-book = Opening book
panel-opening-book-hover = Medium and Hard play known opening moves at once, from a book built from 135 642 tournament games and scored by the engine, instead of searching.
panel-vary-opening = Vary the opening
panel-vary-opening-hover = Choose at random among the book moves that score nearly as well as the best one, so that games differ.
panel-opening-book-unavailable = The opening book cannot be read; the computer plays without it.
notice-book-unreadable = The opening book cannot be read ({ $error }); the computer plays without it.
help-controls-openings = Openings (Reversi): while a game follows one of the standard named opening lines (Tiger, Rose, Buffalo, Cow, …), its name is shown above the move list, and the last one stays once the game leaves them. With "Opening book" ticked, Medium and Hard play their first moves from a book of positions that tournament players reached often, scored by the engine; "Vary the opening" picks among nearly equal book moves so that games differ.

# The names of the opening lines of assets/reversi-opening-names.txt.
opening-perpendicular = Perpendicular Opening
opening-parallel = Parallel Opening
opening-diagonal = Diagonal Opening
opening-tiger = Tiger
opening-aubrey = Aubrey / Tanaka
opening-aubrey-feldborg = Aubrey (Feldborg Continuation)
opening-rose-bill = Rose-Bill
opening-tamenori = Tamenori
opening-central-rose-bill = Central Rose-Bill / Dead Draw
opening-ishii = Ishii
opening-mainline-tiger = Mainline Tiger
opening-brightwell = Brightwell
opening-leaders-tiger = Leader's Tiger
opening-stephenson = Stephenson
opening-kung = Kung
opening-comp-oth = Comp'Oth
opening-lightning-bolt = Lightning Bolt
opening-fat-draw = F.A.T. Draw
opening-no-kung = No-Kung
opening-no-kung-continuation = No-Kung (Continuation)
opening-bent-ganglion = Bent Ganglion
opening-ganglion = Ganglion / No-Cat
opening-swallow = Swallow
opening-no-cat-continuation = No-Cat (Continuation)
opening-cat = Cat
opening-berner = Berner
opening-sakaguchi = Sakaguchi
opening-italian = Italian
opening-horse = Horse
opening-rabbit = Rabbit
opening-mimura = Mimura
opening-bhagat = Bhagat
opening-inoue = Inoue
opening-iago = Iago
opening-shaman = Shaman / Danish
opening-ralle = Ralle
opening-rose = Rose
opening-greenberg = Greenberg / Dawg
opening-rose-birth = Rose-Birth
opening-rose-birdie = Rose-Birdie / Rose-Tamenori
opening-rose-tamenori-kling = Rose-Tamenori-Kling
opening-brightstein = Brightstein
opening-flat = Flat
opening-rotating-flat = Rotating Flat
opening-murakami = Murakami Variation
opening-rotating-flat-kling = Rotating Flat (Kling Continuation)
opening-semi-wing = Semi-Wing Variation
opening-wing = Wing Variation
opening-buffalo = Buffalo / Kenichi Variation
opening-hokuriku-buffalo = Hokuriku Buffalo
opening-tanida-buffalo = Tanida Buffalo
opening-maruoka-buffalo = Maruoka Buffalo
opening-cow = Cow
opening-chimney = Chimney
opening-rose-v-toth = Rose-v-Toth
opening-landau = Landau
opening-maruoka = Maruoka
opening-tanida = Tanida
opening-aircraft = Aircraft / Feldborg
opening-sailboat = Sailboat
opening-bat = Bat / Cow Bat / Cambridge
opening-bat-kling-alternative = Bat (Kling Alternative)
opening-bat-kling-continuation = Bat (Kling Continuation)
opening-melnikov = Melnikov / Bat (Piau Continuation 1)
opening-bat-piau-2 = Bat (Piau Continuation 2)
opening-rocket = Rocket
opening-lollipop = Lollipop
opening-hamilton = Hamilton
opening-raccoon-dog = Raccoon Dog
opening-heath = Heath / Tobidashi
opening-heath-chimney = Heath-Chimney
opening-iwasaki = Iwasaki Variation
opening-heath-bat = Heath-Bat
opening-mimura-2 = Mimura Variation II
opening-snake = Snake / Peasant
opening-pyramid = Pyramid / Checkerboarding Peasant
opening-lysons = Lysons
opening-x-square = X-square Opening
# Opening rules: Swap, Swap2, Soosõrv-8 (the opening section, the computer's reasons, errors)
panel-opening-rule = Opening rule
opening-rule-free = Free
opening-rule-swap = Swap
opening-rule-swap2 = Swap2
opening-rule-soosorv8 = Soosõrv-8
opening-about-free = No opening rule: Black moves first.
opening-about-swap = The first player places three stones (black, white, black); the second player chooses a colour; White plays next.
opening-about-swap2 = The first player places three stones; the second takes Black, takes White, or places two more stones and lets the first choose a colour.
opening-about-soosorv8 = RIF rule: one of the 26 canonical openings; a swap; White plays the 4th move and says how many 5th moves Black offers (1–8); a swap; Black offers them, White picks one.
opening-role-first = First player
opening-role-second = Second player
opening-heading = Opening: { $rule }
opening-who = { $role } ({ $side }, { $player })
opening-black-stone = a black stone
opening-white-stone = a white stone
opening-prompt-three = { $who }: place opening stone { $number } of 3, { $stone }.
opening-prompt-two = { $who }: place extra stone { $number } of 2, { $stone }.
opening-prompt-soosorv-first = { $who }: put one of the 26 openings; the first stone goes on { $centre }.
opening-prompt-soosorv-second = { $who }: the second stone (white) goes next to { $centre }.
opening-prompt-soosorv-third = { $who }: the third stone (black) goes in the marked square, within two points of { $centre }.
opening-prompt-fourth = { $who }: play the 4th move anywhere, then say how many 5th moves Black must offer.
opening-prompt-colour = { $who }: choose your colour.
opening-prompt-swap2 = { $who }: take Black, take White, or place two more stones and let the other player choose.
opening-prompt-declare = { $who }: how many 5th moves must Black offer (1–{ $max })?
opening-prompt-offer = { $who }: click { $count ->
        [one] one more point
       *[other] { $count } more points
    } to offer as the 5th move (no two symmetrical).
opening-prompt-pick = { $who }: click one of Black's offers to make it the 5th move.
opening-take-black = Play Black
opening-take-white = Play White
opening-place-two = Place two more stones
opening-offers-hover = Black must offer { $count } different 5th moves
opening-offers-label = Ask for { $count } offers
opening-did-take = { $role } took { $side }.
opening-did-place-two = { $role } chose to place two more stones.
opening-did-declare = { $side } asked for { $count } 5th-move offers.
opening-did-offer = { $side } offered { $point }.
opening-did-canonical = The opening is { $name }.
opening-did-pick = White chose { $point } as the 5th move.
opening-why-proposal = I place { $stones }: with White to move it is worth { $value } to White by my evaluation, close to even.
opening-why-canonical = I put { $name } ({ $stones }): worth { $value } to White by my evaluation, close to even.
opening-why-take = I take { $side }: by my evaluation { $side } is worth { $value } to me, { $other } { $other_value }.
opening-why-place-two = Too close to call (White { $value }): I add { $stones } to even it out (White { $balanced }) and leave the choice of colour to the other player.
opening-why-place-rest = I add { $stones } to even it out (White { $balanced }).
opening-why-declare = I play { $point } and ask for { $count } fifth moves: the weakest of Black's { $count } best is worth { $value } to Black, the closest to even.
opening-why-keep-black = I keep Black: with { $count } offers, the weakest of my best fifth moves is still worth { $value } to Black.
opening-why-take-white = I take White: with { $count } offers, White can pick a fifth move worth { $value } to White.
opening-why-offers = I offer { $points }, my best fifth moves: the weakest is worth { $value } to Black.
opening-why-pick = I take { $point } as the fifth move: worth { $value } to White, the best of the offers.
opening-error-choice-due = A choice is due first (see the Opening section), not a stone.
opening-error-stone-due = A stone is due now, not a choice.
opening-error-over = The opening is over: there is nothing left to choose.
opening-error-not-an-option = “{ $choice }” is not one of the options now.
opening-error-offers-range = Black offers 1 to { $max } fifth moves, not { $count }.
opening-error-not-centre = { $point }: the first stone goes on the centre, { $centre }.
opening-error-centre3 = { $point }: the second stone goes next to the centre (the central 3×3 square).
opening-error-centre5 = { $point }: the third stone goes in the central 5×5 square.
opening-error-offer-repeated = { $point } is already offered.
opening-error-offer-symmetric = { $point } is symmetrical to { $other }, already offered: it would be the same 5th move.
opening-error-not-offered = { $point } was not offered: White's 5th move is one of Black's offers.
opening-error-needs-renju = Soosõrv-8 is a Renju opening rule.
opening-error-not-empty = An opening rule starts from an empty board.
error-choice = opening choice { $number } ({ $choice }) after move { $after }: { $problem }
error-choice-unreadable = opening choice { $number }: { $problem }
error-choice-place = opening choice { $number } comes after move { $after }, but the game has { $moves } moves or an earlier choice comes later
error-reversi-opening = a Reversi game has no "opening"
renju-opening = { $code } { $name }
renju-opening-1d = Kansei
renju-opening-2d = Keigetsu
renju-opening-3d = Sosei
renju-opening-4d = Kagetsu
renju-opening-5d = Zangetsu
renju-opening-6d = Ugetsu
renju-opening-7d = Kinsei
renju-opening-8d = Shogetsu
renju-opening-9d = Kyugetsu
renju-opening-10d = Shingetsu
renju-opening-11d = Zuisei
renju-opening-12d = Sangetsu
renju-opening-13d = Yusei
renju-opening-1i = Chosei
renju-opening-2i = Kyogetsu
renju-opening-3i = Kosei
renju-opening-4i = Suigetsu
renju-opening-5i = Ryusei
renju-opening-6i = Ungetsu
renju-opening-7i = Hogetsu
renju-opening-8i = Rangetsu
renju-opening-9i = Gingetsu
renju-opening-10i = Myojo
renju-opening-11i = Shagetsu
renju-opening-12i = Meigetsu
renju-opening-13i = Suisei
help-gomoku-openings = Opening rules (chosen beside the rule, for the next game) keep the first player's advantage in check: the first player places the opening, the other chooses a colour. Swap: three stones (black, white, black), then the second player chooses Black or White. Swap2: after the three stones the second player takes Black, takes White, or places two more stones (a white and a black) and lets the first player choose. Soosõrv-8 (Renju): one of the 26 canonical openings (first stone on the centre, second next to it, third within two points), a swap, White's 4th move anywhere with the number of 5th moves Black must offer (1–8), a swap, Black's offers (no two symmetrical), and White picks one as the 5th move. The Opening section of the side panel says whose step it is and has a button for each choice; the computer takes any role and says why. Clocks start once the opening is settled.
