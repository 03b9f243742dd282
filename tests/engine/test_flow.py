"""Match flow: coin, hands, redraws, turns, passing, rounds, gems, the end, forfeits."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from engine.actions import FORFEIT, KEEP, MULLIGAN, PASS, PLAY, Action, IllegalAction
from engine.decks import starter_decks
from engine.invariants import problems
from engine.match import Match
from engine.observation import MULLIGAN as MULLIGAN_PHASE
from engine.observation import OVER, PLAYING
from tests.engine.scenario import (
    hand_uid,
    keep_both,
    names,
    pass_turn,
    play,
    scenario,
    starter_match,
    texts,
)

NONE3: tuple[list[str], list[str], list[str]] = ([], [], [])
FACTIONS = sorted(starter_decks())


def random_game(seed: int, factions: tuple[str, str] | None = None,
                forfeits: bool = False) -> Match:
    """Play a whole match with random legal actions; check invariants on the way."""
    rnd = random.Random(seed)
    if factions is None:
        factions = (rnd.choice(FACTIONS), rnd.choice(FACTIONS))
    m = starter_match(factions, seed=seed)
    steps = 0
    while not m.is_over:
        actors = m.to_act()
        assert actors, "nobody can act in a live match"
        p = rnd.choice(actors)
        legal = m.legal_actions(p)
        choices = [a for a in legal if a.kind != FORFEIT] or legal
        if forfeits and rnd.random() < 0.01:
            choices = [Action(p, FORFEIT)]
        m.apply(rnd.choice(choices))
        steps += 1
        assert steps < 500
        if steps % 7 == 0:
            assert problems(m) == []
    assert problems(m) == []
    return m


# ------------------------------------------------------------------ coin and hands

class TestStart:
    def test_coin_toss_is_seeded(self) -> None:
        firsts = {}
        for seed in range(16):
            a = starter_match(("northern_realms", "monsters"), seed=seed)
            b = starter_match(("northern_realms", "monsters"), seed=seed)
            assert a.first == b.first
            assert a.to_dict() == b.to_dict()
            firsts[seed] = a.first
            name = a.sides[a.first].name
            assert a.events[0].text == f"The coin falls for {name}. {name} goes first."
        assert set(firsts.values()) == {0, 1}

    def test_each_player_draws_ten(self) -> None:
        m = starter_match(("northern_realms", "monsters"), seed=1)
        assert m.phase == MULLIGAN_PHASE
        for p, side in enumerate(m.sides):
            assert len(side.hand) == 10
            assert len(side.hand) + len(side.deck) == sum(m.decks[p].cards.values())
        assert m.to_act() == [0, 1]

    def test_daisy_of_the_valley_draws_eleven(self) -> None:
        m = starter_match(("scoiatael", "scoiatael"),
                          ("francesca_findabair_daisy_of_the_valley", None), seed=2)
        assert len(m.sides[0].hand) == 11
        assert len(m.sides[1].hand) == 10

    def test_round_one_first_player_starts(self) -> None:
        for seed in range(6):
            m = starter_match(("northern_realms", "monsters"), seed=seed)
            keep_both(m)
            assert m.phase == PLAYING and m.round == 1
            assert m.current == m.first
            assert m.to_act() == [m.first]
            assert m.events[-1].text == f"Round 1 begins. {m.sides[m.first].name} goes first."


# ------------------------------------------------------------------ redraws

class TestMulligan:
    def test_redraw_legal_actions(self) -> None:
        m = starter_match(seed=4)
        for p in (0, 1):
            legal = m.legal_actions(p)
            assert legal[0] == Action(p, KEEP)
            assert sorted(a.card for a in legal if a.kind == MULLIGAN) == sorted(  # type: ignore[type-var]
                m.sides[p].hand)
            assert legal[-1] == Action(p, FORFEIT)

    def test_up_to_two_redraws_one_at_a_time(self) -> None:
        m = starter_match(seed=4)
        side = m.sides[0]
        deck_before = list(side.deck)
        hand_before = list(side.hand)
        first = side.hand[0]
        events = m.apply(Action(0, MULLIGAN, first))
        assert first not in side.hand and first not in side.deck
        assert side.set_aside == [first]
        assert len(side.hand) == 10
        assert side.hand[-1] == deck_before[-1]
        assert side.mulligans_left == 1 and not side.ready
        assert texts(events) == ["Alice redraws a card."]
        assert events[0].player == 0
        assert events[0].private == (f"You set aside {m.cards[first].name} and draw "
                                     f"{m.cards[deck_before[-1]].name}.")
        # the opponent only sees that a card was redrawn
        assert m.observation(1).events[-1] == "Alice redraws a card."
        assert m.observation(0).sides[0].mulligans_left == 1
        assert m.observation(1).sides[0].mulligans_left is None
        assert m.observation(1).sides[0].deck_count == len(side.deck) + 1
        second = side.hand[0]
        m.apply(Action(0, MULLIGAN, second))
        assert side.ready and side.mulligans_left == 0
        assert side.set_aside == [first, second]
        assert m.legal_actions(0) == [Action(0, FORFEIT)]
        with pytest.raises(IllegalAction, match="You have finished redrawing"):
            m.apply(Action(0, MULLIGAN, side.hand[0]))
        assert m.phase == MULLIGAN_PHASE
        # set-aside cards go back into the deck only when both players are done
        m.apply(Action(1, KEEP))
        assert side.set_aside == []
        assert first in side.deck and second in side.deck
        assert len(side.deck) == len(deck_before)
        assert Counter(side.deck + side.hand) == Counter(deck_before + hand_before)
        assert m.phase == PLAYING and m.round == 1

    def test_set_aside_cards_are_shuffled_back(self) -> None:
        tops = set()
        for seed in range(8):
            m = starter_match(seed=seed)
            side = m.sides[0]
            card = side.hand[0]
            m.apply(Action(0, MULLIGAN, card))
            m.apply(Action(0, KEEP))
            m.apply(Action(1, KEEP))
            tops.add(side.deck.index(card))
        assert len(tops) > 1

    def test_keep_after_one_redraw(self) -> None:
        m = starter_match(seed=4)
        m.apply(Action(1, MULLIGAN, m.sides[1].hand[3]))
        m.apply(Action(1, KEEP))
        assert m.sides[1].ready and m.sides[1].mulligans_left == 1
        assert m.to_act() == [0]
        events = m.apply(Action(0, KEEP))
        assert "Alice keeps their hand." in texts(events)
        assert m.phase == PLAYING

    def test_cannot_redraw_a_card_not_in_hand(self) -> None:
        m = starter_match(seed=4)
        with pytest.raises(IllegalAction, match=r"Card #\d+ is not in your hand"):
            m.apply(Action(0, MULLIGAN, m.sides[0].deck[0]))

    def test_no_redraws_after_the_start(self) -> None:
        m = starter_match(seed=4)
        keep_both(m)
        with pytest.raises(IllegalAction, match="Redraws happen only before the first round"):
            m.apply(Action(m.current, MULLIGAN, m.sides[m.current].hand[0]))
        with pytest.raises(IllegalAction, match="Redraws happen only before the first round"):
            m.apply(Action(m.current, KEEP))

    def test_no_play_during_redraws(self) -> None:
        m = starter_match(seed=4)
        with pytest.raises(IllegalAction, match="The match has not started"):
            m.apply(Action(0, PLAY, m.sides[0].hand[0]))
        with pytest.raises(IllegalAction, match="The match has not started"):
            m.apply(Action(0, PASS))


# ------------------------------------------------------------------ turns and passing

class TestTurns:
    def test_turns_alternate(self) -> None:
        m = scenario(hands=(["ves", "keira_metz"], ["rainfarn", "vreemde"]))
        play(m, "ves")
        assert m.current == 1
        with pytest.raises(IllegalAction, match="It is not your turn: Bob is playing"):
            play(m, "keira_metz", player=0)
        play(m, "rainfarn")
        assert m.current == 0

    def test_passed_player_sits_out_the_round(self) -> None:
        m = scenario(hands=(["ves", "keira_metz"], ["rainfarn", "vreemde"]))
        events = pass_turn(m, 0)
        assert texts(events) == ["Alice passes."]
        assert m.sides[0].passed and m.current == 1
        assert m.legal_actions(0) == [Action(0, FORFEIT)]
        play(m, "rainfarn")
        assert m.current == 1
        with pytest.raises(IllegalAction, match="You have passed this round"):
            play(m, "keira_metz", player=0)
        play(m, "vreemde")
        assert m.current == 1 and m.round == 1
        pass_turn(m, 1)
        assert m.round == 2

    def test_player_with_no_possible_action_passes_automatically(self) -> None:
        m = scenario(hands=(["ves", "keira_metz", "ballista"], ["rainfarn"]), filler=False)
        play(m, "ves")
        play(m, "rainfarn")
        assert not m.sides[1].passed
        events = play(m, "keira_metz")
        assert m.sides[1].passed
        assert "Bob has no moves left and passes." in texts(events)
        assert m.current == 0 and m.round == 1

    def test_auto_pass_ends_the_round_when_the_other_has_passed(self) -> None:
        m = scenario(factions=("scoiatael", "scoiatael"), hands=(["riordain"], ["toruviel"]),
                     filler=False, passed=(False, True))
        events = play(m, "riordain")
        assert "Alice has no moves left and passes." in texts(events)
        assert m.results == [((1, 0), 0)]
        # round 2: Alice starts with an empty hand and passes again at once
        assert m.round == 2
        assert m.sides[0].passed and m.current == 1

    def test_empty_hand_at_round_start_passes(self) -> None:
        m = scenario(factions=("scoiatael", "scoiatael"), hands=([], ["riordain"]),
                     filler=False, rows=((["toruviel"], [], []), NONE3),
                     passed=(False, True))
        # Alice wins round 1, starts round 2 with no cards and passes at once
        events = pass_turn(m, 0)
        assert m.round == 2
        assert m.sides[0].passed
        assert "Alice has no moves left and passes." in texts(events)
        assert m.current == 1

    def test_cannot_pass_out_of_turn(self) -> None:
        m = scenario(current=1)
        with pytest.raises(IllegalAction, match="It is not your turn"):
            pass_turn(m, 0)


# ------------------------------------------------------------------ rounds and gems

class TestRounds:
    def test_round_end_clears_the_board_and_costs_the_loser_a_gem(self) -> None:
        m = scenario(factions=("scoiatael", "scoiatael"), hands=(["riordain"], ["toruviel"]),
                     rows=((["mahakaman_defender"], [], []), (["yaevinn"], [], [])),
                     passed=(False, True))
        events = pass_turn(m, 0)
        assert m.results == [((5, 6), 1)]
        assert m.sides[0].gems == 1 and m.sides[1].gems == 2
        assert "Round 1 ends 5\u20136. Bob wins the round." in texts(events)
        assert all(row == [] for s in m.sides for row in s.rows)
        assert names(m, m.sides[0].grave) == ["mahakaman_defender"]
        assert names(m, m.sides[1].grave) == ["yaevinn"]
        assert sorted(names(m, m.sides[0].hand)) == ["riordain", "vesemir"]
        assert not m.sides[0].passed and not m.sides[1].passed
        assert m.round == 2

    @pytest.mark.parametrize("winner", [0, 1])
    def test_round_winner_starts_the_next_round(self, winner: int) -> None:
        rows: list[tuple[list[str], list[str], list[str]]] = [NONE3, NONE3]
        rows[winner] = (["mahakaman_defender"], [], [])
        m = scenario(factions=("scoiatael", "scoiatael"), rows=(rows[0], rows[1]),
                     passed=(False, True))
        events = pass_turn(m, 0)
        assert m.current == winner
        assert texts(events)[-1] == f"Round 2 begins. {m.sides[winner].name} goes first."

    @pytest.mark.parametrize("first", [0, 1])
    def test_after_a_drawn_round_the_second_player_of_round_one_starts(self,
                                                                       first: int) -> None:
        m = scenario(factions=("scoiatael", "scoiatael"), passed=(False, True))
        m.first = first
        pass_turn(m, 0)
        assert m.results == [((0, 0), None)]
        assert m.sides[0].gems == 1 and m.sides[1].gems == 1
        assert m.current == 1 - first

    def test_after_a_drawn_round_two_the_second_player_of_round_one_starts(self) -> None:
        m = scenario(factions=("scoiatael", "scoiatael"), round=2, passed=(True, False),
                     current=1)
        m.first = 1
        m.sides[0].gems = 2
        m.sides[1].gems = 2
        pass_turn(m, 1)
        assert m.round == 2 + 1
        assert m.current == 0

    def test_a_drawn_round_can_finish_the_match(self) -> None:
        m = scenario(factions=("scoiatael", "scoiatael"),
                     hands=(["mahakaman_defender"], []), passed=(False, True))
        play(m, "mahakaman_defender")
        pass_turn(m, 0)
        assert m.round == 2 and m.sides[1].gems == 1
        # round 2: Alice (winner) starts; Bob plays nothing
        pass_turn(m, 0)
        assert m.current == 1
        events = pass_turn(m, 1)
        assert m.results[-1] == ((0, 0), None)
        assert m.is_over and m.phase == OVER
        assert m.sides[0].gems == 1 and m.sides[1].gems == 0
        assert m.winner == 0
        assert texts(events)[-1] == "Alice wins the match."

    def test_match_winner(self) -> None:
        m = scenario(factions=("scoiatael", "scoiatael"), round=2, passed=(False, True),
                     rows=((["mahakaman_defender"], [], []), NONE3))
        m.sides[1].gems = 1
        events = pass_turn(m, 0)
        assert m.is_over
        assert m.winner == 0 and m.forfeited_by is None
        assert m.sides[1].gems == 0 and m.sides[0].gems == 2
        assert texts(events)[-1] == "Alice wins the match."
        assert m.to_act() == []
        assert m.legal_actions(0) == [] and m.legal_actions(1) == []
        with pytest.raises(IllegalAction, match="The match is over"):
            m.apply(Action(0, FORFEIT))

    def test_third_round_decides(self) -> None:
        m = scenario(factions=("scoiatael", "scoiatael"), round=3, passed=(False, True),
                     rows=(NONE3, (["riordain"], [], [])))
        m.sides[0].gems = 1
        m.sides[1].gems = 1
        pass_turn(m, 0)
        assert m.is_over and m.winner == 1
        assert m.round == 3

    def test_both_out_of_gems_at_once_is_a_draw(self) -> None:
        m = scenario(factions=("scoiatael", "scoiatael"), round=3, passed=(False, True))
        m.sides[0].gems = 1
        m.sides[1].gems = 1
        events = pass_turn(m, 0)
        assert m.is_over and m.winner is None
        assert m.sides[0].gems == 0 and m.sides[1].gems == 0
        assert m.observation(None).winner is None
        assert texts(events)[-1] == "Both players are out of gems: the match is a draw."

    def test_nilfgaard_draw_win_can_end_the_match(self) -> None:
        m = scenario(factions=("scoiatael", "nilfgaard"), round=3, passed=(False, True))
        m.sides[0].gems = 1
        m.sides[1].gems = 1
        pass_turn(m, 0)
        assert m.is_over and m.winner == 1


# ------------------------------------------------------------------ forfeit

class TestForfeit:
    def test_forfeit_on_your_turn(self) -> None:
        m = scenario()
        events = m.apply(Action(0, FORFEIT))
        assert m.is_over and m.winner == 1 and m.forfeited_by == 0
        assert texts(events) == ["Alice forfeits. Bob wins the match."]

    def test_forfeit_out_of_turn(self) -> None:
        m = scenario(current=0)
        assert Action(1, FORFEIT) in m.legal_actions(1)
        m.apply(Action(1, FORFEIT))
        assert m.winner == 0 and m.forfeited_by == 1

    def test_forfeit_after_passing(self) -> None:
        m = scenario(passed=(True, False), current=1)
        m.apply(Action(0, FORFEIT))
        assert m.winner == 1

    def test_forfeit_during_a_pending_choice(self) -> None:
        m = scenario(hands=(["dun_banner_medic"], []), graves=(["ves"], []))
        play(m, "dun_banner_medic")
        assert m.pending is not None
        m.apply(Action(1, FORFEIT))
        assert m.is_over and m.pending is None and m.winner == 0

    def test_forfeit_during_redraws_and_the_first_player_choice(self) -> None:
        m = starter_match(seed=3)
        m.apply(Action(1, FORFEIT))
        assert m.is_over and m.winner == 0
        m = starter_match(("scoiatael", "monsters"), seed=3)
        assert m.phase == "choose_first"
        m.apply(Action(1, FORFEIT))
        assert m.is_over and m.winner == 0

    def test_random_forfeits(self) -> None:
        for seed in range(10):
            m = random_game(seed, forfeits=True)
            if m.forfeited_by is not None:
                assert m.winner == 1 - m.forfeited_by


# ------------------------------------------------------------------ whole matches

class TestWholeMatches:
    def test_random_matches_end_properly(self) -> None:
        for seed in range(20):
            m = random_game(seed)
            assert m.is_over
            assert 2 <= len(m.results) <= 3
            assert min(s.gems for s in m.sides) == 0
            if m.winner is not None:
                assert m.sides[m.winner].gems > 0
                assert m.sides[1 - m.winner].gems == 0
            else:
                assert m.sides[0].gems == m.sides[1].gems == 0

    def test_replay_is_deterministic(self) -> None:
        for seed in (3, 11):
            m = random_game(seed)
            again = Match.replay(json.loads(json.dumps(m.record())))
            assert again.to_dict() == m.to_dict()

    def test_state_round_trips_through_json_midgame(self) -> None:
        m = starter_match(("skellige", "monsters"), seed=9)
        rnd = random.Random(9)
        for _ in range(25):
            if m.is_over:
                break
            p = m.to_act()[0]
            m.apply(rnd.choice([a for a in m.legal_actions(p) if a.kind != FORFEIT]))
            copy = Match.from_json(m.to_json())
            assert copy.to_dict() == m.to_dict()
            for q in (0, 1):
                assert copy.legal_actions(q) == m.legal_actions(q)

    def test_action_text_round_trips(self) -> None:
        m = random_game(5)
        for a in m.history:
            assert Action.parse(str(a)) == a


# ------------------------------------------------------------------ observation

class TestObservation:
    def test_opponent_hand_and_decks_are_hidden(self) -> None:
        m = starter_match(seed=6)
        keep_both(m)
        obs = m.observation(0)
        assert obs.sides[0].hand is not None and len(obs.sides[0].hand) == 10
        assert obs.sides[1].hand is None
        assert obs.sides[1].hand_count == 10
        assert obs.sides[0].deck_count == len(m.sides[0].deck)
        data = json.dumps(obs.to_dict())
        for uid in m.sides[1].hand + m.sides[1].deck + m.sides[0].deck:
            assert f'"uid": {uid},' not in data
        spectator = m.observation(None)
        assert spectator.sides[0].hand is None and spectator.sides[1].hand is None
        assert spectator.legal == ()

    def test_observation_shows_strengths_and_legal_actions(self) -> None:
        m = scenario(hands=(["ves"], []), rows=((["blue_stripes_commando"] * 2, [], []),
                                                NONE3), weather=["torrential_rain"])
        obs = m.observation(0)
        row = obs.sides[0].rows[0]
        assert [c.strength for c in row.cards] == [8, 8]
        assert [c.base for c in row.cards] == [4, 4]
        assert row.score == 16 and obs.sides[0].total == 16
        assert obs.sides[0].rows[2].weather and not row.weather
        assert obs.legal == tuple(m.legal_actions(0))
        assert Action(0, PLAY, hand_uid(m, 0, "ves")) in obs.legal
        assert obs.turn == 0


def test_a_player_with_an_empty_deck_cannot_redraw() -> None:
    m = starter_match(seed=8)
    m.sides[0].deck = []
    assert m.legal_actions(0) == [Action(0, KEEP), Action(0, FORFEIT)]


def test_redraws_stop_when_the_deck_runs_out() -> None:
    m = starter_match(seed=8)
    side = m.sides[0]
    spare = side.deck[:-1]
    side.deck = side.deck[-1:]
    side.set_aside = []
    m.apply(Action(0, MULLIGAN, side.hand[0]))
    assert side.ready and side.mulligans_left == 1
    assert side.deck == []
    side.deck = spare  # keep the zones consistent for the rest of the match
    m.apply(Action(1, KEEP))
    assert m.phase == PLAYING


def test_event_log_reads_like_the_game() -> None:
    m = scenario(hands=(["blue_stripes_commando", "biting_frost"], ["rainfarn"]),
                 rows=(NONE3, (["vesemir"], [], [])))
    assert texts(play(m, "blue_stripes_commando")) == [
        "Alice plays Blue Stripes Commando on Close Combat (+4)."]
    assert texts(play(m, "rainfarn")) == ["Bob plays Rainfarn on Close Combat (+4)."]
    assert texts(play(m, "biting_frost")) == ["Alice plays Biting Frost (Alice -3, Bob -8)."]
    assert texts(pass_turn(m)) == ["Bob passes."]
    obs = m.observation(None)
    assert obs.events[-1] == "Bob passes."
    assert obs.last_events == ("Bob passes.",)
