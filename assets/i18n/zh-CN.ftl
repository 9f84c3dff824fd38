# 黑白棋与五子棋的简体中文消息（Fluent 语法，https://projectfluent.org）。
# 每个键都必须与 en.ftl 相同，且 { $变量 } 一致：tests/i18n.rs 会检查。
# 术语：黑白棋（翻转棋）、五子棋、连珠、禁手、三三、四四、长连、悔棋、认输、求和、提示、先手/后手。
# 字体只含 GB2312 及本文件中的字符：新增 GB2312 以外的字符后，请运行 scripts/subset-cjk-font.py。

## 游戏、黑白方、规则与难度的名称

game-reversi = 黑白棋
game-gomoku = 五子棋
game-gomoku-with-rule = 五子棋（{ $rule }）
side-black = 黑方
side-white = 白方
rule-freestyle = 自由规则
rule-standard = 标准规则
rule-renju = 连珠
level-easy = 简单
level-medium = 中等
level-hard = 困难
level-depth = 深度 { $depth }

## 电脑对局面的评估（$value 带正负号）

score-discs = { $value } 子
score-eval = { $value } 分
score-win-in = { $plies } 手内胜
score-loss-in = { $plies } 手内负
score-unit-discs = 子
score-unit-eval = 分

## 窗口标题与顶栏

app-title = 黑白棋与五子棋

top-records = 战绩
top-save-game = 保存棋局
top-save-game-hover = 将本局保存到文件
top-open-game = 打开棋局
top-open-game-hover = 打开已保存的棋局
top-switch-game-hover = 切换棋类
top-transcript = 棋谱
top-transcript-hover = 复制本局的着法，或粘贴着法以导入
top-player = 玩家：{ $profile }
top-language-hover = 界面语言

## 通知

notice-dismiss = 关闭
notice-autosave-not-resumed = 无法恢复 current-game.json 中自动保存的{ $game }对局：{ $error }
notice-cannot-load = 无法载入棋局：{ $error }
notice-no-data-dir = 没有数据目录（{ $error }）：战绩、设置和自动存档都不会保留。

## 放弃与电脑的对局之前的对话框

confirm-heading = 离开进行中的对局？
confirm-body = 这局与电脑的{ $game }尚未结束。是否记为{ $profile }负一局？
confirm-count = 记为负局
confirm-dont-count = 不计入
confirm-cancel = 取消

## 保存、打开与导入棋局

file-filter-saved-game = 棋局文件
file-saved-to = 已保存到 { $path }。
file-cannot-save-game = 无法保存本局：{ $error }
file-cannot-save-to = 无法保存到 { $path }：{ $error }
file-cannot-open = 无法打开 { $path }：{ $error }
file-cannot-open-dialog = 无法打开文件对话框：{ $error }
file-cannot-import = 无法导入：{ $problem }

## 棋谱窗口

transcript-title = 棋谱
transcript-this-game = 本局（{ $board }）
transcript-no-moves = 尚无着法。
transcript-copy = 复制
transcript-paste = 粘贴棋谱以导入（在本标签页开始新对局）：
transcript-import = 导入

## 战绩窗口

records-title = 战绩
records-profiles = 玩家档案
records-profile = 当前档案
records-white-profile = 双人对弈时白方的档案
records-same-as-black = 与黑方相同
records-name = 名称
records-name-hint = 档案名称
records-create-profile = 新建档案
records-rename-profile = 重命名档案
records-column-profile = 档案
records-ranked = { $level }（排名）
records-rank-hover = 按此难度的胜率排名
records-head-to-head = 对战记录
records-head-to-head-line = { $first } 对 { $second }：{ $tally }
records-none-yet = 尚无战绩。与电脑下完一局即开始记录。
records-this-game = 本局：{ $game }
records-side-player = { $side }：{ $name }
records-vs-computer = 对电脑（{ $level }）：{ $tally }
records-same-profile = 双方为同一档案：不计战绩
records-vs-player = 对 { $opponent }：{ $tally }
records-side-computer = { $side }：电脑（{ $level }）
records-tally = 胜 { $wins } · 负 { $losses } · 和 { $draws } · 胜率 { $rate }%
records-tally-hinted = 胜 { $wins } · 负 { $losses } · 和 { $draws } · 胜率 { $rate }% · 其中 { $hinted } 局用过提示

## 复盘

replay-heading = 复盘：第 { $at } 手，共 { $total } 手
replay-first = 开局
replay-previous = 上一手
replay-next = 下一手
replay-last = 终局
replay-slider = 手数
replay-auto-play = 自动播放
replay-speed = 每秒手数
replay-play-from-here = 从此处续下
replay-close = 关闭复盘
replay-refusal = 正在复盘：点击“从此处续下”即可从这个局面继续对局。

## 编辑局面：摆出局面并由此开始对局

setup-edit = 编辑局面
setup-edit-hover = 摆放或移除棋子，选择轮到哪一方，然后从该局面开始对局
setup-heading = 编辑局面
setup-help = 点击棋盘：空 → 黑 → 白 → 空（或按下方所选）。右键点击移除棋子。
setup-count = { $side }：{ $count } 枚
setup-brush = 点击放置：
setup-brush-cycle = 轮换
setup-brush-erase = 移除
setup-black-to-move = 轮到黑方
setup-white-to-move = 轮到白方
setup-clear = 清空棋盘
setup-clear-hover = 移除棋盘上的所有棋子
setup-start = 初始局面
setup-start-hover = 新对局开始时的局面
setup-text-hint-reversi = a1…h8 共 64 个字符（X 黑、O 白、- 空），再加 X 或 O 表示轮到哪一方
setup-text-hint-gomoku = 着法列表，黑先：h8 i9 j10…
setup-paste = 粘贴局面
setup-paste-hover = 按上面的文字摆出局面
setup-play = 从此局面开始
setup-play-hover = 以所选对局者从这个局面开始对局
setup-cancel = 取消
setup-cancel-hover = 退出编辑局面，对局照旧继续
setup-status = 编辑局面：在棋盘上摆放棋子，然后点击“从此局面开始”。
setup-refused = 无法从此局面开始：{ $reason }
setup-passed-black = 黑方在此无处可下，自动弃权：由白方先走。
setup-passed-white = 白方在此无处可下，自动弃权：由黑方先走。
setup-error-empty-centre = { $square } 是空的，但黑白棋中央的四个格子从不为空。
setup-error-no-moves = 双方都无处可下，对局已经结束。
setup-error-unreadable = 无法读取文字（{ $error }）。
setup-error-off-board = { $point } 在棋盘之外。
setup-error-twice = { $point } 出现了两次。
setup-error-five-black = 黑方已经连成五子，对局已经结束。
setup-error-five-white = 白方已经连成五子，对局已经结束。
setup-error-stone-counts = 黑子 { $black } 枚、白子 { $white } 枚，在对局中不可能出现：黑子应与白子一样多或多一枚。
setup-error-turn-black = 按这些棋子应轮到黑方。
setup-error-turn-white = 按这些棋子应轮到白方。
setup-error-full = 棋盘已满，无处可下。

## 分析：提示、着法评分、全局分析

teacher-heading = 分析
teacher-hint-refused = 只能在进行中的对局、轮到人类行棋时请求提示。
teacher-hint = 提示
teacher-hint-thinking = 提示中…
teacher-hint-hover = 强力引擎为当前行棋方给出的着法（使用过提示的对局会在战绩中注明）
teacher-hint-is = 提示：{ $mv }（{ $score }）
teacher-show-scores = 显示着法评分
teacher-show-scores-hover = 为行棋方的每个合法着法（黑白棋）或最佳落点（五子棋）评分，随搜索加深而更新
teacher-scores-unit-discs = 评分以行棋方的子数差计；下划线＝精确值；W/L＝若干手内必胜/必败
teacher-scores-unit-eval = 评分以行棋方的局面评估计；W/L＝若干手内必胜/必败
teacher-review = 全局分析
teacher-review-hover = 分析本局每一手并标出失误
teacher-progress = 已分析 { $done }/{ $all } 个局面
teacher-copy-annotated = 复制带注释的棋谱
teacher-copy-annotated-hover = 复制带分析注释的棋谱：黑白棋为 GGF 格式（Edax、NBoard 可读），五子棋为带注释的着法列表。保存棋局时也会一并保存。
teacher-stop = 停止
teacher-start = 开局
teacher-exact = { $score }，精确
teacher-biggest-mistake = 转到最大失误（{ $mv }）
teacher-verdict-hover = 显示此局面并圈出更好的着法
teacher-verdict = { $number }. { $mv }：{ $verdict }（{ $score }）；更好：{ $best }（{ $best_score }）
verdict-best = 最佳
verdict-good = 好棋
verdict-inaccuracy = 欠佳
verdict-mistake = 失误
verdict-blunder = 败着
graph-heading = 局势曲线
graph-move = 手数
graph-axis-discs = 黑方视角，子数差
graph-axis-score = 黑方视角，评分

## 侧栏：对局者、电脑设置、对局按钮

panel-players = 对局者
panel-computer-plays-black = 电脑执黑
panel-computer-plays-white = 电脑执白
panel-computer-level-black = 黑方电脑难度
panel-computer-level-white = 白方电脑难度
panel-max-depth = 最大深度（层）
panel-deep-search-warning = 深度搜索每步可能需要几分钟。
panel-ms-per-move = 每步毫秒数
panel-new-game = 新对局
panel-undo = 悔棋
panel-redo = 重做
panel-new-game-hover = 开始新对局
panel-undo-hover = 收回你的上一步
panel-redo-hover = 重新走出收回的一步
panel-moves = 着法（{ $count } 手）

## 侧栏：电脑的实时搜索

search-thinking-dots = 思考中…
search-thinking = 思考中
search-last = 上次搜索
search-book = 来自开局库（未搜索）
search-exact = { $score }（精确）
search-depth = 深度
search-nodes = 节点
search-speed = 速度
search-speed-value = { $nodes }/秒
search-best = 最佳着
search-score = 评分
search-line = 变化：{ $moves }

## Help window

help-title = 帮助
help-section-reversi = 黑白棋规则
help-section-gomoku = 五子棋规则
help-section-controls = 操作
help-section-shortcuts = 快捷键
help-section-levels = 难度
help-section-data = 你的数据
help-reversi-board = 黑白棋（又称翻转棋）在 8×8 的方格棋盘上进行，棋子一面黑一面白。开局时中央摆有四枚棋子；黑方先行。
help-reversi-move = 落子就是把一枚己方颜色的棋子放在空格上，使新棋子与另一枚己方棋子在八个方向（横、竖、斜）中的任意方向上夹住一条或多条连续的对方棋子。所有被夹住的棋子都翻转为己方颜色。不能翻转任何棋子的空格不能落子。
help-reversi-caption-flip = 黑方下 d4：在八个方向上各夹住一枚白子。
help-reversi-caption-after = 下 d4 之后：八枚白子全部翻转为黑子。
help-reversi-caption-pass = 轮到黑方，但没有能翻转棋子的空格，黑方只能停一手；由白方继续走。
help-reversi-pass-end = 如果无棋可下，就停一手，由对手接着走（点击“停一手”或按 { $keys }）。有棋可下时不能停一手。双方都无棋可下时对局结束，此时通常棋盘已满。棋子多的一方获胜，剩余的空格计入胜方。
help-gomoku-board = 五子棋下在棋盘网格的交叉点上（这里是 15×15；自由规则和标准规则下可用 9×9 到 19×19）。黑方先行，双方轮流在空的交叉点上放一枚己方棋子。棋子落下后既不移动，也不会被提走。
help-gomoku-freestyle = 自由规则：横、竖或斜向不间断地连成五子或更多即获胜，双方相同。棋盘下满仍无人获胜则为和棋。
help-gomoku-standard = 标准规则：恰好连成五子才获胜，双方相同。连成六子或更多（长连）不算获胜，对局继续。
help-gomoku-renju = 连珠（15×15，RIF 规则）对拥有先手优势的黑方加以限制。白方连成五子或长连都获胜。黑方只有恰好连成五子才获胜，而且不能下禁手：三三（同时形成两个活三）、四四（同时形成两个四，包括在同一条线上）或长连。一手棋若恰好连成五子，即使它在其他线上同时构成三三、四四或长连，也算获胜。棋盘用红叉标出黑方的禁手点，并拒绝在那里落子。
help-gomoku-threes = 四是再下一子即可成五的棋形：只有一个成五点的是冲四，有两个成五点的是活四，无法阻挡。活三是再下一子即可成为活四的棋形。在连珠规则下，只有那个活四确实能下出来，三才算数：如果形成活四的那一点本身是黑方的禁手，这个三就是假三，不算真正的三。
help-renju-caption-double-three = 三三：H8 会同时形成两个活三（F8–H8 和 H8–H10）。黑方禁手。
help-renju-caption-double-four = 四四：H8 会同时形成两个四（E8–H8 和 H8–H11）。黑方禁手。
help-renju-caption-overline = 长连：H8 会连成六子（E8–J8）。黑方禁手；白方这样下则获胜。
help-renju-caption-false-three = 假三：下 H8 后，H 列的 H8、H9、H11 只有下在 H10 才能成为活四，而 H10 是长连点（E10–J10）。所以 H8 只形成一个三而不是两个，黑方可以下。
help-controls-play = 点击方格（黑白棋）或交叉点（五子棋）即在该处落子。顶部的标签页用于在两种棋之间切换，各自保留自己的对局。在侧栏中勾选“电脑执黑”或“电脑执白”来选择电脑下哪一方：都不勾选就是两人在同一屏幕上对弈，都勾选则是电脑之间的对局。
help-controls-keyboard = 也可以用键盘下棋：方向键在棋盘上显示并移动光标，按 Enter 或空格键在光标处落子。
help-controls-menu = 右键点击棋盘可打开菜单：悔棋到此处（在棋子上点击：回到这一手之前）、复制棋谱、复制局面（黑白棋：与 .obf 文件相同的 64 格棋盘和轮走方；五子棋：着法）、粘贴棋谱（把剪贴板上的着法导入为新对局），以及是否显示坐标、手数和可下的位置。
help-controls-view = “视图”菜单可选择主题（浅色、深色或跟随系统）、每种棋的棋盘样式（本帮助中的示意图也会使用）、缩放（也可用键盘，见“快捷键”）以及落子动画的速度。所有设置都会被记住。
help-controls-sound = “声音”菜单可调节音效音量或静音（也可按 { $keys }）；没有音频输出时游戏静音进行，菜单中会说明。
help-controls-analysis = 在“分析”区向电脑学习：提示（{ $keys } 或棋盘右键菜单）会圈出强力引擎为你选的着法，并计入你的战绩；“显示着法评分”会在黑白棋的每个合法着法和五子棋的最佳落点上标出评分（行棋方视角；精确值带下划线；W/L 表示已证明的胜或负）；“全局分析”会评判本局每一手，绘制局势曲线（点击可查看该局面），并列出失误及更好的着法。
help-controls-undo = “悔棋”和“重做”可以任意多步地收回着法、再重新走出；与电脑对局时，悔棋会连同电脑的应着一起收回。“回放”可以逐手查看对局。“保存棋局”和“打开棋局”把对局存入文件或从文件读出；“棋谱”列出着法供复制，或导入粘贴的着法。
help-controls-clocks = 棋钟：每方的棋钟显示已用的时间；如果在开始新对局之前选了时限，则显示剩余的时间，用完时间的一方判负。以下情况棋钟暂停：回放对局时，对话框提问时（离开对局、求和），双人对局中窗口最小化时（与电脑对局时不暂停），以及你没有在看的标签页中轮到人走棋时。悔棋会退还被收回的着法所用的时间。
help-controls-draw = 求和（在轮到你时）：双人对局中由另一位玩家接受或拒绝；与电脑对局时，电脑在自己的搜索认为局面均势或对自己不利时接受，并说明理由。
help-shortcuts-intro = 在文本框中输入时，快捷键不起作用。在 macOS 上 Ctrl 即 Cmd 键。
help-shortcuts-keys = 按键
help-shortcuts-action = 功能
help-levels-intro = 电脑所下的每一方都有各自的难度。“中等”和“困难”可以设置最大搜索深度（以单方一步为单位）；“困难”还可以设置每步用时。与电脑的对局按所选难度计入你的战绩。
help-levels-level = 难度
help-levels-what = 说明
help-data-where = 你的胜负战绩、设置和进行中的对局保存在：
help-data-files = records.json 保存每个档案在每种棋和每个难度下的胜、负、和局数；settings.json 保存当前档案、界面语言、棋盘显示设置、计时方式、外观（主题、棋盘样式、缩放、落子动画）、声音设置和黑白棋开局库设置；current-game.json 保存两种棋进行中的对局，下次启动时会恢复。可以用 --data-dir 参数或 REVERSI_GOMOKU_DATA_DIR 环境变量指定别的文件夹。
help-data-none = 此窗口不保存任何文件：战绩、设置和对局只保留到窗口关闭为止。

## Keyboard shortcuts (the help's table and tooltips)

shortcut-new-game = 新对局
shortcut-undo = 悔棋
shortcut-redo = 重做
shortcut-save = 将对局保存到文件
shortcut-open = 打开已保存的棋局
shortcut-swap-sides = 交换黑白：电脑改下另一方
shortcut-pass = 停一手（黑白棋，仅在无棋可下时）
shortcut-hint = 提示：电脑为行棋方给出的着法
shortcut-switch-game = 在黑白棋和五子棋之间切换
shortcut-help = 帮助
shortcut-fullscreen = 切换全屏
shortcut-zoom-in = 放大
shortcut-zoom-out = 缩小
shortcut-zoom-reset = 恢复正常大小
shortcut-cursor-left = 棋盘光标左移
shortcut-cursor-right = 棋盘光标右移
shortcut-cursor-up = 棋盘光标上移
shortcut-cursor-down = 棋盘光标下移
shortcut-play-at-cursor = 在棋盘光标处落子
# Two key combinations for one action: "Ctrl+Y or Ctrl+Shift+Z".
shortcut-either = { $first } 或 { $second }
# A tooltip with the action's keys: "Start a new game (Ctrl+N)".
shortcut-hover = { $text }（{ $keys }）

## Status line

status-game-over-start-new = 对局已结束：请开始新对局或悔棋。
status-computer-to-play = 电脑正在思考：请等它落子，或把这一方改为由人来下。
status-nothing-to-undo = 没有可以悔的棋。
status-undo-the-end-first = 对局已结束：请先按“悔棋”撤销终局。
status-nothing-to-redo = 没有可以重做的着法。
status-considering-draw = 电脑正在考虑你的求和……
# $reason: why the engine failed, in English (a programmer's message).
status-computer-failed = 电脑无法落子（{ $reason }）。请按“重试”再试一次。
status-draw-judge-failed = 电脑无法考虑求和（{ $reason }）。
status-computer-illegal-move = 电脑选择了不合法的着法（{ $move }），已忽略。
status-wins = 对局结束：{ $side }胜。
status-draw = 对局结束：和棋。
status-computer-thinking = { $side }（电脑）正在思考……
status-to-move = 轮到{ $side }走。
status-resigned = 对局结束：{ $side }认输，{ $winner }胜。
status-time-out = 对局结束：{ $side }超时，{ $winner }胜。
status-draw-agreed = 对局结束：双方同意和棋。

## The computer's answer to a draw offer

draw-decline-forced-win = 电脑拒绝求和：它有必胜的走法。
draw-accept-losing = 电脑接受求和：它已处于败势。
draw-decline-ahead = 电脑拒绝求和：它领先 { $discs } 子。
draw-accept-behind = 电脑接受求和：它落后 { $discs } 子。
draw-accept-level = 电脑接受求和：局面均势。
draw-decline-winning-attack = 电脑拒绝求和：它有必胜的攻势。
draw-accept-opponent-attack = 电脑接受求和：对手有必胜的攻势。
draw-accept-nearly-full = 电脑接受求和：双方都没有必胜的威胁，且棋盘已下满三分之二以上。
draw-decline-room = 电脑拒绝求和：棋盘上仍有取胜的余地。

## Clocks and time controls

clock-time-control = 时限
clock-next-game = 从下一局新对局起生效。
clock-time-left = 剩余时间
clock-time-used = 已用时间
clock-none = 不限时
clock-sudden-death = 每方 { $time }
clock-fischer = { $base }，每步加 { $increment }
clock-per-move = 每步 { $time }
clock-hours = { $n } 小时
clock-minutes = { $n } 分钟
clock-seconds = { $n } 秒
# Banners across the board of a game that ended off the board.
banner-resigned = { $side }认输：{ $winner }胜
banner-time-out = { $side }超时判负：{ $winner }胜
banner-draw-agreed = 双方同意和棋

## Moves the rules refuse, and positions they cannot set up

move-occupied = { $point } 已有棋子
move-no-flips = 在 { $point } 落子不能翻转任何棋子
move-must-pass = 无棋可下：你必须停一手
move-cannot-pass = 你还有棋可下，不能停一手
move-game-over = 对局已结束
move-off-board = { $point } 不在棋盘上
move-forbidden = { $point } 是黑方的禁手：{ $kind }
forbidden-double-three = 三三
forbidden-double-four = 四四
forbidden-overline = 长连
setup-size-out-of-range = 棋盘大小 { $size } 不在 9 到 19 之间
setup-renju-needs-15 = 连珠只能在 15×15 的棋盘上下，不能是 { $size }×{ $size }
setup-duplicate = { $point } 出现了两次
setup-five-on-board = { $side }已经连成五子：对局已结束
setup-stone-counts = { $black } 枚黑子和 { $white } 枚白子不可能在对局中出现：黑子应与白子一样多或多一枚
setup-wrong-turn = 按这些棋子，应轮到{ $side }走
setup-full = 棋盘已满：无处可下
setup-empty-centre = { $point } 是空的，但黑白棋中央的四格永远不会是空的
setup-game-over = 这个局面双方都无棋可下：对局已经结束

## Errors of files and records (shown inside notices; $source and $reason are the system's or the parser's words)

error-name-empty = 档案名不能为空
error-name-too-long = 档案名最多只能有 { $max } 个字符
error-name-bad-character = 档案名不能包含控制字符
error-name-spaces = 档案名的首尾不能有空格
error-duplicate-name = 已经有名为“{ $name }”的档案
error-no-such-profile = 没有名为“{ $name }”的档案
error-same-profile = “{ $name }”不能与自己对局
error-overflow = “{ $name }”记录的对局太多
error-read = 无法读取 { $path }：{ $source }
error-too-large = 文件大小为 { $size } 字节，超过了 { $limit } 字节的上限
error-empty-file = 文件是空的
error-newer-version = 由更新版本的程序写入（格式版本 { $found }；本程序最高只能读取 { $supported }）
error-invalid = 内容无效：{ $reason }
error-corrupt = { $path } 已损坏（{ $reason }）；已移到 { $kept }
error-corrupt-not-moved = { $path } 已损坏（{ $reason }），且无法移开：{ $source }
error-write = 无法写入 { $path }：{ $source }
error-locked = { $path } 已被另一个窗口锁定；请再试一次
error-refusing-to-save = 拒绝保存：{ $reason }
error-lock-busy = { $path } 已被另一个窗口锁定
error-lock-io = 无法锁定 { $path }：{ $source }

## Notices about the data directory, records, settings and the autosave

notice-cannot-create-dir = 无法创建数据目录 { $dir }：{ $error }。战绩和自动存档可能无法保留。
notice-dir-in-use = 另一个窗口正在使用数据目录 { $dir }：自动存档的对局由它保管，因此本窗口从新对局开始，且不自动保存。胜负战绩和设置是共用的。
notice-lock-failed = { $error }。如果另一个窗口使用同一个数据目录，两者可能会互相覆盖自动存档的对局。
notice-records-reset = 胜负战绩：{ $error }。从空白战绩开始。
notice-no-writer = 没有写入线程（{ $error }）；改为边下边保存。
notice-records-problem = 胜负战绩：{ $error }。
notice-bad-profile-name = 不能使用“{ $name }”作为档案：{ $problem }。
notice-record-failed = 无法记录结果：{ $error }。稍后会再试。
notice-records-change-not-saved = 无法保存对胜负战绩的修改：{ $error }
notice-autosave-failed = 自动保存失败：{ $error }
notice-autosaves-reset = 自动存档的对局：{ $error }。从新对局开始。
notice-settings-reset = 设置：{ $error }。使用默认设置。
notice-settings-problem = 设置：{ $error }。
notice-settings-not-saved = 无法保存设置：{ $error }
# What recording a finished game added ($result: result-win, result-loss or result-draw).
notice-recorded-vs-computer = { $name }：对电脑（{ $level }）{ $result }
notice-recorded-head-to-head = { $black } 对 { $white }：已记录
result-win = 胜
result-loss = 负
result-draw = 和

## What the computer's levels do, and the Gomoku rule sets

level-about-reversi-easy = 贪心：只求眼下翻转尽可能多的棋子。
level-about-reversi-medium = 向前看几步，重视角和边。
level-about-reversi-hard = 深度搜索，使用学习得到的边角棋形；残局计算完美。
level-about-gomoku-easy = 为每个点的攻防打分，只看一步。
level-about-gomoku-medium = 计算每个点还能形成几个五连，并检查你的应着。
level-about-gomoku-hard = 威胁搜索（VCF）加 alpha-beta 搜索；绝不错过必胜。
rule-about-freestyle = 连成五子或更多即获胜。
rule-about-standard = 恰好连成五子才获胜；六子或更多不算。
rule-about-renju = RIF 连珠规则：黑方不得下三三、四四或长连；白方连成五子或更多即获胜。

## The tab: draw offers, the board's menu, game buttons, replay status

status-draw-declined = { $side }拒绝求和。
status-pass-refused = 只有在无子可下时才能停一手。
status-replay = 复盘：第 { $index }/{ $len } 手。{ $state }
draw-offered = 对方求和
draw-offered-question = { $side }提出求和。{ $other }，是否同意？
draw-accept = 同意和棋
draw-decline = 拒绝
menu-undo-to-here = 悔棋到此处
menu-undo-to-here-hover = 把对局退回到这一手之前
menu-copy-transcript = 复制棋谱
menu-copy-position = 复制局面
menu-paste-transcript = 粘贴棋谱
menu-paste-transcript-hover = 把剪贴板上的着法导入为新对局
menu-show-coordinates = 显示坐标
menu-show-move-numbers = 显示手数
menu-show-legal-moves = 显示合法着法
panel-retry = 重试
panel-retry-hover = 让电脑重新思考这个局面
panel-resign = 认输
panel-resign-hover = { $side }认输：本局记为负
panel-resign-nobody = 没有可以认输的人类棋手
panel-offer-draw = 求和
panel-offer-draw-hover-human = { $side }提出求和；由{ $other }决定是否同意
panel-offer-draw-hover-computer = 向电脑求和；电脑会根据自己的判断回答
panel-offer-draw-hover-none = 人类棋手可在自己的回合求和
panel-replay = 复盘
panel-replay-hover = 逐手回放本局

## 视图菜单

view-menu = 视图
view-theme = 主题
view-theme-light = 浅色
view-theme-dark = 深色
view-theme-system = 跟随系统
view-board = { $game }棋盘
view-style-green-felt = 绿色台呢
view-style-high-contrast = 高对比度
view-style-wood = 木纹
view-style-plain-light = 简洁浅色
view-zoom = 缩放
view-zoom-out-hover = 缩小
view-zoom-in-hover = 放大
view-zoom-reset = 重置缩放
view-zoom-reset-hover = 恢复正常大小
view-animation = 落子动画
view-animation-off = 关闭
view-animation-fast = 快速
view-animation-normal = 正常

## 声音菜单

sound-menu = 声音
sound-menu-hover = 音量与静音
sound-mute = 静音
sound-volume = 音量
sound-starting = 正在寻找音频输出设备…
sound-playing = 声音通过 { $device } 播放。
sound-unavailable = 未找到音频输出设备：游戏将无声进行。
sound-unavailable-why = 原因：{ $reason }。

## 侧栏：各棋类自己的行、选项与结果

top-help-hover = 帮助：规则、操作、快捷键
player-human = 人
player-computer = 电脑
panel-discs = { $side }：{ $count } 子，已下 { $moves } 手
panel-discs-to-move = { $side }（轮到行棋）：{ $count } 子，已下 { $moves } 手
panel-stones = { $side }：已下 { $count } 手
panel-stones-to-move = { $side }（轮到行棋）：已下 { $count } 手
panel-pass = 停一手
panel-pass-hover = 你无棋可下：把行棋权交给对方
panel-show-legal-moves = 显示可下位置
panel-mark-forbidden = 标出禁手点
panel-show-threats = 显示威胁
panel-move-numbers = 显示手数
panel-rule = 规则
panel-board-size = 棋盘大小
panel-rule-next-game = 从下一局新对局起生效。
status-game-over-score = 对局结束：{ $result }（空格计入胜方）。
status-must-pass = { $side }无棋可下，必须停一手。
status-must-pass-press = { $side }无棋可下，必须停一手。请按“停一手”。
status-passed = { $side }停了一手。{ $status }
banner-reversi-win = { $side }以 { $own }–{ $other } 获胜
banner-reversi-draw = 和棋 { $black }–{ $white }
banner-five = { $side }连成五子获胜
banner-board-full = 和棋：棋盘已下满
transcript-board-gomoku = 五子棋，{ $size }×{ $size }，{ $rule }

## 分析：全局分析与评估曲线

teacher-move-does-not-replay = 第 { $number } 手（{ $mv }）无法重现：{ $reason }
graph-unit-discs = 子
graph-unit-score = 分
graph-hover = { $label }：{ $value } { $unit }

## 无法保存的棋局与无法更改的设置

notice-settings-not-changed = 无法更改设置：{ $error }

## 文件问题：无法读取棋局、设置或战绩的原因

error-json-truncated = JSON 不完整（第 { $line } 行第 { $column } 列）
error-json-syntax = 不是有效的 JSON（第 { $line } 行第 { $column } 列）
error-json-content = 内容不符合格式（第 { $line } 行第 { $column } 列）
error-json-read = 读取出错（第 { $line } 行第 { $column } 列）
error-version-not-integer = “version”必须是正整数，而不是 { $found }
error-version-zero = 不存在版本 0
error-field-spaces = “{ $field }”首尾有空格
error-field = “{ $field }”：{ $problem }
error-zoom-range = “zoom”为 { $zoom }，不在 { $min } 到 { $max } 之间
error-volume-range = “sound_volume”为 { $volume }，超过 { $max }
error-clock-range = { $what } { $ms } 毫秒不在 { $min }～{ $max } 毫秒之间
error-clock-time-per-side = 每方用时
error-clock-time-per-move = 每步用时
error-clock-base-time = 基本用时
error-clock-increment = 加秒 { $ms } 毫秒超过 { $max } 毫秒
error-clock-times = 棋钟记录了 { $times } 手的用时，而对局有 { $moves } 手
error-clock-move-time = 棋钟上一手的用时 { $ms } 毫秒超过 { $max } 毫秒
error-move = 第 { $number } 手（{ $mv }）：{ $problem }
error-game-already-over = 对局已经结束
error-review-note = 分析注释写在第 { $number } 手，但对局只有 { $moves } 手
error-depth-range = { $side }的搜索深度 { $depth } 不在 { $min }～{ $max } 之间
error-move-time-range = { $side }每步用时 { $ms } 毫秒超过 { $max } 毫秒
error-profile-empty = { $side }的档案名为空
error-profile-name = { $side }的档案名：{ $problem }
error-time-range = { $field } { $time } 晚于 3000 年（Unix 毫秒数最多 { $max }）
error-result-after-end = 结果写的是“{ $result }”，但对局在棋盘上早已结束
error-result-disagrees = 结果写的是“{ $result }”，但着法得出的是 { $actual }
error-result-not-over = 结果写的是“{ $result }”，但对局并未结束
error-reversi-rule = 黑白棋对局不应有“rule”
error-reversi-size = 黑白棋棋盘是 8×8
error-gomoku-rule = 五子棋对局需要“rule”
error-gomoku-size = 五子棋对局需要“board_size”
error-not-reversi = 这不是黑白棋对局
error-not-gomoku = 这不是五子棋对局
error-records-name-spaces = 档案名 { $name } 首尾有空格
error-records-name = 档案 { $name }：{ $problem }
error-records-name-twice = 有两个档案都叫 { $name }
error-records-too-many = { $name }，{ $game }，{ $level }：超过 { $max } 局
error-records-against-itself = { $name } 有一条对自己的对战记录
error-records-unknown-opponent = { $name } 有一条对不存在的档案 { $opponent } 的对战记录
error-records-h2h-too-many = { $name } 对 { $opponent }，{ $game }：局数过多
error-records-h2h-disagree = { $name } 与 { $opponent } 在 { $game } 中的对战记录不一致
error-transcript-syntax = 第 { $number } 手：无法把 { $text } 读作格子（a1-h8）或停一手
error-transcript-illegal = 第 { $number } 手（{ $mv }）：{ $problem }

## Background music, player pictures, and both players' records in the side panel
music-on = 背景音乐
music-volume = 音乐音量
music-built-in = 静谧棋盘（内置）
music-track = 音乐：{ $name }
music-use-built-in = 内置音乐
music-choose-file = 选择音乐文件…
music-choose-file-hover = 不超过 10 分钟的 OGG Vorbis、MP3、FLAC 或 WAV 文件，循环播放
music-loading = 正在载入音乐…
music-no-output = 没有音频输出设备：音乐无法播放。
music-filter = 音乐
music-cannot-play = 无法播放 { $path }：{ $error }。音乐保持不变。
music-no-thread = 无法载入音乐：{ $error }
music-error-io = 无法读取（{ $error }）
music-error-path = 文件路径不是有效的 Unicode
music-error-unsupported = 不是可播放的音乐文件（OGG Vorbis、MP3、FLAC 或 WAV）
music-error-no-audio = 文件中没有音频
music-error-truncated = 文件不完整（只有 { $expected } 个采样中的 { $decoded } 个）
music-error-damaged = 音频已损坏（{ $error }）
music-error-too-long = 长度超过 { $minutes } 分钟
music-error-silent = 文件中没有声音
error-music-volume-range = “music_volume”为 { $volume }，超过 { $max }
error-music-file-empty = 文件名为空
picture-choose = 选择头像…
picture-choose-hover = 不超过 20 MB 的 PNG、JPEG、WebP、GIF 或 BMP 图片；取其中央部分作为 128×128 的头像
picture-default = 默认头像
picture-filter = 图片
picture-cannot-use = 无法将 { $path } 用作 { $name } 的头像：{ $error }。头像保持不变。
picture-damaged = { $name } 的头像（{ $path }）无法读取：{ $error }。在选择新头像之前显示默认头像。
picture-not-removed = 无法删除旧头像 { $name }：{ $error }
picture-error-io = 无法读取（{ $error }）
picture-error-file-too-large = 文件大小为 { $size } 字节，超过 { $max } MB
picture-error-image-too-large = 图片的边长超过 { $max } 像素
picture-error-unsupported = 不是 PNG、JPEG、WebP、GIF 或 BMP 图片
picture-error-damaged = 图片已损坏（{ $error }）
error-records-picture = 档案 { $name }：{ $picture } 不是头像文件名
records-computer-name = 电脑（{ $level }）
records-overall = 总计：{ $games } 局，胜率 { $rate }%
records-delete-profile = 删除档案
records-delete-confirm = 删除 { $name } 及其战绩和头像？
records-delete-yes = 确定删除
## Lock, boss key and shortcut settings (issue 19)

shortcut-lock = 锁定或解锁棋局（暂停）
shortcut-boss-key = 老板键：立即隐藏窗口，静音并锁定
shortcut-mute = 静音或取消静音
lock-lock = 锁定
lock-unlock = 解锁
lock-lock-hover = 锁定棋局：棋盘不接受落子，电脑和棋钟停止
lock-unlock-hover = 解锁棋局，继续对局
lock-mark = 已锁定
lock-how = 按 { $keys } 或顶栏的“解锁”继续对局
lock-how-button = 点击顶栏的“解锁”继续对局
lock-status = 棋局已锁定：电脑和棋钟暂停。{ $how }。
lock-ask-heading = 棋局已锁定
lock-ask-new-game = 要解锁并开始新对局吗？
lock-ask-open = 要解锁并打开另一局吗？
lock-ask-setup = 要解锁并从摆好的局面开始吗？
lock-ask-undo = 要解锁并悔棋吗？
lock-ask-redo = 要解锁并重做吗？
lock-ask-unlock = 解锁并继续
lock-ask-stay = 保持锁定
tray-tooltip = 隐藏时棋局保持锁定；点击“显示”恢复窗口。
tray-show = 显示
tray-hide = 隐藏（老板键）
tray-quit = 退出
shortcuts-button = 快捷键…
shortcuts-button-hover = 更改键盘快捷键
shortcuts-title = 键盘快捷键
shortcuts-intro = “更改…”等待你按下新的组合键来代替原来的，“添加…”再加一个；按 Esc 取消。已被其他操作使用的组合键会被拒绝。帮助和提示中显示这里选定的按键，并会被记住。
shortcuts-press = 请按下新的组合键（Esc 取消）。
shortcuts-press-short = 请按键…
shortcuts-change = 更改…
shortcuts-add = 添加…
shortcuts-none = （无）
shortcuts-reset = 恢复默认
shortcuts-were-reset = 所有快捷键已恢复默认。
shortcuts-bound = { $keys } 现在用于：{ $action }。
shortcuts-taken = { $keys } 已被“{ $action }”使用：请换一个组合键，或先更改那一项。
notice-shortcut-problem = settings.json 中有一个快捷键未被采用（{ $problem }），其余照常生效。
help-controls-lock = 锁定（顶栏的“锁定”按钮，或 { $lock }）暂停两个棋局：棋盘不接受落子，电脑停止思考，棋钟停止。新对局、悔棋、重做和打开棋局都会先询问是否解锁。关闭程序后锁定状态仍会保留。
help-controls-boss = 老板键（{ $boss }）立即隐藏窗口：桌面有系统托盘时隐藏到托盘（在托盘图标的菜单中选“显示”或单击图标即可恢复），否则最小化；同时静音并锁定棋局。窗口恢复后一切如前，仍保持锁定，直到你解锁。
help-controls-shortcuts = 顶栏的“快捷键”可以更改任何键盘快捷键；已被其他操作使用的组合键会被拒绝，“恢复默认”可还原全部。
# Search threads (the computer's Hard level, both games)
view-threads = 电脑：搜索线程
view-threads-option = { $n } 个线程
view-threads-hover = 困难级别搜索所用的线程数（提示和着法评分也用）；线程越多，同样时间内搜索越深
error-threads-range = “search_threads”为 { $threads }，不在 1 到 { $max } 之间
## Reversi opening names and opening book

panel-opening = 开局：{ $name }
panel-opening-hover = 本局走过的最后一个有名称的定式（棋盘八个方向中的任何一个，任何着法次序都算）。
panel-opening-book = 开局库
panel-opening-book-hover = 中等和困难级别在开局时直接走开局库中的着法，而不再搜索；开局库取自 135 642 局比赛对局，并由引擎评分。
panel-vary-opening = 开局多样化
panel-vary-opening-hover = 在评分与最佳着法相差无几的开局库着法中随机选择，使每局棋各不相同。
panel-opening-book-unavailable = 无法读取开局库，电脑将不用开局库下棋。
notice-book-unreadable = 无法读取开局库（{ $error }），电脑将不用开局库下棋。
help-controls-openings = 开局（黑白棋）：对局走的是有名称的标准定式（虎、罗斯、水牛、牛……）时，定式名称显示在着法列表上方；离开定式后仍显示最后一个。勾选“开局库”后，中等和困难级别的前几步直接取自开局库：库中是比赛棋手常走到的局面，并由引擎评分；“开局多样化”在相差无几的库中着法里随机选择，使每局棋各不相同。

# The names of the opening lines of assets/reversi-opening-names.txt.
opening-perpendicular = 纵取开局（Perpendicular）
opening-parallel = 并取开局（Parallel）
opening-diagonal = 斜取开局（Diagonal）
opening-tiger = 虎
opening-aubrey = 奥布里（Aubrey）
opening-aubrey-feldborg = 奥布里·费尔德堡续（Aubrey, Feldborg Continuation）
opening-rose-bill = 罗斯-比尔（Rose-Bill）
opening-tamenori = 为则（Tamenori）
opening-central-rose-bill = 中央罗斯-比尔（Central Rose-Bill）
opening-ishii = 石井（Ishii）
opening-mainline-tiger = 虎主线（Mainline Tiger）
opening-brightwell = 布赖特韦尔（Brightwell）
opening-leaders-tiger = 利德虎（Leader's Tiger）
opening-stephenson = 斯蒂芬森（Stephenson）
opening-kung = 孔（Kung）
opening-comp-oth = 康普奥斯（Comp'Oth）
opening-lightning-bolt = 闪电（Lightning Bolt）
opening-fat-draw = F.A.T. 和棋（F.A.T. Draw）
opening-no-kung = 非孔（No-Kung）
opening-no-kung-continuation = 非孔续（No-Kung, Continuation）
opening-bent-ganglion = 弯神经节（Bent Ganglion）
opening-ganglion = 神经节（Ganglion）
opening-swallow = 燕子
opening-no-cat-continuation = 非猫续（No-Cat, Continuation）
opening-cat = 猫
opening-berner = 伯纳（Berner）
opening-sakaguchi = 坂口（Sakaguchi）
opening-italian = 意大利（Italian）
opening-horse = 马
opening-rabbit = 兔
opening-mimura = 三村（Mimura）
opening-bhagat = 巴加特（Bhagat）
opening-inoue = 井上（Inoue）
opening-iago = 伊阿古（Iago）
opening-shaman = 沙曼（Shaman）
opening-ralle = 拉勒（Ralle）
opening-rose = 罗斯（Rose）
opening-greenberg = 格林伯格（Greenberg）
opening-rose-birth = 罗斯-伯斯（Rose-Birth）
opening-rose-birdie = 罗斯-伯迪（Rose-Birdie）
opening-rose-tamenori-kling = 罗斯-为则-克林（Rose-Tamenori-Kling）
opening-brightstein = 布赖特斯坦（Brightstein）
opening-flat = 平板（Flat）
opening-rotating-flat = 旋转平板（Rotating Flat）
opening-murakami = 村上变着（Murakami Variation）
opening-rotating-flat-kling = 旋转平板·克林续（Rotating Flat, Kling Continuation）
opening-semi-wing = 半翼变着（Semi-Wing Variation）
opening-wing = 翼变着（Wing Variation）
opening-buffalo = 水牛
opening-hokuriku-buffalo = 北陆水牛（Hokuriku Buffalo）
opening-tanida-buffalo = 谷田水牛（Tanida Buffalo）
opening-maruoka-buffalo = 丸冈水牛（Maruoka Buffalo）
opening-cow = 牛
opening-chimney = 烟囱
opening-rose-v-toth = 罗斯对托特（Rose-v-Toth）
opening-landau = 兰道（Landau）
opening-maruoka = 丸冈（Maruoka）
opening-tanida = 谷田（Tanida）
opening-aircraft = 飞机（Aircraft）
opening-sailboat = 帆船（Sailboat）
opening-bat = 蝙蝠
opening-bat-kling-alternative = 蝙蝠·克林变（Bat, Kling Alternative）
opening-bat-kling-continuation = 蝙蝠·克林续（Bat, Kling Continuation）
opening-melnikov = 梅尔尼科夫（Melnikov）
opening-bat-piau-2 = 蝙蝠·皮奥续二（Bat, Piau Continuation 2）
opening-rocket = 火箭（Rocket）
opening-lollipop = 棒棒糖（Lollipop）
opening-hamilton = 汉密尔顿（Hamilton）
opening-raccoon-dog = 狸
opening-heath = 希思（Heath）
opening-heath-chimney = 希思烟囱（Heath-Chimney）
opening-iwasaki = 岩崎变着（Iwasaki Variation）
opening-heath-bat = 希思蝙蝠（Heath-Bat）
opening-mimura-2 = 三村变着二（Mimura Variation II）
opening-snake = 蛇
opening-pyramid = 金字塔（Pyramid）
opening-lysons = 莱森斯（Lysons）
opening-x-square = X 位开局（X-square Opening）
# Opening rules: Swap, Swap2, Soosorv-8 (the opening section, the computer's reasons, errors)
panel-opening-rule = 开局规则
opening-rule-free = 自由开局
opening-rule-swap = 三手交换（Swap）
opening-rule-swap2 = 二次交换（Swap2）
opening-rule-soosorv8 = 索索夫-8（Soosorv-8）
opening-about-free = 不用开局规则：黑方先走。
opening-about-swap = 先手方摆出三子（黑、白、黑），后手方选择执黑或执白，然后由白方走下一手。
opening-about-swap2 = 先手方摆出三子；后手方可以执黑、执白，或再摆两子（一白一黑）让先手方选色。
opening-about-soosorv8 = RIF 规则：摆出 26 种开局之一；可以交换；白方下第 4 手并宣布黑方须提供的第 5 手打点数（1～8）；可以再交换；黑方摆出打点，白方从中选一个。
opening-role-first = 先手方
opening-role-second = 后手方
opening-heading = 开局：{ $rule }
opening-who = { $role }（现为{ $side }，{ $player }）
opening-black-stone = 一颗黑子
opening-white-stone = 一颗白子
opening-prompt-three = { $who }：摆第 { $number } 颗开局子（共 3 颗），{ $stone }。
opening-prompt-two = { $who }：再摆第 { $number } 颗子（共 2 颗），{ $stone }。
opening-prompt-soosorv-first = { $who }：摆出 26 种开局之一，第一子下在天元 { $centre }。
opening-prompt-soosorv-second = { $who }：第二子（白）下在 { $centre } 旁边。
opening-prompt-soosorv-third = { $who }：第三子（黑）下在标出的方框内，离 { $centre } 不超过两路。
opening-prompt-fourth = { $who }：在任意位置下第 4 手，然后宣布黑方须提供几个第 5 手打点。
opening-prompt-colour = { $who }：请选择执黑还是执白。
opening-prompt-swap2 = { $who }：执黑、执白，或再摆两子让对方选色。
opening-prompt-declare = { $who }：黑方须提供几个第 5 手打点（1～{ $max }）？
opening-prompt-offer = { $who }：再点击 { $count } 个点作为第 5 手打点（不得互相对称）。
opening-prompt-pick = { $who }：点击黑方的一个打点，定为第 5 手。
opening-take-black = 执黑
opening-take-white = 执白
opening-place-two = 再摆两子
opening-offers-hover = 黑方须提供 { $count } 个不同的第 5 手打点
opening-offers-label = 要求 { $count } 个打点
opening-did-take = { $role }选择了{ $side }。
opening-did-place-two = { $role }选择再摆两子。
opening-did-declare = { $side }要求提供 { $count } 个第 5 手打点。
opening-did-offer = { $side }提供打点 { $point }。
opening-did-canonical = 开局是{ $name }。
opening-did-pick = 白方选定 { $point } 为第 5 手。
opening-why-proposal = 我摆 { $stones }：轮白方走，按我的评估对白方价值 { $value }，接近均势。
opening-why-canonical = 我摆{ $name }（{ $stones }）：按我的评估对白方价值 { $value }，接近均势。
opening-why-take = 我选{ $side }：按我的评估，{ $side }对我价值 { $value }，{ $other }为 { $other_value }。
opening-why-place-two = 局面难分优劣（白方 { $value }）：我再摆 { $stones } 使其均衡（白方 { $balanced }），由对方选色。
opening-why-place-rest = 我再摆 { $stones } 使局面均衡（白方 { $balanced }）。
opening-why-declare = 我下 { $point }，要求 { $count } 个第 5 手打点：黑方最好的 { $count } 个打点中最弱的一个对黑方价值 { $value }，最接近均势。
opening-why-keep-black = 我继续执黑：提供 { $count } 个打点时，我最好的打点中最弱的一个对黑方仍有 { $value }。
opening-why-take-white = 我改执白：提供 { $count } 个打点时，白方可以选到对白方价值 { $value } 的第 5 手。
opening-why-offers = 我提供 { $points }，是我最好的第 5 手：其中最弱的对黑方价值 { $value }。
opening-why-pick = 我选 { $point } 为第 5 手：对白方价值 { $value }，是各打点中最好的。
opening-error-choice-due = 现在应先做选择（见“开局”一栏），而不是落子。
opening-error-stone-due = 现在应落子，而不是做选择。
opening-error-over = 开局已经结束，没有可选的了。
opening-error-not-an-option = “{ $choice }”不是现在可选的一项。
opening-error-offers-range = 黑方提供的第 5 手打点应为 1～{ $max } 个，而不是 { $count } 个。
opening-error-not-centre = { $point }：第一子应下在天元 { $centre }。
opening-error-centre3 = { $point }：第二子应下在天元旁边（中央 3×3 范围内）。
opening-error-centre5 = { $point }：第三子应下在中央 5×5 范围内。
opening-error-offer-repeated = { $point } 已经是打点了。
opening-error-offer-symmetric = { $point } 与已有打点 { $other } 对称，等于同一个第 5 手。
opening-error-not-offered = { $point } 不是打点：白方只能从黑方的打点中选第 5 手。
opening-error-needs-renju = 索索夫-8 是连珠的开局规则。
opening-error-not-empty = 开局规则须从空棋盘开始。
error-choice = 第 { $number } 个开局选择（{ $choice }，在第 { $after } 手之后）：{ $problem }
error-choice-unreadable = 第 { $number } 个开局选择：{ $problem }
error-choice-place = 第 { $number } 个开局选择在第 { $after } 手之后，但对局只有 { $moves } 手，或者它排在更晚的选择之后
error-reversi-opening = 黑白棋对局不应有“opening”
renju-opening = { $name }（{ $code }）
renju-opening-1d = 寒星
renju-opening-2d = 溪月
renju-opening-3d = 疏星
renju-opening-4d = 花月
renju-opening-5d = 残月
renju-opening-6d = 雨月
renju-opening-7d = 金星
renju-opening-8d = 松月
renju-opening-9d = 丘月
renju-opening-10d = 新月
renju-opening-11d = 瑞星
renju-opening-12d = 山月
renju-opening-13d = 游星
renju-opening-1i = 长星
renju-opening-2i = 峡月
renju-opening-3i = 恒星
renju-opening-4i = 水月
renju-opening-5i = 流星
renju-opening-6i = 云月
renju-opening-7i = 浦月
renju-opening-8i = 岚月
renju-opening-9i = 银月
renju-opening-10i = 明星
renju-opening-11i = 斜月
renju-opening-12i = 名月
renju-opening-13i = 彗星
help-gomoku-openings = 开局规则（在规则旁选择，从下一局起生效）用来抵消先手的优势：先手方摆出开局，另一方选色。三手交换：先摆三子（黑、白、黑），然后后手方选择执黑或执白。二次交换：三子摆好后，后手方可以执黑、执白，或再摆两子（一白一黑）让先手方选色。索索夫-8（连珠）：摆出 26 种开局之一（第一子在天元，第二子紧挨着它，第三子离天元不超过两路），可以交换；白方在任意位置下第 4 手，并宣布黑方须提供几个第 5 手打点（1～8）；可以再交换；黑方摆出打点（不得互相对称），白方从中选一个作为第 5 手。侧栏的“开局”一栏会说明轮到谁、有哪些选择，每个选择都有按钮；电脑可以担任任何一方，并说明理由。开局结束、颜色确定后棋钟才开始走。
