### Messages de la ligne de commande `dungeon`, en français (Project Fluent).
### Les variables s'écrivent { $nom } ; les nombres arrivent comme nombres, un message
### peut donc choisir son pluriel. L'attribut `.you` est la forme à la deuxième personne,
### pour le joueur dont parle le message. On vouvoie le joueur. Les noms des cartes
### viennent des paquets, sans article : les phrases les introduisent par deux-points
### ou par « le monstre », pour rester justes quel que soit leur genre.

## number
## Nombres avec une unité, à la manière de chaque langue.

number-percent = { $value }{ "\u00A0" }%
number-range = { $low }-{ $high }

## prompt

prompt-use-tile = Utiliser { $tile } contre { $monster } ?
prompt-use-tile-now = Utiliser { $tile } maintenant ?
prompt-name-species = { $tile } : nommez une espèce
prompt-choose-tile = { $card } : choisissez un équipement
prompt-choose-player = { $card } : choisissez un joueur
prompt-generic = { $card } : { $prompt }

## answer

answer-yes = oui
answer-no = non

## play

play-welcome = Bienvenue dans le donjon
play-packs = Paquets : { $packs }
play-seed = Graine : { $seed } (pour rejouer cette partie, utilisez --seed { $seed })
play-rulings = Points de règle : { $rulings }
play-adventurer-line = { $adventurer } ({ $hp } PV). Équipement : { $tiles }
play-no-tiles = aucun
play-dungeon-size = Donjon : { $count ->
        [one] { $count } carte
       *[other] { $count } cartes
    }. Pioche : { $deck ->
        [one] { $deck } carte
       *[other] { $deck } cartes
    }.
play-score-line = { $name } — réussites : { $successes }, échecs : { $failures }{ $status }
play-status-out = { " " }(hors jeu)
play-status-passed = { " " }(hors de l'enchère)
play-your-turn = { $name }, à vous de jouer.
    .you = À vous de jouer.
play-you-drew = Vous avez pioché : { $monster }.
play-your-cards = Vous avez ajouté au donjon cette manche : { $cards }
play-your-aside = Vous avez écarté : { $cards }
line-help-hint = Tapez ? à tout moment pour les règles en bref, les commandes et toutes les cartes en jeu.
line-key-choose = tapez le numéro d'une option, puis Entrée
line-key-end = (fin de l'entrée) quitte la partie, qui reste sauvegardée
play-choose = Votre choix (1-{ $max }), s pour sauvegarder, q pour quitter :{ " " }
play-bad-input = Tapez un nombre de 1 à { $max } (ou s pour sauvegarder, q pour quitter, ? pour l'aide).
play-action-draw = Piocher un monstre
play-action-pass = Passer (vous quittez l'enchère de cette manche)
play-action-add = Ajouter au donjon : { $monster }
play-action-aside = Écarter { $monster } en retirant à l'aventurier : { $tile }
play-action-adventurer = { $adventurer } ({ $hp } PV) : { $tiles }
play-choose-adventurer = { $name }, choisissez l'aventurier de la prochaine manche :
    .you = Choisissez l'aventurier de la prochaine manche :
play-pass-to = Passez l'écran à { $name } et appuyez sur Entrée (sans regarder !)
play-pass-wait = Passez l’écran à { $name }. Un instant : ce qu’il faut taper s’affiche quand personne ne tape plus.
play-pass-key = { $name } : tapez { $key } puis Entrée quand personne d’autre ne regarde :
play-saved = Partie sauvegardée dans { $path }. Pour la reprendre : dungeon play --load { $path }
play-save-failed = Impossible de sauvegarder : { $error }
play-save-too-big = Pas de sauvegarde : elle ferait { $bytes ->
        [one] { $bytes } octet
       *[other] { $bytes } octets
    }, plus qu'une sauvegarde ne peut en faire (les bots se souviennent de trop de choses).
play-quit = Vous avez quitté la partie.
play-recording = La partie est enregistrée dans { $path } (pour la revoir : dungeon replay { $path }).
play-record-failed = Impossible d'écrire l'enregistrement de la partie { $path } : { $error }
play-script-failed = Le script de la carte { $card } a échoué, ce coup a donc été refusé. La partie n'a pas changé.
play-monster-script-failed = Le script d'une carte monstre a échoué, ce coup a donc été refusé. La partie n'a pas changé.
play-move-failed = Ce coup n'a pas pu être joué : une règle des paquets a échoué. La partie n'a pas changé.
play-error-logged = L'erreur complète se trouve dans { $path }, pour l'auteur du paquet.
play-error-not-logged = Impossible d'écrire l'erreur complète dans { $path } : { $error }
play-stuck = La partie ne peut pas continuer. s pour sauvegarder, q pour quitter :{ " " }
play-game-over = { $name } remporte la partie !
    .you = Vous remportez la partie !
card-text-ruling = « { $ruling } »
play-reconstructed = (carte reconstituée : aucun texte publié n'a été trouvé)
play-waiting-bot = { $name } réfléchit...
play-lost = La partie s'est arrêtée de façon inattendue. Tout est sauvegardé jusqu'au dernier coup.
play-expired = Le serveur a fermé cette table : elle n'a pas été commencée, ou personne n'y a joué, pendant trop longtemps.
play-autosave = Cette partie est sauvegardée après chaque coup : `dungeon play --resume` la reprend.
play-no-autosave = Cette partie n'est pas sauvegardée automatiquement ({ $reason }) ; s la sauvegarde.
play-autosave-failed = Impossible de sauvegarder la partie dans { $path } : { $error }
play-resume-fixed = Une partie sauvegardée continue comme elle a commencé : { $options } ne { $count ->
        [one] peut pas la changer. Retirez cette option
       *[other] peuvent pas la changer. Retirez ces options
    }, ou commencez une nouvelle partie sans --resume ni --load.
play-resumed = La partie reprend après { $count ->
        [one] { $count } décision
       *[other] { $count } décisions
    }.
play-saved-auto = La partie est sauvegardée dans { $path } ; pour la reprendre : `dungeon play --resume { $id }`
play-replace = { $path } contient une autre partie (ou autre chose que cette partie). La remplacer ? (o/N){ " " }
play-not-saved = Pas de sauvegarde.
play-confirm-quit = Quitter la partie ? Elle est sauvegardée après chaque coup ; `dungeon play --resume` la reprend. (o/N){ " " }
play-confirm-quit-unsaved = Quitter la partie ? Elle n'est pas sauvegardée automatiquement (s la sauvegarde). (o/N){ " " }
# Les mots qui répondent oui à une question (o/N), séparés par des virgules, en minuscules.
play-yes = o,oui,y,yes
play-left = Vous avez quitté la partie. Elle est sauvegardée : reprenez-la avec `dungeon play --resume { $id }`.
play-interrupted = Arrêt. La partie est sauvegardée : reprenez-la avec `dungeon play --resume { $id }`.
play-interrupted-unsaved = Arrêt.

## resume
## `dungeon play --resume`: the unfinished games in the data folder.

resume-no-folder = il n'y a pas de dossier de données où garder les parties (pas de dossier personnel ?) ; indiquez-en un avec { $var }
resume-none = Aucune partie en cours dans { $folder }.
resume-no-such = Aucune partie en cours `{ $id }` dans { $folder } (`dungeon play --resume --list` les liste).
resume-open-elsewhere = La partie `{ $id }` est ouverte en ce moment dans un autre `dungeon play` : continuez-la là-bas, ou quittez-la d'abord (`dungeon play --resume --list` liste les parties).
resume-list = Parties en cours dans { $folder }, la dernière jouée d'abord (pour en reprendre une : `dungeon play --resume ID`) :
resume-entry = { $id }  { $date }  { $packs }  { $players }. Manche { $round }, au tour de { $turn } ({ $decisions ->
        [one] { $decisions } décision
       *[other] { $decisions } décisions
    }).
resume-entry-you = { $id }  { $date }  { $packs }  { $players }. Manche { $round }, à vous de jouer ({ $decisions ->
        [one] { $decisions } décision
       *[other] { $decisions } décisions
    }).
resume-damaged = { $id }  { $date }  illisible : { $error }
resume-passed-over = Partie `{ $id }` ignorée : elle ne peut pas être lue ({ $error }) ; `dungeon play --resume { $id } --delete` la supprime.
resume-all-damaged = { $count ->
        [one] La partie inachevée de { $folder } ne peut pas être lue
       *[other] Aucune des { $count } parties inachevées de { $folder } ne peut être lue
    } (voir plus haut) ; `dungeon play --resume ID --delete` en supprime une.
resume-delete-which = --delete demande l’identifiant de la partie à supprimer : `dungeon play --resume ID --delete` (`dungeon play --resume --list` les liste).
resume-delete-none = Aucune partie `{ $id }` dans { $folder } (`dungeon play --resume --list` liste celles qui ne sont pas finies).
resume-deleted = Partie `{ $id }` supprimée.

## event

event-game-started = { $players ->
        [one] { $players } joueur
       *[other] { $players } joueurs
    }. { $name } commence.
    .you = { $players ->
        [one] { $players } joueur
       *[other] { $players } joueurs
    }. Vous commencez.
event-adventurer-chosen = { $name } choisit comme aventurier : { $adventurer }.
    .you = Vous choisissez comme aventurier : { $adventurer }.
event-adventurer-drawn = Aventurier de cette manche : { $adventurer }.
event-round-started = Manche { $round } — aventurier : { $adventurer }. { $name } ouvre l'enchère.
    .you = Manche { $round } — aventurier : { $adventurer }. Vous ouvrez l'enchère.
event-drew = { $name } pioche une carte.
    .you = Vous piochez une carte.
event-drew-own = Vous piochez : { $monster }.
event-added = { $name } ajoute une carte au donjon.
    .you = Vous ajoutez la carte au donjon.
event-added-forced = { $name } doit ajouter la carte au donjon.
    .you = Vous devez ajouter la carte au donjon.
event-set-aside = { $name } écarte une carte et retire à l'aventurier : { $tile }.
    .you = Vous écartez la carte et retirez à l'aventurier : { $tile }.
event-drew-seen = { $name } pioche : { $monster }.
event-added-seen = { $name } ajoute au donjon : { $monster }.
event-added-forced-seen = { $name } doit ajouter au donjon : { $monster }.
event-set-aside-seen = { $name } écarte : { $monster }, et retire à l'aventurier : { $tile }.
event-passed = { $name } passe.
    .you = Vous passez.
event-passed-forced = { $name } doit passer : la pioche est vide.
    .you = Vous devez passer : la pioche est vide.
event-entered = { $name } entre dans le donjon avec { $hp } PV (équipement : { $tiles } ; { $count ->
        [one] { $count } carte
       *[other] { $count } cartes
    } à l'intérieur).
    .you = Vous entrez dans le donjon avec { $hp } PV (équipement : { $tiles } ; { $count ->
        [one] { $count } carte
       *[other] { $count } cartes
    } à l'intérieur).
event-asked = Question pour { $name } : { $prompt }
    .you = Question pour vous : { $prompt }
event-answered = { $name } répond : { $answer }.
    .you = Vous répondez : { $answer }.
event-revealed = Carte { $position } : { $monster }.
event-defeated-by-tile = { "  " }Le monstre { $monster } est éliminé (équipement : { $tile }).
event-defeated-skipped = { "  " }Grâce à la carte { $card }, le monstre { $monster } est éliminé.
event-defeated-itself = { "  " }Le monstre { $monster } n'a aucun effet.
event-replaced = { "  " }{ $card } : le monstre est défaussé et la carte du dessus de la pioche prend sa place.
event-damaged = { "  " }{ $monster } : { $amount ->
        [0] aucun dégât
        [one] { $amount } dégât
       *[other] { $amount } dégâts
    }{ $changes }. PV : { $hp }.
event-damage-changes = { " " }({ $strength }{ $changes })
event-damage-less = , { $amount } de moins avec { $tile }
event-damage-more = , { $amount } de plus avec { $tile }
event-hp-changed = { "  " }{ $card } : { $delta } PV. PV : { $hp }.
event-tile-discarded = { "  " }Équipement défaussé : { $tile }. PV : { $hp }.
event-revived = { "  " }Équipement utilisé : { $tile }{ $others }. L'aventurier revient à la vie. PV : { $hp }.
event-revived-spent = { "  " }Équipement utilisé : { $tile } (épuisé){ $others }. L'aventurier revient à la vie. PV : { $hp }.
event-revived-discarding = ; défaussé : { $tiles }
event-died = { "  " }PV : { $hp }. L'aventurier succombe.
event-success-forced = { "  " }Grâce à la carte { $card }, ce donjon compte tout de même comme une réussite.
event-success = { $name } sort du donjon en vie avec { $hp } PV ! (réussites : { $successes } sur 2)
    .you = Vous sortez du donjon en vie avec { $hp } PV ! (réussites : { $successes } sur 2)
event-failure = { $name } échoue dans le donjon. (échecs : { $failures } sur 2)
    .you = Vous échouez dans le donjon. (échecs : { $failures } sur 2)
event-eliminated = { $name } est hors jeu.
    .you = Vous êtes hors jeu.
event-set-aside-shown = { $name } avait écarté : { $cards }.
    .you = Vous aviez écarté : { $cards }.
event-logged = { "  " }{ $card } : { $line }
event-standings = Classement final :
event-standing = { "  " }{ $rank }. { $name } : { $successes ->
        [one] { $successes } réussite
       *[other] { $successes } réussites
    }, { $failures ->
        [one] { $failures } échec
       *[other] { $failures } échecs
    }{ $status }

## card
## Un monstre avec sa puissance et son espèce : « Gobelin (1, gobelin) ».
card-monster = { $name } ({ $details })
card-no-strength = sans puissance

## seat
## Noms des places à la table.

seat-you = Vous
seat-player = Joueur { $number }
seat-bot = Bot { $number } ({ $kind })
seat-bot-easy = facile
seat-bot-normal = normal
seat-bot-hard = difficile
seat-bot-random = au hasard
seat-unknown = place { $seat }

## cards
## `dungeon cards`.

cards-tile = { $tile } : { $text }
cards-hp = { $hp } PV
cards-once = une fois
cards-monsters = Monstres :
cards-special = monstre spécial
cards-defeated-by = équipements qui l'éliminent : { $tiles }
cards-rulings = Points de règle (à choisir avec --ruling ID=CHOIX) :
cards-engine-rulings = Point de règle du moteur lui-même (à choisir avec --ruling ID=CHOIX) :
cards-ruling-source = Livrets : { $source }
cards-ruling-default = par défaut
cards-ruling-choice = { $choice } : { $text }

## ruling
## `--ruling ID=CHOICE` et le point de règle du moteur, la portée de la variante de l'auteur.

ruling-bad-form = --ruling { $given } : écrivez ID=CHOIX (`dungeon cards` liste les points de règle et leurs choix)
ruling-twice = --ruling { $id } est donné deux fois
ruling-unknown = point de règle inconnu `{ $id }` (les paquets en jeu ont : { $known })
ruling-bad-choice = le point de règle `{ $id }` n'a pas de choix `{ $choice }` (ses choix : { $choices })
ruling-variant-name = La variante de l'auteur : quels tours elle concerne
ruling-variant-text = Avec --variant, une carte piochée lors de ces tours d'enchère doit aller dans le donjon.
ruling-variant-source = Les deux livrets appliquent la variante au premier tour de la phase d'enchère. Les textes espagnols parlent d'un seul tour ; le français peut aussi se lire comme le premier tour de table.
ruling-variant-first-turn = Seulement le premier tour de chaque manche (les textes espagnols).
ruling-variant-each-player = Le premier tour de chaque joueur dans la manche (le texte français, lu comme le premier tour de table).

## sim
## `dungeon sim`.

sim-record-dir = Impossible de créer le dossier des enregistrements de partie { $path } : { $error }
sim-summary = { $games ->
        [one] { $games } partie
       *[other] { $games } parties
    }, { $players } joueurs, paquets { $packs }, bots { $bots }
sim-seat = place
sim-bot = bot
sim-wins = victoires
sim-win-pct = % victoires
sim-adventurer = aventurier
sim-runs = donjons
sim-successes = réussites
sim-success-pct = % réussites
sim-decided = décisives
sim-decided-note = (décisives : parties gagnées lors d'une manche jouée avec cet aventurier)
sim-errors = { $errors ->
        [one] { $errors } partie arrêtée par une erreur
       *[other] { $errors } parties arrêtées par une erreur
    }
sim-game-error = partie { $game } (graine { $seed }) : { $error }
sim-split = { $games ->
        [one] { $games } partie
       *[other] { $games } parties
    } pour chaque nombre de joueurs
sim-seed = première graine { $seed }
sim-damage-end-total = dégâts additionnés à la fin de chaque exploration
sim-damage-running = dégâts comptés carte par carte
sim-specials = { $specials ->
        [one] { $specials } monstre spécial
       *[other] { $specials } monstres spéciaux
    } dans la pioche
sim-variant = variante de l'auteur
sim-rulings = points de règle { $rulings }
sim-first-random = premier aventurier tiré au sort
sim-first-named = premier aventurier : { $adventurer }
sim-intervals = Chaque taux est suivi de son intervalle de Wilson à 95 %. Les bots changent de place d'une partie à l'autre : chacun occupe toutes les places.
sim-title-bots = Victoires par bot
sim-title-player-counts = Victoires par bot selon le nombre de joueurs
sim-title-seats = Victoires par place à la table
sim-title-turn-order = Victoires selon l'ordre de jeu (0 : qui commence la partie)
sim-title-adventurers = Aventuriers
sim-title-equipment = Équipement abandonné pendant les enchères
sim-title-killers = Monstres qui ont mis fin aux explorations ratées
sim-players = joueurs
sim-games = parties
sim-interval = IC 95 %
sim-turn = ordre
sim-runner-won-pct = % vainqueur
sim-runner-won-note = (% vainqueur : part des explorations faites par le joueur qui a fini par gagner la partie)
sim-equipment = équipement
sim-rounds = manches
sim-set-aside = écartés
sim-set-aside-pct = % écartés
sim-share-pct = % du total
sim-equipment-note = (% écartés : des manches jouées avec cet aventurier ; % du total : de toutes les tuiles écartées)
sim-monster = monstre
sim-kills = morts
sim-kill-pct = % des échecs
sim-no-monster = (aucun monstre)
sim-killers-note = ({ $failed ->
        [one] { $failed } exploration ratée, imputée au monstre affronté quand les PV sont tombés à 0 pour de bon
       *[other] { $failed } explorations ratées, chacune imputée au monstre affronté quand les PV sont tombés à 0 pour de bon
    })
sim-never-killed = N'ont mis fin à aucune exploration : { $monsters }
sim-no-winner = { $games ->
        [one] { $games } partie s'est terminée sans vainqueur
       *[other] { $games } parties se sont terminées sans vainqueur
    }
sim-progress = parties
sim-done = { $games ->
        [one] { $games } partie
       *[other] { $games } parties
    } en { $seconds } s (fils d'exécution : { $threads })
sim-bad-games = -n doit valoir au moins 1
sim-too-many-games = -n { $games } : trop de parties
sim-bad-threads = { $flag } doit aller de 1 à { $most }
sim-bad-shard = --shard { $shard } : attendu K/N, la tranche K (à partir de 0) sur N, où K peut être le nom d'une variable d'environnement qui la contient (JOB_COMPLETION_INDEX/8)
sim-shard-none = --shard { $shard }/0 : une étude se découpe en une tranche au moins (N à partir de 1)
sim-shard-range = --shard { $shard }/{ $shards } : la tranche doit aller de 0 à { $shards } moins 1
sim-shard-env-missing = --shard : la variable d'environnement { $var } n'est pas définie
sim-shard-env-bad = --shard : la variable d'environnement { $var } contient `{ $value }`, qui n'est pas un numéro de tranche
sim-progress-rate = { $rate } par seconde
sim-progress-shard = tranche { $shard }/{ $shards }
sim-progress-line = { $done }/{ $total } parties, { $rate } par seconde, encore environ { $left }
sim-part-unreadable = { $path } : ce n'est pas un fichier de tranche de `dungeon sim --shard` : { $error }
sim-part-format = { $path } : un fichier de tranche au format { $format }, mais ce dungeon lit le format { $expected }
sim-part-damaged = { $path } : le fichier de tranche est abîmé ou a été modifié : { $problem }
sim-damaged-id = il nomme un bot, une carte ou une table absents de son étude
sim-damaged-errors = il cite une partie en échec hors de sa tranche
sim-damaged-games = ses comptes ne correspondent pas aux parties de sa tranche
sim-part-other-study = { $path } et { $first } sont des tranches d'études différentes : { $difference }
sim-differ-rules = les règles du moteur diffèrent
sim-differ-packs = les paquets diffèrent
sim-differ-seed = les graines diffèrent
sim-differ-games = les nombres de joueurs ou de parties diffèrent
sim-differ-bots = les bots diffèrent
sim-differ-options = les options de jeu diffèrent
sim-part-other-split = { $path } est une tranche sur { $shards }, mais { $first } est une tranche sur { $first_shards } : toutes les tranches d'une étude doivent venir du même découpage --shard K/N
sim-part-twice = { $path } et { $other } sont tous deux la tranche { $shard }/{ $shards }
sim-part-game = un fichier de part d'un jeu que ce programme n'a pas : { $game }
sim-part-missing = { $count ->
        [one] il manque une tranche
       *[other] il manque { $count } tranches
    } (sur { $shards }) : { $missing }
sim-too-many-bots = --bots donne { $bots ->
        [one] { $bots } bot
       *[other] { $bots } bots
    }, mais aucune partie ici n'a plus de { $players ->
        [one] { $players } place
       *[other] { $players } places
    }
sim-plot-write = impossible d'écrire le graphique dans { $path } : { $error }
sim-timed = remarque : { $bot } réfléchit un temps fixe par coup, les résultats changent donc d'une exécution à l'autre
sim-plot-title = Welcome to the Dungeon : parties entre bots
sim-plot-legend = Point : le taux. Barre : son intervalle de Wilson à 95 %. Tirets : 50 %. Trait gris : la part égale, 1/N à N joueurs. Trait rouge : un objectif.
sim-plot-count = { $players } joueurs, { $bot }
sim-plot-seat = { $players } joueurs, place { $seat }
sim-plot-turn = { $players } joueurs, ordre { $turn }
sim-plot-adventurers = Aventuriers : explorations réussies
sim-title-sanity = Est-ce que ça ressemble à une vraie partie ?
sim-sanity-measure = mesure
sim-sanity-value = valeur
sim-sanity-goal = objectif
sim-sanity-verdict = verdict
sim-sanity-all = tous
sim-sanity-first-player = victoires du premier joueur
sim-sanity-set-aside = tuiles écartées par manche
sim-sanity-runs-succeed = explorations réussies
sim-sanity-runs-fail = explorations ratées
sim-sanity-most-chosen = aventurier le plus choisi
sim-sanity-at-most = ≤ { $goal }
sim-sanity-at-least = ≥ { $goal }
sim-sanity-in-range = atteint
sim-sanity-may-be-out = peut-être manqué
sim-sanity-out = MANQUÉ
sim-sanity-note = (Une manche est une exploration du donjon. Une valeur au-delà de son objectif le manque, ou « peut-être » seulement tant que son intervalle à 95 % l'atteint encore. Les lignes de tous les nombres de joueurs réunis ne sont pas jugées.)
sim-sanity-no-warning = Chaque mesure atteint son objectif.
sim-sanity-warn-out = Attention : { $what }.
sim-sanity-warn-may-be-out = Attention, ce n'est peut-être que du bruit : { $what } ; l'intervalle atteint encore l'objectif, davantage de parties le diraient.
sim-sanity-first-player-warning = à { $players } joueurs, le premier joueur gagne { $value } des parties (IC 95 % { $interval }), pour un objectif d'au plus { $goal }
sim-sanity-set-aside-warning = à { $players } joueurs, les enchérisseurs écartent en moyenne { $value ->
        [one] { $value } tuile
       *[other] { $value } tuiles
    } par manche (IC 95 % { $interval }), pour un objectif d'au moins { $goal }
sim-sanity-runs-succeed-warning = à { $players } joueurs, { $value } des explorations réussissent (IC 95 % { $interval }), pour un objectif d'au moins { $goal }
sim-sanity-runs-fail-warning = à { $players } joueurs, { $value } des explorations échouent (IC 95 % { $interval }), pour un objectif d'au moins { $goal }
sim-plot-sanity-row = { $players } joueurs : { $measure }
sim-plot-sanity-all = tous : { $measure }
sim-plot-sanity-most-chosen = le plus choisi : { $adventurer }
sim-plot-sanity-mean = { $value } par manche en moyenne ({ $interval }) n={ $rounds }, objectif { $goal }

## error
## Erreurs de `dungeon play`.

error-players = --players doit valoir de 2 à 4, pas { $players }
error-humans = --humans { $humans } dépasse --players { $players }
error-setup = La partie ne peut pas commencer avec ces options : { $error }
error-names-count = --names donne { $given ->
        [one] { $given } nom
       *[other] { $given } noms
    }, mais { $humans ->
        [one] { $humans } personne joue
       *[other] { $humans } personnes jouent
    } (--humans)
error-names-empty = --names : le nom { $number } est vide
error-names-control = --names : le nom { $number } contient un caractère de contrôle ou un caractère invisible (un échappement, une tabulation, un saut de ligne, une espace sans chasse...)
error-names-long = --names : `{ $name }` dépasse { $max } caractères
error-names-twice = --names : `{ $name }` est donné deux fois (les noms doivent différer, majuscules ou non)
error-names-taken = --names : `{ $name }` est déjà le nom d'une autre place
error-unknown-bot = bot inconnu : `{ $bot }` (les niveaux : easy, normal, hard, hard:ITÉRATIONS (de 1 à 100000), hard:MILLISms (de 1 à 60000) ; leurs anciens noms random, rules, ismcts marchent aussi)
error-unknown-pack = paquet inconnu : `{ $pack }` (paquets connus : { $known })
error-unknown-adventurer = aventurier inconnu `{ $id }` (connus : { $known })
error-packs = Impossible d'utiliser les paquets (la suite, en anglais, est pour leurs auteurs) :
error-unknown-lang = langue inconnue : `{ $lang }` (utilisez en, es ou fr)
error-io-not-found = fichier ou dossier introuvable
error-io-permission = permission refusée
error-io-exists = il existe déjà
error-io-directory = c'est un dossier, pas un fichier
error-io-not-directory = une partie du chemin n'est pas un dossier
error-io-full = le disque est plein
error-io-read-only = le disque est en lecture seule
error-io-file = { $path } : { $error }
error-damaged = { $path } : la partie sauvegardée est endommagée : { $error }
error-not-a-save = { $path } : ce n'est pas une partie sauvegardée : { $error }
error-save-format = { $path } : sauvegardée au format { $format }, cette version lit le format { $expected }
error-save-seats = { $path } : { $seats ->
        [one] { $seats } place
       *[other] { $seats } places
    } pour { $players ->
        [one] { $players } joueur
       *[other] { $players } joueurs
    }

## record
## Enregistrements et sauvegardes : pourquoi un fichier est refusé.

record-not-a-file = { $path } : ce n'est pas un fichier ordinaire
record-too-big = { $path } : le fichier fait { $bytes ->
        [one] { $bytes } octet
       *[other] { $bytes } octets
    }, plus qu'un fichier de partie ne peut en faire ({ $max })
record-not-a-record = { $path } : ce n'est pas un enregistrement de partie : { $error }
record-damaged = { $path } : l'enregistrement de la partie est endommagé : { $error }
record-old-format = { $path } : sauvegardée par une ancienne version de dungeon (format 1), qui ne gardait pas les décisions de la partie ; elle ne peut pas être reprise, commencez une nouvelle partie
record-rules-version = { $path } : jouée avec la version { $record } des règles, mais ce dungeon joue la version { $engine } : la partie ne se déroulerait pas de la même façon
record-prelude = { $path } : faite avec une autre version de la bibliothèque d'aide des scripts des cartes (le prélude) : la partie ne se déroulerait pas de la même façon
record-packs = { $path } : faite avec d'autres paquets : { $changes }
record-pack-missing = le paquet `{ $pack }` n'est pas disponible ici (ajoutez-le avec --pack)
record-pack-extra = le paquet `{ $pack }` est en jeu ici mais n'était pas dans la partie
record-pack-version = le paquet `{ $pack }` est ici en version { $here }, la partie a été jouée avec la version { $record }
record-pack-files = le paquet `{ $pack }` a d'autres fichiers : { $files }
record-file-changed = { $file } a changé
record-file-missing = { $file } manque
record-file-new = { $file } a été ajouté
record-pack-order = les paquets se chargent dans un autre ordre ({ $here } ici, { $record } dans la partie)
record-packs-unusable = 
    { $path } : ses paquets ne peuvent pas être joués ensemble ici :
    { $error }
record-long-name = { $path } : le nom de la place { $seat } dépasse { $max ->
        [one] { $max } octet
       *[other] { $max } octets
    }
record-unknown-bot = { $path } : la place { $seat } est un bot inconnu, `{ $bot }`
record-too-many = { $path } : { $count ->
        [one] { $count } décision
       *[other] { $count } décisions
    }, plus qu'un fichier de partie ne peut en contenir ({ $max })
record-bots = l'état sauvegardé des bots n'est pas valable ({ $error })
record-not-a-save = { $path } : c'est un enregistrement de partie, pas une sauvegarde : il ne contient pas l'état des bots. Pour la revoir : dungeon replay { $path }
record-setup = { $path } : la partie ne peut pas commencer avec ses options : { $error }
record-wrong-seat = la décision { $number } est notée comme celle de la place { $recorded }, mais c'était le tour de la place { $expected }
record-after-end = la décision { $number } ({ $action }) vient après la fin de la partie
record-illegal = la décision { $number }, `{ $action }`, n'était pas permise à ce moment-là (permises : { $legal })
record-failed = la décision { $number } n'a pas pu être rejouée : le script d'une carte a échoué
record-state-differs = la partie sauvegardée n'est pas celle à laquelle mènent ses décisions (elle diffère en { $at })

## replay
## `dungeon replay`.

replay-title = Enregistrement de partie : { $path }
replay-seed = Graine : { $seed }
replay-seats = Places : { $seats }
replay-as-seat = Telle que { $name } l'a vue.
replay-bad-seat = --seat { $seat } : la partie a les places 1 à { $players }
replay-bad-to = --to { $to } : l'enregistrement a { $count ->
        [one] { $count } décision
       *[other] { $count } décisions
    }
replay-decision = [{ $number }] { $name } : { $action }
replay-draw = piocher
replay-pass = passer
replay-add = dans le donjon
replay-aside = écarter, en retirant à l'aventurier : { $tile }
replay-adventurer = choisir comme aventurier : { $adventurer }
replay-answer = répondre : { $answer }
replay-table = La table après la décision { $number } :
replay-added = { "  " }{ $name } a ajouté cette manche : { $cards }
replay-set-aside = { "  " }{ $name } a écarté : { $cards }
replay-holds = { "  " }{ $name } a en main : { $cards }
replay-dungeon = { "  " }Dans le donjon, de la prochaine carte à la dernière : { $cards }
replay-end = Fin de la partie : { $count ->
        [one] { $count } décision
       *[other] { $count } décisions
    }.
replay-unfinished = L'enregistrement s'arrête ici, après { $count ->
        [one] { $count } décision
       *[other] { $count } décisions
    } ; la partie n'était pas finie.

## odds
## `dungeon odds`, et la touche des chances de `dungeon play`.

odds-runner = { $adventurer } avec { $hp } PV. Équipement : { $tiles }
odds-dungeon = Cartes dans le donjon : { $size }. Connues à l'intérieur : { $known }. Inconnues : { $unknown }.
odds-option = { "  " }{ $answer } : { $percent }
odds-pool = { $count ->
        [one] Tirée de la seule carte que vous n'avez pas vue : { $cards }
       *[other] Tirées parmi les { $count } cartes que vous n'avez pas vues : { $cards }
    }
odds-unknown-specials = { $count ->
        [one] Parmi elles, { $count } monstre spécial de nature inconnue, parmi : { $cards }
       *[other] Parmi elles, { $count } monstres spéciaux de nature inconnue, chacun parmi : { $cards }
    }
odds-working = Calcul des probabilités exactes… { $seconds } s
odds-survival = Chances de survie : { $percent }
odds-survival-fraction = Chances de survie : { $percent } ({ $fraction })
odds-question = { $question }. Selon la réponse :
odds-states = Calcul exact ; { $states ->
        [one] { $states } situation examinée
       *[other] { $states } situations examinées
    }.
odds-sampled-random = Estimation sur { $samples } donjons tirés au hasard : le script d’une carte tire des nombres au hasard, qu’un calcul exact ne peut pas pondérer.
odds-sampled-work = Estimation sur { $samples } donjons tirés au hasard : les scripts des cartes ont demandé plus de travail qu’un calcul exact ne peut en faire ({ $steps } pas en tout, 100 000 par appel).
odds-too-heavy = Les scripts des cartes demandent trop de travail pour ces chances : aucun donjon tiré au hasard n’a pu être joué en { $steps } pas en tout et 100 000 par appel de hook (`dungeon check` montre ce que coûte chaque hook).
odds-cannot-read = { $path } : impossible de lire le fichier : { $error }
odds-file-too-big = plus de { $max } octets : un fichier de situation tient en quelques lignes
odds-file-not-text = ce n’est pas du texte UTF-8
odds-no-adventurer = aucun aventurier : indiquez --adventurer ID (ou `adventurer` dans le fichier)
odds-no-dungeon = taille du donjon absente : indiquez --dungeon N (ou `dungeon` dans le fichier)
odds-unknown-adventurer = aventurier inconnu `{ $id }` (connus : { $known }).
odds-unknown-tile = équipement inconnu `{ $id }` (connus : { $known }).
odds-unknown-monster = monstre inconnu `{ $id }` (connus : { $known }).
odds-did-you-mean = Vouliez-vous dire { $ids } ?
odds-too-big = un donjon de { $size ->
        [one] { $size } carte
       *[other] { $size } cartes
    } est trop grand : il en contient au plus { $max }
odds-too-many-known = { $known ->
        [one] { $known } monstre connu ne tient pas
       *[other] { $known } monstres connus ne tiennent pas
    } dans un donjon de { $size ->
        [one] { $size } carte
       *[other] { $size } cartes
    }
odds-successes = l'aventurier compte { $count } succès : à 2, le joueur a déjà gagné (indiquez 0 ou 1)
odds-failures = l'aventurier compte { $count ->
        [one] { $count } échec
       *[other] { $count } échecs
    } : à 2, le joueur est éliminé (indiquez 0 ou 1)
odds-seen-and-unseen = indiquez les cartes vues ou toutes les cartes non vues, pas les deux
odds-specials = { $named ->
        [one] { $named } monstre spécial est nommé
       *[other] { $named } monstres spéciaux sont nommés
    }, mais ces paquets n'en mettent que { $in_play } en jeu (indiquez --unknown-specials pour dire combien sont inconnus)
odds-candidates = { $count ->
        [one] { $count } monstre spécial
       *[other] { $count } monstres spéciaux
    } de nature inconnue, mais seulement { $candidates ->
        [one] { $candidates } nature possible
       *[other] { $candidates } natures possibles
    }
odds-pool-too-small = le donjon demande { $needed ->
        [one] { $needed } carte inconnue
       *[other] { $needed } cartes inconnues
    }, mais il ne reste que { $pool ->
        [one] { $pool } carte non vue
       *[other] { $pool } cartes non vues
    }
odds-deck-too-big = une pioche de { $deck ->
        [one] { $deck } carte
       *[other] { $deck } cartes
    } ne tient pas : il reste { $left ->
        [one] { $left } carte non vue
       *[other] { $left } cartes non vues
    } une fois le donjon rempli
odds-too-many-copies = `{ $id }` est nommé { $count } fois parmi les cartes connues ou vues, mais le jeu en compte { $copies }
odds-too-many-unseen = `{ $id }` est nommé { $count } fois parmi les cartes connues et les cartes non vues, mais le jeu en compte { $copies }
odds-too-many-cards = { $count ->
        [one] { $count } carte nommée
       *[other] { $count } cartes nommées
    } en tout (connues, non vues et monstres spéciaux inconnus) : une partie en compte au plus { $max }
odds-tile-twice = `{ $id }` figure deux fois parmi les équipements : un aventurier n'a qu'un exemplaire de chacun
odds-not-special = `{ $id }` n'est pas un monstre spécial (monstres spéciaux ici : { $known })
odds-damage-model = modèle de dégâts inconnu `{ $model }` (utilisez end_total ou running)
odds-choose = Choisissez (1-{ $max }), o pour vos chances, s pour sauvegarder, q pour quitter :{ " " }
odds-bad-input = Tapez un nombre de 1 à { $max } (ou o pour vos chances, s pour sauvegarder, q pour quitter, ? pour l'aide).
odds-now = Vos chances de survivre au donjon tel qu'il est : { $percent }
odds-with-card = En y mettant { $monster } : { $percent }
odds-answers = Vos chances de survie selon la réponse :
odds-estimate = (estimation sur des donjons tirés au hasard : trop de cas pour tous les compter)
odds-unavailable = Les chances concernent votre propre exploration : demandez-les pendant les enchères ou face à une question dans votre donjon.
odds-failed = Impossible de calculer les chances : { $error }
odds-thinking = Calcul de vos chances...

## check

check-header = == { $pack } ({ $path })
check-loaded-as = chargé comme : { $sets }
check-scenario-failed = { $path } : erreur : le scénario échoue
check-scenario-error = { $path } : erreur : le scénario n'a pas pu être exécuté : { $message }
check-expensive-hook = carte `{ $card }` : le hook `{ $hook }` a fait jusqu’à { $most } pas en un appel : le calcul des chances et les bots exécutent les hooks des milliers de fois et coupent un appel au-delà de 100 000 pas, donc ils jouent cette carte à l’aveugle
check-costs = Ce qu’ont coûté les hooks en { $games } parties de bots au hasard (pas Luau par appel ; un appel peut en faire 2 000 000) :
check-cost-line = { $card } { $hook } : { $calls ->
        [one] { $calls } appel
       *[other] { $calls } appels
    }, { $mean } en moyenne, { $most } au plus
check-skipped = scénarios non exécutés : corrigez d'abord les erreurs ci-dessus
check-hidden-text = texte avec des caractères de contrôle ou invisibles (`{ $text }` ; { $code } est { $what }) : un terminal les exécuterait ou les cacherait ; les joueurs les voient échappés
check-hidden-control = un caractère de contrôle
check-hidden-format = un caractère de formatage (invisible, ou qui réordonne le texte)
check-hidden-separator = un séparateur de ligne ou de paragraphe
check-hidden-private = un caractère à usage privé (son aspect dépend de la police)
check-hidden-unassigned = un code qui n'est le caractère d'aucune écriture
check-hidden-invisible = un caractère qui ne s'affiche pas
check-hidden-lone-mark = un signe diacritique combinant sans lettre avant lui
check-summary = { $errors ->
        [one] { $errors } erreur
       *[other] { $errors } erreurs
    }, { $warnings ->
        [one] { $warnings } avertissement
       *[other] { $warnings } avertissements
    } ; scénarios : { $passed } réussis, { $failed } échoués

## soak
## `dungeon soak`.

soak-bad-games = --games doit valoir au moins 1
soak-no-mix = aucun de ces paquets ne peut être joué : rien à éprouver
soak-start = soak : { $games ->
        [one] { $games } partie
       *[other] { $games } parties
    } sur { $mixes ->
        [one] { $mixes } combinaison de paquets
       *[other] { $mixes } combinaisons de paquets
    } ({ $list }), { $players } joueurs, première graine { $seed }, { $threads ->
        [one] { $threads } fil d'exécution
       *[other] { $threads } fils d'exécution
    }
soak-progress = soak : { $done }/{ $games } parties, { $rate } parties/s, { $failed } en échec
soak-done = soak : { $games ->
        [one] { $games } partie
       *[other] { $games } parties
    } en { $seconds } s ({ $rate } parties/s), { $decisions ->
        [one] { $decisions } décision vérifiée
       *[other] { $decisions } décisions vérifiées
    }, { $failed } en échec
soak-failure = ÉCHEC de la partie { $game } : paquets { $packs }, { $players } joueurs, graine { $seed }, { $options }, bots { $bots }
soak-problem = { "  " }après la décision { $decision } : { $message }
soak-replay = { "  " }pour la rejouer : { $command }
soak-game-passed = partie { $game } : vérification réussie ({ $decisions ->
        [one] { $decisions } décision
       *[other] { $decisions } décisions
    })

## tui (`dungeon play`'s full-screen table, cli/src/tui)

tui-table-title = La table
tui-corner-title = Votre coin
tui-corner-of = Coin de { $name }
tui-log-title = Journal
tui-log-title-scrolled = Journal ({ $rows ->
        [one] { $rows } ligne plus récente
       *[other] { $rows } lignes plus récentes
    } en dessous : PgSuiv)
tui-round = Manche { $round }
tui-hp = { $hp } PV
tui-hp-run = { $hp }/{ $start } PV
tui-tiles = Équipement : { $tiles }
tui-piles = Donjon { $dungeon } · Pioche { $deck }
tui-game-over = La partie est terminée.
tui-between-rounds = La manche { $round } va commencer : l'aventurier est en train d'être choisi.
# A player's name before their score in the table panel.
tui-name = { $name } :
tui-successes = succès : { $count }
tui-failures = échecs : { $count }
tui-eliminated = éliminé
tui-running = dans le donjon
tui-passed = a passé
    .you = vous avez passé
tui-took = a retiré : { $tiles }
    .you = vous avez retiré : { $tiles }
tui-place-add = Le mettre dans le donjon
tui-place-aside = L'écarter, en retirant { $tile }
tui-hold = Vous tenez :
tui-added = Vous avez mis :
tui-aside = Vous avez écarté :
tui-aside-card = { $card } avec { $tile }
tui-corner-empty = Rien à vous en jeu cette manche.
tui-monster = { $name } ({ $strength })
tui-monster-species = { $name } ({ $strength }, { $species })
tui-no-strength = sans puissance
tui-revealing = Le donjon se dévoile... (une touche le montre en entier)
tui-waiting = En attente de { $name }...
tui-watching = Vous regardez.
tui-bad-key = Tapez un nombre de 1 à { $max } ; ? pour l'aide.
tui-key-choose = choisir
tui-key-help = aide
tui-key-log = journal
tui-key-quit = quitter
tui-pass-title = Passez l'écran
tui-pass-to = Passez l'écran à { $name }.
tui-pass-ready = { $name } : appuyez sur { $key } quand personne d'autre ne regarde.
tui-pass-wait = Un instant : la touche à presser s'affiche quand personne ne tape.
tui-recap-title = Depuis votre dernier tour
tui-continue = Entrée : continuer
tui-quit-title = Quitter la partie ?
tui-quit-watching-title = Arrêter de regarder ?
tui-quit-saved = Quitter la partie ? Elle est enregistrée après chaque coup : `dungeon play --resume { $id }` la reprend.
tui-quit-unsaved = Quitter la partie ? Elle n'est pas enregistrée automatiquement : répondez n, puis appuyez sur s pour l'enregistrer d'abord.
tui-key-odds = chances
tui-key-save = enregistrer
tui-key-odds-long = vos chances de survivre à votre propre donjon (pendant les enchères, ou face à une question pendant votre exploration)
tui-key-save-long = enregistrer la partie dans le fichier d'où elle vient (demande avant de remplacer une autre partie)
tui-replace-title = Remplacer une autre partie ?
tui-replace-ask = { $path } contient une autre partie (ou autre chose que cette partie). La remplacer par celle-ci ?
tui-replace-keys = o : la remplacer · n ou Échap : ne pas enregistrer
tui-stopped-keys = s : enregistrer · Entrée : quitter
tui-failed = Le terminal a cessé de fonctionner : { $error }
tui-quit-keys = o : quitter · n ou Échap : revenir à la partie
tui-too-small = Agrandissez la fenêtre : au moins { $width }×{ $height }.
tui-more-above = ↑ { $rows ->
        [one] { $rows } ligne de plus au-dessus
       *[other] { $rows } lignes de plus au-dessus
    } (PgPréc)
tui-more-below = ↓ { $rows ->
        [one] { $rows } ligne de plus en dessous
       *[other] { $rows } lignes de plus en dessous
    } (PgSuiv)
tui-end-title = La partie est terminée
tui-leave = Entrée : quitter · Échap ou PgPréc : lire le journal
tui-key-leave = quitter
tui-key-standings = le classement
tui-stopped-title = La partie ne peut pas continuer
tui-help-title = Aide
tui-help-close = ↑ ↓ PgPréc PgSuiv : défiler · Échap ou ? : revenir à la partie
tui-help-rules-title = Les règles en bref
tui-help-rules-1 = À chaque manche, tous enchérissent sur un même aventurier et son équipement. À votre tour, piochez un monstre ou passez. Le monstre pioché reste secret : vous le posez face cachée dans le donjon, ou vous l'écartez en retirant avec lui une pièce d'équipement à l'aventurier.
tui-help-rules-2 = Qui passe ne participe plus aux enchères de la manche. Quand il ne reste qu'un joueur en lice, il entre dans le donjon avec l'équipement restant et affronte tous les monstres posés, le dernier ajouté en premier.
tui-help-rules-3 = L'équipement ajoute des PV ou élimine d'office certains monstres. Tout autre monstre retire à l'aventurier autant de PV que sa puissance.
tui-help-rules-4 = Ressortez vivant et vous gagnez un succès ; mourez et vous subissez un échec. Deux succès gagnent la partie, deux échecs vous éliminent, et le dernier joueur encore en lice gagne aussi.
tui-help-end-total = Avec ces paquets, les dégâts se comptent à la fin : toutes les cartes sont révélées, et l'expédition échoue si les dégâts atteignent les PV.
tui-help-running = Avec ces paquets, les dégâts se comptent carte par carte : l'expédition s'arrête dès que les PV tombent à 0, sauf si quelque chose ramène l'aventurier à la vie.
tui-help-keys-title = Touches
tui-key-choose-long = choisir une option par son numéro (au-delà de 9 : deux chiffres puis Entrée)
tui-key-help-long = cette aide
tui-key-log-long = faire défiler le journal de la partie
tui-key-ends-long = les lignes les plus anciennes ou les plus récentes du journal
tui-key-quit-long = quitter la partie (demande d'abord)
tui-key-quit-watching-long = arrêter de regarder (demande d'abord)
tui-key-interrupt-long = quitter immédiatement
tui-any-key = une touche
tui-key-skip-long = pendant la révélation du donjon : tout montrer d'un coup
tui-help-adventurers = Les aventuriers et leur équipement
tui-hp-bonus = { $hp } PV
tui-once = (à usage unique)
tui-help-monsters = Monstres
tui-help-specials = Monstres spéciaux ({ $count ->
        [one] l'un d'entre eux est mélangé
       *[other] { $count } d'entre eux sont mélangés
    } à la pioche)

## Jeu en réseau : notes à côté du journal d'une table distante, `dungeon host` et `dungeon join`
note-started = La partie a commencé.
note-timed-out = { $name } n'a pas répondu à temps : un bot a répondu à sa place.
note-joined = { $name } a pris sa place.
note-left = { $name } a quitté la table ; sa place l'attend.
note-rematch = { $name } a ouvert la partie suivante à une nouvelle table : { $code }
note-reconnecting = La connexion au serveur est perdue. Tentative de la retrouver...
note-reconnected = Connexion retrouvée : de retour à la table.
note-gave-up = La connexion au serveur n'a pas pu être retrouvée.
note-seat-taken = Votre place a été reprise depuis une autre fenêtre ou machine avec sa clé ; celle-ci s'arrête ici.
net-header = Partie sur { $url }. Le serveur garde la partie : `dungeon join { $url }` vous rend votre place.
net-header-watching = Vous regardez la table sur { $url }. `dungeon join { $url } --watch` la montre à nouveau.
net-left = Vous avez quitté la table ; le serveur garde la partie. `dungeon join { $url }` vous rend votre place.
net-left-watching = Vous avez cessé de regarder. `dungeon join { $url } --watch` montre à nouveau la table.
net-no-save = Le serveur garde cette partie : il n'y a rien à sauvegarder ici.
net-retaking = Reprise de votre place ({ $seat })...
net-rejoin-refused = La place gardée pour vous à cette table a été refusée ({ $message }) ; vous entrez comme nouveau joueur.
net-seated = Vous avez la place { $seat } à la table { $code }.
net-watching = Vous regardez la table { $code } : vous voyez ce que voit tout joueur, et les cartes de personne.
net-no-key = Il n'y a pas de dossier de données où garder la clé de votre place : si la connexion coupe longtemps, vous ne pourrez pas reprendre cette place.
net-key-failed = La clé de votre place n'a pas pu être gardée ({ $error }) : si la connexion coupe longtemps, vous ne pourrez pas reprendre cette place.
net-waiting-start = En attente du lancement de la partie par { $creator } ({ $taken } places de joueurs prises sur { $humans }).
net-waiting-watch = En attente du lancement de la partie par { $creator } ({ $taken } places de joueurs prises sur { $humans }). Vous la suivrez d'ici.
net-at-table = À la table : { $names }.
net-you = { $name } (vous)
net-waiting-players = En attente des joueurs : { $taken } places pour des personnes prises sur { $humans }.
net-server-said = Le serveur a répondu : { $message }
net-lost-lobby = La connexion au serveur a été perdue avant le début de la partie.
net-invite = La table { $code } est ouverte. Les autres joueurs la rejoignent avec :
net-invite-browser = ou, dans un navigateur, sans rien installer :
net-one-own-pack = Une table accepte un seul paquet à vous (--pack) à la fois.
net-own-pack-outside = Votre paquet ne peut pas être apporté au serveur : son script { $path } est hors de son dossier (donnez à --pack-root le dossier qui les contient tous).
net-press-start = Toutes les places sont prises. Appuyez sur Entrée pour commencer la partie.
net-start-refused = La partie n'a pas pu commencer : { $message }
net-bad-timeout = Ce n'est pas un délai par tour : { $given }. Donnez des secondes ou des minutes, d'une seconde à un jour : 60s, 2m, 90.
net-bad-address = Adresse inutilisable : { $address }. { $why }
net-address-encrypted = Les connexions chiffrées (wss://, https://) ne sont pas prises en charge : joignez le serveur en ws://.
net-address-scheme = Les adresses commencent par ws://.
net-address-host = Elle ne nomme aucun serveur.
net-address-code = Elle ne nomme aucune table : une invitation a la forme ws://HÔTE:PORT/t/CODE.
net-address-shape = Un serveur a la forme ws://HÔTE:PORT, une invitation ws://HÔTE:PORT/t/CODE.
net-unreachable = Le serveur { $server } est injoignable ({ $error }). `dungeon serve` y tourne-t-il ?
net-timeout = Le serveur { $server } n'a pas répondu à temps.
net-closed = Le serveur { $server } a fermé la connexion.
net-version = Ce programme parle la version { $ours } du protocole du jeu, et le serveur une autre ({ $message }). Les deux côtés doivent avoir la même version de dungeon.
net-unknown-table = Il n'y a pas de table { $code } sur ce serveur : la partie est peut-être finie, ou le code mal tapé.
net-table-full = La table { $code } est complète : toutes les places pour des personnes sont prises. Pour la regarder : `dungeon join { $url } --watch`.
net-already-started = La partie de la table { $code } a commencé sans vous. Pour la regarder : `dungeon join { $url } --watch`.
net-too-many-tables = Le serveur a autant de tables qu'il peut en tenir : réessayez plus tard.
net-table-quota = Vous avez sur ce serveur autant de tables inachevées qu'une adresse peut en avoir : terminez-en une d'abord.
net-busy = Le serveur { $server } est saturé pour cette adresse : attendez un instant et réessayez.
net-refused = Le serveur a refusé : { $message } ({ $code }).
net-protocol = Le serveur a envoyé quelque chose que ce programme ne comprend pas : { $error }
net-pack-differs = Le paquet { $pack } n'est pas le même ici que sur le serveur : les deux côtés doivent en avoir la même copie (même version, mêmes fichiers).
net-thread = La connexion n'a pas pu être préparée : { $error }
net-quit = Quitter la table ? Le serveur garde la partie : `dungeon join { $url }` vous rend votre place.
net-quit-watching = Arrêter de regarder cette table ? `dungeon join { $url } --watch` la montre à nouveau.
net-confirm-quit = Quitter la table ? Le serveur garde la partie ; `dungeon join` avec son invitation vous rend votre place. (o/N){ " " }
serve-listening = serveur dungeon à l'écoute sur ws://{ $address }/ws
serve-browser = Ouvrez une table dans un navigateur : http://{ $address }/
serve-restored = { $tables ->
        [one] { $tables } table inachevée reprise
       *[other] { $tables } tables inachevées reprises
    }
serve-broken = { $tables ->
        [one] { $tables } table enregistrée a échoué à la vérification et a été mise de côté (voir le journal)
       *[other] { $tables } tables enregistrées ont échoué à la vérification et ont été mises de côté (voir le journal)
    }
serve-db-error = Impossible d'ouvrir la base de données { $path } : { $error }
serve-db-readable = D'autres utilisateurs peuvent lire la base de données { $path } (mode { $mode }) : elle contient les cartes cachées de chaque partie. Rendez-la privée puis relancez : { $fix }
serve-db-replaceable = D'autres utilisateurs peuvent remplacer la base de données dans { $path } (mode { $mode }). Rendez le dossier privé puis relancez : { $fix }
serve-listen-error = Impossible de servir sur { $address } : { $error }

# dungeon sim ladder
ladder-playing = Parties { $block } en cours…
ladder-title = Niveaux des bots, { $packs } : { $games } parties par paire et par table (première graine { $seed })
ladder-head-to-head = Face à face à 2 joueurs (places tournantes) : victoires du niveau le plus haut
ladder-in-range = dans l'objectif
ladder-out-of-range = HORS DE L'OBJECTIF
ladder-goal = (Objectif : la borne basse de l'intervalle à 95 % au-dessus de { $low } %, le taux au plus { $high } % : un niveau battu plus souvent a une faille dans son jeu.)
ladder-table = { $players } joueurs ({ $lineup }), { $games } parties : victoires par place et par partie
ladder-not-in-order = Attention : les niveaux ne se classent pas dans l'ordre à cette table.
ladder-ratings = Classements Bradley-Terry tirés des face-à-face (échelle Elo, facile à 1000)

## La table dans le navigateur (`dungeon serve` : la page à / et /t/CODE)
web-title = Bienvenue dans le Donjon
web-lang = Langue
web-new-table = Ouvrir une table
web-packs = Paquets
web-players = Places à la table
web-rulings = Points de règle (là où les règles laissent le choix)
web-pack-bring = Votre propre paquet (facultatif)
web-pack-help = Un dossier avec son manifeste .toml et ses scripts Lua : le serveur le vérifie et chacun à la table voit ses cartes dans l'aide.
web-variant = Jouer la variante de l'auteur
web-variant-off = non
web-people = Places pour des personnes (la vôtre comprise)
web-bots = Niveau des bots
web-timeout = Temps par tour en secondes
web-no-timeout = 0 pour aucun
web-your-name = Votre nom
web-create = Ouvrir la table
web-invite = Envoyez ce lien aux personnes avec qui vous jouez :
web-copy = Copier le lien
web-copied = Copié.
web-join = Prendre une place
web-watch = Regarder
web-start = Commencer la partie
web-waiting-people = En attente que les personnes prennent leur place.
web-seat-free = libre
web-room-title = Les autres jeux
web-room-game = Jeu
web-room-waiting = On attend { $name }.
web-room-timed-out = { $name } n'a pas répondu à temps : un bot a répondu à sa place.
web-room-over = La partie est finie. Gagne : { $names }.
web-waiting-creator = En attente que la personne qui a ouvert la table commence la partie.
web-watching = Vous regardez cette table.
web-table = La table
web-log = Ce qui s'est passé
web-question = À vous de jouer
web-help = Aide
web-odds = Chances
web-odds-survive = Chances de survivre au donjon tel qu'il est :
web-odds-with-card = En y mettant la carte que vous tenez :
web-odds-none = Pas de chances à calculer pour l'instant.
web-odds-estimate = (une estimation tirée de donjons échantillonnés)
web-cards = Les cartes en jeu
web-close = Fermer
web-keys = Touches : 1 à 9 répondent, o montre vos chances, ? l'aide, Échap la ferme.
web-connecting = Connexion...
web-reconnecting = La connexion a été perdue. Nouvel essai...
web-refused = Le serveur a refusé :
web-unknown-table = Aucune table n'a ce code. Demandez un nouveau lien.
web-rematch = Rejouer à une nouvelle table
web-rematch-join = Rejoindre la partie suivante
web-replay = Parcourez la partie pas à pas (← →, Début, Fin) :
web-replay-start = Début
web-replay-back = Arrière
web-replay-next = Suivant
web-replay-end = Fin
web-kind-adventurer = Aventuriers
web-kind-tile = Équipement
web-kind-monster = Monstres
web-copies = exemplaires dans la pioche :

## dungeon sim --game mazmorra
sim-game-title = { $game } : { $games } parties à { $players } joueurs (première graine { $seed } ; places tournantes)
sim-game-bots = Victoires par bot (parties, taux, intervalle à 95 %)
sim-game-seats = Victoires par place, et de qui a commencé
sim-game-starter = qui a commencé
sim-game-stalled = parties bloquées
sim-game-endings = Comment les parties ont fini
sim-game-length = { $length } { $unit } et { $decisions } décisions par partie en moyenne.
sim-game-warn-starter = qui commence gagne { $value } des parties, pour un objectif d'au plus { $goal }
sim-game-warn-stalled = { $value } des parties finissent sans gagnant ({ $endings }), pour un objectif d'au plus { $goal }
game-bad-ruling = ni une règle ni une variante de { $game } : { $ruling } ({ $help })
game-welcome = { $game } : { $players } joueurs. Graine { $seed } (rejouez-la avec --seed { $seed }). Tapez ? pour les règles, q pour quitter.
game-leave = Partie quittée. Elle est gardée dans { $path } : reprenez-la avec `dungeon play --game { $game } --load { $path }`.
game-not-for = { $option } est une option de Welcome to the Dungeon, pas de { $game } (voir `dungeon play --help` ; une telle partie se reprend avec --load FICHIER).
game-your-turn = { $name }, à vous :
game-bad-file = { $path } n'est pas une partie gardée de { $game }.
game-other-rules = { $path } a été gardée par une version où { $game } se joue autrement (son empreinte de règles est { $kept }, celle-ci { $ours }) : ses coups donneraient une autre partie, elle n'est donc pas reprise. Rejouez-la avec la version qui l'a gardée.

## dungeon play --game mazmorra (le mode ligne)
mz-welcome = Mazmorra : { $players } prisonniers s'évadent de leur cellule, d'un 10 jusqu'au 2 qui est la sortie. Graine { $seed } (rejouez la partie avec --seed { $seed }). Tapez ? pour l'aide, q pour quitter.
mz-help = Construisez votre donjon depuis votre cellule : un 10, puis chaque carte d'un de moins après la dernière, ou à côté d'elle avec la même valeur (un embranchement). Une carte de la même valeur que le dernier passage d'un adversaire l'effondre. Les valets (Pilleur de tombes, 11), dames (Myrmidon, 12) et rois (Troll, 13) attaquent un adversaire sorti de sa cellule : on les bat avec des passages dont la somme atteint leur force, une créature aussi forte, ou un 2 seul contre le Troll ; sinon on recule et on perd son dernier passage. Dans sa cellule, on meurt. Le Pilleur de tombes peut prendre une carte de la défausse ; le Myrmidon peut demander une carte à un adversaire (qui peut mentir). Un as pioche deux cartes à tout moment. On finit son tour avec 5 cartes au plus. Gagne qui joue le 2, ou le dernier vivant.
mz-you = vous
mz-face-down = face cachée
mz-joker = joker
mz-cell = cellule : { $cell }
mz-in-cell = dans la cellule
mz-dead = mort
mz-cards = { $count ->
        [one] { $count } carte
       *[other] { $count } cartes
    }
mz-table-head = Tour { $turn } · pioche { $deck } · défausse { $discard } (dessus { $top })
mz-seat-line = { $name } : { $cell } · { $dungeon } · { $hand }
mz-your-hand = Votre main : { $cards }
mz-none = aucune
mz-prompt-opening = Posez une carte pour décider qui commence (la plus haute commence).
mz-prompt-turn = À vous : jouez une carte (une par tour, les as à part), ou finissez votre tour.
mz-prompt-turn-played = Votre carte est jouée : un as, ou finissez votre tour.
mz-prompt-discard = Défaussez jusqu'à 5 cartes.
mz-prompt-rob = Prenez une carte de la défausse.
mz-prompt-defend = { $attacker } vous envoie { $creature } (force { $value }) : battez-le, ou reculez.
mz-prompt-answer = { $fisher } vous demande un { $rank }.
mz-prompt-doubt = { $target } dit n'avoir aucun { $rank }.
mz-prompt-aces = Répondre avec un as (piocher deux) ?
mz-prompt-counter = Annuler ce pouvoir avec la même créature ?
mz-prompt-rescue = Votre joker ({ $value }) s'effondre : le sauver en défaussant un { $value } ?
game-choose = Choisissez (1-{ $count }), ? pour l'aide, q pour quitter :
game-bad-choice = Tapez un nombre de 1 à { $count }.
game-pass-to = Passez l'écran à { $name } : { $name } tape { $letter } puis Entrée.
game-screen-log = Journal
game-screen-choices = À vous, { $name }
game-screen-keys = ↑↓ choisir · Entrée jouer · 1-9 aller · PgPréc/PgSuiv journal · ? règles · q quitter
game-screen-wait = Les autres jouent…
game-screen-pass = Passez l'écran à { $name }. { $name } : appuyez sur { $letter }.
game-screen-over = La partie est finie. PgPréc/PgSuiv : le journal ; une autre touche pour fermer.
game-screen-leave = Quitter ? La partie est gardée après chaque coup : q pour quitter, une autre touche pour rester.
game-screen-rules = Règles (une touche pour fermer)
mz-fish-whom = À qui demander ?
mz-fish-rank = Quel rang ? (A, 2-10, J, Q, K)
mz-act-open = Poser { $card }
mz-act-passage = { $card } dans votre donjon après votre { $after }
mz-act-passage-cell = { $card } pour sortir de votre cellule
mz-act-as = { $card } comme un { $value }
mz-act-collapse = { $card } sur le { $value } de { $target } : l'effondrer
mz-act-attack = { $card } contre { $target }
mz-act-rob = { $card } : le Pilleur de tombes prend une carte de la défausse
mz-act-take = Prendre { $card }
mz-act-fish = { $card } : le Myrmidon demande une carte à un adversaire
mz-act-ace = { $card } : piocher deux cartes
mz-act-end = Finir votre tour
mz-act-discard = Défausser { $card }
mz-act-defend = Le battre avec { $cards }
mz-act-retreat = Reculer : vous perdez votre { $passage }
mz-act-die = Vous ne pouvez pas gagner : vous mourez dans votre cellule
mz-act-give = Donner { $card }
mz-act-deny = Dire que vous n'en avez pas
mz-act-discard-hand = Défausser toute votre main à la place
mz-act-believe = Le croire
mz-act-see = Exiger de voir sa main
mz-act-pass = Non
mz-act-nothing = Ne rien prendre
mz-act-counter = L'annuler avec { $card }
mz-act-save = Le sauver avec { $card }
mz-act-lose = Le laisser
mz-ev-dealt = On vous distribue { $cards }.
mz-ev-opened = Posées pour commencer : { $cards }.
mz-ev-starts = { $name } commence.
mz-ev-turn = — Tour { $turn } : { $name } —
mz-ev-drew-you = Vous piochez { $cards }.
mz-ev-drew = { $name } pioche { $count ->
        [one] une carte
       *[other] { $count } cartes
    }.
mz-ev-reshuffled = La défausse est mélangée en une nouvelle pioche ({ $count } cartes).
mz-ev-passage = { $name } joue { $card } dans son donjon.
mz-ev-collapsed = { $name } effondre le dernier passage de { $target } avec { $card }.
mz-ev-attacked = { $name } envoie { $card } contre { $target }.
mz-ev-defended = { $name } le bat avec { $cards }.
mz-ev-retreated = { $name } recule et perd { $card }.
mz-ev-died = { $name } meurt dans sa cellule.
mz-ev-robbing = { $name } joue { $card } : le Pilleur de tombes fouille la défausse.
mz-ev-took = { $name } prend { $card } dans la défausse.
mz-ev-fished = { $name } joue un Myrmidon et demande un { $rank } à { $target }.
mz-ev-gave = { $name } donne { $card } à { $to }.
mz-ev-denied = { $name } dit n'en avoir aucun.
mz-ev-believed = { $name } le croit.
mz-ev-shown-you = { $name } vous montre sa main : { $cards }.
mz-ev-shown = { $name } montre sa main à { $to }.
mz-ev-lied = { $name } mentait !
mz-ev-truthful = { $name } disait vrai.
mz-ev-hand-discarded = { $name } défausse toute sa main : { $cards }.
mz-ev-ace = { $name } joue { $card }.
mz-ev-discarded = { $name } défausse { $card }.
mz-ev-countered = { $name } l'annule avec { $card }.
mz-ev-cancelled = Le pouvoir est annulé.
mz-ev-saved = { $name } garde son joker et défausse { $card }.
mz-ev-won = { $names } gagne la partie !
mz-ev-stopped = La limite de tours est atteinte : personne ne gagne.

soak-game-failure = ÉCHEC de la partie { $game } : { $name }, { $players } joueurs, graine { $seed }, { $options } : { $problem }
mz-prompt-escape = { $claimant } dit avoir atteint la sortie : l'accuser de tricher (son donjon est montré) ?
mz-act-accuse = Accuser { $target } de tricher (son donjon est montré)
mz-ev-accused-cheat = { $name } accuse { $target }, dont le donjon montre { $cards } : triche ! { $target } perd tout son donjon.
mz-ev-accused-honest = { $name } accuse { $target }, dont le donjon montre { $cards } : pas de triche. { $name } perd son propre donjon.
mz-ev-missed = { $name } joue { $card } dans le noir sur le dernier passage de { $target } : ce n'est pas cette valeur, et la carte est perdue.
mz-ev-escaping = { $name } joue le dernier passage d'une sortie : chacun peut crier à la triche.
game-player = Joueur { $n }
mz-deck-french = Jeu français
mz-deck-spanish40 = Jeu espagnol de 40 cartes (deck=spanish40)
mz-deck-spanish48 = Jeu espagnol de 48 cartes (deck=spanish48)
mz-deck-line = { $cards } cartes ; un donjon va du { $top } jusqu'au 2.
mz-kind-ace = as : joué à tout moment, pioche deux cartes
mz-kind-passage = passage { $value }
mz-kind-way-out = passage 2 : la sortie (et, seul, il bat le Troll)
mz-kind-robber = Pilleur de tombes, valeur de combat { $value } : ou prend une carte de la défausse
mz-kind-myrmidon = Myrmidon, valeur de combat { $value } : ou demande une carte à un adversaire
mz-kind-troll = Troll, valeur de combat { $value }
mz-kind-joker = jokers : les cellules des prisonniers (avec random_cells=yes, des cartes libres)
mz-variants = Variantes (--ruling) : random_cells=yes, suicidal_queen=yes, counter_attack=robber|myrmidon|both, darkness=almost_black|pitch_black, deck=spanish40|spanish48, decks=N, max_turns=N. Les décisions d'arbitrage et leur confiance : docs/mazmorra.md.
net-room-waiting = En attente de { $name }.
net-room-over = La partie est finie. Gagne : { $names }.
net-room-next = La partie suivante est ouverte : dungeon join { $url }
net-room-again = Tapez r pour rejouer à une table comme celle-ci (une nouvelle donne), ou q pour partir.
