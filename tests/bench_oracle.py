"""How strong hard would be if it saw the hidden cards: an upper bound for its search.

    python -m tests.bench_oracle [--b normal] [--games 200] [--seed 7] [--skip K]
                                 [--playouts] [--json]

Plays the arena's mirrored deals (`python -m engine arena`, same seed, same deals) between
"oracle" and the level --b. The oracle is hard's search (engine.ai.search) whose every
sampled world is the real match: the opponent's hand and both deck orders, the draws to
come included. The real match has one world, so the oracle judges each candidate in it
once (a fixed effort: the same result on any machine). Compared with the arena's hard on
the same deals, this shows how much of hard's strength sampling the hidden cards costs; a
player never meets the oracle (make_agent does not build it).

With --playouts the oracle judges each of hard's candidates by playing the real match out
to its end, both sides played by the normal level: against normal, a forecast of the
match that each candidate leads to, when the oracle goes on as normal would (exact but for
normal's own sampling, seeded differently here). It shows what the deals leave to win for
a player that knows everything and may look to the end.
"""

from __future__ import annotations

import argparse
import json
import random

from engine.actions import Action
from engine.ai.agents import Agent, make_agent, pre_play
from engine.ai.arena import run_arena
from engine.ai.beliefs import Beliefs
from engine.ai.playout import outcome
from engine.ai.search import CANDIDATES, SearchAgent, candidates
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


class PlayoutOracle:
    """Plays the candidate whose playout of the real match by normal on both sides ends best."""

    name = "oracle"

    def __init__(self, truth: Truth, deck: Deck | None) -> None:
        self.truth = truth
        self.deck = deck
        self.normal = make_agent("normal")  # keeps no state: it plays either seat

    def choose(self, obs: Observation) -> Action:
        """Return the candidate with the best playout outcome (the first of equals)."""
        early = pre_play(obs, self.deck)
        if early is not None:
            return early
        me, real = obs.viewer, self.truth.match
        assert me is not None and real is not None
        if real.pending is not None:
            return self.normal.choose(obs)
        return max(candidates(real, me), key=lambda a: self.playout(real, a, me))

    def playout(self, real: Match, a: Action, me: int) -> float:
        """My result once the match after move a is played out by normal on both sides."""
        m = real.clone()
        m.apply(a)
        while not m.is_over:
            p = m.to_act()[0]
            m.apply(self.normal.choose(m.observation(p)))
        return outcome(m, me)


def oracle_arena(b: str, games: int, seed: int, playouts: bool = False, skip: int = 0,
                 ) -> dict[str, object]:
    """Play the oracle against level b on the arena's deals; return the arena summary."""
    truth = Truth()

    def make(name: str, agent_seed: int, deck: Deck | None, budget_ms: int | None,
             iterations: int | None) -> Agent:
        if name == "oracle" and playouts:
            return PlayoutOracle(truth, deck)
        if name == "oracle":
            return SearchAgent("oracle", agent_seed, deck, iterations=CANDIDATES + 1,
                               sample=truth.sample)
        return make_agent(name, agent_seed, deck, budget_ms, iterations)

    return run_arena("oracle", b, games, seed, skip=skip, make=make, watch=truth.watch)


def main() -> None:
    """Run the benchmark and print A's (the oracle's) results."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--b", default="normal", help="the level it plays against")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--skip", type=int, default=0, help="start at game K of the deals")
    parser.add_argument("--playouts", action="store_true",
                        help="judge candidates by playouts of normal to the match's end")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    result = oracle_arena(args.b, args.games, args.seed, args.playouts, args.skip)
    if args.json:
        print(json.dumps(result))
        return
    print(f"oracle (A) v {args.b} (B), {result['games']} games, seed {args.seed}: "
          f"A's win rate {result['a_win_rate']:.1%} {result['ci95']}, "
          f"deals {result['pairs']}")


if __name__ == "__main__":
    main()
