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

Exit status: 0 when the game is over, 1 on a refusal or a lost connection, 2 on bad usage.
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


async def play(endpoint, code, name, seed):
    rng = random.Random(seed)
    # The largest message a server sends is a whole log; 8 MiB is far more than enough.
    async with websockets.connect(endpoint, max_size=8 << 20) as ws:

        async def send(message):
            await ws.send(json.dumps(message))

        async def receive():
            return json.loads(await ws.recv())

        await send({"type": "hello", "version": PROTOCOL_VERSION})
        welcome = await receive()
        if welcome["type"] != "welcome":
            print(f"refused: {welcome}")
            return 1
        print(f"connected to {welcome['server']}")
        await send({"type": "join", "code": code, "name": name})
        view = None
        seat = None
        while True:
            message = await receive()
            kind = message["type"]
            if kind == "seated":
                seat = message["seat"]
                names = [s["name"] or f"seat {i + 1}" for i, s in enumerate(message["setup"]["seats"])]
                print(f"took seat {seat + 1} of {len(names)}: {', '.join(names)}")
            elif kind == "view":
                view = message["view"]
            elif kind == "asking":
                action = choose(message["decision"], view, rng)
                print(f"decision {message['number']}: {json.dumps(action)}")
                await send({"type": "answer", "number": message["number"], "action": action})
            elif kind == "waiting":
                pass
            elif kind == "accepted":
                pass
            elif kind == "log":
                for entry in message["entries"]:
                    # Our own version of an event when it is ours, else everyone's.
                    private = entry.get("private")
                    event = private[1] if private else entry["public"]
                    print(f"  [{entry['index']}] {json.dumps(event)}")
            elif kind == "notice":
                print(f"  note: {json.dumps(message['kind'])}")
            elif kind == "over":
                winner = message["winner"]
                if winner is None:
                    print("the game is over: nobody won")
                elif winner == seat:
                    print("the game is over: this bot won!")
                else:
                    print(f"the game is over: seat {winner + 1} won")
                return 0
            elif kind == "stopped":
                print(f"the game stopped: {message['reason']}")
                return 1
            elif kind == "error":
                # A refused answer changes nothing: the question is still ours to answer.
                print(f"refused ({message['code']}): {message['message']}")
                if message["code"] not in ("not_an_option", "stale", "refused"):
                    return 1


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
