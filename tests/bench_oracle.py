"""How strong hard would be if it saw the hidden cards: an upper bound for its search.

    python -m tests.bench_oracle [--b normal] [--games 200] [--seed 7] [--json]

Plays the arena's mirrored deals (`python -m engine arena`, same seed, same deals) between
"oracle" and the level --b. The oracle is hard's search (engine.ai.search) whose every
sampled world is the real match: the opponent's hand and both deck orders, the draws to
come included. The real match has one world, so the oracle judges each candidate in it
once (a fixed effort: the same result on any machine). Compared with the arena's hard on
the same deals, this shows how much of hard's strength sampling the hidden cards costs; a
player never meets the oracle (make_agent does not build it).
"""

from __future__ import annotations

import argparse
import json
import random

from engine.ai.agents import Agent, make_agent
from engine.ai.arena import run_arena
from engine.ai.beliefs import Beliefs
from engine.ai.search import CANDIDATES, SearchAgent
from engine.decks import Deck
from engine.match import Match
from engine.observation import Observation


class Truth:
    """The match being played, seen by the oracle's sampler."""

    def __init__(self) -> None:
        self.match: Match | None = None

    def watch(self, m: Match) -> None:
        """Remember the match about to be decided."""
        self.match = m

    def sample(self, obs: Observation, bel: Beliefs, rng: random.Random) -> Match:
        """Return a copy of the real match in place of a sampled world."""
        assert self.match is not None
        return self.match.clone()


def oracle_arena(b: str, games: int, seed: int) -> dict[str, object]:
    """Play the oracle against level b on the arena's deals; return the arena summary."""
    truth = Truth()

    def make(name: str, agent_seed: int, deck: Deck | None, budget_ms: int | None,
             iterations: int | None) -> Agent:
        if name == "oracle":
            return SearchAgent("oracle", agent_seed, deck, iterations=CANDIDATES + 1,
                               sample=truth.sample)
        return make_agent(name, agent_seed, deck, budget_ms, iterations)

    return run_arena("oracle", b, games, seed, make=make, watch=truth.watch)


def main() -> None:
    """Run the benchmark and print A's (the oracle's) results."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--b", default="normal", help="the level it plays against")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    result = oracle_arena(args.b, args.games, args.seed)
    if args.json:
        print(json.dumps(result))
        return
    print(f"oracle (A) v {args.b} (B), {result['games']} games, seed {args.seed}: "
          f"A's win rate {result['a_win_rate']:.1%} {result['ci95']}, "
          f"deals {result['pairs']}")


if __name__ == "__main__":
    main()
