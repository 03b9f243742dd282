"""Tournaments: sign-up, start, rounds, results, drops and standings, with no Discord in
sight.

Exactly once, across restarts and processes: a round is paired inside one write transaction
that first checks it does not exist yet (write transactions never overlap, and the round's
primary key refuses a second one), and the Discord side opens its matches under the
tournament's lease; a match's result is counted inside the transaction that stores it
(MatchService's result hook), and standings are computed from the games every time, never
accumulated.
"""

from __future__ import annotations

import contextlib
import random
from collections.abc import Callable
from dataclasses import dataclass

from bot.i18n import N_, Phrase
from bot.ranking.seasons import Season
from bot.service.clock import Clock
from bot.service.errors import NotAParticipant, NotFound, Refusal
from bot.service.matches import MatchService, Player
from bot.service.notifier import MatchChange, Notifier
from bot.service.ranked import winning_seat
from bot.storage import Database
from bot.storage.ratings import RatingsRepository
from bot.storage.records import ResultRecord
from bot.storage.repository import Repository
from bot.storage.tournaments import (
    BY_MATCH,
    BY_ORGANISER,
    BY_RULES,
    CANCELLED,
    DROPPED,
    FINISHED,
    KICKED,
    RUNNING,
    SIGNUP,
    GameRecord,
    PlayerRecord,
    RoundRecord,
    TournamentRecord,
    TournamentRepository,
)
from bot.tournament.event import Event, champion, table
from bot.tournament.formats import next_games, planned_rounds
from bot.tournament.games import (
    A_WINS,
    B_WINS,
    BOTH_LOSE,
    DRAW,
    ELIMINATION,
    FORMATS,
    SWISS,
    WALKOVER,
    Entrant,
    Game,
)
from bot.tournament.standings import Line
from bot.tournament.start_time import BadStartTime, start_time

NAME_MAX = 60
MIN_PLAYERS, MAX_PLAYERS = 2, 64
MAX_SWISS_ROUNDS = 12
# The lease kind under which one process at a time opens a tournament's matches and posts
# its messages.
TOURNAMENT = "tournament"

# Refusals of anyone but the organiser (or a member with Manage Server); {organiser}
# mentions the organiser.
START_IT = N_("Only the organiser of \u201c{name}\u201d ({organiser}) or a member with Manage "
              "Server can start it.")
CANCEL_IT = N_("Only the organiser of \u201c{name}\u201d ({organiser}) or a member with Manage "
               "Server can cancel it.")
SET_RESULTS = N_("Only the organiser of \u201c{name}\u201d ({organiser}) or a member with "
                 "Manage Server can set its results.")
REMOVE_PLAYERS = N_("Only the organiser of \u201c{name}\u201d ({organiser}) or a member with "
                    "Manage Server can remove players.")

# Told (synchronously) the id of a tournament with something new to show or do.
TournamentWake = Callable[[int], None]


@dataclass(frozen=True)
class Actor:
    """Who asks: a member, their name, whether they have Manage Server, and their roles."""

    user_id: int
    name: str
    manages_server: bool = False
    role_ids: frozenset[int] = frozenset()


@dataclass(frozen=True)
class TournamentView:
    """A tournament with its players, rounds and games, as the commands show it."""

    tournament: TournamentRecord
    players: tuple[PlayerRecord, ...]
    rounds: tuple[RoundRecord, ...]
    games: tuple[GameRecord, ...]

    @property
    def id(self) -> int:
        """The tournament's id."""
        return self.tournament.id

    @property
    def names(self) -> dict[int, str]:
        """Each player's name, by user id."""
        return {p.user_id: p.name for p in self.players}

    def player(self, user_id: int) -> PlayerRecord | None:
        """A player of the tournament, if they joined."""
        return next((p for p in self.players if p.user_id == user_id), None)

    @property
    def event(self) -> Event:
        """The tournament as its rules see it."""
        entrants = tuple(Entrant(p.user_id, p.seed if p.seed is not None else i + 1,
                                 p.active) for i, p in enumerate(self.players))
        t = self.tournament
        rounds = t.rounds or planned_rounds(t.format, len(self.players), t.rounds_asked)
        return Event(t.format, entrants, tuple(g.game for g in self.games), rounds)

    @property
    def round(self) -> int:
        """The latest round paired (0 before the start)."""
        return max((r.number for r in self.rounds), default=0)

    def games_of(self, number: int) -> list[GameRecord]:
        """One round's games, by table."""
        return [g for g in self.games if g.game.round == number]

    @property
    def standings(self) -> list[Line]:
        """The live standings (elimination: how far each player went)."""
        return table(self.event)

    def may_manage(self, actor: Actor) -> bool:
        """The organiser, or a member with Manage Server."""
        return actor.user_id == self.tournament.organiser_id or actor.manages_server


def name_key(name: str) -> str:
    """A tournament name folded for lookup: case and spacing do not matter."""
    return " ".join(name.casefold().split())


class TournamentService:
    """Runs tournaments over the database; tells `on_change`'s callback what to show."""

    def __init__(self, db: Database, matches: MatchService, notifier: Notifier,
                 clock: Clock, rng: random.Random) -> None:
        self._db = db
        self._matches = matches
        self._notifier = notifier
        self._clock = clock
        self._rng = rng
        self._wake: TournamentWake | None = None

    def on_change(self, wake: TournamentWake | None) -> None:
        """Register who is told when a tournament has something new to show or do."""
        self._wake = wake

    def _changed(self, tournament_id: int) -> None:
        if self._wake is not None:
            self._wake(tournament_id)

    # ----------------------------------------------------------------- reading

    async def get(self, tournament_id: int) -> TournamentView:
        """A tournament, or NotFound."""
        async with self._db.reading() as repo:
            return await _view(repo, tournament_id)

    async def named(self, guild_id: int, name: str) -> TournamentView:
        """A server's tournament by name (case and spacing do not matter)."""
        async with self._db.reading() as repo:
            found = await repo.sharing(TournamentRepository).tournament_named(
                guild_id, name_key(name))
            if found is None:
                raise NotFound("There is no tournament called \u201c{name}\u201d in this "
                               "server: `/gwent tournament list` shows them all.",
                               name=name.strip()[:60])
            return await _view(repo, found.id)

    async def all_of(self, guild_id: int) -> list[TournamentView]:
        """A server's tournaments, newest first."""
        async with self._db.reading() as repo:
            found = await repo.sharing(TournamentRepository).tournaments_of(guild_id)
            return [await _view(repo, t.id) for t in found]

    async def current(self, guild_id: int, user_id: int, name: str | None,
                      statuses: tuple[str, ...] = (SIGNUP, RUNNING)) -> TournamentView:
        """The tournament a command is about: the one named, else the only one in these
        statuses that the member is in (or, for an organiser, runs)."""
        if name:
            return await self.named(guild_id, name)
        async with self._db.reading() as repo:
            queries = repo.sharing(TournamentRepository)
            mine = await queries.entered(guild_id, user_id, statuses)
            if not mine:
                mine = [t for t in await queries.tournaments_of(guild_id)
                        if t.organiser_id == user_id and t.status in statuses]
            if len(mine) == 1:
                return await _view(repo, mine[0].id)
        if not mine:
            raise NotFound("You are in no tournament of this server right now: name one with "
                           "`tournament:`.")
        names = ", ".join(f"\u201c{t.name}\u201d" for t in mine[:5])
        # i18n: {names} lists the tournaments' names in quotation marks
        raise Refusal("You are in several tournaments ({names}): say which with "
                      "`tournament:`.", names=names)

    async def records_of(self, guild_id: int) -> list[TournamentRecord]:
        """A server's tournaments without their players and games, newest first."""
        async with self._db.reading() as repo:
            return await repo.sharing(TournamentRepository).tournaments_of(guild_id)

    async def record_of(self, guild_id: int, user_id: int) -> tuple[int, int]:
        """Finished tournaments a member played in this server, and how many they won."""
        async with self._db.reading() as repo:
            return await repo.sharing(TournamentRepository).record_of(guild_id, user_id)

    async def due(self) -> list[int]:
        """Tournaments with work to do now (see TournamentRepository.due)."""
        async with self._db.reading() as repo:
            return await repo.sharing(TournamentRepository).due(self._clock())

    # ----------------------------------------------------------------- settings

    async def organiser_role(self, guild_id: int) -> int | None:
        """The role whose members may create tournaments, if the server set one."""
        async with self._db.reading() as repo:
            return await repo.sharing(TournamentRepository).organiser_role(guild_id)

    async def set_organiser_role(self, guild_id: int, role_id: int) -> None:
        """Let members with this role create tournaments too."""
        async with self._db.transaction() as repo:
            await repo.sharing(TournamentRepository).set_organiser_role(guild_id, role_id)

    # ----------------------------------------------------------------- sign-up

    async def create(self, guild_id: int, channel_id: int, organiser: Actor, name: str,
                     format_: str, *, rounds: int | None = None, max_players: int | None = None,
                     starts_at: str | None = None, ranked: bool = False) -> TournamentView:
        """Open a tournament's sign-up, or raise a Refusal saying why not."""
        clean_name = " ".join(name.split())
        if not clean_name:
            raise Refusal("A tournament needs a name.")
        if len(clean_name) > NAME_MAX:
            raise Refusal("A tournament's name can have at most {count} characters.",
                          count=NAME_MAX)
        if format_ not in FORMATS:
            # i18n: swiss, single_elimination and round_robin are the values the command
            # takes: keep them as they are
            raise Refusal("There is no format {format}: choose swiss, single_elimination or "
                          "round_robin.", format=repr(format_))
        if rounds is not None and format_ != SWISS:
            if format_ == ELIMINATION:
                raise Refusal("Only Swiss tournaments take a number of rounds: a single "
                              "elimination tournament plays until it is decided.")
            raise Refusal("Only Swiss tournaments take a number of rounds: a round robin "
                          "tournament plays until it is decided.")
        if rounds is not None and not 1 <= rounds <= MAX_SWISS_ROUNDS:
            raise Refusal("A Swiss tournament has 1 to {most} rounds.", most=MAX_SWISS_ROUNDS)
        limit = MAX_PLAYERS if max_players is None else max_players
        if not MIN_PLAYERS <= limit <= MAX_PLAYERS:
            raise Refusal("A tournament takes {least} to {most} players.", least=MIN_PLAYERS,
                          most=MAX_PLAYERS)
        now = self._clock()
        try:
            start = None if starts_at is None else start_time(starts_at, now)
        except BadStartTime as error:
            raise Refusal(error.phrase.message, **error.phrase.values) from error
        async with self._db.transaction() as repo:
            queries = repo.sharing(TournamentRepository)
            role = await queries.organiser_role(guild_id)
            if not organiser.manages_server and (role is None or role not in organiser.role_ids):
                if role is None:
                    raise Refusal("Only members with the Manage Server permission can create "
                                  "tournaments.")
                raise Refusal("Only members with the Manage Server permission or the {role} "
                              "role can create tournaments.", role=f"<@&{role}>")
            if await queries.tournament_named(guild_id, name_key(clean_name)) is not None:
                raise Refusal("This server already has a tournament called \u201c{name}\u201d: "
                              "choose another name.", name=clean_name)
            tournament_id = await queries.insert_tournament({
                "guild_id": guild_id, "channel_id": channel_id, "name": clean_name,
                "name_key": name_key(clean_name), "format": format_, "rounds_asked": rounds,
                "max_players": limit, "starts_at": start, "ranked": int(ranked),
                "organiser_id": organiser.user_id, "organiser_name": organiser.name,
                "status": SIGNUP, "seed": self._rng.randrange(2**31), "created_at": now})
            return await _view(repo, tournament_id)

    async def set_message(self, tournament_id: int, message_id: int) -> None:
        """Remember the sign-up message."""
        async with self._db.transaction() as repo:
            await repo.sharing(TournamentRepository).update_tournament(
                tournament_id, message_id=message_id)

    async def join(self, tournament_id: int, actor: Actor) -> TournamentView:
        """Sign a member up."""
        async with self._db.transaction() as repo:
            view = await _view(repo, tournament_id)
            t = view.tournament
            if view.player(actor.user_id) is not None:
                raise Refusal("You already joined \u201c{name}\u201d.", name=t.name)
            if t.status != SIGNUP:
                raise Refusal("{situation}: joining is closed.", situation=_state(t))
            if len(view.players) >= t.max_players:
                # i18n: {count} is 2 to 64: a refusal has no plural forms, so word it to
                # suit any of these numbers
                raise Refusal("\u201c{name}\u201d is full: {count} players joined.",
                              name=t.name, count=t.max_players)
            await repo.sharing(TournamentRepository).add_player(
                tournament_id, actor.user_id, actor.name, self._clock())
            return await _view(repo, tournament_id)

    async def leave(self, tournament_id: int, actor: Actor) -> TournamentView:
        """Take a member off the sign-up list (once it started, see drop)."""
        async with self._db.transaction() as repo:
            view = await _view(repo, tournament_id)
            t = view.tournament
            if view.player(actor.user_id) is None:
                raise Refusal("You are not signed up for \u201c{name}\u201d.", name=t.name)
            if t.status != SIGNUP:
                raise Refusal("{situation}: to leave it now, use `/gwent tournament drop`.",
                              situation=_state(t))
            await repo.sharing(TournamentRepository).remove_player(tournament_id,
                                                                   actor.user_id)
            return await _view(repo, tournament_id)

    async def cancel(self, tournament_id: int, actor: Actor) -> TournamentView:
        """Call a tournament off (organiser). Matches already running go on, uncounted."""
        async with self._db.transaction() as repo:
            view = await _view(repo, tournament_id)
            _must_manage(view, actor, CANCEL_IT)
            t = view.tournament
            if t.status not in (SIGNUP, RUNNING):
                raise Refusal("{situation}.", situation=_state(t))
            await repo.sharing(TournamentRepository).update_tournament(
                tournament_id, status=CANCELLED, finished_at=self._clock())
            return await _view(repo, tournament_id)

    # ------------------------------------------------------------------- start

    async def start(self, tournament_id: int, actor: Actor | None) -> TournamentView:
        """Start now (the organiser, or None for the start time): seed the players and pair
        round 1, in one transaction."""
        async with self._db.transaction() as repo:
            view = await _view(repo, tournament_id)
            t = view.tournament
            if actor is not None:
                _must_manage(view, actor, START_IT)
            if t.status != SIGNUP:
                raise Refusal("{situation}.", situation=_state(t))
            if len(view.players) < MIN_PLAYERS:
                # i18n: {least} is 2; {count} is fewer (0 or 1)
                raise Refusal("\u201c{name}\u201d needs at least {least} players to start; "
                              "{joined} joined.", name=t.name, least=MIN_PLAYERS,
                              joined=_count(len(view.players)))
            queries = repo.sharing(TournamentRepository)
            for seed, (player, score) in enumerate(await self._seeding(repo, view), start=1):
                await queries.update_player(tournament_id, player.user_id, seed=seed,
                                            ladder_score=score)
            await queries.update_tournament(
                tournament_id, status=RUNNING, started_at=self._clock(),
                rounds=planned_rounds(t.format, len(view.players), t.rounds_asked))
            await self._pair(repo, tournament_id)
            started = await _view(repo, tournament_id)
        self._changed(tournament_id)
        return started

    async def start_due(self, tournament_id: int) -> TournamentView | None:
        """Start a tournament whose start time came. With too few players the start time is
        cleared (the organiser may still start it) and the view returned is still in
        sign-up; None when there is nothing to start."""
        async with self._db.transaction() as repo:
            t = (await _view(repo, tournament_id)).tournament
            if t.status != SIGNUP or t.starts_at is None or t.starts_at > self._clock():
                return None
            players = len(await repo.sharing(TournamentRepository).players(tournament_id))
            if players < MIN_PLAYERS:
                await repo.sharing(TournamentRepository).update_tournament(tournament_id,
                                                                           starts_at=None)
                return await _view(repo, tournament_id)
        return await self.start(tournament_id, None)

    async def _seeding(self, repo: Repository, view: TournamentView
                       ) -> list[tuple[PlayerRecord, int | None]]:
        """Players in seed order: those with a ladder score this season in this server by
        score, then the others in a random order drawn from the tournament's seed."""
        ratings = repo.sharing(RatingsRepository)
        season = Season.of(self._clock()).id
        scored: list[tuple[PlayerRecord, int]] = []
        unscored: list[PlayerRecord] = []
        for player in view.players:
            stored = await ratings.player(view.tournament.guild_id, season, player.user_id)
            if stored is not None:
                scored.append((player, stored.player.score))
            else:
                unscored.append(player)
        scored.sort(key=lambda item: -item[1])  # stable: ties keep the order of joining
        random.Random(view.tournament.seed).shuffle(unscored)
        return [*scored, *((p, None) for p in unscored)]

    # ------------------------------------------------------------------ rounds

    async def pair_next(self, tournament_id: int) -> bool:
        """Pair the next round (or finish the tournament) if the latest round is over;
        return whether anything changed."""
        async with self._db.transaction() as repo:
            return await self._pair(repo, tournament_id)

    async def _pair(self, repo: Repository, tournament_id: int) -> bool:
        """Inside a transaction: pair rounds until one has a game to play, or finish."""
        queries = repo.sharing(TournamentRepository)
        changed = False
        while True:
            view = await _view(repo, tournament_id)
            event = view.event
            if view.tournament.status != RUNNING or not event.round_done:
                return changed
            games = next_games(event)
            now = self._clock()
            if games is None:
                await queries.update_tournament(tournament_id, status=FINISHED,
                                                finished_at=now, champion_id=champion(event))
                return True
            await queries.insert_round(tournament_id, event.round + 1, games, now)
            if all(g.decided for g in games):
                await queries.update_round(tournament_id, event.round + 1, finished_at=now)
            changed = True

    async def set_thread(self, tournament_id: int, game: Game, thread_id: int) -> None:
        """Remember the thread opened for a game's match."""
        async with self._db.transaction() as repo:
            await repo.sharing(TournamentRepository).update_game(tournament_id, game,
                                                                 thread_id=thread_id)

    async def open_match(self, tournament_id: int, game: Game, parent_channel_id: int
                         ) -> int | None:
        """Create the match of a game in its thread, once; None when the game no longer
        needs one (decided meanwhile, or opened by another process)."""
        async with self._db.transaction() as repo:
            view = await _view(repo, tournament_id)
            current = next((g for g in view.games if g.game.round == game.round
                            and g.game.table == game.table), None)
            if (view.tournament.status != RUNNING or current is None
                    or current.game.decided or current.match_id is not None
                    or current.thread_id is None or current.game.b is None):
                return None
            match_id = await self._insert_match(repo, view, current.game, current.thread_id,
                                                parent_channel_id)
            await repo.sharing(TournamentRepository).update_game(tournament_id, game,
                                                                 match_id=match_id)
        await self._notifier.match_changed(MatchChange(match_id, 0))
        return match_id

    async def _insert_match(self, repo: Repository, view: TournamentView, game: Game,
                            channel_id: int, parent_channel_id: int) -> int:
        """Create a game's match in deck choice, player a in seat 0, rated on the ladder
        when the tournament was created ranked; a player not ready in time forfeits it."""
        assert game.b is not None
        names = view.names
        return await self._matches.insert(
            repo, view.tournament.guild_id, channel_id, parent_channel_id,
            (Player(game.a, names[game.a]), Player(game.b, names[game.b])),
            ranked=view.tournament.ranked, no_show_forfeits=True)

    async def set_round_message(self, tournament_id: int, number: int, message_id: int,
                                shown: int) -> None:
        """Remember the posted (or edited) pairings of a round, which show `shown` changes
        of its games."""
        async with self._db.transaction() as repo:
            await repo.sharing(TournamentRepository).set_shown(tournament_id, number,
                                                               message_id, shown)

    async def set_final_message(self, tournament_id: int, message_id: int) -> None:
        """Remember the posted champion's announcement."""
        async with self._db.transaction() as repo:
            await repo.sharing(TournamentRepository).update_tournament(
                tournament_id, final_message_id=message_id)

    # ----------------------------------------------------------------- results

    async def count_result(self, repo: Repository, result: ResultRecord) -> None:
        """Count a tournament match's result, inside the transaction that stores it (the
        result hook): a result is stored once, so it is counted once. A result the
        organiser set stays; a drawn elimination match is played again."""
        queries = repo.sharing(TournamentRepository)
        found = await queries.game_of_match(result.match_id)
        if found is None:
            return
        tournament_id, record = found
        tournament = await queries.tournament(tournament_id)
        assert tournament is not None
        game = record.game
        if tournament.status != RUNNING or game.decided:
            return
        seat_of_a = result.player_ids.index(game.a)
        won = winning_seat(result)
        rounds = [sum(1 for r in result.rounds if r[2] == seat) for seat in (0, 1)]
        if won is None and tournament.format == ELIMINATION:
            await queries.update_game(tournament_id, game, match_id=None)
        else:
            outcome = DRAW if won is None else (A_WINS if won == seat_of_a else B_WINS)
            await queries.update_game(tournament_id, game, result=outcome, set_by=BY_MATCH,
                                      rounds_a=rounds[seat_of_a], rounds_b=rounds[1 - seat_of_a])
            await self._close_round(repo, tournament_id, game.round)
        self._changed(tournament_id)

    async def set_result(self, guild_id: int, actor: Actor, match_id: int,
                         winner_id: int | None, name: str | None = None
                         ) -> tuple[TournamentView, GameRecord]:
        """Set or correct a match's result (organiser): a winner, or None for a draw."""
        async with self._db.transaction() as repo:
            queries = repo.sharing(TournamentRepository)
            found = await queries.game_of_match(match_id)
            named = (await queries.tournament_named(guild_id, name_key(name))
                     if name else None)
            if found is None or (view := await _view(repo, found[0])).tournament.guild_id \
                    != guild_id:
                raise NotFound("Match {match} is not a match of a tournament in this server: "
                               "`/gwent tournament show` lists each round's matches.",
                               match=match_id)
            t = view.tournament
            if named is not None and named.id != t.id:
                raise Refusal("Match {match} belongs to \u201c{name}\u201d, not "
                              "\u201c{other}\u201d.", match=match_id, name=t.name,
                              other=named.name)
            _must_manage(view, actor, SET_RESULTS)
            if t.status != RUNNING:
                raise Refusal("{situation}: its results can no longer change.",
                              situation=_state(t))
            game = found[1].game
            if winner_id is not None and winner_id not in game.players:
                raise Refusal("{player} did not play match {match}: the winner is {a} or "
                              "{b}, or it is a draw.", player=f"<@{winner_id}>",
                              match=match_id, a=f"<@{game.a}>", b=f"<@{game.b}>")
            if t.format == ELIMINATION:
                if winner_id is None:
                    raise Refusal("A single elimination match needs a winner: no draws.")
                if game.round < view.round:
                    raise Refusal("Round {number} is already paired from this result: it "
                                  "can no longer change.", number=game.round + 1)
            outcome = DRAW if winner_id is None else (A_WINS if winner_id == game.a
                                                      else B_WINS)
            await queries.update_game(t.id, game, result=outcome, set_by=BY_ORGANISER)
            await self._close_round(repo, t.id, game.round)
            changed = await _view(repo, t.id)
        self._changed(t.id)
        return changed, next(g for g in changed.games if g.match_id == match_id)

    async def _close_round(self, repo: Repository, tournament_id: int, number: int) -> None:
        """Mark a round finished once every game has a result."""
        queries = repo.sharing(TournamentRepository)
        view = await _view(repo, tournament_id)
        round_ = next(r for r in view.rounds if r.number == number)
        if round_.finished_at is None and all(g.game.decided for g in view.games_of(number)):
            await queries.update_round(tournament_id, number, finished_at=self._clock())

    # ------------------------------------------------------------------- drops

    async def drop(self, tournament_id: int, user_id: int, actor: Actor) -> TournamentView:
        """A player leaves a running tournament (themselves, or the organiser removes them):
        their results stay, their game of this round is lost (its match forfeited), and they
        are paired no more. During sign-up they are simply taken off the list."""
        forfeit: int | None = None
        async with self._db.transaction() as repo:
            view = await _view(repo, tournament_id)
            t = view.tournament
            by_organiser = actor.user_id != user_id
            if by_organiser:
                _must_manage(view, actor, REMOVE_PLAYERS)
            player = view.player(user_id)
            if player is None or not player.active:
                if by_organiser:
                    raise Refusal("{player} is not playing in \u201c{name}\u201d.",
                                  player=f"<@{user_id}>", name=t.name)
                raise Refusal("You are not playing in \u201c{name}\u201d.", name=t.name)
            queries = repo.sharing(TournamentRepository)
            if t.status == SIGNUP:
                await queries.remove_player(tournament_id, user_id)
                return await _view(repo, tournament_id)
            if t.status != RUNNING:
                raise Refusal("{situation}.", situation=_state(t))
            await queries.update_player(tournament_id, user_id,
                                        status=KICKED if by_organiser else DROPPED,
                                        left_round=view.round)
            for record in view.games_of(view.round):
                game = record.game
                if game.decided or user_id not in game.players:
                    continue
                if record.match_id is not None:
                    forfeit = record.match_id
                else:
                    await queries.update_game(tournament_id, game, kind=WALKOVER,
                                              result=_left(view, game, user_id),
                                              set_by=BY_RULES)
                    await self._close_round(repo, tournament_id, game.round)
            dropped = await _view(repo, tournament_id)
        if forfeit is not None:
            await self._forfeit(forfeit, user_id)
            dropped = await self.get(tournament_id)
        self._changed(tournament_id)
        return dropped

    async def _forfeit(self, match_id: int, user_id: int) -> None:
        """Forfeit a leaving player's match (its result is then counted as any other)."""
        with contextlib.suppress(Refusal):  # it ended meanwhile: its result was counted
            await self._matches.forfeit_match(match_id, user_id)


def _left(view: TournamentView, game: Game, user_id: int) -> str:
    """The result of a game not yet played when a player left: the other one wins, or
    nobody if both left."""
    other = game.opponent(user_id)
    stays = other is not None and (p := view.player(other)) is not None and p.active
    if not stays:
        return BOTH_LOSE
    return B_WINS if user_id == game.a else A_WINS


async def _view(repo: Repository, tournament_id: int) -> TournamentView:
    queries = repo.sharing(TournamentRepository)
    tournament = await queries.tournament(tournament_id)
    if tournament is None:
        raise NotFound("This tournament no longer exists.")
    return TournamentView(tournament, tuple(await queries.players(tournament_id)),
                          tuple(await queries.rounds(tournament_id)),
                          tuple(await queries.games(tournament_id)))


def _must_manage(view: TournamentView, actor: Actor, refusal: str) -> None:
    """Refuse (with one of the ORGANISER_ONLY messages) anyone but the organiser or a
    member with Manage Server."""
    if not view.may_manage(actor):
        raise NotAParticipant(refusal, name=view.tournament.name,
                              organiser=f"<@{view.tournament.organiser_id}>")


def _state(t: TournamentRecord) -> Phrase:
    """Where a tournament stands, as a clause: "“Spring Cup” has started"..."""
    # i18n: a clause that the refusals complete, as in "{situation}: joining is closed."
    return {SIGNUP: Phrase("\u201c{name}\u201d is open for sign-up", name=t.name),
            RUNNING: Phrase("\u201c{name}\u201d has started", name=t.name),
            FINISHED: Phrase("\u201c{name}\u201d is over", name=t.name),
            CANCELLED: Phrase("\u201c{name}\u201d was cancelled", name=t.name)}[t.status]


def _count(players: int) -> Phrase:
    if players == 1:
        return Phrase("1 player")
    # i18n: {count} is 0 here (a tournament needs 2 players)
    return Phrase("{count} players", count=players)
