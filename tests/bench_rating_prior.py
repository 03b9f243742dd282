"""How the uncertainty of a new rating (openskill's prior sigma) changes a first game and how
close ratings get to the players' skill: prints, for each sigma, the MMR a first win and five
losses in a row move, and the error of a server's ratings after 1, 5, 10 and 25 games.

    python -m tests.bench_rating_prior [--servers 40] [--players 30]

Each simulated server has players whose true skill is drawn around 1200 MMR with a spread
(standard deviation) of 200, 300 or 400 MMR; every round pairs them at random, and a game is
won with openskill's own chance for settled ratings of those skills. The error is the root
mean square distance between shown MMR and true skill, averaged over the servers.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics

from openskill.models import PlackettLuce

from bot.ranking.rating import MMR_PER_MU, NEW_SIGMA

SIGMAS = (25 / 3, 6.0, NEW_SIGMA, 25 / 6)
SPREADS = (200, 300, 400)  # true skill, standard deviation in MMR
CHECKPOINTS = (1, 5, 10, 25)


def first_games(sigma: float) -> tuple[float, int]:
    """The MMR a first win gains, and the MMR after five losses to new players."""
    model = PlackettLuce(sigma=sigma)
    [[won], _] = model.rate([[model.rating()], [model.rating()]], ranks=[0, 1])
    player = model.rating()
    for _ in range(5):
        [[player], _] = model.rate([[player], [model.rating()]], ranks=[1, 0])
    return (won.mu - model.mu) * MMR_PER_MU, round(player.mu * MMR_PER_MU)


def server_errors(sigma: float, spread: float, seed: int, players: int) -> dict[int, float]:
    """RMS error (MMR) of one simulated server's ratings after each checkpoint round."""
    model = PlackettLuce(sigma=sigma)
    rng = random.Random(seed)
    skill = [rng.gauss(model.mu, spread / MMR_PER_MU) for _ in range(players)]
    ratings = [model.rating() for _ in range(players)]
    settled = math.sqrt(2) * model.beta
    errors = {}
    for game in range(1, max(CHECKPOINTS) + 1):
        order = list(range(players))
        rng.shuffle(order)
        for a, b in zip(order[::2], order[1::2], strict=True):
            a_wins = rng.random() < 1 / (1 + math.exp((skill[b] - skill[a]) / settled))
            [[ratings[a]], [ratings[b]]] = model.rate([[ratings[a]], [ratings[b]]],
                                                      ranks=[0, 1] if a_wins else [1, 0])
        if game in CHECKPOINTS:
            errors[game] = math.sqrt(statistics.mean(
                ((r.mu - s) * MMR_PER_MU) ** 2 for r, s in zip(ratings, skill, strict=True)))
    return errors


def main() -> None:
    """Print the table."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--servers", type=int, default=40)
    parser.add_argument("--players", type=int, default=30)
    args = parser.parse_args()
    print("sigma  first win  after 5 losses | error after "
          + ", ".join(f"{g} games" for g in CHECKPOINTS) + " (MMR), by true spread")
    for sigma in SIGMAS:
        step, five = first_games(sigma)
        cells = []
        for spread in SPREADS:
            runs = [server_errors(sigma, spread, seed, args.players)
                    for seed in range(args.servers)]
            means = "/".join(f"{statistics.mean(r[g] for r in runs):.0f}" for g in CHECKPOINTS)
            cells.append(f"{spread}: {means}")
        mark = " (new ratings)" if sigma == NEW_SIGMA else ""
        print(f"{sigma:5.2f}  {step:+9.0f}  {five:14d} | {'   '.join(cells)}{mark}")


if __name__ == "__main__":
    main()
