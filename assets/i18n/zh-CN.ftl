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
search-exact = { $score }（精确）
search-depth = 深度
search-nodes = 节点
search-speed = 速度
search-speed-value = { $nodes }/秒
search-best = 最佳着
search-score = 评分
search-line = 变化：{ $moves }
