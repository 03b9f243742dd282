"""Fit the computer player's evaluation (engine/ai/value.json) on the engine's self-play.

    python -m pip install -r requirements-train.txt
    python -m tools.train_value            # self-play, fit, write engine/ai/value.json
    python -m tools.train_value --start engine/ai/value.json --generations 1 --games 8000
                                           # one more generation on top of the shipped ones

Self-play matches give positions; every position counts twice, once as each player sees
it, labelled with that player's final result (win 1, draw 1/2, loss 0). A small network
is fitted to those labels by logistic loss with numpy (a training-only dependency: the
engine evaluates the weights in plain Python, engine.ai.value).

Training goes in generations, each fitting one network on its own matches; the
evaluation is the mean of all generations' networks. The first generation plays the
hand-written policy (engine.ai.policy); each later one plays the lookahead
(engine.ai.lookahead) over the evaluation of the generations before it, so the
evaluation learns the play it judges while the earlier networks keep it from drifting
towards what only that play does.
Players explore: now and then a random card, or a pass at any moment, so that the data
shows what a bad move costs. Decks are starter decks, and now and then random legal ones.
"""

from __future__ import annotations

import argparse
import itertools
import json
import multiprocessing
import os
import random
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

from engine.actions import FORFEIT, Action
from engine.ai.agents import first_choice, redraw_choice
from engine.ai.lookahead import choose_lookahead
from engine.ai.policy import Style, choose_action
from engine.ai.value import NAMES, WEIGHTS, Network, features
from engine.cards import LEADER, NEUTRAL, catalogue
from engine.decks import Deck, starter_decks, validate
from engine.match import Match
from engine.observation import CHOOSE_FIRST, MULLIGAN

PLAY_STYLE = Style(epsilon=0.1, jitter=4.0)
EXPLORE_PASS = 0.05  # chance of passing at any turn: the data must show what passing costs
RANDOM_DECKS = 0.2  # share of decks drawn at random instead of a starter deck


def random_deck(faction: str, rng: random.Random) -> Deck:
    """A random legal deck of the faction: 22 to 30 unit copies, up to 10 specials."""
    cards = [c for c in catalogue().cards.values()
             if c.type != LEADER and not c.side_deck and c.faction in (faction, NEUTRAL)]
    units = [c.id for c in cards if c.is_unit for _ in range(c.copies)]
    specials = [c.id for c in cards if c.is_special for _ in range(c.copies)]
    chosen = rng.sample(units, rng.randint(22, min(30, len(units))))
    chosen += rng.sample(specials, rng.randint(0, min(10, len(specials))))
    leader = rng.choice(catalogue().leaders(faction)).id
    return validate(Deck(faction, leader, dict(Counter(chosen))))


def one_game(seed: int, net: Network | None) -> tuple[list[list[float]], list[float]]:
    """Play one self-play match (the policy, or the lookahead over `net`); return its
    positions' features and labels."""
    rng = random.Random(seed)
    starters = starter_decks()
    factions = sorted(starters)
    decks = tuple(random_deck(f, rng) if rng.random() < RANDOM_DECKS else starters[f]
                  for f in (rng.choice(factions), rng.choice(factions)))
    m = Match.new((decks[0], decks[1]), rng.getrandbits(63))
    rows: list[tuple[int, list[float]]] = []
    while not m.is_over:
        p = m.to_act()[0]
        if m.phase == CHOOSE_FIRST:
            action: Action = first_choice(m.observation(p))
        elif m.phase == MULLIGAN:
            action = redraw_choice(m.observation(p), decks[p])
        else:
            if m.pending is None:
                rows.extend((q, features(m, q)) for q in (0, 1))
            action = choose_action(m, p, PLAY_STYLE, rng)
            if m.pending is None:
                if rng.random() < EXPLORE_PASS:
                    action = m.legal_actions(p)[-2]
                elif net is not None and rng.random() >= PLAY_STYLE.epsilon:
                    action = choose_lookahead(m, p, rng, net)
        if action.kind == FORFEIT:
            raise AssertionError("the policy never forfeits")
        m.apply(action)
    x = [f for _, f in rows]
    y = [0.5 if m.winner is None else float(m.winner == q) for q, _ in rows]
    return x, y


def _games(job: tuple[list[int], dict[str, Any] | None]) -> tuple[list[list[float]],
                                                                   list[float]]:
    seeds, weights = job
    net = None if weights is None else Network(weights)
    xs: list[list[float]] = []
    ys: list[float] = []
    for seed in seeds:
        x, y = one_game(seed, net)
        xs += x
        ys += y
    return xs, ys


def generate(games: int, seed: int, weights: dict[str, Any] | None,
             workers: int) -> tuple[list[list[float]], list[float]]:
    """Play `games` self-play matches (in worker processes); return all their positions
    and labels. Without weights the players play the policy, else the lookahead."""
    master = random.Random(seed)
    seeds = [master.getrandbits(63) for _ in range(games)]
    chunk = 250
    jobs = [(seeds[i:i + chunk], weights) for i in range(0, games, chunk)]
    xs: list[list[float]] = []
    ys: list[float] = []
    start = time.perf_counter()
    with multiprocessing.Pool(workers) as pool:
        for done, (x, y) in enumerate(pool.imap(_games, jobs), 1):
            xs += x
            ys += y
            print(f"{min(done * chunk, games)} games, {len(xs)} positions, "
                  f"{time.perf_counter() - start:.0f} s", file=sys.stderr, flush=True)
    return xs, ys


def fit(xs: list[list[float]], ys: list[float], hidden: int, epochs: int,
        seed: int) -> dict[str, Any]:
    """Fit one network by logistic loss (Adam, minibatches); return it as JSON-ready data."""
    import numpy as np

    rng = np.random.default_rng(seed)
    x = np.asarray(xs, dtype=np.float64)
    y = np.asarray(ys, dtype=np.float64)
    mean = x.mean(axis=0)
    scale = x.std(axis=0)
    scale[scale < 1e-6] = 1.0
    x = (x - mean) / scale
    order = rng.permutation(len(x))
    cut = len(x) // 10
    val, train = order[:cut], order[cut:]
    sizes = [x.shape[1], hidden, hidden, 1]
    params = []
    for a, b in itertools.pairwise(sizes):
        params += [rng.normal(0, np.sqrt(2 / a), (a, b)), np.zeros(b)]
    moments = [np.zeros_like(q) for q in params] + [np.zeros_like(q) for q in params]

    def forward(batch: np.ndarray) -> tuple[list[np.ndarray], np.ndarray]:
        acts = [batch]
        h = batch
        for i in range(0, len(params) - 2, 2):
            h = np.maximum(h @ params[i] + params[i + 1], 0.0)
            acts.append(h)
        z = (h @ params[-2] + params[-1])[:, 0]
        return acts, z

    def loss(idx: np.ndarray) -> float:
        _, z = forward(x[idx])
        p = 1 / (1 + np.exp(-np.clip(z, -30, 30)))
        t = y[idx]
        return float(-np.mean(t * np.log(p + 1e-9) + (1 - t) * np.log(1 - p + 1e-9)))

    step, lr, batch = 0, 2e-3, 512
    n = len(params)
    for epoch in range(epochs):
        rng.shuffle(train)
        for k in range(0, len(train), batch):
            idx = train[k:k + batch]
            acts, z = forward(x[idx])
            p = 1 / (1 + np.exp(-np.clip(z, -30, 30)))
            delta = ((p - y[idx]) / len(idx))[:, None]
            grads: list[np.ndarray] = [np.empty(0)] * n
            for i in range(n - 2, -1, -2):
                grads[i] = acts[i // 2].T @ delta
                grads[i + 1] = delta.sum(axis=0)
                if i:
                    delta = (delta @ params[i].T) * (acts[i // 2] > 0)
            step += 1
            for i in range(n):
                g = grads[i] + (1e-5 * params[i] if i % 2 == 0 else 0.0)
                moments[i] = 0.9 * moments[i] + 0.1 * g
                moments[n + i] = 0.999 * moments[n + i] + 0.001 * g * g
                mh = moments[i] / (1 - 0.9 ** step)
                vh = moments[n + i] / (1 - 0.999 ** step)
                params[i] = params[i] - lr * mh / (np.sqrt(vh) + 1e-8)
        if epoch == epochs * 2 // 3:
            lr /= 4
        print(f"epoch {epoch + 1}: train loss {loss(train[:50_000]):.4f}, "
              f"validation loss {loss(val):.4f}", file=sys.stderr, flush=True)
    _, z = forward(x[val])
    accuracy = float(np.mean((z > 0) == (y[val] > 0.5)))
    print(f"validation accuracy {accuracy:.3f} (decided positions)", file=sys.stderr)

    def r(a: np.ndarray) -> list[float] | list[list[float]]:
        return np.round(a, 5).tolist()  # type: ignore[no-any-return]

    layers = [{"w": r(params[i].T), "b": r(params[i + 1])} for i in range(0, n, 2)]
    return {"mean": r(mean), "scale": r(scale), "layers": layers}


def main(argv: list[str] | None = None) -> int:
    """Run the generations of self-play and fitting; write the evaluation after each."""
    parser = argparse.ArgumentParser(prog="python -m tools.train_value", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", default="20000,20000,8000",
                        help="matches per generation, comma-separated (the last repeats)")
    parser.add_argument("--generations", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--hidden", type=int, default=24)
    parser.add_argument("--epochs", type=int, default=12)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--start", type=Path,
                        help="an evaluation to add generations to (its networks are kept)")
    parser.add_argument("--out", type=Path, default=WEIGHTS)
    args = parser.parse_args(argv)
    games = [int(g) for g in args.games.split(",")]
    members: list[dict[str, Any]] = []
    if args.start is not None:
        members = json.loads(args.start.read_text(encoding="utf-8"))["members"]
    for generation in range(len(members), len(members) + args.generations):
        weights = {"features": list(NAMES), "members": members} if members else None
        who = "lookahead" if members else "policy"
        count = games[min(generation, len(games) - 1)]
        print(f"generation {generation + 1}: {count} matches of the {who}",
              file=sys.stderr, flush=True)
        xs, ys = generate(count, args.seed + generation, weights, args.workers)
        members = [*members, fit(xs, ys, args.hidden, args.epochs, args.seed)]
        del xs, ys
        data = {"features": list(NAMES), "members": members}
        args.out.write_text(json.dumps(data, separators=(",", ":")) + "\n", encoding="utf-8")
        print(f"wrote {args.out}", file=sys.stderr, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
