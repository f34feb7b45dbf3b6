#!/usr/bin/env python3
"""An example bot for dungeon's game server: it takes a seat at a table and plays the whole
game, printing what it does. Plug your own AI into `choose` below.

    pip install websockets
    python3 bot.py ws://127.0.0.1:7777/t/CODE --name Robo
    python3 bot.py CODE --server ws://127.0.0.1:7777 --name Robo

The protocol (docs/protocol.md) is JSON text over a WebSocket at ws://HOST:PORT/ws: say
`hello` with the version, `join` a table by its code, then answer each `asking` the server
sends with one of the actions its decision offers, naming the question's `number`. The
server sends this seat only what it may know; it refuses anything else with an `error`.

A lost connection (the server restarting) is taken back with the seat's token, for two
minutes; every error code is handled (see ON_ERROR).

Exit status: 0 when the game is over, 1 when the game cannot go on for this bot (a refusal
it can do nothing about, the seat taken elsewhere, a connection not had back), 2 on bad
usage.
"""

import argparse
import asyncio
import json
import random
import sys

import websockets

PROTOCOL_VERSION = 1


def legal_actions(decision):
    """Every action that answers `decision`, in the engine's JSON form (see
    docs/protocol.md: `Decision` and `Action`)."""
    kind = decision["kind"]
    if kind == "DrawOrPass":
        return ["Draw", "Pass"]
    if "ChooseAdventurer" in kind:
        return [{"ChooseAdventurer": a} for a in kind["ChooseAdventurer"]["options"]]
    if "PlaceCard" in kind:
        tiles = kind["PlaceCard"]["set_aside"]
        return ["AddToDungeon"] + [{"SetAside": t} for t in tiles]
    if "Question" in kind:
        return [{"Answer": a} for a in kind["Question"]["options"]]
    raise ValueError(f"a decision this bot does not know: {kind!r}")


def choose(decision, view, rng):
    """The bot's whole mind: a simple heuristic. Draw while the dungeon is small, pass
    once it is crowded; put drawn cards in; any other choice at random."""
    actions = legal_actions(decision)
    if "Draw" in actions:
        dungeon = (view or {}).get("dungeon_size", 0)
        return "Draw" if dungeon < 4 or rng.random() < 0.3 else "Pass"
    if "AddToDungeon" in actions and rng.random() < 0.7:
        return "AddToDungeon"
    return rng.choice(actions)


def parse_invite(text, server):
    """(endpoint, code) from an invitation ws://HOST:PORT/t/CODE, or a code and --server."""
    if "/t/" in text:
        base, code = text.rsplit("/t/", 1)
        return base.rstrip("/") + "/ws", code.strip("/")
    if not server:
        raise ValueError("give an invitation (ws://HOST:PORT/t/CODE) or --server with a code")
    base = server if "://" in server else "ws://" + server
    base = base.rstrip("/")
    if not base.endswith("/ws"):
        base += "/ws"
    return base, text


# What the bot does on each error code (docs/protocol.md, "Errors"). A refused answer
# changes nothing: the question is still the bot's, and comes again.
ON_ERROR = {
    "not_an_option": "continue",
    "stale": "continue",
    "refused": "continue",
    "not_your_turn": "continue",
    "not_started": "continue",
    "busy": "continue",
    # Too fast for the server, or the server busy: pause, then go on.
    "rate_limited": "pause",
    # The answer was not stored: answer the same question again after a pause.
    "internal": "answer_again",
    # The server is full for now: connect again later, with the seat's token.
    "too_many_connections": "reconnect",
    # The seat was taken with its token from elsewhere: taking it back would start a
    # fight between the two. Stop.
    "seat_taken": "stop",
    # Nothing to do about these: stop.
    "version_mismatch": "stop",
    "malformed": "stop",
    "too_big": "stop",
    "bad_request": "stop",
    "too_many_tables": "stop",
    "table_quota": "stop",
    "unknown_table": "stop",
    "table_full": "stop",
    "bad_token": "stop",
    "not_creator": "stop",
    "already_started": "stop",
}

# How long the bot tries to get a lost connection back (a server restarting), and the
# longest pause between two tries.
RECONNECT_FOR = 120.0
LONGEST_PAUSE = 5.0


class Stop(Exception):
    """The game ends here for this bot, with this exit status."""

    def __init__(self, status):
        super().__init__(status)
        self.status = status


class Reconnect(Exception):
    """The connection is to be made again (the seat taken back with its token)."""


async def session(endpoint, code, name, rng, state):
    """One connection: hello, the seat (joined, or taken back with its token), then the
    game until it ends (Stop) or the connection is lost (Reconnect, OSError...)."""
    # The largest message a server sends is a whole log; 8 MiB is far more than enough.
    async with websockets.connect(endpoint, max_size=8 << 20) as ws:

        async def send(message):
            await ws.send(json.dumps(message))

        async def receive():
            return json.loads(await ws.recv())

        await send({"type": "hello", "version": PROTOCOL_VERSION})
        welcome = await receive()
        if welcome["type"] != "welcome":
            code_ = welcome.get("code")
            print(f"refused ({code_}): {welcome.get('message')}")
            if ON_ERROR.get(code_, "stop") in ("pause", "reconnect"):
                raise Reconnect()
            raise Stop(1)
        print(f"connected to {welcome['server']}")
        if state["token"] is None:
            await send({"type": "join", "code": code, "name": name})
        else:
            await send({"type": "rejoin", "code": code, "token": state["token"]})
        state["tries"] = 0
        view = None
        seat = None
        last_answer = None
        while True:
            message = await receive()
            kind = message["type"]
            if kind == "seated":
                seat = message["seat"]
                # Kept to take the seat back after a lost connection.
                state["token"] = message["token"]
                names = [s["name"] or f"seat {i + 1}" for i, s in enumerate(message["setup"]["seats"])]
                print(f"took seat {seat + 1} of {len(names)}: {', '.join(names)}")
            elif kind == "view":
                view = message["view"]
            elif kind == "asking":
                action = choose(message["decision"], view, rng)
                print(f"decision {message['number']}: {json.dumps(action)}")
                last_answer = {"type": "answer", "number": message["number"], "action": action}
                await send(last_answer)
            elif kind in ("waiting", "accepted", "welcome"):
                pass
            elif kind == "log":
                for entry in message["entries"]:
                    # Our own version of an event when it is ours, else everyone's.
                    private = entry.get("private")
                    event = private[1] if private else entry["public"]
                    print(f"  [{entry['index']}] {json.dumps(event)}")
            elif kind == "notice":
                print(f"  note: {json.dumps(message['kind'])}")
            elif kind == "odds":
                pass
            elif kind == "over":
                winner = message["winner"]
                if winner is None:
                    print("the game is over: nobody won")
                elif winner == seat:
                    print("the game is over: this bot won!")
                else:
                    print(f"the game is over: seat {winner + 1} won")
                raise Stop(0)
            elif kind == "stopped":
                print(f"the game stopped: {message['reason']}")
                raise Stop(1)
            elif kind == "error":
                what = ON_ERROR.get(message["code"], "stop")
                print(f"refused ({message['code']}): {message['message']}")
                if what == "pause":
                    await asyncio.sleep(1.0)
                elif what == "answer_again" and last_answer is not None:
                    await asyncio.sleep(1.0)
                    await send(last_answer)
                elif what == "reconnect":
                    raise Reconnect()
                elif what == "stop":
                    raise Stop(1)


async def play(endpoint, code, name, seed):
    rng = random.Random(seed)
    state = {"token": None, "tries": 0}
    deadline = None
    while True:
        try:
            await session(endpoint, code, name, rng, state)
        except Stop as stop:
            return stop.status
        except (Reconnect, OSError, websockets.exceptions.WebSocketException) as e:
            if state["token"] is None and not isinstance(e, Reconnect):
                # Never seated: there is no seat to take back.
                print(f"the connection failed: {e}", file=sys.stderr)
                return 1
            loop = asyncio.get_running_loop()
            if state["tries"] == 0:
                deadline = loop.time() + RECONNECT_FOR
            if loop.time() > deadline:
                print(f"the connection could not be had back: {e}", file=sys.stderr)
                return 1
            pause = min(0.25 * 2 ** state["tries"], LONGEST_PAUSE)
            state["tries"] += 1
            print(f"connection lost ({e or 'asked to reconnect'}); again in {pause:.2f} s")
            await asyncio.sleep(pause)


def main():
    parser = argparse.ArgumentParser(description="A bot that plays a table of dungeon's server.")
    parser.add_argument("invite", help="the invitation (ws://HOST:PORT/t/CODE), or a table code with --server")
    parser.add_argument("--server", help="the server (ws://HOST:PORT) when a code is given")
    parser.add_argument("--name", default="Robo", help="the bot's name at the table")
    parser.add_argument("--seed", type=int, default=None, help="seed of the bot's own choices")
    args = parser.parse_args()
    try:
        endpoint, code = parse_invite(args.invite, args.server)
    except ValueError as e:
        print(e, file=sys.stderr)
        return 2
    try:
        return asyncio.run(play(endpoint, code, args.name, args.seed))
    except (OSError, websockets.exceptions.WebSocketException) as e:
        print(f"the connection failed: {e}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
