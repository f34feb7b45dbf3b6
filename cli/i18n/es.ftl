### Mensajes de la línea de órdenes `dungeon`, en español (Project Fluent).
### Las variables son { $nombre }; los números llegan como números, así que un mensaje
### puede elegir su plural. El atributo `.you` es la forma en segunda persona, para el
### jugador del que habla el mensaje. Se tutea al jugador. Los nombres de cartas vienen de
### los paquetes y se escriben sin artículo: las frases los ponen tras dos puntos.

## number
## Números con unidad, a la manera de cada idioma.

number-percent = { $value }{ "\u00A0" }%
number-range = { $low }-{ $high }

## prompt

prompt-use-tile = ¿Usar { $tile } contra { $monster }?
prompt-use-tile-now = ¿Usar { $tile } ahora?
prompt-name-species = { $tile }: nombra una especie
prompt-choose-tile = { $card }: elige una pieza de equipo
prompt-choose-player = { $card }: elige a un jugador
prompt-generic = { $card }: { $prompt }

## answer

answer-yes = sí
answer-no = no

## play

play-welcome = Bienvenido a la mazmorra
play-packs = Paquetes: { $packs }
play-seed = Semilla: { $seed } (para repetir esta partida, usa --seed { $seed })
play-rulings = Reglas: { $rulings }
play-adventurer-line = { $adventurer } ({ $hp } PV). Equipo: { $tiles }
play-no-tiles = ninguno
play-dungeon-size = Mazmorra: { $count ->
        [one] { $count } carta
       *[other] { $count } cartas
    }. Mazo: { $deck ->
        [one] { $deck } carta
       *[other] { $deck } cartas
    }.
play-score-line = { $name } — éxitos: { $successes }, fracasos: { $failures }{ $status }
play-status-out = { " " }(fuera de la partida)
play-status-passed = { " " }(fuera de la puja)
play-your-turn = { $name }, te toca.
    .you = Te toca.
play-you-drew = Has robado: { $monster }.
play-your-cards = Has metido en la mazmorra esta ronda: { $cards }
play-your-aside = Has apartado: { $cards }
line-help-hint = Escribe ? en cualquier momento para ver las reglas en breve, las órdenes y todas las cartas en juego.
line-key-choose = escribe el número de una opción y pulsa Intro
line-key-end = (fin de la entrada) deja la partida, que queda guardada
play-choose = Elige (1-{ $max }), s para guardar, q para salir:{ " " }
play-bad-input = Escribe un número del 1 al { $max } (o s para guardar, q para salir, ? para la ayuda).
play-action-draw = Robar un monstruo
play-action-pass = Pasar (te retiras de la puja de esta ronda)
play-action-add = Meter en la mazmorra: { $monster }
play-action-aside = Apartar { $monster } y quitarle al aventurero: { $tile }
play-action-adventurer = { $adventurer } ({ $hp } PV): { $tiles }
play-choose-adventurer = { $name }, elige el aventurero de la próxima ronda:
    .you = Elige el aventurero de la próxima ronda:
play-pass-to = Pasa la pantalla a { $name } y pulsa Intro (¡sin mirar!)
play-pass-wait = Pasa la pantalla a { $name }. Un momento: lo que hay que escribir aparece cuando nadie esté tecleando.
play-pass-key = { $name }: escribe { $key } y pulsa Intro cuando nadie más mire:
play-saved = Partida guardada en { $path }. Para seguir jugando: dungeon play --load { $path }
play-save-failed = No se ha podido guardar: { $error }
play-save-too-big = No se ha guardado: la partida guardada ocuparía { $bytes ->
        [one] { $bytes } byte
       *[other] { $bytes } bytes
    }, más de lo permitido (los bots recuerdan demasiado).
play-quit = Has dejado la partida.
play-recording = La partida se registra en { $path } (para verla: dungeon replay { $path }).
play-record-failed = No se ha podido escribir el registro de la partida { $path }: { $error }
play-script-failed = Ha fallado el guion de la carta { $card }, así que no se ha aceptado esa jugada. La partida sigue como estaba.
play-monster-script-failed = Ha fallado el guion de una carta de monstruo, así que no se ha aceptado esa jugada. La partida sigue como estaba.
play-move-failed = No se ha podido hacer esa jugada: ha fallado una regla de los paquetes. La partida sigue como estaba.
play-error-logged = El error completo está en { $path }, para quien haya creado el paquete.
play-error-not-logged = No se ha podido escribir el error completo en { $path }: { $error }
play-stuck = La partida no puede continuar. s para guardar, q para salir:{ " " }
play-game-over = ¡{ $name } gana la partida!
    .you = ¡Has ganado la partida!
card-text-ruling = «{ $ruling }»
play-reconstructed = (carta reconstruida: no se ha encontrado ningún texto publicado)
play-waiting-bot = { $name } está pensando...
play-lost = La partida se ha detenido de forma inesperada. Todo está guardado hasta la última jugada.
play-expired = El servidor ha cerrado esta mesa: no se empezó, o nadie jugó en ella, durante demasiado tiempo.
play-autosave = Esta partida se guarda tras cada jugada: `dungeon play --resume` la continúa.
play-no-autosave = Esta partida no se guarda sola ({ $reason }); s la guarda.
play-autosave-failed = No se ha podido guardar la partida en { $path }: { $error }
play-resume-fixed = Una partida guardada sigue tal como empezó: { $options } no { $count ->
        [one] puede cambiarla. Quita esa opción
       *[other] pueden cambiarla. Quita esas opciones
    }, o empieza una partida nueva sin --resume ni --load.
play-resumed = La partida continúa tras { $count ->
        [one] { $count } decisión
       *[other] { $count } decisiones
    }.
play-saved-auto = La partida está guardada en { $path }; para continuarla: `dungeon play --resume { $id }`
play-replace = { $path } contiene otra partida (o algo que no es esta partida). ¿Reemplazarla? (s/N){ " " }
play-not-saved = No se ha guardado.
play-confirm-quit = ¿Dejar la partida? Se guarda tras cada jugada; `dungeon play --resume` la continúa. (s/N){ " " }
play-confirm-quit-unsaved = ¿Dejar la partida? No se guarda sola (s la guarda). (s/N){ " " }
# Las palabras que responden que sí a una pregunta (s/N), separadas por comas, en minúscula.
play-yes = s,sí,si,y,yes
play-left = Has dejado la partida. Está guardada: continúala con `dungeon play --resume { $id }`.
play-interrupted = Detenida. La partida está guardada: continúala con `dungeon play --resume { $id }`.
play-interrupted-unsaved = Detenida.

## resume
## `dungeon play --resume`: the unfinished games in the data folder.

resume-no-folder = no hay ninguna carpeta de datos donde guardar las partidas (¿no hay carpeta personal?); indica una con { $var }
resume-none = No hay ninguna partida sin terminar en { $folder }.
resume-no-such = No hay ninguna partida sin terminar `{ $id }` en { $folder } (`dungeon play --resume --list` las muestra).
resume-open-elsewhere = La partida `{ $id }` está abierta ahora mismo en otro `dungeon play`: sigue allí, o déjala allí antes (`dungeon play --resume --list` muestra las partidas).
resume-list = Partidas sin terminar en { $folder }, la última jugada primero (para continuar una: `dungeon play --resume ID`):
resume-entry = { $id }  { $date }  { $packs }  { $players }. Ronda { $round }, le toca a { $turn } ({ $decisions ->
        [one] { $decisions } decisión
       *[other] { $decisions } decisiones
    }).
resume-entry-you = { $id }  { $date }  { $packs }  { $players }. Ronda { $round }, te toca ({ $decisions ->
        [one] { $decisions } decisión
       *[other] { $decisions } decisiones
    }).
resume-damaged = { $id }  { $date }  no se puede leer: { $error }
resume-passed-over = Se saltó la partida `{ $id }`, que no se puede leer ({ $error }); `dungeon play --resume { $id } --delete` la borra.
resume-all-damaged = { $count ->
        [one] La partida sin terminar de { $folder } no se puede leer
       *[other] Ninguna de las { $count } partidas sin terminar de { $folder } se puede leer
    } (ver arriba); `dungeon play --resume ID --delete` borra una.
resume-delete-which = --delete necesita el id de la partida que borrar: `dungeon play --resume ID --delete` (`dungeon play --resume --list` las muestra).
resume-delete-none = No hay ninguna partida `{ $id }` en { $folder } (`dungeon play --resume --list` muestra las que no han terminado).
resume-deleted = Partida `{ $id }` borrada.

## event

event-game-started = { $players ->
        [one] { $players } jugador
       *[other] { $players } jugadores
    }. Empieza { $name }.
    .you = { $players ->
        [one] { $players } jugador
       *[other] { $players } jugadores
    }. Empiezas tú.
event-adventurer-chosen = { $name } elige aventurero: { $adventurer }.
    .you = Eliges aventurero: { $adventurer }.
event-adventurer-drawn = Aventurero de esta ronda: { $adventurer }.
event-round-started = Ronda { $round } — aventurero: { $adventurer }. { $name } abre la puja.
    .you = Ronda { $round } — aventurero: { $adventurer }. Abres tú la puja.
event-drew = { $name } roba una carta.
    .you = Robas una carta.
event-drew-own = Robas: { $monster }.
event-added = { $name } mete una carta en la mazmorra.
    .you = Metes la carta en la mazmorra.
event-added-forced = { $name } tiene que meter la carta en la mazmorra.
    .you = Tienes que meter la carta en la mazmorra.
event-set-aside = { $name } aparta una carta y le quita al aventurero: { $tile }.
    .you = Apartas la carta y le quitas al aventurero: { $tile }.
event-drew-seen = { $name } roba: { $monster }.
event-added-seen = { $name } mete en la mazmorra: { $monster }.
event-added-forced-seen = { $name } tiene que meter en la mazmorra: { $monster }.
event-set-aside-seen = { $name } aparta: { $monster }, y le quita al aventurero: { $tile }.
event-passed = { $name } pasa.
    .you = Pasas.
event-passed-forced = { $name } tiene que pasar: no quedan cartas en el mazo.
    .you = Tienes que pasar: no quedan cartas en el mazo.
event-entered = { $name } entra en la mazmorra con { $hp } PV (equipo: { $tiles }; { $count ->
        [one] { $count } carta
       *[other] { $count } cartas
    } dentro).
    .you = Entras en la mazmorra con { $hp } PV (equipo: { $tiles }; { $count ->
        [one] { $count } carta
       *[other] { $count } cartas
    } dentro).
event-asked = Pregunta para { $name }: { $prompt }
    .you = Pregunta para ti: { $prompt }
event-answered = { $name } responde: { $answer }.
    .you = Respondes: { $answer }.
event-revealed = Carta { $position }: { $monster }.
event-defeated-by-tile = { "  " }El monstruo { $monster } queda derrotado (equipo: { $tile }).
event-defeated-skipped = { "  " }Gracias a la carta { $card }, el monstruo { $monster } queda derrotado.
event-defeated-itself = { "  " }El monstruo { $monster } no tiene ningún efecto.
event-replaced = { "  " }{ $card }: se descarta el monstruo y ocupa su lugar la carta superior del mazo.
event-damaged = { "  " }{ $monster }: { $amount ->
        [0] ningún daño
       *[other] { $amount } de daño
    }{ $changes }. PV: { $hp }.
event-damage-changes = { " " }({ $strength }{ $changes })
event-damage-less = , { $amount } menos por { $tile }
event-damage-more = , { $amount } más por { $tile }
event-hp-changed = { "  " }{ $card }: { $delta } PV. PV: { $hp }.
event-tile-discarded = { "  " }Pieza de equipo descartada: { $tile }. PV: { $hp }.
event-revived = { "  " }Equipo usado: { $tile }{ $others }. El aventurero vuelve a la vida. PV: { $hp }.
event-revived-spent = { "  " }Equipo usado: { $tile } (se gasta){ $others }. El aventurero vuelve a la vida. PV: { $hp }.
event-revived-discarding = ; se descarta: { $tiles }
event-died = { "  " }PV: { $hp }. El aventurero cae derrotado.
event-success-forced = { "  " }Gracias a la carta { $card }, esta mazmorra cuenta como éxito de todos modos.
event-success = ¡{ $name } sale con vida de la mazmorra con { $hp } PV! (éxitos: { $successes } de 2)
    .you = ¡Sales con vida de la mazmorra con { $hp } PV! (éxitos: { $successes } de 2)
event-failure = { $name } fracasa en la mazmorra. (fracasos: { $failures } de 2)
    .you = Fracasas en la mazmorra. (fracasos: { $failures } de 2)
event-eliminated = { $name } queda fuera de la partida.
    .you = Quedas fuera de la partida.
event-set-aside-shown = { $name } había apartado: { $cards }.
    .you = Habías apartado: { $cards }.
event-logged = { "  " }{ $card }: { $line }
event-standings = Clasificación final:
event-standing = { "  " }{ $rank }. { $name }: { $successes ->
        [one] { $successes } éxito
       *[other] { $successes } éxitos
    }, { $failures ->
        [one] { $failures } fracaso
       *[other] { $failures } fracasos
    }{ $status }

## card
## Un monstruo con su fuerza y su especie: "Trasgo (1, trasgo)".
card-monster = { $name } ({ $details })
card-no-strength = sin fuerza

## seat
## Nombres de los asientos.

seat-you = Tú
seat-player = Jugador { $number }
seat-bot = Bot { $number } ({ $kind })
seat-bot-easy = fácil
seat-bot-normal = normal
seat-bot-hard = difícil
seat-bot-random = al azar
seat-unknown = asiento { $seat }

## cards
## `dungeon cards`.

cards-tile = { $tile }: { $text }
cards-hp = { $hp } PV
cards-once = una vez
cards-monsters = Monstruos:
cards-special = monstruo especial
cards-defeated-by = equipo que lo derrota: { $tiles }
cards-rulings = Reglas abiertas (elige con --ruling ID=OPCIÓN):
cards-engine-rulings = Regla abierta del propio motor (elige con --ruling ID=OPCIÓN):
cards-ruling-source = Reglamentos: { $source }
cards-ruling-default = por defecto
cards-ruling-choice = { $choice }: { $text }

## ruling
## `--ruling ID=CHOICE` y la regla abierta del motor, el alcance de la variante del autor.

ruling-bad-form = --ruling { $given }: escribe ID=OPCIÓN (`dungeon cards` muestra las reglas abiertas y sus opciones)
ruling-twice = --ruling { $id } aparece dos veces
ruling-unknown = regla desconocida `{ $id }` (los paquetes en juego tienen: { $known })
ruling-bad-choice = la regla `{ $id }` no tiene la opción `{ $choice }` (sus opciones: { $choices })
ruling-variant-name = La variante del autor: a qué turnos se aplica
ruling-variant-text = Con --variant, la carta robada en estos turnos de puja debe ir a la mazmorra.
ruling-variant-source = Ambos reglamentos aplican la variante al primer turno de la fase de puja. Los textos españoles hablan de un solo turno; el francés también puede leerse como la primera vuelta a la mesa.
ruling-variant-first-turn = Solo el primer turno de cada ronda (los textos españoles).
ruling-variant-each-player = El primer turno de cada jugador en la ronda (el texto francés, leído como la primera vuelta a la mesa).

## sim
## `dungeon sim`.

sim-record-dir = No se puede crear la carpeta de los registros de partida { $path }: { $error }
sim-summary = { $games ->
        [one] { $games } partida
       *[other] { $games } partidas
    }, { $players } jugadores, paquetes { $packs }, bots { $bots }
sim-seat = asiento
sim-bot = bot
sim-wins = victorias
sim-win-pct = % victorias
sim-adventurer = aventurero
sim-runs = mazmorras
sim-successes = éxitos
sim-success-pct = % éxitos
sim-decided = decisivas
sim-decided-note = (decisivas: partidas ganadas en una ronda jugada con ese aventurero)
sim-errors = { $errors ->
        [one] { $errors } partida se ha detenido por un error
       *[other] { $errors } partidas se han detenido por un error
    }
sim-game-error = partida { $game } (semilla { $seed }): { $error }
sim-split = { $games ->
        [one] { $games } partida
       *[other] { $games } partidas
    } por cada número de jugadores
sim-seed = primera semilla { $seed }
sim-damage-end-total = daño sumado al final de cada incursión
sim-damage-running = daño contado carta a carta
sim-specials = { $specials ->
        [one] { $specials } monstruo especial
       *[other] { $specials } monstruos especiales
    } en el mazo
sim-variant = variante del autor
sim-rulings = reglas { $rulings }
sim-first-random = primer aventurero al azar
sim-first-named = primer aventurero: { $adventurer }
sim-intervals = Cada porcentaje lleva su intervalo de Wilson al 95%. Los bots cambian de asiento en cada partida, así que todos ocupan cada sitio.
sim-title-bots = Victorias por bot
sim-title-player-counts = Victorias por bot según el número de jugadores
sim-title-seats = Victorias por asiento en la mesa
sim-title-turn-order = Victorias según el orden de juego (0: quien empieza la partida)
sim-title-adventurers = Aventureros
sim-title-equipment = Equipo descartado durante la puja
sim-title-killers = Monstruos que acabaron con incursiones fallidas
sim-players = jugadores
sim-games = partidas
sim-interval = IC 95%
sim-turn = orden
sim-runner-won-pct = % ganador
sim-runner-won-note = (% ganador: parte de las incursiones hechas por quien acabó ganando la partida)
sim-equipment = equipo
sim-rounds = rondas
sim-set-aside = descartes
sim-set-aside-pct = % descartes
sim-share-pct = % del total
sim-equipment-note = (% descartes: de las rondas jugadas con ese aventurero; % del total: de todas las losetas descartadas)
sim-monster = monstruo
sim-kills = muertes
sim-kill-pct = % de fracasos
sim-no-monster = (ningún monstruo)
sim-killers-note = ({ $failed ->
        [one] { $failed } incursión fallida, atribuida al monstruo presente cuando los PV cayeron a 0 sin remedio
       *[other] { $failed } incursiones fallidas, cada una atribuida al monstruo presente cuando los PV cayeron a 0 sin remedio
    })
sim-never-killed = No acabaron con ninguna incursión: { $monsters }
sim-no-winner = { $games ->
        [one] { $games } partida terminó sin ganador
       *[other] { $games } partidas terminaron sin ganador
    }
sim-progress = partidas
sim-done = { $games ->
        [one] { $games } partida
       *[other] { $games } partidas
    } en { $seconds } s (hilos: { $threads })
sim-bad-games = -n debe ser al menos 1
sim-too-many-games = -n { $games }: demasiadas partidas
sim-bad-threads = { $flag } debe ir de 1 a { $most }
sim-bad-shard = --shard { $shard }: se esperaba K/N, la porción K (desde 0) de N, donde K puede ser el nombre de una variable de entorno que la contenga (JOB_COMPLETION_INDEX/8)
sim-shard-none = --shard { $shard }/0: un estudio se divide en una porción como mínimo (N desde 1)
sim-shard-range = --shard { $shard }/{ $shards }: la porción debe ir de 0 a { $shards } menos 1
sim-shard-env-missing = --shard: la variable de entorno { $var } no está definida
sim-shard-env-bad = --shard: la variable de entorno { $var } contiene `{ $value }`, que no es un número de porción
sim-progress-rate = { $rate } por segundo
sim-progress-shard = porción { $shard }/{ $shards }
sim-progress-line = { $done }/{ $total } partidas, { $rate } por segundo, quedan unos { $left }
sim-part-unreadable = { $path }: no es un archivo de parte de `dungeon sim --shard`: { $error }
sim-part-format = { $path }: un archivo de parte en el formato { $format }, pero este dungeon lee el formato { $expected }
sim-part-damaged = { $path }: el archivo de parte está dañado o fue modificado: { $problem }
sim-damaged-id = nombra un bot, una carta o una mesa que no están en su estudio
sim-damaged-errors = menciona una partida fallida fuera de su porción
sim-damaged-games = sus cuentas no cuadran con las partidas de su porción
sim-part-other-study = { $path } y { $first } son partes de estudios distintos: { $difference }
sim-differ-rules = las reglas del motor son distintas
sim-differ-packs = los paquetes son distintos
sim-differ-seed = las semillas son distintas
sim-differ-games = el número de jugadores o de partidas es distinto
sim-differ-bots = los bots son distintos
sim-differ-options = las opciones de juego son distintas
sim-part-other-split = { $path } es una porción de { $shards }, pero { $first } es una porción de { $first_shards }: todas las partes de un estudio deben venir del mismo reparto --shard K/N
sim-part-twice = { $path } y { $other } son ambos la porción { $shard }/{ $shards }
sim-part-game = un archivo de parte de un juego que este programa no tiene: { $game }
sim-part-missing = { $count ->
        [one] falta una porción
       *[other] faltan { $count } porciones
    } (de { $shards }): { $missing }
sim-too-many-bots = --bots da { $bots ->
        [one] { $bots } bot
       *[other] { $bots } bots
    }, pero ninguna partida aquí tiene más de { $players ->
        [one] { $players } asiento
       *[other] { $players } asientos
    }
sim-plot-write = no se puede escribir el gráfico en { $path }: { $error }
sim-timed = aviso: { $bot } piensa un tiempo fijo por jugada, así que los resultados cambian de una ejecución a otra
sim-plot-title = Bienvenido a la mazmorra: partidas entre bots
sim-plot-legend = Punto: el porcentaje. Barra: su intervalo de Wilson al 95%. Línea discontinua: 50%. Marca gris: el reparto parejo, 1/N con N jugadores. Marca roja: un objetivo.
sim-plot-count = { $players } jugadores, { $bot }
sim-plot-seat = { $players } jugadores, asiento { $seat }
sim-plot-turn = { $players } jugadores, orden { $turn }
sim-plot-adventurers = Aventureros: incursiones con éxito
sim-title-sanity = ¿Parece esto una partida de verdad?
sim-sanity-measure = medida
sim-sanity-value = valor
sim-sanity-goal = objetivo
sim-sanity-verdict = veredicto
sim-sanity-all = todos
sim-sanity-first-player = victorias de quien empieza
sim-sanity-set-aside = losetas descartadas por ronda
sim-sanity-runs-succeed = incursiones con éxito
sim-sanity-runs-fail = incursiones fallidas
sim-sanity-most-chosen = aventurero más elegido
sim-sanity-at-most = ≤ { $goal }
sim-sanity-at-least = ≥ { $goal }
sim-sanity-in-range = dentro
sim-sanity-may-be-out = quizá fuera
sim-sanity-out = FUERA DE RANGO
sim-sanity-note = (Una ronda es una incursión en la mazmorra. Un valor que no cumple su objetivo queda fuera de rango, o «quizá fuera» mientras su intervalo al 95% aún lo alcance. Las filas de todos los números de jugadores juntos no se juzgan.)
sim-sanity-no-warning = Todas las medidas cumplen su objetivo.
sim-sanity-warn-out = Aviso: { $what }.
sim-sanity-warn-may-be-out = Aviso, quizá solo sea ruido: { $what }; el intervalo aún alcanza el objetivo, así que más partidas lo aclararían.
sim-sanity-first-player-warning = con { $players } jugadores, quien empieza gana el { $value } de las partidas (IC 95% { $interval }), cuando el objetivo es como mucho el { $goal }
sim-sanity-set-aside-warning = con { $players } jugadores, quienes pujan descartan de media { $value ->
        [one] { $value } loseta
       *[other] { $value } losetas
    } por ronda (IC 95% { $interval }), cuando el objetivo es al menos { $goal }
sim-sanity-runs-succeed-warning = con { $players } jugadores, el { $value } de las incursiones tiene éxito (IC 95% { $interval }), cuando el objetivo es al menos el { $goal }
sim-sanity-runs-fail-warning = con { $players } jugadores, el { $value } de las incursiones fracasa (IC 95% { $interval }), cuando el objetivo es al menos el { $goal }
sim-plot-sanity-row = { $players } jugadores: { $measure }
sim-plot-sanity-all = todos: { $measure }
sim-plot-sanity-most-chosen = el más elegido: { $adventurer }
sim-plot-sanity-mean = { $value } por ronda de media ({ $interval }) n={ $rounds }, objetivo { $goal }

## error
## Errores de `dungeon play`.

error-players = --players debe estar entre 2 y 4, no { $players }
error-humans = --humans { $humans } es mayor que --players { $players }
error-setup = La partida no puede empezar con estas opciones: { $error }
error-names-count = --names da { $given ->
        [one] { $given } nombre
       *[other] { $given } nombres
    }, pero { $humans ->
        [one] juega { $humans } persona
       *[other] juegan { $humans } personas
    } (--humans)
error-names-empty = --names: el nombre { $number } está vacío
error-names-control = --names: el nombre { $number } contiene un carácter de control o uno que no se ve (un escape, un tabulador, un salto de línea, un espacio de anchura cero...)
error-names-long = --names: `{ $name }` tiene más de { $max } caracteres
error-names-twice = --names: `{ $name }` aparece dos veces (los nombres deben ser distintos, con mayúsculas o sin ellas)
error-names-taken = --names: `{ $name }` ya es el nombre de otro asiento
error-unknown-bot = bot desconocido: `{ $bot }` (los niveles: easy, normal, hard, hard:ITERACIONES (de 1 a 100000), hard:MILISms (de 1 a 60000); también valen sus nombres antiguos random, rules, ismcts)
error-unknown-pack = paquete desconocido: `{ $pack }` (paquetes conocidos: { $known })
error-unknown-adventurer = aventurero desconocido `{ $id }` (existen: { $known })
error-packs = No se pueden usar los paquetes (lo que sigue es para quien los creó, en inglés):
error-unknown-lang = idioma desconocido: `{ $lang }` (usa en, es o fr)
error-io-not-found = no existe ese archivo o carpeta
error-io-permission = permiso denegado
error-io-exists = ya existe
error-io-directory = es una carpeta, no un archivo
error-io-not-directory = una parte de la ruta no es una carpeta
error-io-full = el disco está lleno
error-io-read-only = el disco es de solo lectura
error-io-file = { $path }: { $error }
error-damaged = { $path }: la partida guardada está dañada: { $error }
error-not-a-save = { $path }: no es una partida guardada: { $error }
error-save-format = { $path }: guardada en el formato { $format }, esta versión lee el formato { $expected }
error-save-seats = { $path }: { $seats ->
        [one] { $seats } asiento
       *[other] { $seats } asientos
    } para { $players ->
        [one] { $players } jugador
       *[other] { $players } jugadores
    }

## record
## Registros y partidas guardadas: por qué se rechaza un archivo.

record-not-a-file = { $path }: no es un archivo normal
record-too-big = { $path }: el archivo ocupa { $bytes ->
        [one] { $bytes } byte
       *[other] { $bytes } bytes
    }, más de lo que puede ocupar un archivo de partida ({ $max })
record-not-a-record = { $path }: no es un registro de partida: { $error }
record-damaged = { $path }: el registro de la partida está dañado: { $error }
record-old-format = { $path }: guardada por una versión anterior de dungeon (formato 1), que no conservaba las decisiones de la partida; no se puede retomar, empieza una partida nueva
record-rules-version = { $path }: se jugó con la versión { $record } de las reglas, pero este dungeon juega con la versión { $engine }: la partida no se desarrollaría igual
record-prelude = { $path }: se hizo con otra versión de la biblioteca de ayuda de los guiones de las cartas (el preludio): la partida no se desarrollaría igual
record-packs = { $path }: se hizo con otros paquetes: { $changes }
record-pack-missing = el paquete `{ $pack }` no está disponible aquí (añádelo con --pack)
record-pack-extra = el paquete `{ $pack }` está en juego aquí pero no estaba en la partida
record-pack-version = el paquete `{ $pack }` está aquí en la versión { $here }, y la partida se jugó con la versión { $record }
record-pack-files = el paquete `{ $pack }` tiene otros archivos: { $files }
record-file-changed = { $file } ha cambiado
record-file-missing = falta { $file }
record-file-new = se ha añadido { $file }
record-pack-order = los paquetes se cargan en otro orden ({ $here } aquí, { $record } en la partida)
record-packs-unusable = 
    { $path }: sus paquetes no se pueden jugar juntos aquí:
    { $error }
record-long-name = { $path }: el nombre del asiento { $seat } ocupa más de { $max ->
        [one] { $max } byte
       *[other] { $max } bytes
    }
record-unknown-bot = { $path }: el asiento { $seat } es un bot desconocido, `{ $bot }`
record-too-many = { $path }: { $count ->
        [one] { $count } decisión
       *[other] { $count } decisiones
    }, más de las que puede contener un archivo de partida ({ $max })
record-bots = el estado guardado de los bots no es válido ({ $error })
record-not-a-save = { $path }: es un registro de partida, no una partida guardada: no contiene el estado de los bots. Para verla: dungeon replay { $path }
record-setup = { $path }: la partida no puede empezar con sus opciones: { $error }
record-wrong-seat = la decisión { $number } figura como del asiento { $recorded }, pero le tocaba al asiento { $expected }
record-after-end = la decisión { $number } ({ $action }) llega después del final de la partida
record-illegal = la decisión { $number }, `{ $action }`, no era válida en ese momento (válidas: { $legal })
record-failed = la decisión { $number } no se ha podido volver a jugar: ha fallado el guion de una carta
record-state-differs = la partida guardada no es aquella a la que llevan sus decisiones (difiere en { $at })

## replay
## `dungeon replay`.

replay-title = Registro de partida: { $path }
replay-seed = Semilla: { $seed }
replay-seats = Asientos: { $seats }
replay-as-seat = Tal como lo vio { $name }.
replay-bad-seat = --seat { $seat }: la partida tiene los asientos 1 a { $players }
replay-bad-to = --to { $to }: el registro tiene { $count ->
        [one] { $count } decisión
       *[other] { $count } decisiones
    }
replay-decision = [{ $number }] { $name }: { $action }
replay-draw = robar
replay-pass = pasar
replay-add = a la mazmorra
replay-aside = apartar, quitándole al aventurero: { $tile }
replay-adventurer = elegir aventurero: { $adventurer }
replay-answer = responder: { $answer }
replay-table = La mesa después de la decisión { $number }:
replay-added = { "  " }{ $name } ha metido en esta ronda: { $cards }
replay-set-aside = { "  " }{ $name } ha apartado: { $cards }
replay-holds = { "  " }{ $name } tiene en la mano: { $cards }
replay-dungeon = { "  " }En la mazmorra, de la próxima carta a la última: { $cards }
replay-end = Fin de la partida: { $count ->
        [one] { $count } decisión
       *[other] { $count } decisiones
    }.
replay-unfinished = El registro termina aquí, tras { $count ->
        [one] { $count } decisión
       *[other] { $count } decisiones
    }; la partida no había terminado.

## odds
## `dungeon odds` y la tecla de probabilidades de `dungeon play`.

odds-runner = { $adventurer } con { $hp } PV. Equipo: { $tiles }
odds-dungeon = Cartas en la mazmorra: { $size }. Sabes que dentro hay: { $known }. Desconocidas: { $unknown }.
odds-option = { "  " }{ $answer }: { $percent }
odds-pool = { $count ->
        [one] Sale de la única carta que no has visto: { $cards }
       *[other] Salen de las { $count } cartas que no has visto: { $cards }
    }
odds-unknown-specials = { $count ->
        [one] Entre ellas, { $count } monstruo especial de tipo desconocido, uno de estos: { $cards }
       *[other] Entre ellas, { $count } monstruos especiales de tipo desconocido, cada uno de estos: { $cards }
    }
odds-working = Calculando las probabilidades exactas… { $seconds } s
odds-survival = Probabilidad de sobrevivir: { $percent }
odds-survival-fraction = Probabilidad de sobrevivir: { $percent } ({ $fraction })
odds-question = { $question }. Según la respuesta:
odds-states = Cálculo exacto; { $states ->
        [one] { $states } situación examinada
       *[other] { $states } situaciones examinadas
    }.
odds-sampled-random = Estimación con { $samples } mazmorras de muestra: el script de una carta saca números al azar, que un cálculo exacto no puede ponderar.
odds-sampled-work = Estimación con { $samples } mazmorras de muestra: los scripts de las cartas pidieron más trabajo del que un cálculo exacto puede gastar ({ $steps } pasos en total, 100.000 por llamada).
odds-too-heavy = Los scripts de las cartas piden demasiado trabajo para estas probabilidades: no se pudo jugar ninguna mazmorra de muestra con { $steps } pasos en total y 100.000 por llamada a un hook (`dungeon check` muestra lo que cuesta cada hook).
odds-cannot-read = { $path }: no se puede leer el archivo: { $error }
odds-file-too-big = más de { $max } bytes: un archivo de situación tiene unas pocas líneas
odds-file-not-text = no es texto UTF-8
odds-no-adventurer = falta el aventurero: usa --adventurer ID (o `adventurer` en el archivo)
odds-no-dungeon = falta el tamaño de la mazmorra: usa --dungeon N (o `dungeon` en el archivo)
odds-unknown-adventurer = aventurero desconocido `{ $id }` (conocidos: { $known }).
odds-unknown-tile = pieza de equipo desconocida `{ $id }` (conocidas: { $known }).
odds-unknown-monster = monstruo desconocido `{ $id }` (conocidos: { $known }).
odds-did-you-mean = ¿Querías decir { $ids }?
odds-too-big = una mazmorra de { $size ->
        [one] { $size } carta
       *[other] { $size } cartas
    } es demasiado grande: caben como mucho { $max }
odds-too-many-known = { $known ->
        [one] { $known } monstruo conocido no cabe
       *[other] { $known } monstruos conocidos no caben
    } en una mazmorra de { $size ->
        [one] { $size } carta
       *[other] { $size } cartas
    }
odds-successes = el aventurero lleva { $count ->
        [one] { $count } éxito
       *[other] { $count } éxitos
    }: con 2 el jugador ya ha ganado (indica 0 o 1)
odds-failures = el aventurero lleva { $count ->
        [one] { $count } fracaso
       *[other] { $count } fracasos
    }: con 2 el jugador queda fuera (indica 0 o 1)
odds-seen-and-unseen = indica las cartas vistas o todas las no vistas, no ambas cosas
odds-specials = se { $named ->
        [one] nombra { $named } monstruo especial
       *[other] nombran { $named } monstruos especiales
    }, pero estos paquetes solo ponen { $in_play } en juego (usa --unknown-specials para decir cuántos se desconocen)
odds-candidates = { $count ->
        [one] { $count } monstruo especial
       *[other] { $count } monstruos especiales
    } de tipo desconocido, pero solo { $candidates ->
        [one] { $candidates } tipo posible
       *[other] { $candidates } tipos posibles
    }
odds-pool-too-small = la mazmorra necesita { $needed ->
        [one] { $needed } carta desconocida
       *[other] { $needed } cartas desconocidas
    }, pero solo { $pool ->
        [one] queda { $pool } carta sin ver
       *[other] quedan { $pool } cartas sin ver
    }
odds-deck-too-big = un mazo de { $deck ->
        [one] { $deck } carta
       *[other] { $deck } cartas
    } no cabe: con la mazmorra llena { $left ->
        [one] queda { $left } carta sin ver
       *[other] quedan { $left } cartas sin ver
    }
odds-too-many-copies = `{ $id }` aparece { $count ->
        [one] una vez
       *[other] { $count } veces
    } entre las conocidas o vistas, pero el juego tiene { $copies }
odds-too-many-unseen = `{ $id }` aparece { $count ->
        [one] una vez
       *[other] { $count } veces
    } entre las cartas conocidas y las no vistas, pero el juego tiene { $copies }
odds-too-many-cards = { $count ->
        [one] { $count } carta
       *[other] { $count } cartas
    } en total (conocidas, no vistas y monstruos especiales desconocidos): una partida tiene como mucho { $max }
odds-tile-twice = `{ $id }` aparece dos veces entre las piezas de equipo: un aventurero tiene una de cada
odds-not-special = `{ $id }` no es un monstruo especial (especiales aquí: { $known })
odds-damage-model = modelo de daño desconocido `{ $model }` (usa end_total o running)
odds-choose = Elige (1-{ $max }), o para ver tus probabilidades, s para guardar, q para salir:{ " " }
odds-bad-input = Escribe un número del 1 al { $max } (o bien o para ver tus probabilidades, s para guardar, q para salir, ? para la ayuda).
odds-now = Tu probabilidad de sobrevivir a la mazmorra tal como está: { $percent }
odds-with-card = Si metes { $monster }: { $percent }
odds-answers = Tu probabilidad de sobrevivir según la respuesta:
odds-estimate = (estimación con mazmorras al azar: hay demasiados casos para contarlos todos)
odds-unavailable = Las probabilidades son de tu propia incursión: pídelas durante la puja o ante una pregunta en tu mazmorra.
odds-failed = No se han podido calcular las probabilidades: { $error }
odds-thinking = Calculando tus probabilidades...

## check

check-header = == { $pack } ({ $path })
check-loaded-as = cargado como: { $sets }
check-scenario-failed = { $path }: error: el escenario falla
check-scenario-error = { $path }: error: el escenario no se pudo ejecutar: { $message }
check-expensive-hook = carta `{ $card }`: el hook `{ $hook }` llegó a { $most } pasos en una llamada: la búsqueda de probabilidades y los bots ejecutan los hooks miles de veces y cortan una llamada que pase de 100.000 pasos, así que juegan esta carta a ciegas
check-costs = Lo que costaron los hooks en { $games } partidas de bots al azar (pasos de Luau por llamada; una llamada puede dar 2.000.000):
check-cost-line = { $card } { $hook }: { $calls ->
        [one] { $calls } llamada
       *[other] { $calls } llamadas
    }, { $mean } de media, { $most } como máximo
check-skipped = escenarios sin ejecutar: corrige primero los errores de arriba
check-hidden-text = texto con caracteres de control o que no se ven (`{ $text }`; { $code } es { $what }): un terminal los ejecutaría o los ocultaría; los jugadores los ven escapados
check-hidden-control = un carácter de control
check-hidden-format = un carácter de formato (no se ve, o reordena el texto)
check-hidden-separator = un separador de línea o de párrafo
check-hidden-private = un carácter de uso privado (su aspecto depende de la fuente)
check-hidden-unassigned = un código que no es carácter de ninguna escritura
check-hidden-invisible = un carácter que no se ve
check-hidden-lone-mark = un signo combinable sin letra delante
check-summary = { $errors ->
        [one] { $errors } error
       *[other] { $errors } errores
    }, { $warnings ->
        [one] { $warnings } aviso
       *[other] { $warnings } avisos
    }; escenarios: { $passed } superados, { $failed } fallidos

## soak
## `dungeon soak`.

soak-bad-games = --games debe ser al menos 1
soak-no-mix = no se puede jugar ninguno de estos paquetes: no hay combinación que probar
soak-start = soak: { $games ->
        [one] { $games } partida
       *[other] { $games } partidas
    } con { $mixes ->
        [one] { $mixes } combinación de paquetes
       *[other] { $mixes } combinaciones de paquetes
    } ({ $list }), { $players } jugadores, primera semilla { $seed }, { $threads ->
        [one] { $threads } hilo
       *[other] { $threads } hilos
    }
soak-progress = soak: { $done }/{ $games } partidas, { $rate } partidas/s, { $failed } fallidas
soak-done = soak: { $games ->
        [one] { $games } partida
       *[other] { $games } partidas
    } en { $seconds } s ({ $rate } partidas/s), { $decisions ->
        [one] { $decisions } decisión auditada
       *[other] { $decisions } decisiones auditadas
    }, { $failed } fallidas
soak-failure = FALLO en la partida { $game }: paquetes { $packs }, { $players } jugadores, semilla { $seed }, { $options }, bots { $bots }
soak-problem = { "  " }tras la decisión { $decision }: { $message }
soak-replay = { "  " }para repetirla: { $command }
soak-game-passed = partida { $game }: supera la auditoría ({ $decisions ->
        [one] { $decisions } decisión
       *[other] { $decisions } decisiones
    })

## tui (`dungeon play`'s full-screen table, cli/src/tui)

tui-table-title = La mesa
tui-corner-title = Tu rincón
tui-corner-of = Rincón de { $name }
tui-log-title = Registro
tui-log-title-scrolled = Registro ({ $rows ->
        [one] { $rows } línea más reciente
       *[other] { $rows } líneas más recientes
    } abajo: AvPág)
tui-round = Ronda { $round }
tui-hp = { $hp } PV
tui-hp-run = { $hp }/{ $start } PV
tui-tiles = Equipo: { $tiles }
tui-piles = Mazmorra { $dungeon } · Mazo { $deck }
tui-game-over = La partida ha terminado.
tui-between-rounds = La ronda { $round } va a empezar: se está eligiendo al aventurero.
# A player's name before their score in the table panel.
tui-name = { $name }:
tui-successes = éxitos: { $count }
tui-failures = fracasos: { $count }
tui-eliminated = eliminado
tui-running = en la mazmorra
tui-passed = se retiró
    .you = te retiraste
tui-took = quitó: { $tiles }
    .you = quitaste: { $tiles }
tui-place-add = Meterlo en la mazmorra
tui-place-aside = Apartarlo, quitando { $tile }
tui-hold = Tienes en la mano:
tui-added = Has metido:
tui-aside = Has apartado:
tui-aside-card = { $card } con { $tile }
tui-corner-empty = Esta ronda no tienes nada en juego.
tui-monster = { $name } ({ $strength })
tui-monster-species = { $name } ({ $strength }, { $species })
tui-no-strength = sin fuerza
tui-revealing = Se descubre la mazmorra... (cualquier tecla la muestra entera)
tui-waiting = Esperando a { $name }...
tui-watching = Estás observando.
tui-bad-key = Escribe un número del 1 al { $max }; ? para la ayuda.
tui-key-choose = elegir
tui-key-help = ayuda
tui-key-log = registro
tui-key-quit = salir
tui-pass-title = Pasa la pantalla
tui-pass-to = Pasa la pantalla a { $name }.
tui-pass-ready = { $name }: pulsa { $key } cuando nadie más esté mirando.
tui-pass-wait = Un momento: la tecla que hay que pulsar aparece cuando nadie esté tecleando.
tui-recap-title = Desde tu último turno
tui-continue = Intro: seguir
tui-quit-title = ¿Salir de la partida?
tui-quit-watching-title = ¿Dejar de observar?
tui-quit-saved = ¿Salir de la partida? Se guarda tras cada jugada: `dungeon play --resume { $id }` la continúa.
tui-quit-unsaved = ¿Salir de la partida? No se guarda sola: responde n y pulsa s para guardarla antes.
tui-key-odds = probabilidades
tui-key-save = guardar
tui-key-odds-long = tus probabilidades de salir con vida de tu propia mazmorra (durante las pujas, o ante una pregunta en tu incursión)
tui-key-save-long = guardar la partida en el archivo del que vino (pregunta antes de reemplazar otra partida)
tui-replace-title = ¿Reemplazar otra partida?
tui-replace-ask = { $path } contiene otra partida (o algo que no es esta partida). ¿Reemplazarla por esta?
tui-replace-keys = s: reemplazarla · n o Esc: no guardar
tui-stopped-keys = s: guardar · Intro: salir
tui-failed = El terminal dejó de funcionar: { $error }
tui-quit-keys = s: salir · n o Esc: volver a la partida
tui-too-small = Agranda la ventana: al menos { $width }×{ $height }.
tui-more-above = ↑ { $rows ->
        [one] { $rows } línea más arriba
       *[other] { $rows } líneas más arriba
    } (RePág)
tui-more-below = ↓ { $rows ->
        [one] { $rows } línea más abajo
       *[other] { $rows } líneas más abajo
    } (AvPág)
tui-end-title = La partida ha terminado
tui-leave = Intro: salir · Esc o RePág: leer el registro
tui-key-leave = salir
tui-key-standings = la clasificación
tui-stopped-title = La partida no puede continuar
tui-help-title = Ayuda
tui-help-close = ↑ ↓ RePág AvPág: desplazar · Esc o ?: volver a la partida
tui-help-rules-title = Las reglas en breve
tui-help-rules-1 = En cada ronda, todos pujan por un mismo aventurero y su equipo. En tu turno, robas un monstruo o te retiras. El monstruo robado es secreto: lo metes boca abajo en la mazmorra, o lo apartas y con él le quitas al aventurero una pieza de equipo.
tui-help-rules-2 = Quien se retira ya no puja en esa ronda. Cuando solo queda un jugador pujando, ese jugador entra en la mazmorra con el equipo que quede y se enfrenta a todos los monstruos metidos, empezando por el último.
tui-help-rules-3 = El equipo suma PV o derrota directamente a ciertos monstruos. Cualquier otro monstruo le quita al aventurero tantos PV como su fuerza.
tui-help-rules-4 = Si sales con vida, ganas un éxito; si mueres, sufres un fracaso. Con dos éxitos ganas la partida, con dos fracasos quedas eliminado, y el último jugador que siga en juego también gana.
tui-help-end-total = Con estos paquetes el daño se cuenta al final: se descubren todas las cartas y la incursión fracasa si el daño alcanza los PV.
tui-help-running = Con estos paquetes el daño se cuenta carta a carta: la incursión acaba en cuanto los PV llegan a 0, salvo que algo devuelva la vida al aventurero.
tui-help-keys-title = Teclas
tui-key-choose-long = elegir una opción por su número (a partir de 10: dos cifras e Intro)
tui-key-help-long = esta ayuda
tui-key-log-long = desplazar el registro de la partida
tui-key-ends-long = las líneas más antiguas o más recientes del registro
tui-key-quit-long = salir de la partida (pregunta antes)
tui-key-quit-watching-long = dejar de observar (pregunta antes)
tui-key-interrupt-long = salir en el acto
tui-any-key = cualquier tecla
tui-key-skip-long = mientras se descubre la mazmorra: mostrarla entera de golpe
tui-help-adventurers = Aventureros y su equipo
tui-hp-bonus = { $hp } PV
tui-once = (de un solo uso)
tui-help-monsters = Monstruos
tui-help-specials = Monstruos especiales ({ $count ->
        [one] uno de ellos se baraja
       *[other] { $count } de ellos se barajan
    } con el mazo)

## Juego en red: notas junto al registro de una mesa remota, `dungeon host` y `dungeon join`
note-started = La partida ha empezado.
note-timed-out = { $name } no respondió a tiempo: un bot respondió por esa plaza.
note-joined = { $name } ocupó su plaza.
note-left = { $name } dejó la mesa; su plaza le espera.
note-rematch = { $name } ha abierto la siguiente partida en una mesa nueva: { $code }
note-reconnecting = Se perdió la conexión con el servidor. Intentando recuperarla...
note-reconnected = Conexión recuperada: de vuelta en la mesa.
note-gave-up = No se pudo recuperar la conexión con el servidor.
note-seat-taken = Tu plaza se ha tomado desde otra ventana u otro equipo con su clave; esta se detiene aquí.
net-header = Jugando en { $url }. El servidor guarda la partida: `dungeon join { $url }` te devuelve tu plaza.
net-header-watching = Observando la mesa en { $url }. `dungeon join { $url } --watch` te la vuelve a mostrar.
net-left = Has dejado la mesa; el servidor guarda la partida. `dungeon join { $url }` te devuelve tu plaza.
net-left-watching = Has dejado de observar. `dungeon join { $url } --watch` te vuelve a mostrar la mesa.
net-no-save = El servidor guarda esta partida: aquí no hay nada que guardar.
net-retaking = Recuperando tu plaza ({ $seat })...
net-rejoin-refused = La plaza guardada para ti en esta mesa fue rechazada ({ $message }); entrando como jugador nuevo.
net-seated = Tienes la plaza { $seat } en la mesa { $code }.
net-watching = Observando la mesa { $code }: ves lo que ve cualquier jugador, y las cartas de nadie.
net-no-key = No hay carpeta de datos donde guardar la clave de tu plaza: si la conexión se corta mucho tiempo, no podrás recuperar esta plaza.
net-key-failed = No se pudo guardar la clave de tu plaza ({ $error }): si la conexión se corta mucho tiempo, no podrás recuperar esta plaza.
net-waiting-start = Esperando a que { $creator } empiece la partida ({ $taken } de { $humans } plazas para personas ocupadas).
net-waiting-watch = Esperando a que { $creator } empiece la partida ({ $taken } de { $humans } plazas para personas ocupadas). La verás desde aquí.
net-at-table = En la mesa: { $names }.
net-you = { $name } (tú)
net-waiting-players = Esperando jugadores: { $taken } de { $humans } plazas para personas ocupadas.
net-server-said = El servidor dijo: { $message }
net-lost-lobby = Se perdió la conexión con el servidor antes de empezar la partida.
net-invite = La mesa { $code } está abierta. Los demás jugadores entran con:
net-invite-browser = o, en un navegador, sin instalar nada:
net-one-own-pack = Una mesa admite un solo paquete propio (--pack) a la vez.
net-own-pack-outside = Tu paquete no se puede llevar al servidor: su script { $path } está fuera de su carpeta (indica con --pack-root la carpeta que los contiene todos).
net-press-start = Todas las plazas están ocupadas. Pulsa Intro para empezar la partida.
net-start-refused = La partida no pudo empezar: { $message }
net-bad-timeout = No es un tiempo por turno válido: { $given }. Indica segundos o minutos, de 1 segundo a un día: 60s, 2m, 90.
net-bad-address = Esta dirección no se puede usar: { $address }. { $why }
net-address-encrypted = Las conexiones cifradas (wss://, https://) no están disponibles: conecta con el servidor mediante ws://.
net-address-scheme = Las direcciones empiezan por ws://.
net-address-host = No indica ningún servidor.
net-address-code = No indica ninguna mesa: una invitación tiene la forma ws://HOST:PUERTO/t/CÓDIGO.
net-address-shape = Un servidor tiene la forma ws://HOST:PUERTO, una invitación ws://HOST:PUERTO/t/CÓDIGO.
net-unreachable = No se pudo contactar con el servidor en { $server } ({ $error }). ¿Está funcionando `dungeon serve` allí?
net-timeout = El servidor en { $server } no respondió a tiempo.
net-closed = El servidor en { $server } cerró la conexión.
net-version = Este programa habla la versión { $ours } del protocolo del juego y el servidor no ({ $message }). Ambos lados necesitan la misma versión de dungeon.
net-unknown-table = No hay ninguna mesa { $code } en este servidor: puede que la partida haya terminado o que el código esté mal escrito.
net-table-full = La mesa { $code } está completa: todas las plazas para personas están ocupadas. Para observarla: `dungeon join { $url } --watch`.
net-already-started = La partida de la mesa { $code } empezó sin ti. Para observarla: `dungeon join { $url } --watch`.
net-too-many-tables = El servidor tiene todas las mesas que puede: inténtalo más tarde.
net-table-quota = Tienes en este servidor todas las mesas sin terminar que puede tener una dirección: termina una antes.
net-busy = El servidor en { $server } está saturado desde esta dirección: espera un momento y vuelve a intentarlo.
net-refused = El servidor lo rechazó: { $message } ({ $code }).
net-protocol = El servidor envió algo que este programa no entiende: { $error }
net-pack-differs = El paquete { $pack } no es igual aquí que en el servidor: ambos lados necesitan la misma copia (la misma versión y los mismos archivos).
net-thread = No se pudo preparar la conexión: { $error }
net-quit = ¿Dejar la mesa? El servidor guarda la partida: `dungeon join { $url }` te devuelve tu plaza.
net-quit-watching = ¿Dejar de observar esta mesa? `dungeon join { $url } --watch` te la vuelve a mostrar.
net-confirm-quit = ¿Dejar la mesa? El servidor guarda la partida; `dungeon join` con su invitación te devuelve tu plaza. (s/N){ " " }
serve-listening = servidor de dungeon escuchando en ws://{ $address }/ws
serve-browser = Abre una mesa en un navegador: http://{ $address }/
serve-restored = { $tables ->
        [one] se reanuda { $tables } mesa sin terminar
       *[other] se reanudan { $tables } mesas sin terminar
    }
serve-broken = { $tables ->
        [one] { $tables } mesa guardada no superó la comprobación y se ha apartado (véase el registro)
       *[other] { $tables } mesas guardadas no superaron la comprobación y se han apartado (véase el registro)
    }
serve-db-error = No se puede abrir la base de datos { $path }: { $error }
serve-db-readable = Otros usuarios pueden leer la base de datos { $path } (modo { $mode }): guarda las cartas ocultas de cada partida. Hazla privada y vuelve a empezar: { $fix }
serve-db-replaceable = Otros usuarios pueden reemplazar la base de datos en { $path } (modo { $mode }). Haz privada la carpeta y vuelve a empezar: { $fix }
serve-listen-error = No se puede servir en { $address }: { $error }

# dungeon sim ladder
ladder-playing = Jugando { $block }…
ladder-title = Niveles de bot, { $packs }: { $games } partidas por pareja y por mesa (primera semilla { $seed })
ladder-head-to-head = Cara a cara a 2 jugadores (con rotación de asientos): victorias del nivel más alto
ladder-in-range = dentro del objetivo
ladder-out-of-range = FUERA DEL OBJETIVO
ladder-goal = (Objetivo: el extremo inferior del intervalo del 95 % por encima del { $low } %, la tasa como mucho del { $high } %: un nivel que pierde más a menudo tiene un agujero en su juego.)
ladder-table = { $players } jugadores ({ $lineup }), { $games } partidas: victorias por asiento y partida
ladder-not-in-order = Aviso: los niveles no quedan en orden en esta mesa.
ladder-ratings = Puntuaciones Bradley-Terry de las partidas cara a cara (escala Elo, fácil en 1000)

## La mesa en el navegador (`dungeon serve`: la página en / y /t/CÓDIGO)
web-title = Bienvenido a la Mazmorra
web-lang = Idioma
web-new-table = Abrir una mesa
web-packs = Paquetes
web-players = Asientos en la mesa
web-rulings = Reglas dudosas (donde los reglamentos dejan elegir)
web-pack-bring = Tu propio paquete (opcional)
web-pack-help = Una carpeta con su manifiesto .toml y sus scripts de Lua: el servidor lo comprueba y todos en la mesa ven sus cartas en la ayuda.
web-variant = Jugar la variante del autor
web-variant-off = no
web-people = Asientos para personas (el tuyo incluido)
web-bots = Nivel de los bots
web-timeout = Tiempo por turno en segundos
web-no-timeout = 0 para ninguno
web-your-name = Tu nombre
web-create = Abrir la mesa
web-invite = Envía este enlace a las personas con quienes juegas:
web-copy = Copiar el enlace
web-copied = Copiado.
web-join = Sentarse
web-watch = Mirar
web-start = Empezar la partida
web-waiting-people = Esperando a que las personas ocupen sus asientos.
web-seat-free = libre
web-room-title = Los otros juegos
web-room-game = Juego
web-room-waiting = Esperando a { $name }.
web-room-timed-out = { $name } no respondió a tiempo: un bot respondió por esa plaza.
web-room-over = Fin de la partida. Gana: { $names }.
web-waiting-creator = Esperando a que quien abrió la mesa empiece la partida.
web-watching = Estás mirando esta mesa.
web-table = La mesa
web-log = Lo que ha pasado
web-question = Tu jugada
web-help = Ayuda
web-odds = Probabilidades
web-odds-survive = Probabilidad de sobrevivir a la mazmorra tal como está:
web-odds-with-card = Metiendo la carta que tienes:
web-odds-none = Ahora no hay probabilidades que calcular.
web-odds-estimate = (una estimación a partir de mazmorras de muestra)
web-cards = Las cartas en juego
web-close = Cerrar
web-keys = Teclas: 1 a 9 responden, o muestra tus probabilidades, ? la ayuda, Esc la cierra.
web-connecting = Conectando...
web-reconnecting = Se perdió la conexión. Reintentando...
web-refused = El servidor lo rechazó:
web-unknown-table = Ninguna mesa tiene este código. Pide un enlace nuevo.
web-rematch = Jugar otra vez en una mesa nueva
web-rematch-join = Unirse a la siguiente partida
web-replay = Recorre la partida paso a paso (← →, Inicio, Fin):
web-replay-start = Principio
web-replay-back = Atrás
web-replay-next = Siguiente
web-replay-end = Final
web-kind-adventurer = Aventureros
web-kind-tile = Equipo
web-kind-monster = Monstruos
web-copies = copias en el mazo:

## dungeon sim --game mazmorra
sim-game-title = { $game }: { $games } partidas de { $players } jugadores (primera semilla { $seed }; asientos rotados)
sim-game-bots = Victorias por bot (partidas, tasa, intervalo del 95 %)
sim-game-seats = Victorias por asiento, y de quien empezó
sim-game-starter = quien empezó
sim-game-stalled = partidas atascadas
sim-game-endings = Cómo acabaron las partidas
sim-game-length = { $length } { $unit } y { $decisions } decisiones por partida de media.
sim-game-warn-starter = quien empieza gana el { $value } de las partidas, frente a un objetivo de como mucho el { $goal }
sim-game-warn-stalled = el { $value } de las partidas acaba sin ganador ({ $endings }), frente a un objetivo de como mucho el { $goal }
game-bad-ruling = no es una regla ni variante de { $game }: { $ruling } ({ $help })
game-welcome = { $game }: { $players } jugadores. Semilla { $seed } (repítela con --seed { $seed }). Escribe ? para las reglas, q para salir.
game-leave = Has salido de la partida. Queda guardada en { $path }: sigue con `dungeon play --game { $game } --load { $path }`.
game-not-for = { $option } es una opción de Welcome to the Dungeon, no de { $game } (mira `dungeon play --help`; una partida así se retoma con --load ARCHIVO).
game-your-turn = { $name }, tu jugada:
game-bad-file = { $path } no es una partida guardada de { $game }.
game-other-rules = { $path } la guardó una versión en la que { $game } se juega de otro modo (su huella de reglas es { $kept }, la de esta { $ours }): sus jugadas darían otra partida, así que no se retoma. Reprodúcela con la versión que la guardó.

## dungeon play --game mazmorra (modo de líneas)
mz-welcome = Mazmorra: { $players } prisioneros escapan de sus celdas, desde un 10 hasta el 2 que es la salida. Semilla { $seed } (repite la partida con --seed { $seed }). Escribe ? para la ayuda, q para salir.
mz-help = Construye tu mazmorra desde tu celda: un 10, y luego cada carta una menos tras la última, o a su lado con el mismo valor (una bifurcación). Una carta del mismo valor que el último pasaje de un rival lo derrumba. Las sotas (Robatumbas, 11), reinas (Mirmidón, 12) y reyes (Trol, 13) atacan a un rival que ya salió de su celda: se vencen con pasajes que sumen su fuerza, una criatura igual de fuerte o un 2 solo contra el Trol; si no, te retiras y pierdes tu último pasaje. En tu celda, mueres. El Robatumbas puede tomar una carta de los descartes; el Mirmidón puede pedir una carta a un rival (que puede mentir). Un as roba dos cartas en cualquier momento. Acabas tu turno con 5 cartas como mucho. Gana quien juega el 2, o el último vivo.
mz-you = tú
mz-face-down = boca abajo
mz-joker = comodín
mz-cell = celda: { $cell }
mz-in-cell = en la celda
mz-dead = muerto
mz-cards = { $count ->
        [one] { $count } carta
       *[other] { $count } cartas
    }
mz-table-head = Turno { $turn } · mazo { $deck } · descartes { $discard } (arriba { $top })
mz-seat-line = { $name }: { $cell } · { $dungeon } · { $hand }
mz-your-hand = Tu mano: { $cards }
mz-none = ninguna
mz-prompt-opening = Pon una carta para decidir quién empieza (empieza la más alta).
mz-prompt-turn = Tu turno: juega una carta (una por turno, sin contar ases) o acaba tu turno.
mz-prompt-turn-played = Ya jugaste tu carta: un as, o acaba tu turno.
mz-prompt-discard = Descarta hasta quedarte con 5 cartas.
mz-prompt-rob = Toma una carta de los descartes.
mz-prompt-defend = { $attacker } te envía { $creature } (fuerza { $value }): véncelo o retírate.
mz-prompt-answer = { $fisher } te pide un { $rank }.
mz-prompt-doubt = { $target } dice que no tiene ningún { $rank }.
mz-prompt-aces = ¿Respondes con un as (robas dos)?
mz-prompt-counter = ¿Cancelas ese poder con la misma criatura?
mz-prompt-rescue = Derrumban tu comodín ({ $value }): ¿lo salvas descartando un { $value }?
game-choose = Elige (1-{ $count }), ? para la ayuda, q para salir:
game-bad-choice = Escribe un número del 1 al { $count }.
game-pass-to = Pasa la pantalla a { $name }: { $name } escribe { $letter } y pulsa Intro.
game-screen-log = Registro
game-screen-choices = Tu jugada, { $name }
game-screen-keys = ↑↓ elegir · Intro jugar · 1-9 saltar · RePág/AvPág registro · ? reglas · q salir
game-screen-wait = Juegan los demás…
game-screen-pass = Pasa la pantalla a { $name }. { $name }: pulsa { $letter }.
game-screen-over = La partida ha terminado. RePág/AvPág: el registro; otra tecla para cerrar.
game-screen-leave = ¿Salir? La partida se guarda tras cada jugada: q para salir, otra tecla para seguir.
game-screen-rules = Reglas (una tecla para cerrar)
mz-fish-whom = ¿A quién se la pides?
mz-fish-rank = ¿Qué rango? (A, 2-10, J, Q, K)
mz-act-open = Poner { $card }
mz-act-passage = { $card } en tu mazmorra tras tu { $after }
mz-act-passage-cell = { $card } saliendo de tu celda
mz-act-as = { $card } como un { $value }
mz-act-collapse = { $card } sobre el { $value } de { $target }: derrúmbalo
mz-act-attack = { $card } contra { $target }
mz-act-rob = { $card }: el Robatumbas toma una carta de los descartes
mz-act-take = Tomar { $card }
mz-act-fish = { $card }: el Mirmidón pide una carta a un rival
mz-act-ace = { $card }: robar dos cartas
mz-act-end = Acabar tu turno
mz-act-discard = Descartar { $card }
mz-act-defend = Vencerlo con { $cards }
mz-act-retreat = Retirarte: pierdes tu { $passage }
mz-act-die = No puedes vencer: mueres en tu celda
mz-act-give = Entregar { $card }
mz-act-deny = Decir que no tienes
mz-act-discard-hand = Descartar toda tu mano en su lugar
mz-act-believe = Creerle
mz-act-see = Exigir ver su mano
mz-act-pass = No
mz-act-nothing = No tomar nada
mz-act-counter = Cancelarlo con { $card }
mz-act-save = Salvarlo con { $card }
mz-act-lose = Dejarlo ir
mz-ev-dealt = Te reparten { $cards }.
mz-ev-opened = Cartas para empezar: { $cards }.
mz-ev-starts = Empieza { $name }.
mz-ev-turn = — Turno { $turn }: { $name } —
mz-ev-drew-you = Robas { $cards }.
mz-ev-drew = { $name } roba { $count ->
        [one] una carta
       *[other] { $count } cartas
    }.
mz-ev-reshuffled = Los descartes se barajan en un mazo nuevo ({ $count } cartas).
mz-ev-passage = { $name } juega { $card } en su mazmorra.
mz-ev-collapsed = { $name } derrumba el último pasaje de { $target } con { $card }.
mz-ev-attacked = { $name } envía { $card } contra { $target }.
mz-ev-defended = { $name } lo vence con { $cards }.
mz-ev-retreated = { $name } se retira y pierde { $card }.
mz-ev-died = { $name } muere en su celda.
mz-ev-robbing = { $name } juega { $card }: el Robatumbas busca en los descartes.
mz-ev-took = { $name } toma { $card } de los descartes.
mz-ev-fished = { $name } juega un Mirmidón y pide a { $target } un { $rank }.
mz-ev-gave = { $name } entrega { $card } a { $to }.
mz-ev-denied = { $name } dice que no tiene.
mz-ev-believed = { $name } le cree.
mz-ev-shown-you = { $name } te enseña su mano: { $cards }.
mz-ev-shown = { $name } enseña su mano a { $to }.
mz-ev-lied = ¡{ $name } mentía!
mz-ev-truthful = { $name } decía la verdad.
mz-ev-hand-discarded = { $name } descarta toda su mano: { $cards }.
mz-ev-ace = { $name } juega { $card }.
mz-ev-discarded = { $name } descarta { $card }.
mz-ev-countered = { $name } lo cancela con { $card }.
mz-ev-cancelled = El poder queda cancelado.
mz-ev-saved = { $name } conserva su comodín y descarta { $card }.
mz-ev-won = ¡{ $names } gana la partida!
mz-ev-stopped = Se llega al límite de turnos: nadie gana.

soak-game-failure = FALLA la partida { $game }: { $name }, { $players } jugadores, semilla { $seed }, { $options }: { $problem }
mz-prompt-escape = { $claimant } dice haber llegado a la salida: ¿le acusas de hacer trampas (se muestra su mazmorra)?
mz-act-accuse = Acusar a { $target } de hacer trampas (se muestra su mazmorra)
mz-ev-accused-cheat = { $name } acusa a { $target }, cuya mazmorra muestra { $cards }: ¡trampa! { $target } pierde toda su mazmorra.
mz-ev-accused-honest = { $name } acusa a { $target }, cuya mazmorra muestra { $cards }: no había trampa. { $name } pierde su propia mazmorra.
mz-ev-missed = { $name } juega { $card } a oscuras sobre el último pasaje de { $target }: no es ese valor y la carta se pierde.
mz-ev-escaping = { $name } juega el último pasaje de una salida: cualquiera puede llamarlo trampa.
game-player = Jugador { $n }
mz-deck-french = Baraja francesa
mz-deck-spanish40 = Baraja española de 40 cartas (deck=spanish40)
mz-deck-spanish48 = Baraja española de 48 cartas (deck=spanish48)
mz-deck-line = { $cards } cartas; una mazmorra va del { $top } al 2.
mz-kind-ace = as: se juega en cualquier momento y roba dos cartas
mz-kind-passage = pasaje { $value }
mz-kind-way-out = pasaje 2: la salida (y, solo, vence al Trol)
mz-kind-robber = Robatumbas, valor de combate { $value }: o toma una carta de los descartes
mz-kind-myrmidon = Mirmidón, valor de combate { $value }: o pide una carta a un rival
mz-kind-troll = Trol, valor de combate { $value }
mz-kind-joker = comodines: las celdas de los prisioneros (con random_cells=yes, cartas comodín)
mz-variants = Variantes (--ruling): random_cells=yes, suicidal_queen=yes, counter_attack=robber|myrmidon|both, darkness=almost_black|pitch_black, deck=spanish40|spanish48, decks=N, max_turns=N. Las reglas dudosas y su confianza: docs/mazmorra.md.
net-room-waiting = Esperando a { $name }.
net-room-over = Fin de la partida. Gana: { $names }.
net-room-next = La siguiente partida está abierta: dungeon join { $url }
net-room-again = Escribe r para jugar otra vez en una mesa como esta (con un nuevo reparto), o q para salir.
