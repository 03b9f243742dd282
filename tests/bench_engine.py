"""Engine benchmark: random matches per second, side by side with a peer simulator, and the
search primitives (clone, legal moves, apply, a policy playout).

    python -m tests.bench_engine [--peer PATH] [--games N] [--rounds R] [--json]

Random matches are played as `python -m engine selfplay` plays them (random starter decks,
a uniformly random legal action for a random player to act, forfeits excluded), without
the invariant checks. With --peer, the same number of random matches of Diss-GwentBalancer
(https://github.com/Hill11235/Diss-GwentBalancer, checked out at PATH) is played in the same
process, alternating with ours round by round, so both see the same machine load: each of
its matches is a fresh random deal built as its own `agent/agent_test.py` builds one (a
`Deck(card_db, faction, 22, seed)` per player, `Player`, `Board`, `GameState`), played with
`GameState.make_random_play` until `check_game_complete()`. Its playouts alone (a deep copy
of a dealt game, then random plays, as its `MCTS.simulate` does) are timed too, next to our
equivalent (a clone of a match at the start of round 1, then random legal actions). Every
figure is the median over the rounds; the ratios are medians of the per-round ratios.

The primitives are timed on positions of random matches (playing phase): Match.clone(),
generating the legal actions of the player to act (uncached), applying a random legal
action (on a clone, clone time excluded), and a playout of the hand-written policy from a
determinization. Each figure is the median over positions of the mean over repeats.
"""

from __future__ import annotations

import argparse
import copy
import json
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from engine.actions import FORFEIT
from engine.ai.beliefs import beliefs
from engine.ai.determinize import determinize
from engine.ai.playout import playout, playout_copy
from engine.ai.policy import ROLLOUT
from engine.decks import starter_decks
from engine.match import Match
from engine.observation import PLAYING

FACTIONS = sorted(starter_decks())


def new_random_match(seed: int) -> tuple[Match, random.Random]:
    """A match with random starter decks, and the generator of its random players."""
    rng = random.Random(seed)
    decks = starter_decks()
    m = Match.new((decks[rng.choice(FACTIONS)], decks[rng.choice(FACTIONS)]),
                  seed=rng.getrandbits(63))
    return m, rng


def play_randomly(m: Match, rng: random.Random) -> Match:
    """Play random legal actions (never a forfeit) until the match ends."""
    while not m.is_over:
        p = rng.choice(m.to_act())
        actions = m.legal_actions(p)
        m.apply(actions[rng.randrange(len(actions) - 1)])  # the last action is forfeit
    return m


def our_matches(seeds: list[int]) -> float:
    """Play one random match per seed; return the seconds taken."""
    start = time.perf_counter()
    for seed in seeds:
        play_randomly(*new_random_match(seed))
    return time.perf_counter() - start


def round_starts(seeds: list[int]) -> list[Match]:
    """Matches at the start of round 1 (redraws done at random), one per seed."""
    out = []
    for seed in seeds:
        m, rng = new_random_match(seed)
        while m.phase != PLAYING:
            p = rng.choice(m.to_act())
            actions = m.legal_actions(p)
            m.apply(actions[rng.randrange(len(actions) - 1)])
        out.append(m)
    return out


def our_playouts(starts: list[Match], seed: int) -> float:
    """Clone each match and play it out randomly; return the seconds taken."""
    rng = random.Random(seed)
    start = time.perf_counter()
    for m in starts:
        play_randomly(m.clone(), rng)
    return time.perf_counter() - start


class Peer:
    """Diss-GwentBalancer's random matches, imported from its checkout."""

    FACTIONS = ("monster", "nilfgaardian", "northern", "scoiatael")

    def __init__(self, path: Path) -> None:
        sys.path.insert(0, str(path))
        from agent.gamestate import GameState  # type: ignore[import-not-found]
        from gwent.board import Board  # type: ignore[import-not-found]
        from gwent.data.card_db import CardDB  # type: ignore[import-not-found]
        from gwent.deck import Deck  # type: ignore[import-not-found]
        from gwent.player import Player  # type: ignore[import-not-found]

        self.GameState, self.Board, self.Deck, self.Player = GameState, Board, Deck, Player
        self.card_db = CardDB("card_data.csv")

    def deal(self, seed: int) -> Any:
        """A fresh random game, built as agent_test.TestAgent.create_random_boards does."""
        random.seed(seed)
        f1, f2 = random.choice(self.FACTIONS), random.choice(self.FACTIONS)
        deck1 = self.Deck(self.card_db, f1, 22, seed)
        deck2 = self.Deck(self.card_db, f2, 22, seed)
        boards = (self.Board(self.Player("p1", f1, deck1.deck)),
                  self.Board(self.Player("p2", f2, deck2.deck)))
        return self.GameState(*boards)

    @staticmethod
    def play_randomly(game: Any) -> None:
        """Random plays until the game is complete."""
        while not game.check_game_complete():
            game.make_random_play()

    def matches(self, seeds: list[int]) -> float:
        """Deal and play one game per seed; return the seconds taken."""
        start = time.perf_counter()
        for seed in seeds:
            self.play_randomly(self.deal(seed))
        return time.perf_counter() - start

    def playouts(self, starts: list[Any]) -> float:
        """Deep-copy each dealt game and play it out; return the seconds taken."""
        start = time.perf_counter()
        for game in starts:
            self.play_randomly(copy.deepcopy(game))
        return time.perf_counter() - start


def positions(count: int, seed: int) -> list[Match]:
    """Snapshots of random matches in the playing phase, every third action."""
    out: list[Match] = []
    k = 0
    while len(out) < count:
        m, rng = new_random_match(seed + k)
        k += 1
        step = 0
        while not m.is_over and len(out) < count:
            if m.phase == PLAYING and step % 3 == 0:
                out.append(m.clone())
            p = rng.choice(m.to_act())
            actions = m.legal_actions(p)
            m.apply(actions[rng.randrange(len(actions) - 1)])
            step += 1
    return out


def per_call_us(items: list[Any], fn: Callable[[Any], object], repeats: int) -> float:
    """Median over items of the mean time of fn(item) over repeats calls, in microseconds."""
    times = []
    for item in items:
        start = time.perf_counter()
        for _ in range(repeats):
            fn(item)
        times.append((time.perf_counter() - start) / repeats * 1e6)
    return statistics.median(times)


def primitives(count: int, seed: int) -> dict[str, float]:
    """Median microseconds of the search primitives over `count` positions."""
    spots = positions(count, seed)

    def legal(m: Match) -> object:
        return m._generate(m.to_act()[0])

    rng = random.Random(seed)
    moves = [rng.choice([a for a in m.legal_actions(m.to_act()[0]) if a.kind != FORFEIT])
             for m in spots]
    clones = {id(m): [m.clone() for _ in range(5)] for m in spots}
    apply_times = []
    for m, move in zip(spots, moves, strict=True):
        twins = clones[id(m)]
        start = time.perf_counter()
        for twin in twins:
            twin.apply(move)
        apply_times.append((time.perf_counter() - start) / len(twins) * 1e6)
    worlds = []
    for m in spots[: max(1, count // 4)]:
        p = m.to_act()[0]
        obs = m.observation(p)
        worlds.append((determinize(obs, beliefs(obs, m.decks[p]), random.Random(seed)), p))
    play_rng = random.Random(seed)
    return {
        "clone_us": round(per_call_us(spots, Match.clone, 20), 2),
        "playout_copy_us": round(per_call_us(spots, playout_copy, 20), 2),
        "legal_actions_us": round(per_call_us(spots, legal, 20), 2),
        "apply_us": round(statistics.median(apply_times), 2),
        "policy_playout_us": round(per_call_us(
            worlds, lambda w: playout(playout_copy(w[0]), w[1], ROLLOUT, play_rng), 3), 1),
    }


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark and print the figures."""
    parser = argparse.ArgumentParser(prog="python -m tests.bench_engine", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--peer", type=Path, help="a checkout of Diss-GwentBalancer")
    parser.add_argument("--games", type=int, default=500, help="matches per round and side")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--positions", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    peer = Peer(args.peer) if args.peer else None
    ours_rate: list[float] = []
    ours_playout_rate: list[float] = []
    peer_rate: list[float] = []
    peer_playout_rate: list[float] = []
    for r in range(args.rounds):
        seeds = [args.seed * 1_000_003 + r * args.games + i for i in range(args.games)]
        ours_rate.append(args.games / our_matches(seeds))
        starts = round_starts(seeds)
        ours_playout_rate.append(len(starts) / our_playouts(starts, r))
        if peer is not None:
            peer_rate.append(args.games / peer.matches(seeds))
            dealt = [peer.deal(s) for s in seeds]
            peer_playout_rate.append(len(dealt) / peer.playouts(dealt))
    result: dict[str, Any] = {
        "games_per_round": args.games, "rounds": args.rounds,
        "matches_per_second": round(statistics.median(ours_rate), 1),
        "playouts_per_second": round(statistics.median(ours_playout_rate), 1),
    }
    if peer is not None:
        result["peer"] = {
            "matches_per_second": round(statistics.median(peer_rate), 1),
            "playouts_per_second": round(statistics.median(peer_playout_rate), 1),
            "match_ratio": round(statistics.median(
                o / p for o, p in zip(ours_rate, peer_rate, strict=True)), 2),
            "playout_ratio": round(statistics.median(
                o / p for o, p in zip(ours_playout_rate, peer_playout_rate, strict=True)), 2),
        }
    result["primitives"] = primitives(args.positions, args.seed)
    if args.json:
        print(json.dumps(result))
        return 0
    print(f"random matches: {result['matches_per_second']}/s; playouts from round 1: "
          f"{result['playouts_per_second']}/s (median of {args.rounds} rounds of {args.games})")
    if peer is not None:
        q = result["peer"]
        print(f"peer random matches: {q['matches_per_second']}/s; playouts: "
              f"{q['playouts_per_second']}/s")
        print(f"ratio (ours / peer): matches {q['match_ratio']}x, playouts {q['playout_ratio']}x")
    for key, value in result["primitives"].items():
        print(f"{key}: {value}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
