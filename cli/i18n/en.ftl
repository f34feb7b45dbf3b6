### Messages of the `dungeon` command line, English (Project Fluent: projectfluent.org).
### Variables are { $name }; numbers come as numbers, so a message can pick its plural
### form: { $count -> [one] one card *[other] { $count } cards }. A `.you` attribute is the
### second-person form, shown to the player the message is about. Card names come from
### the packs, without article: messages put them after a colon or use them as names.
### Every message exists in en, es and fr (the tests check it, and that each is used).

## number
## Numbers with a unit, the language's way.

number-percent = { $value }%
number-range = { $low }-{ $high }

## prompt

prompt-use-tile = Use { $tile } against { $monster }?
prompt-use-tile-now = Use { $tile } now?
prompt-name-species = { $tile }: name a species
prompt-choose-tile = { $card }: choose a tile
prompt-choose-player = { $card }: choose a player
prompt-generic = { $card }: { $prompt }

## answer

answer-yes = yes
answer-no = no

## play

play-welcome = Welcome to the Dungeon
play-packs = Packs: { $packs }
play-seed = Seed: { $seed } (replay this game with --seed { $seed })
play-rulings = Rulings: { $rulings }
play-adventurer-line = { $adventurer } ({ $hp } HP). Equipment: { $tiles }
play-no-tiles = none
play-dungeon-size = Dungeon: { $count ->
        [one] { $count } card
       *[other] { $count } cards
    }. Deck: { $deck ->
        [one] { $deck } card
       *[other] { $deck } cards
    }.
play-score-line = { $name }: { $successes ->
        [one] { $successes } success
       *[other] { $successes } successes
    }, { $failures ->
        [one] { $failures } failure
       *[other] { $failures } failures
    }{ $status }
play-status-out = { " " }(eliminated)
play-status-passed = { " " }(passed)
play-your-turn = { $name }, your turn.
    .you = Your turn.
play-you-drew = You drew: { $monster }.
play-your-cards = You added this round: { $cards }
play-your-aside = You set aside: { $cards }
line-help-hint = Type ? at any prompt for the rules in short, the commands and every card in play.
line-key-choose = type an option's number, then Enter
line-key-end = (end of input) leave the game, kept in its autosave
play-choose = Choose (1-{ $max }), s to save, q to quit:{ " " }
play-bad-input = Please type a number from 1 to { $max } (or s to save, q to quit, ? for help).
play-action-draw = Draw a monster
play-action-pass = Pass (leave this round's bidding)
play-action-add = Put { $monster } into the dungeon
play-action-aside = Set { $monster } aside, giving up { $tile }
play-action-adventurer = { $adventurer } ({ $hp } HP): { $tiles }
play-choose-adventurer = { $name }, choose the adventurer for the next round:
    .you = Choose the adventurer for the next round:
play-pass-to = Pass the screen to { $name } and press Enter (no peeking!)
play-pass-wait = Pass the screen to { $name }. One moment: what to type shows once nobody is typing.
play-pass-key = { $name }: type { $key } and press Enter when nobody else is looking:
play-saved = Game saved to { $path }. Resume with: dungeon play --load { $path }
play-save-failed = Could not save: { $error }
play-save-too-big = Not saved: the save would be { $bytes ->
        [one] { $bytes } byte
       *[other] { $bytes } bytes
    }, more than a save may be (the bots remember too much).
play-quit = Game left.
play-recording = Recording the game in { $path } (watch it with: dungeon replay { $path }).
play-record-failed = Could not write the game record { $path }: { $error }
play-script-failed = The script of { $card } failed, so that move was refused. The game is unchanged.
play-monster-script-failed = A monster card's script failed, so that move was refused. The game is unchanged.
play-move-failed = That move could not be made: a rule of the packs failed. The game is unchanged.
play-error-logged = The full error is in { $path }, for the pack's author.
play-error-not-logged = The full error could not be written to { $path }: { $error }
play-stuck = The game cannot go on. s to save, q to quit:{ " " }
play-game-over = { $name } wins the game!
    .you = You win the game!
card-text-ruling = “{ $ruling }”
play-reconstructed = (reconstructed card: no published text was found)
play-waiting-bot = { $name } is thinking...
play-lost = The game stopped unexpectedly. Everything up to the last move is saved.
play-expired = The server closed this table: it was not started, or nobody played at it, for too long.
play-autosave = This game is saved after every move: `dungeon play --resume` continues it.
play-no-autosave = This game is not saved automatically ({ $reason }); s saves it.
play-autosave-failed = Could not save the game to { $path }: { $error }
play-resume-fixed = A saved game goes on as it was started: { $options } cannot change it. Leave { $count ->
        [one] it
       *[other] them
    } out, or start a new game without --resume or --load.
play-resumed = The game goes on after { $count ->
        [one] { $count } decision
       *[other] { $count } decisions
    }.
play-saved-auto = The game is saved in { $path }; continue it with: `dungeon play --resume { $id }`
play-replace = { $path } holds another game (or something that is not this game). Replace it? (y/N){ " " }
play-not-saved = Not saved.
play-confirm-quit = Leave the game? It is saved after every move; `dungeon play --resume` continues it. (y/N){ " " }
play-confirm-quit-unsaved = Leave the game? It is not saved automatically (s saves it). (y/N){ " " }
# The words that answer yes to a (y/N) question, comma-separated, lower case.
play-yes = y,yes
play-left = Game left. It is saved: continue it with `dungeon play --resume { $id }`.
play-interrupted = Stopped. The game is saved: continue it with `dungeon play --resume { $id }`.
play-interrupted-unsaved = Stopped.

## resume
## `dungeon play --resume`: the unfinished games in the data folder.

resume-no-folder = there is no data folder to keep games in (no home folder?); set { $var } to one
resume-none = No unfinished game in { $folder }.
resume-no-such = No unfinished game `{ $id }` in { $folder } (`dungeon play --resume --list` lists them).
resume-open-elsewhere = The game `{ $id }` is open in another `dungeon play` right now: go on there, or leave it there first (`dungeon play --resume --list` lists the games).
resume-list = Unfinished games in { $folder }, the last played first (continue one with: `dungeon play --resume ID`):
resume-entry = { $id }  { $date }  { $packs }  { $players }. Round { $round }, { $turn } to play ({ $decisions ->
        [one] { $decisions } decision
       *[other] { $decisions } decisions
    }).
resume-entry-you = { $id }  { $date }  { $packs }  { $players }. Round { $round }, your turn ({ $decisions ->
        [one] { $decisions } decision
       *[other] { $decisions } decisions
    }).
resume-damaged = { $id }  { $date }  cannot be read: { $error }
resume-passed-over = Passed over the game `{ $id }`, which cannot be read ({ $error }); `dungeon play --resume { $id } --delete` deletes it.
resume-all-damaged = { $count ->
        [one] The unfinished game in { $folder } cannot be read
       *[other] None of the { $count } unfinished games in { $folder } can be read
    } (see above); `dungeon play --resume ID --delete` deletes one.
resume-delete-which = --delete needs the id of the game to delete: `dungeon play --resume ID --delete` (`dungeon play --resume --list` lists them).
resume-delete-none = No game `{ $id }` in { $folder } (`dungeon play --resume --list` lists the unfinished ones).
resume-deleted = Deleted the game `{ $id }`.

## event

event-game-started = { $players ->
        [one] { $players } player
       *[other] { $players } players
    }. { $name } starts.
    .you = { $players ->
        [one] { $players } player
       *[other] { $players } players
    }. You start.
event-adventurer-chosen = { $name } chooses the adventurer: { $adventurer }.
    .you = You choose the adventurer: { $adventurer }.
event-adventurer-drawn = This round's adventurer: { $adventurer }.
event-round-started = Round { $round }: { $adventurer }. { $name } starts the bidding.
    .you = Round { $round }: { $adventurer }. You start the bidding.
event-drew = { $name } draws a card.
    .you = You draw a card.
event-drew-own = You draw a card: { $monster }.
event-added = { $name } puts a card into the dungeon.
    .you = You put the card into the dungeon.
event-added-forced = { $name } must put the card into the dungeon.
    .you = You must put the card into the dungeon.
event-set-aside = { $name } sets a card aside and removes { $tile }.
    .you = You set the card aside and remove { $tile }.
event-drew-seen = { $name } draws a card: { $monster }.
event-added-seen = { $name } puts a card into the dungeon: { $monster }.
event-added-forced-seen = { $name } must put the card into the dungeon: { $monster }.
event-set-aside-seen = { $name } sets { $monster } aside and removes { $tile }.
event-passed = { $name } passes.
    .you = You pass.
event-passed-forced = { $name } must pass: the deck is empty.
    .you = You must pass: the deck is empty.
event-entered = { $name } enters the dungeon with { $hp } HP and { $tiles } ({ $count ->
        [one] { $count } card
       *[other] { $count } cards
    } inside).
    .you = You enter the dungeon with { $hp } HP and { $tiles } ({ $count ->
        [one] { $count } card
       *[other] { $count } cards
    } inside).
event-asked = Question for { $name }: { $prompt }
    .you = Question for you: { $prompt }
event-answered = { $name } answers: { $answer }.
    .you = You answer: { $answer }.
event-revealed = Card { $position }: { $monster }.
event-defeated-by-tile = { "  " }{ $monster } defeated by { $tile }.
event-defeated-skipped = { "  " }{ $monster } defeated thanks to { $card }.
event-defeated-itself = { "  " }{ $monster } has no effect.
event-replaced = { "  " }{ $card }: the monster is discarded; the top card of the deck comes instead.
event-damaged = { "  " }{ $monster } deals { $amount ->
        [0] no damage
       *[other] { $amount } damage
    }{ $changes }. HP { $hp }.
event-damage-changes = { " " }({ $strength }{ $changes })
event-damage-less = , { $amount } less with { $tile }
event-damage-more = , { $amount } more with { $tile }
event-hp-changed = { "  " }{ $card }: { $delta } HP. HP { $hp }.
event-tile-discarded = { "  " }{ $tile } is discarded. HP { $hp }.
event-revived = { "  " }{ $tile } brings the adventurer back{ $others }: HP { $hp }.
event-revived-spent = { "  " }{ $tile } brings the adventurer back and is spent{ $others }: HP { $hp }.
event-revived-discarding = , discarding { $tiles }
event-died = { "  " }HP { $hp }: the adventurer falls.
event-success-forced = { "  " }{ $card } makes this dungeon a success all the same.
event-success = { $name } survives the dungeon with { $hp } HP! ({ $successes } of 2 successes)
    .you = You survive the dungeon with { $hp } HP! ({ $successes } of 2 successes)
event-failure = { $name } fails the dungeon. ({ $failures } of 2 failures)
    .you = You fail the dungeon. ({ $failures } of 2 failures)
event-eliminated = { $name } is eliminated.
    .you = You are eliminated.
event-set-aside-shown = { $name } had set aside: { $cards }.
    .you = You had set aside: { $cards }.
event-logged = { "  " }{ $card }: { $line }
event-standings = Final standings:
event-standing = { "  " }{ $rank }. { $name }: { $successes ->
        [one] { $successes } success
       *[other] { $successes } successes
    }, { $failures ->
        [one] { $failures } failure
       *[other] { $failures } failures
    }{ $status }

## card
## A monster with its strength and species: "Goblin (1, goblin)".
card-monster = { $name } ({ $details })
card-no-strength = no strength

## seat
## Names of the seats. A human alone at the screen is `you`; several are `player`.

seat-you = You
seat-player = Player { $number }
seat-bot = Bot { $number } ({ $kind })
seat-bot-easy = easy
seat-bot-normal = normal
seat-bot-hard = hard
seat-bot-random = random
seat-unknown = seat { $seat }

## cards
## `dungeon cards`.

cards-tile = { $tile }: { $text }
cards-hp = { $hp } HP
cards-once = once
cards-monsters = Monsters:
cards-special = special
cards-defeated-by = defeated by { $tiles }
cards-rulings = Rulings (choose with --ruling ID=CHOICE):
cards-engine-rulings = The engine's own ruling (choose with --ruling ID=CHOICE):
cards-ruling-source = Rulebooks: { $source }
cards-ruling-default = default
cards-ruling-choice = { $choice }: { $text }

## ruling
## `--ruling ID=CHOICE` and the engine's own ruling, the designer's variant's scope.

ruling-bad-form = --ruling { $given }: write ID=CHOICE (`dungeon cards` lists the rulings and their choices)
ruling-twice = --ruling { $id } is given twice
ruling-unknown = unknown ruling `{ $id }` (the packs in play have: { $known })
ruling-bad-choice = ruling `{ $id }` has no choice `{ $choice }` (its choices: { $choices })
ruling-variant-name = The designer's variant: which turns it binds
ruling-variant-text = With --variant, a card drawn on these bidding turns must go into the dungeon.
ruling-variant-source = Both rulebooks give the variant for the first turn of the bidding phase. The Spanish texts say one turn; the French words can also be read as the first time round the table.
ruling-variant-first-turn = The first turn of each round only (the Spanish texts).
ruling-variant-each-player = Each player's first turn of the round (the French text, read as the first time round the table).

## sim
## `dungeon sim`. Column headings are single words where possible.

sim-record-dir = Cannot make the folder for the game records { $path }: { $error }
sim-summary = { $games ->
        [one] { $games } game
       *[other] { $games } games
    }, { $players } players, packs { $packs }, bots { $bots }
sim-seat = seat
sim-bot = bot
sim-wins = wins
sim-win-pct = win %
sim-adventurer = adventurer
sim-runs = runs
sim-successes = successes
sim-success-pct = success %
sim-decided = decided
sim-decided-note = (decided: games won in a round played with that adventurer)
sim-errors = { $errors ->
        [one] { $errors } game stopped on an error
       *[other] { $errors } games stopped on an error
    }
sim-game-error = game { $game } (seed { $seed }): { $error }
sim-split = { $games ->
        [one] { $games } game
       *[other] { $games } games
    } at each player count
sim-seed = first seed { $seed }
sim-damage-end-total = damage added up at the end of each run
sim-damage-running = damage counted card by card
sim-specials = { $specials ->
        [one] { $specials } special monster
       *[other] { $specials } special monsters
    } in the deck
sim-variant = designer's variant
sim-rulings = rulings { $rulings }
sim-first-random = first adventurer drawn at random
sim-first-named = first adventurer: { $adventurer }
sim-intervals = Each rate comes with its 95% Wilson score interval. The bots change seats from game to game, so each of them sits everywhere.
sim-title-bots = Wins per bot
sim-title-player-counts = Wins per bot at each player count
sim-title-seats = Wins per seat at the table
sim-title-turn-order = Wins by turn order (0: the game's first player)
sim-title-adventurers = Adventurers
sim-title-equipment = Equipment given up during bidding
sim-title-killers = Monsters that ended failed runs
sim-players = players
sim-games = games
sim-interval = 95% CI
sim-turn = turn
sim-runner-won-pct = runner won %
sim-runner-won-note = (runner won: share of the runs made by the player who went on to win the game)
sim-equipment = equipment
sim-rounds = rounds
sim-set-aside = set aside
sim-set-aside-pct = set aside %
sim-share-pct = share %
sim-equipment-note = (set aside %: of the rounds played with that adventurer; share %: of all tiles set aside)
sim-monster = monster
sim-kills = kills
sim-kill-pct = % of failures
sim-no-monster = (no monster)
sim-killers-note = ({ $failed ->
        [one] { $failed } failed run
       *[other] { $failed } failed runs
    }, each blamed on the monster faced when HP fell to 0 for good)
sim-never-killed = Never ended a run: { $monsters }
sim-no-winner = { $games ->
        [one] { $games } game ended without a winner
       *[other] { $games } games ended without a winner
    }
sim-progress = games
sim-done = { $games ->
        [one] { $games } game
       *[other] { $games } games
    } in { $seconds } s (threads: { $threads })
sim-bad-games = -n must be at least 1
sim-too-many-games = -n { $games } is too many games
sim-bad-threads = { $flag } must be 1 to { $most }
sim-bad-shard = --shard { $shard }: expected K/N, slice K (from 0) of N, where K may be the name of an environment variable holding it (JOB_COMPLETION_INDEX/8)
sim-shard-none = --shard { $shard }/0: a study is cut into at least one slice (N from 1)
sim-shard-range = --shard { $shard }/{ $shards }: the slice must be from 0 to { $shards } minus 1
sim-shard-env-missing = --shard: the environment variable { $var } is not set
sim-shard-env-bad = --shard: the environment variable { $var } holds `{ $value }`, not a slice number
sim-progress-rate = { $rate } a second
sim-progress-shard = slice { $shard }/{ $shards }
sim-progress-line = { $done }/{ $total } games, { $rate } a second, about { $left } left
sim-part-unreadable = { $path }: not a part file of `dungeon sim --shard`: { $error }
sim-part-format = { $path }: a part file in format { $format }, but this dungeon reads format { $expected }
sim-part-damaged = { $path }: the part file is damaged or was edited: { $problem }
sim-damaged-id = it names a bot, card or table that is not in its study
sim-damaged-errors = it lists a failed game outside its slice
sim-damaged-games = its counts do not fit the games of its slice
sim-part-other-study = { $path } and { $first } are parts of different studies: { $difference }
sim-differ-rules = the engine's rules differ
sim-differ-packs = the packs differ
sim-differ-seed = the seeds differ
sim-differ-games = the player counts or numbers of games differ
sim-differ-bots = the bots differ
sim-differ-options = the game options differ
sim-part-other-split = { $path } is a slice of { $shards }, but { $first } is a slice of { $first_shards }: a study's parts must all come from the same --shard K/N split
sim-part-twice = { $path } and { $other } are both slice { $shard }/{ $shards }
sim-part-game = a part file of a game this program does not have: { $game }
sim-part-missing = { $count ->
        [one] a slice is missing
       *[other] { $count } slices are missing
    } (of { $shards }): { $missing }
sim-too-many-bots = --bots lists { $bots ->
        [one] { $bots } bot
       *[other] { $bots } bots
    }, but no game here has more than { $players ->
        [one] { $players } seat
       *[other] { $players } seats
    }
sim-plot-write = cannot write the chart to { $path }: { $error }
sim-timed = note: { $bot } thinks for a fixed time per move, so the results change from one run to the next
sim-plot-title = Welcome to the Dungeon: bot games
sim-plot-legend = Dot: the rate. Bar: its 95% Wilson interval. Dashed line: 50%. Grey tick: the even share, 1/N with N players. Red tick: a goal.
sim-plot-count = { $players } players, { $bot }
sim-plot-seat = { $players } players, seat { $seat }
sim-plot-turn = { $players } players, turn { $turn }
sim-plot-adventurers = Adventurers: runs that succeed
sim-title-sanity = Does this look like a game?
sim-sanity-measure = measure
sim-sanity-value = value
sim-sanity-goal = goal
sim-sanity-verdict = verdict
sim-sanity-all = all
sim-sanity-first-player = first player's wins
sim-sanity-set-aside = tiles set aside per round
sim-sanity-runs-succeed = runs that succeed
sim-sanity-runs-fail = runs that fail
sim-sanity-most-chosen = most chosen adventurer
sim-sanity-at-most = ≤ { $goal }
sim-sanity-at-least = ≥ { $goal }
sim-sanity-in-range = in range
sim-sanity-may-be-out = may be out
sim-sanity-out = OUT OF RANGE
sim-sanity-note = (A round is one dungeon run. A value past its goal is out of range, or "may be out" while its 95% interval still reaches the goal. Rows of all counts together are not judged.)
sim-sanity-no-warning = Every measure is within its goal.
sim-sanity-warn-out = Warning: { $what }.
sim-sanity-warn-may-be-out = Warning, perhaps only noise: { $what }; the interval still reaches the goal, so more games would tell.
sim-sanity-first-player-warning = at { $players } players the first player wins { $value } of games (95% CI { $interval }), against a goal of at most { $goal }
sim-sanity-set-aside-warning = at { $players } players bidders set aside { $value ->
        [one] { $value } tile
       *[other] { $value } tiles
    } per round on average (95% CI { $interval }), against a goal of at least { $goal }
sim-sanity-runs-succeed-warning = at { $players } players { $value } of runs succeed (95% CI { $interval }), against a goal of at least { $goal }
sim-sanity-runs-fail-warning = at { $players } players { $value } of runs fail (95% CI { $interval }), against a goal of at least { $goal }
sim-plot-sanity-row = { $players } players: { $measure }
sim-plot-sanity-all = all counts: { $measure }
sim-plot-sanity-most-chosen = most chosen: { $adventurer }
sim-plot-sanity-mean = { $value } a round on average ({ $interval }) n={ $rounds }, goal { $goal }

## error
## Errors of `dungeon play` (on stderr).

error-players = --players must be 2 to 4, not { $players }
error-humans = --humans { $humans } is more than --players { $players }
error-setup = The game cannot start with these options: { $error }
error-names-count = --names gives { $given ->
        [one] { $given } name
       *[other] { $given } names
    }, but { $humans ->
        [one] { $humans } human plays
       *[other] { $humans } humans play
    } (--humans)
error-names-empty = --names: name { $number } is empty
error-names-control = --names: name { $number } holds a control character or one that shows as nothing (an escape, a tab, a line break, a zero-width space...)
error-names-long = --names: `{ $name }` is longer than { $max } characters
error-names-twice = --names: `{ $name }` is given twice (names must differ, whatever their case)
error-names-taken = --names: `{ $name }` is already the name of another seat
error-unknown-bot = unknown bot `{ $bot }` (the levels: easy, normal, hard, hard:ITERATIONS (1 to 100000), hard:MILLISms (1 to 60000); their older names random, rules, ismcts work too)
error-unknown-pack = unknown pack `{ $pack }` (known packs: { $known })
error-unknown-adventurer = unknown adventurer `{ $id }` (known: { $known })
error-packs = The packs cannot be used (what follows is for their authors):
error-unknown-lang = unknown language `{ $lang }` (use en, es or fr)
error-io-not-found = no such file or folder
error-io-permission = permission denied
error-io-exists = it already exists
error-io-directory = it is a folder, not a file
error-io-not-directory = a part of the path is not a folder
error-io-full = the disk is full
error-io-read-only = the disk is read-only
error-io-file = { $path }: { $error }
error-damaged = { $path }: the saved game is damaged: { $error }
error-not-a-save = { $path }: not a saved game: { $error }
error-save-format = { $path }: saved in format { $format }, this version reads format { $expected }
error-save-seats = { $path }: { $seats ->
        [one] { $seats } seat
       *[other] { $seats } seats
    } for { $players ->
        [one] { $players } player
       *[other] { $players } players
    }

## record
## Game records and saves: why a file is refused.

record-not-a-file = { $path }: not a regular file
record-too-big = { $path }: the file is { $bytes ->
        [one] { $bytes } byte
       *[other] { $bytes } bytes
    }, more than a game file may be ({ $max })
record-not-a-record = { $path }: not a game record: { $error }
record-damaged = { $path }: the game record is damaged: { $error }
record-old-format = { $path }: saved by an older version of dungeon (format 1), which did not keep the game's decisions; it cannot be resumed, please start a new game
record-rules-version = { $path }: played under rules version { $record }, but this dungeon plays version { $engine }: the game would not play out the same
record-prelude = { $path }: made with another version of the helper library card scripts are built from (the prelude): the game would not play out the same
record-packs = { $path }: made with other packs: { $changes }
record-pack-missing = pack `{ $pack }` is not available here (add it with --pack)
record-pack-extra = pack `{ $pack }` is in play here but was not in the game
record-pack-version = pack `{ $pack }` is version { $here } here, the game was played with version { $record }
record-pack-files = pack `{ $pack }` has other files: { $files }
record-file-changed = { $file } changed
record-file-missing = { $file } is missing
record-file-new = { $file } was added
record-pack-order = the packs load in another order ({ $here } here, { $record } in the game)
record-packs-unusable = 
    { $path }: its packs cannot be played together here:
    { $error }
record-long-name = { $path }: the name of seat { $seat } is longer than { $max ->
        [one] { $max } byte
       *[other] { $max } bytes
    }
record-unknown-bot = { $path }: seat { $seat } is an unknown bot, `{ $bot }`
record-too-many = { $path }: { $count ->
        [one] { $count } decision
       *[other] { $count } decisions
    }, more than a game file may hold ({ $max })
record-bots = the bots' saved state is not valid ({ $error })
record-not-a-save = { $path }: this is a game record, not a save: it does not hold the bots' state. Watch it with: dungeon replay { $path }
record-setup = { $path }: the game cannot start with its options: { $error }
record-wrong-seat = decision { $number } is marked as seat { $recorded }'s, but it was seat { $expected }'s turn
record-after-end = decision { $number } ({ $action }) comes after the end of the game
record-illegal = decision { $number }, `{ $action }`, was not legal at that point (legal: { $legal })
record-failed = decision { $number } could not be played again: a card's script failed
record-state-differs = the stored game is not where its decisions lead (it differs at { $at })

## replay
## `dungeon replay`.

replay-title = Game record: { $path }
replay-seed = Seed: { $seed }
replay-seats = Seats: { $seats }
replay-as-seat = Shown as { $name } saw it.
replay-bad-seat = --seat { $seat }: the game has seats 1 to { $players }
replay-bad-to = --to { $to }: the record has { $count ->
        [one] { $count } decision
       *[other] { $count } decisions
    }
replay-decision = [{ $number }] { $name }: { $action }
replay-draw = draw
replay-pass = pass
replay-add = into the dungeon
replay-aside = set aside, giving up { $tile }
replay-adventurer = choose { $adventurer }
replay-answer = answer { $answer }
replay-table = The table after decision { $number }:
replay-added = { "  " }{ $name } added this round: { $cards }
replay-set-aside = { "  " }{ $name } set aside: { $cards }
replay-holds = { "  " }{ $name } holds: { $cards }
replay-dungeon = { "  " }In the dungeon, next card first: { $cards }
replay-end = End of the game: { $count ->
        [one] { $count } decision
       *[other] { $count } decisions
    }.
replay-unfinished = The record stops here, after { $count ->
        [one] { $count } decision
       *[other] { $count } decisions
    }; the game was not over.

## odds
## `dungeon odds`, and the odds key of `dungeon play`.

odds-runner = { $adventurer } with { $hp } HP. Equipment: { $tiles }
odds-dungeon = Cards in the dungeon: { $size }. Known inside: { $known }. Unknown: { $unknown }.
odds-option = { "  " }{ $answer }: { $percent }
odds-pool = { $count ->
        [one] Drawn from the one card you have not seen: { $cards }
       *[other] Drawn from the { $count } cards you have not seen: { $cards }
    }
odds-unknown-specials = { $count ->
        [one] Among them, one special monster of unknown kind, one of: { $cards }
       *[other] Among them, { $count } special monsters of unknown kind, each one of: { $cards }
    }
odds-working = Working out the exact odds… { $seconds } s
odds-survival = Chance of surviving: { $percent }
odds-survival-fraction = Chance of surviving: { $percent } ({ $fraction })
odds-question = { $question }. With each answer:
odds-states = Exact odds; { $states ->
        [one] { $states } situation
       *[other] { $states } situations
    } searched.
odds-sampled-random = Estimated from { $samples } sampled dungeons: a card's script draws random numbers, which exact odds cannot weigh.
odds-sampled-work = Estimated from { $samples } sampled dungeons: the cards' scripts took more work than exact odds may spend ({ $steps } steps in all, 100,000 a call).
odds-too-heavy = The cards' scripts take too much work for these odds: no sampled dungeon could be played within { $steps } steps in all and 100,000 a hook call (`dungeon check` shows what each hook costs).
odds-cannot-read = { $path }: cannot read the file: { $error }
odds-file-too-big = more than { $max } bytes: a situation file is a few lines
odds-file-not-text = not UTF-8 text
odds-no-adventurer = no adventurer: give --adventurer ID (or `adventurer` in the file)
odds-no-dungeon = no dungeon size: give --dungeon N (or `dungeon` in the file)
odds-unknown-adventurer = unknown adventurer `{ $id }` (known: { $known }).
odds-unknown-tile = unknown tile `{ $id }` (known: { $known }).
odds-unknown-monster = unknown monster `{ $id }` (known: { $known }).
odds-did-you-mean = Did you mean { $ids }?
odds-too-big = a dungeon of { $size ->
        [one] { $size } card
       *[other] { $size } cards
    } is too big: it holds at most { $max }
odds-too-many-known = { $known ->
        [one] { $known } known monster does not fit
       *[other] { $known } known monsters do not fit
    } in a dungeon of { $size ->
        [one] { $size } card
       *[other] { $size } cards
    }
odds-successes = the runner has { $count ->
        [one] { $count } success
       *[other] { $count } successes
    }: a player with 2 has already won (give 0 or 1)
odds-failures = the runner has { $count ->
        [one] { $count } failure
       *[other] { $count } failures
    }: a player with 2 is out of the game (give 0 or 1)
odds-seen-and-unseen = give the cards seen or the whole unseen pool, not both
odds-specials = { $named ->
        [one] { $named } special monster is named
       *[other] { $named } special monsters are named
    }, but these packs put only { $in_play } in play (give --unknown-specials to say how many are unknown)
odds-candidates = { $count ->
        [one] { $count } special monster
       *[other] { $count } special monsters
    } of unknown kind, but only { $candidates ->
        [one] one kind it may be
       *[other] { $candidates } kinds they may be
    }
odds-pool-too-small = the dungeon needs { $needed ->
        [one] { $needed } unknown card
       *[other] { $needed } unknown cards
    }, but only { $pool ->
        [one] { $pool } card is unseen
       *[other] { $pool } cards are unseen
    }
odds-deck-too-big = a deck of { $deck ->
        [one] { $deck } card
       *[other] { $deck } cards
    } does not fit: { $left ->
        [one] { $left } unseen card is left
       *[other] { $left } unseen cards are left
    } once the dungeon is full
odds-too-many-copies = `{ $id }` is named { $count ->
        [one] once
       *[other] { $count } times
    } as known or seen, but the game has { $copies }
odds-too-many-unseen = `{ $id }` is named { $count ->
        [one] once
       *[other] { $count } times
    } among the known and unseen cards, but the game has { $copies }
odds-too-many-cards = { $count ->
        [one] { $count } card
       *[other] { $count } cards
    } named in all (known, unseen and unknown special monsters): a game holds at most { $max }
odds-tile-twice = `{ $id }` is listed twice in the tiles: an adventurer has one of each
odds-not-special = `{ $id }` is not a special monster (special monsters here: { $known })
odds-damage-model = unknown damage model `{ $model }` (use end_total or running)
odds-choose = Choose (1-{ $max }), o for your odds, s to save, q to quit:{ " " }
odds-bad-input = Please type a number from 1 to { $max } (or o for your odds, s to save, q to quit, ? for help).
odds-now = Your odds of surviving the dungeon as it stands: { $percent }
odds-with-card = With { $monster } put in: { $percent }
odds-answers = Your odds of surviving, with each answer:
odds-estimate = (an estimate from sampled dungeons: too many cases to count them all)
odds-unavailable = Odds are about your own run: ask during the bidding, or at a question in your dungeon.
odds-failed = The odds could not be worked out: { $error }
odds-thinking = Working out your odds...

## check

check-header = == { $pack } ({ $path })
check-loaded-as = loaded as: { $sets }
check-scenario-failed = { $path }: error: scenario failed
check-scenario-error = { $path }: error: scenario could not run: { $message }
check-expensive-hook = card `{ $card }`: hook `{ $hook }` took up to { $most } steps in one call: the odds search and the bots run hooks thousands of times and cut a call short past 100,000 steps, so they play this card blind
check-costs = What the hooks cost in { $games } games of random bots (Luau steps per call; a call may take 2,000,000):
check-cost-line = { $card } { $hook }: { $calls ->
        [one] { $calls } call
       *[other] { $calls } calls
    }, { $mean } on average, { $most } at most
check-skipped = scenarios not run: fix the errors above first
check-hidden-text = text with control characters or characters that show as nothing (`{ $text }`; { $code } is { $what }): a terminal would act on them or hide them; players see them escaped
check-hidden-control = a control character
check-hidden-format = a format character (shown as nothing, or reordering the text)
check-hidden-separator = a line or paragraph separator
check-hidden-private = a private-use character (its look depends on the font)
check-hidden-unassigned = not a character of any script
check-hidden-invisible = a character shown as nothing
check-hidden-lone-mark = a combining mark with no letter before it
check-summary = { $errors ->
        [one] { $errors } error
       *[other] { $errors } errors
    }, { $warnings ->
        [one] { $warnings } warning
       *[other] { $warnings } warnings
    }; scenarios: { $passed } passed, { $failed } failed

## soak
## `dungeon soak`.

soak-bad-games = --games must be at least 1
soak-no-mix = none of these packs can be played: no mix to soak
soak-start = soak: { $games ->
        [one] { $games } game
       *[other] { $games } games
    } over { $mixes ->
        [one] { $mixes } pack mix
       *[other] { $mixes } pack mixes
    } ({ $list }), { $players } players, first seed { $seed }, { $threads ->
        [one] { $threads } thread
       *[other] { $threads } threads
    }
soak-progress = soak: { $done }/{ $games } games, { $rate } games/s, { $failed } failed
soak-done = soak: { $games ->
        [one] { $games } game
       *[other] { $games } games
    } in { $seconds } s ({ $rate } games/s), { $decisions ->
        [one] { $decisions } decision
       *[other] { $decisions } decisions
    } audited, { $failed } failed
soak-failure = FAILED game { $game }: packs { $packs }, { $players } players, seed { $seed }, { $options }, bots { $bots }
soak-problem = { "  " }after decision { $decision }: { $message }
soak-replay = { "  " }replay it: { $command }
soak-game-passed = game { $game }: passed the audit ({ $decisions ->
        [one] { $decisions } decision
       *[other] { $decisions } decisions
    })

## tui (`dungeon play`'s full-screen table, cli/src/tui)

tui-table-title = The table
tui-corner-title = Your corner
tui-corner-of = { $name }'s corner
tui-log-title = Log
tui-log-title-scrolled = Log ({ $rows ->
        [one] { $rows } newer row
       *[other] { $rows } newer rows
    } below: PgDn)
tui-round = Round { $round }
tui-hp = HP { $hp }
tui-hp-run = HP { $hp }/{ $start }
tui-tiles = Equipment: { $tiles }
tui-piles = Dungeon { $dungeon } · Deck { $deck }
tui-game-over = The game is over.
tui-between-rounds = Round { $round } is about to start: the adventurer is being chosen.
# A player's name before their score in the table panel.
tui-name = { $name }:
tui-successes = successes: { $count }
tui-failures = failures: { $count }
tui-eliminated = eliminated
tui-running = in the dungeon
tui-passed = passed
    .you = you passed
tui-took = took away: { $tiles }
    .you = you took away: { $tiles }
tui-place-add = Put it into the dungeon
tui-place-aside = Set it aside, giving up { $tile }
tui-hold = You hold:
tui-added = You put in:
tui-aside = You set aside:
tui-aside-card = { $card } with { $tile }
tui-corner-empty = Nothing of yours in play this round.
tui-monster = { $name } ({ $strength })
tui-monster-species = { $name } ({ $strength }, { $species })
tui-no-strength = no strength
tui-revealing = Revealing the dungeon... (any key shows it all)
tui-waiting = Waiting for { $name }...
tui-watching = You are watching.
tui-bad-key = Type a number from 1 to { $max }; ? for help.
tui-key-choose = choose
tui-key-help = help
tui-key-log = log
tui-key-quit = quit
tui-pass-title = Pass the screen
tui-pass-to = Pass the screen to { $name }.
tui-pass-ready = { $name }: press { $key } when nobody else is looking.
tui-pass-wait = One moment: the key to press shows once nobody is typing.
tui-recap-title = Since your last turn
tui-continue = Enter: continue
tui-quit-title = Leave the game?
tui-quit-watching-title = Stop watching?
tui-quit-saved = Leave the game? It is saved after every move: `dungeon play --resume { $id }` continues it.
tui-quit-unsaved = Leave the game? It is not saved automatically: answer n, then press s to save it first.
tui-key-odds = odds
tui-key-save = save
tui-key-odds-long = your odds of surviving your own dungeon (while bidding, or at a question in your run)
tui-key-save-long = save the game to the file it came from (asks before replacing another game)
tui-replace-title = Replace another game?
tui-replace-ask = { $path } holds another game (or something that is not this game). Replace it with this one?
tui-replace-keys = y: replace it · n or Esc: do not save
tui-stopped-keys = s: save · Enter: leave
tui-failed = The terminal stopped working: { $error }
tui-quit-keys = y: leave · n or Esc: back to the game
tui-too-small = Make the window larger: at least { $width }×{ $height }.
tui-more-above = ↑ { $rows ->
        [one] { $rows } more row above
       *[other] { $rows } more rows above
    } (PgUp)
tui-more-below = ↓ { $rows ->
        [one] { $rows } more row below
       *[other] { $rows } more rows below
    } (PgDn)
tui-end-title = The game is over
tui-leave = Enter: leave · Esc or PgUp: read the log
tui-key-leave = leave
tui-key-standings = the standings
tui-stopped-title = The game cannot go on
tui-help-title = Help
tui-help-close = ↑ ↓ PgUp PgDn: scroll · Esc or ?: back to the game
tui-help-rules-title = The rules in short
tui-help-rules-1 = Every round, all players bid on one shared adventurer and its equipment. On your turn, either draw a monster or pass. Keep a drawn monster secret: put it face down into the dungeon, or set it aside and take one piece of equipment away from the adventurer with it.
tui-help-rules-2 = Passing takes you out of the round's bidding. When only one player is left bidding, that player goes into the dungeon with whatever equipment remains, facing every monster put in, the last one added first.
tui-help-rules-3 = Equipment adds HP or defeats some monsters outright. Every other monster hurts the adventurer by its strength.
tui-help-rules-4 = Come out alive and you score a success; die and you score a failure. Two successes win the game, two failures knock you out, and the last player still in wins as well.
tui-help-end-total = These packs count damage at the end: every card is revealed, and the run fails if the damage reaches the HP.
tui-help-running = These packs count damage card by card: the run ends the moment HP falls to 0, unless something brings the adventurer back.
tui-help-keys-title = Keys
tui-key-choose-long = pick an option by its number (two digits then Enter past 9)
tui-key-help-long = this help
tui-key-log-long = scroll the game log
tui-key-ends-long = oldest or newest lines of the log
tui-key-quit-long = leave the game (asks first)
tui-key-quit-watching-long = stop watching (asks first)
tui-key-interrupt-long = leave at once
tui-any-key = any key
tui-key-skip-long = while the dungeon is revealed: show it all at once
tui-help-adventurers = Adventurers and their equipment
tui-hp-bonus = { $hp } HP
tui-once = (used once)
tui-help-monsters = Monsters
tui-help-specials = Special monsters ({ $count ->
        [one] { $count } of these is
       *[other] { $count } of these are
    } shuffled into the deck)

## Network play: notes beside a remote table's log, `dungeon host` and `dungeon join`
note-started = The game has started.
note-timed-out = { $name } did not answer in time: a bot answered for them.
note-joined = { $name } took their seat.
note-left = { $name } left the table; the seat waits for them.
note-rematch = { $name } opened the next game at a new table: { $code }
note-reconnecting = The connection to the server was lost. Trying to get it back...
note-reconnected = Connected again: back at the table.
note-gave-up = The connection to the server could not be had back.
note-seat-taken = Your seat was taken from another window or machine with its token; this one stops here.
net-header = Playing at { $url }. The server keeps the game: `dungeon join { $url }` takes your seat back.
net-header-watching = Watching the table at { $url }. `dungeon join { $url } --watch` watches it again.
net-left = You left the table; the server keeps the game. `dungeon join { $url }` takes your seat back.
net-left-watching = You stopped watching. `dungeon join { $url } --watch` watches the table again.
net-no-save = The server keeps this game: there is nothing to save here.
net-retaking = Taking back your seat ({ $seat })...
net-rejoin-refused = The seat kept for you at this table was refused ({ $message }); joining as a new player.
net-seated = You have seat { $seat } at table { $code }.
net-watching = Watching table { $code }: you see what every player sees, and nobody's cards.
net-no-key = There is no data folder to keep your seat's token in: if the connection drops for long, you cannot take this seat back.
net-key-failed = Your seat's token could not be kept ({ $error }): if the connection drops for long, you cannot take this seat back.
net-waiting-start = Waiting for { $creator } to start the game ({ $taken } of { $humans } seats for people taken).
net-waiting-watch = Waiting for { $creator } to start the game ({ $taken } of { $humans } seats for people taken). You will watch it from here.
net-at-table = At the table: { $names }.
net-you = { $name } (you)
net-waiting-players = Waiting for players: { $taken } of { $humans } seats for people taken.
net-server-said = The server said: { $message }
net-lost-lobby = The connection to the server was lost before the game started.
net-invite = Table { $code } is open. The other players join it with:
net-invite-browser = or, in a web browser, with nothing to install:
net-one-own-pack = A table takes one pack of your own (--pack) at a time.
net-own-pack-outside = Your pack cannot be brought to the server: its script { $path } lies outside its folder (give --pack-root the folder that holds them all).
net-press-start = Every seat is taken. Press Enter to start the game.
net-start-refused = The game could not start: { $message }
net-bad-timeout = Not a turn timeout: { $given }. Give seconds or minutes, from 1 second to a day: 60s, 2m, 90.
net-bad-address = Not an address this program can use: { $address }. { $why }
net-address-encrypted = Encrypted connections (wss://, https://) are not supported: reach the server with ws://.
net-address-scheme = Addresses start with ws://.
net-address-host = It names no server.
net-address-code = It names no table: an invitation looks like ws://HOST:PORT/t/CODE.
net-address-shape = A server looks like ws://HOST:PORT, an invitation like ws://HOST:PORT/t/CODE.
net-unreachable = The server at { $server } could not be reached ({ $error }). Is `dungeon serve` running there?
net-timeout = The server at { $server } did not answer in time.
net-closed = The server at { $server } closed the connection.
net-version = This program speaks version { $ours } of the game's protocol and the server does not ({ $message }). Both sides need the same version of dungeon.
net-unknown-table = There is no table { $code } at this server: the game may be over, or the code mistyped.
net-table-full = Table { $code } is full: every seat for a person is taken. To watch it: `dungeon join { $url } --watch`.
net-already-started = The game at table { $code } has started without you. To watch it: `dungeon join { $url } --watch`.
net-too-many-tables = The server holds as many tables as it may: try again later.
net-table-quota = You have as many unfinished tables at this server as one address may: finish one first.
net-busy = The server at { $server } is busy with this address: wait a moment and try again.
net-refused = The server refused: { $message } ({ $code }).
net-protocol = The server sent something this program does not understand: { $error }
net-pack-differs = The pack { $pack } is not the same here as at the server: both sides need the same copy of it (the same version and files).
net-thread = The connection could not be set up: { $error }
net-quit = Leave the table? The server keeps the game: `dungeon join { $url }` takes your seat back.
net-quit-watching = Stop watching this table? `dungeon join { $url } --watch` watches it again.
net-confirm-quit = Leave the table? The server keeps the game; `dungeon join` with its invitation takes your seat back. (y/N){ " " }
serve-listening = dungeon server listening on ws://{ $address }/ws
serve-browser = Open a table in a web browser: http://{ $address }/
serve-restored = { $tables ->
        [one] { $tables } unfinished table resumed
       *[other] { $tables } unfinished tables resumed
    }
serve-broken = { $tables ->
        [one] { $tables } stored table failed its check and was set aside (see the log)
       *[other] { $tables } stored tables failed their check and were set aside (see the log)
    }
serve-db-error = The database { $path } cannot be opened: { $error }
serve-db-readable = The database { $path } can be read by other users (mode { $mode }): it holds every game's hidden cards. Make it private and start again: { $fix }
serve-db-replaceable = Other users can replace the database in { $path } (mode { $mode }). Make the folder private and start again: { $fix }
serve-listen-error = Cannot serve on { $address }: { $error }

# dungeon sim ladder
ladder-playing = Playing { $block }…
ladder-title = Bot levels, { $packs }: { $games } games for each pairing and each table (first seed { $seed })
ladder-head-to-head = Head to head at 2 players (seats rotated): the higher level's wins
ladder-in-range = in range
ladder-out-of-range = OUT OF RANGE
ladder-goal = (Goal: the lower end of the 95% interval above { $low }%, the rate at most { $high }%: a level beaten more often has a hole in its play.)
ladder-table = { $players } players ({ $lineup }), { $games } games: wins per seat-game
ladder-not-in-order = Warning: the levels do not place in order at this table.
ladder-ratings = Bradley-Terry ratings from the head-to-head games (Elo scale, easy at 1000)

## The browser table (`dungeon serve`: the page at / and /t/CODE)
web-title = Welcome to the Dungeon
web-lang = Language
web-new-table = Open a table
web-packs = Packs
web-players = Seats at the table
web-rulings = Rulings (where the rulebooks leave a choice)
web-pack-bring = Your own pack (optional)
web-pack-help = A folder holding its .toml manifest and its Lua scripts: the server checks it and everyone at the table sees its cards in the help.
web-variant = Play the designer's variant
web-variant-off = no
web-people = Seats for people (yours included)
web-bots = The bots' level
web-timeout = Turn timeout in seconds
web-no-timeout = 0 for none
web-your-name = Your name
web-create = Open the table
web-invite = Send this link to the people you play with:
web-copy = Copy the link
web-copied = Copied.
web-join = Take a seat
web-watch = Watch
web-start = Start the game
web-waiting-people = Waiting for people to take their seats.
web-seat-free = free
web-room-title = The other games
web-room-game = Game
web-room-waiting = Waiting for { $name }.
web-room-timed-out = { $name } did not answer in time: a bot answered for them.
web-room-over = The game is over. Winning: { $names }.
web-waiting-creator = Waiting for the table's creator to start the game.
web-watching = You are watching this table.
web-table = The table
web-log = What happened
web-question = Your move
web-help = Help
web-odds = Odds
web-odds-survive = Chance to survive the dungeon as it stands:
web-odds-with-card = With the card you hold put in:
web-odds-none = No odds to work out now.
web-odds-estimate = (an estimate from sampled dungeons)
web-cards = The cards in play
web-close = Close
web-keys = Keys: 1 to 9 answer, o shows your odds, ? the help, Esc closes it.
web-connecting = Connecting...
web-reconnecting = The connection was lost. Trying again...
web-refused = The server refused:
web-unknown-table = No table has this code. Ask for a new link.
web-rematch = Play again at a new table
web-rematch-join = Join the next game
web-replay = Step through the game (← →, Home, End):
web-replay-start = First
web-replay-back = Back
web-replay-next = Next
web-replay-end = Last
web-kind-adventurer = Adventurers
web-kind-tile = Equipment
web-kind-monster = Monsters
web-copies = copies in the deck:

## dungeon sim --game mazmorra
sim-game-title = { $game }: { $games } games at { $players } players (first seed { $seed }; seats rotated)
sim-game-bots = Wins by bot (games, rate, 95% interval)
sim-game-seats = Wins by seat, and by the player who started
sim-game-starter = who started
sim-game-stalled = stalled games
sim-game-endings = How games ended
sim-game-length = { $length } { $unit } and { $decisions } decisions a game on average.
sim-game-warn-starter = the player who started wins { $value } of games, against a goal of at most { $goal }
sim-game-warn-stalled = { $value } of games end with nobody winning ({ $endings }), against a goal of at most { $goal }
game-bad-ruling = not a { $game } ruling or variant: { $ruling } ({ $help })
game-welcome = { $game }: { $players } players. Seed { $seed } (replay it with --seed { $seed }). Type ? for the rules, q to leave.
game-leave = Left the game. It is kept in { $path }: continue it with `dungeon play --game { $game } --load { $path }`.
game-not-for = { $option } is an option of Welcome to the Dungeon, not of { $game } (see `dungeon play --help`; such a game is taken up again with --load FILE).
game-your-turn = { $name }, your move:
game-bad-file = { $path } is not a kept game of { $game }.
game-other-rules = { $path } was kept by a build whose { $game } plays otherwise (its rules fingerprint is { $kept }, this build's { $ours }): its moves would make another game, so it is not taken up. Replay it with the build that kept it.

## dungeon play --game mazmorra (the line mode)
mz-welcome = Mazmorra: { $players } prisoners race out of their cells, from a 10 down to the 2 that is the way out. Seed { $seed } (replay it with --seed { $seed }). Type ? for help, q to leave.
mz-help = Build your dungeon from your cell: a 10, then each card one lower after the last, or beside it with the same value (a branch). A card of the same value as an opponent's last passage collapses it. Jacks (Tomb-robber, 11), queens (Myrmidon, 12) and kings (Troll, 13) attack an opponent who has left the cell: beat them with passages adding up to their strength, a creature as strong, or a lone 2 against the Troll; or retreat and lose your last passage. In your cell you die instead. The Tomb-robber may take a card from the discard pile, the Myrmidon may ask an opponent for a card (who may lie). An ace draws two cards at any time. You end your turn with 5 cards at most. Play the 2, or be the last alive, to win.
mz-you = you
mz-face-down = face down
mz-joker = joker
mz-cell = cell: { $cell }
mz-in-cell = in the cell
mz-dead = dead
mz-cards = { $count ->
        [one] { $count } card
       *[other] { $count } cards
    }
mz-table-head = Turn { $turn } · draw pile { $deck } · discard pile { $discard } (top { $top })
mz-seat-line = { $name }: { $cell } · { $dungeon } · { $hand }
mz-your-hand = Your hand: { $cards }
mz-none = none
mz-prompt-opening = Put down a card to decide who starts (the highest begins).
mz-prompt-turn = Your turn: play a card (one a turn, aces apart), or end your turn.
mz-prompt-turn-played = Your card is played: an ace, or end your turn.
mz-prompt-discard = Discard down to 5 cards.
mz-prompt-rob = Take a card from the discard pile.
mz-prompt-defend = { $attacker } sends { $creature } (strength { $value }) at you: beat it, or retreat.
mz-prompt-answer = { $fisher } asks you for a { $rank }.
mz-prompt-doubt = { $target } says they have no { $rank }.
mz-prompt-aces = Answer with an ace (draw two)?
mz-prompt-counter = Cancel that power with the same creature?
mz-prompt-rescue = Your joker ({ $value }) is collapsed: save it by discarding a { $value } instead?
game-choose = Choose (1-{ $count }), ? for help, q to leave:
game-bad-choice = Please type a number from 1 to { $count }.
game-pass-to = Pass the screen to { $name }: { $name } types { $letter } then Enter.
game-screen-log = Log
game-screen-choices = Your move, { $name }
game-screen-keys = ↑↓ choose · Enter play · 1-9 jump · PgUp/PgDn log · ? rules · q leave
game-screen-wait = The others are playing…
game-screen-pass = Pass the screen to { $name }. { $name }: press { $letter }.
game-screen-over = The game is over. PgUp/PgDn: the log; any other key to close.
game-screen-leave = Leave? The game is kept after every move: q to leave, any other key to stay.
game-screen-rules = Rules (any key to close)
mz-fish-whom = Ask whom?
mz-fish-rank = For which rank? (A, 2-10, J, Q, K)
mz-act-open = Put down { $card }
mz-act-passage = { $card } in your dungeon after your { $after }
mz-act-passage-cell = { $card } out of your cell
mz-act-as = { $card } as a { $value }
mz-act-collapse = { $card } on { $target }'s { $value }: collapse it
mz-act-attack = { $card } at { $target }
mz-act-rob = { $card }: the Tomb-robber takes a card from the discard pile
mz-act-take = Take { $card }
mz-act-fish = { $card }: the Myrmidon asks an opponent for a card
mz-act-ace = { $card }: draw two cards
mz-act-end = End your turn
mz-act-discard = Discard { $card }
mz-act-defend = Beat it with { $cards }
mz-act-retreat = Retreat: lose your { $passage }
mz-act-die = You cannot win: die in your cell
mz-act-give = Hand over { $card }
mz-act-deny = Say you have none
mz-act-discard-hand = Discard your whole hand instead
mz-act-believe = Believe it
mz-act-see = Demand to see the hand
mz-act-pass = No
mz-act-nothing = Take nothing
mz-act-counter = Cancel it with { $card }
mz-act-save = Save it with { $card }
mz-act-lose = Let it go
mz-ev-dealt = You are dealt { $cards }.
mz-ev-opened = Put down to start: { $cards }.
mz-ev-starts = { $name } starts.
mz-ev-turn = — Turn { $turn }: { $name } —
mz-ev-drew-you = You draw { $cards }.
mz-ev-drew = { $name } draws { $count ->
        [one] a card
       *[other] { $count } cards
    }.
mz-ev-reshuffled = The discard pile is shuffled into a new draw pile ({ $count } cards).
mz-ev-passage = { $name } plays { $card } in their dungeon.
mz-ev-collapsed = { $name } collapses { $target }'s last passage with { $card }.
mz-ev-attacked = { $name } sends { $card } at { $target }.
mz-ev-defended = { $name } beats it with { $cards }.
mz-ev-retreated = { $name } retreats, losing { $card }.
mz-ev-died = { $name } dies in their cell.
mz-ev-robbing = { $name } plays { $card }: the Tomb-robber searches the discard pile.
mz-ev-took = { $name } takes { $card } from the discard pile.
mz-ev-fished = { $name } plays a Myrmidon and asks { $target } for a { $rank }.
mz-ev-gave = { $name } hands { $card } to { $to }.
mz-ev-denied = { $name } says they have none.
mz-ev-believed = { $name } believes it.
mz-ev-shown-you = { $name } shows you their hand: { $cards }.
mz-ev-shown = { $name } shows their hand to { $to }.
mz-ev-lied = { $name } lied!
mz-ev-truthful = { $name } told the truth.
mz-ev-hand-discarded = { $name } discards their whole hand: { $cards }.
mz-ev-ace = { $name } plays { $card }.
mz-ev-discarded = { $name } discards { $card }.
mz-ev-countered = { $name } cancels it with { $card }.
mz-ev-cancelled = The power is cancelled.
mz-ev-saved = { $name } keeps their joker, discarding { $card }.
mz-ev-won = { $names } wins the game!
mz-ev-stopped = The turn limit is reached: nobody wins.

soak-game-failure = FAILED game { $game }: { $name }, { $players } players, seed { $seed }, { $options }: { $problem }
mz-prompt-escape = { $claimant } claims the way out: accuse them of cheating (their dungeon is shown)?
mz-act-accuse = Accuse { $target } of cheating (their dungeon is shown)
mz-ev-accused-cheat = { $name } accuses { $target }, whose dungeon shows { $cards }: a cheat! { $target } loses the whole dungeon.
mz-ev-accused-honest = { $name } accuses { $target }, whose dungeon shows { $cards }: no cheat. { $name } loses their own dungeon.
mz-ev-missed = { $name } plays { $card } on { $target }'s last passage in the dark: it is not that value, and the card is lost.
mz-ev-escaping = { $name } plays the last passage of a way out: anyone may call it a cheat.
game-player = Player { $n }
mz-deck-french = French deck
mz-deck-spanish40 = Spanish deck of 40 cards (deck=spanish40)
mz-deck-spanish48 = Spanish deck of 48 cards (deck=spanish48)
mz-deck-line = { $cards } cards; a dungeon goes from the { $top } down to the 2.
mz-kind-ace = ace: played at any moment, draws two cards
mz-kind-passage = passage { $value }
mz-kind-way-out = passage 2: the way out (and, alone, it beats the Troll)
mz-kind-robber = Tomb-robber, combat value { $value }: or takes a card of the discard pile
mz-kind-myrmidon = Myrmidon, combat value { $value }: or asks an opponent for a card
mz-kind-troll = Troll, combat value { $value }
mz-kind-joker = jokers: the prisoners' cells (with random_cells=yes, wild cards)
mz-variants = Variants (--ruling): random_cells=yes, suicidal_queen=yes, counter_attack=robber|myrmidon|both, darkness=almost_black|pitch_black, deck=spanish40|spanish48, decks=N, max_turns=N. Rulings and their confidence: docs/mazmorra.md.
net-room-waiting = Waiting for { $name }.
net-room-over = The game is over. Winning: { $names }.
net-room-next = The next game is open: dungeon join { $url }
net-room-again = Type r to play again at a table like this one (a new deal), or q to leave.
