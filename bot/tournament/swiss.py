"""Swiss pairing: score groups paired top half against bottom half, and a maximum-weight
matching (networkx's max_weight_matching) wherever that order would repeat a pairing.

The rules, most important first:
1. everyone is paired, except one bye when the count is odd; the bye goes to a player who
   has not had one (only when every player has had one may someone get a second);
2. no two players meet twice while a pairing without that rematch exists;
3. the bye goes to the lowest-ranked player who may have it;
4. players meet others of their own score group; a player left over floats down to the
   next group, as few players as possible and the lowest-ranked ones;
5. within a group of n, 1 meets n/2 + 1, 2 meets n/2 + 2, and so on; a player who floated
   down meets the top of the group below.

The groups are paired from the top, each (with the players who floated down into it) in
that order when it repeats no pairing, else by a matching of the group alone. When that
leaves anyone unpaired, the whole round is paired by one matching whose edge weights rank
the rules above (each level's unit exceeds everything the levels below can add up to), so a
rematch or another player's bye is chosen only when nothing better exists. Weights are
whole numbers, so matchings are exact; the same standings always give the same pairings.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence, Set
from fractions import Fraction

import networkx as nx

from bot.tournament.games import pair_key

BYE_NODE = -1
Pairing = tuple[int, int | None]


def default_rounds(players: int) -> int:
    """ceil(log2(players)) rounds, at least one."""
    return max(1, math.ceil(math.log2(max(players, 2))))


def most_rounds(players: int) -> int:
    """The most rounds that can pass without a rematch or a second bye."""
    return max(1, players if players % 2 else players - 1)


def pair_swiss(ranking: Sequence[int], scores: Mapping[int, Fraction],
               met: Set[frozenset[int]], had_bye: Set[int]) -> list[Pairing]:
    """Pair the players of `ranking` (best first): pairs (higher-ranked first) in ranking
    order, then the bye as (player, None) when the count is odd."""
    if len(ranking) < 2:
        return [(p, None) for p in ranking]
    rest = list(ranking)
    bye: list[Pairing] = []
    if len(rest) % 2:
        allowed = [p for p in rest if p not in had_bye] or rest
        bye = [(allowed[-1], None)]
        rest.remove(allowed[-1])
    pairs = _by_groups(rest, scores, met)
    if pairs is None:
        return _whole_round(ranking, scores, met, had_bye)
    return pairs + bye


def _groups(ranking: Sequence[int], scores: Mapping[int, Fraction]) -> list[list[int]]:
    """The players by score, best group first, each in ranking order."""
    groups: dict[Fraction, list[int]] = {}
    for p in ranking:
        groups.setdefault(scores.get(p, Fraction(0)), []).append(p)
    return [groups[s] for s in sorted(groups, reverse=True)]


def _by_groups(ranking: Sequence[int], scores: Mapping[int, Fraction],
               met: Set[frozenset[int]]) -> list[Pairing] | None:
    """Pair group by group from the top, floating leftovers down; None if any player is
    left without an opponent."""
    pairs: list[Pairing] = []
    floating: list[int] = []
    for group in _groups(ranking, scores):
        paired, floating = _pair_group(floating + group, len(floating), met)
        pairs.extend(paired)
    return None if floating else pairs


def _pair_group(players: list[int], floaters: int,
                met: Set[frozenset[int]]) -> tuple[list[Pairing], list[int]]:
    """Pair one group (the first `floaters` came down from above): those who came down
    against the top of the group, the rest top half against bottom half, if that repeats no
    pairing; else a matching without rematches that pairs the floaters first, then leaves
    out the lowest-ranked. Returns the pairs and the players left over."""
    n = len(players)
    ideal = _ideal(players, floaters)
    paired = {p for pair in ideal for p in pair}
    if not any(pair_key(a, b) in met for a, b in ideal):
        return list(ideal), [p for p in players if p not in paired]
    half = (n - floaters) // 2
    order_unit = 1
    keep_unit = order_unit * (n * n + 1)
    float_unit = keep_unit * (2 * n * n + 1)
    graph: nx.Graph[int] = nx.Graph()
    graph.add_nodes_from(range(n))
    for i in range(n):
        for j in range(i + 1, n):
            if pair_key(players[i], players[j]) in met:
                continue
            if j < floaters:  # two who came down
                order = 0
            elif i < floaters:  # one who came down, against the top of the group
                order = n - (j - floaters)
            else:  # top half against bottom half first, as near their order as can be
                top_half = floaters + half
                order = n - abs(j - i - half) + (n if i < top_half <= j else 0)
            graph.add_edge(i, j, weight=float_unit * ((i < floaters) + (j < floaters))
                           + keep_unit * (2 * n - i - j) + order_unit * order)
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    pairs = sorted((min(i, j), max(i, j)) for i, j in matching)
    left = sorted(set(range(n)) - {i for pair in pairs for i in pair})
    return [(players[i], players[j]) for i, j in pairs], [players[i] for i in left]


def _ideal(players: list[int], floaters: int) -> list[tuple[int, int]]:
    """The group's pairing in order: each player who came down against the next player of
    the group, then the rest top half against bottom half (the last left over if odd)."""
    residents = players[floaters:]
    if floaters > len(residents):
        floaters, residents = 0, players
    rest = residents[floaters:]
    half = len(rest) // 2
    return [*zip(players[:floaters], residents[:floaters], strict=True),
            *zip(rest[:half], rest[half:2 * half], strict=True)]


def _whole_round(ranking: Sequence[int], scores: Mapping[int, Fraction],
                 met: Set[frozenset[int]], had_bye: Set[int]) -> list[Pairing]:
    """One matching of the whole round, weighted by the rules in order (see the module)."""
    graph = _graph(ranking, scores, met, had_bye, rematches=False)
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    if 2 * len(matching) < graph.number_of_nodes():
        graph = _graph(ranking, scores, met, had_bye, rematches=True)
        matching = nx.max_weight_matching(graph, maxcardinality=True)
    position = {p: i for i, p in enumerate(ranking)}
    pairs: list[Pairing] = []
    bye: list[Pairing] = []
    for u, v in matching:
        if BYE_NODE in (u, v):
            bye.append((v if u == BYE_NODE else u, None))
        else:
            pairs.append((u, v) if position[u] < position[v] else (v, u))
    pairs.sort(key=lambda pair: position[pair[0]])
    return pairs + bye


def _graph(ranking: Sequence[int], scores: Mapping[int, Fraction],
           met: Set[frozenset[int]], had_bye: Set[int], rematches: bool) -> nx.Graph[int]:
    n = len(ranking)
    half = {p: int(2 * scores.get(p, Fraction(0))) for p in ranking}  # in half points
    place = {p: (i, len(group)) for group in _groups(ranking, scores)
             for i, p in enumerate(group)}
    widest = max(half.values()) - min(half.values())
    edges = n // 2 + 1
    order_unit = 1
    score_unit = order_unit * (2 * n * edges + 1)
    bye_unit = score_unit * (widest * widest * edges + 1)
    rematch_unit = bye_unit * (n + 1)
    graph: nx.Graph[int] = nx.Graph()
    graph.add_nodes_from(ranking)
    for i, a in enumerate(ranking):
        for b in ranking[i + 1:]:
            again = pair_key(a, b) in met
            if again and not rematches:
                continue
            gap = half[a] - half[b]
            weight = (score_unit * (widest * widest - gap * gap)
                      + order_unit * _order(place[a], place[b], gap))
            if not again:
                weight += rematch_unit
            graph.add_edge(a, b, weight=weight)
    if n % 2:
        allowed = [p for p in ranking if p not in had_bye] or list(ranking)
        graph.add_node(BYE_NODE)
        for p in allowed:
            graph.add_edge(p, BYE_NODE, weight=bye_unit * (ranking.index(p) + 1)
                           + (rematch_unit if rematches else 0))
    return graph


def _order(a: tuple[int, int], b: tuple[int, int], gap: int) -> int:
    """How well two players' places fit (0 to 2n): within a group, 1 meets n/2 + 1; across
    groups, the bottom of the higher group meets the top of the lower one."""
    (pa, size_a), (pb, _) = a, b
    if gap == 0:
        return size_a - abs(abs(pa - pb) - size_a // 2)
    higher, lower = (a, b) if gap > 0 else (b, a)
    return higher[0] + (lower[1] - lower[0])
