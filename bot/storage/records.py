"""Plain values read from the database; the service hands these to the Discord layer."""

from __future__ import annotations

from dataclasses import dataclass, field

CHOOSING, PLAYING, OVER = "choosing", "playing", "over"
OPEN, ACCEPTED, DECLINED, CANCELLED, EXPIRED = (
    "open", "accepted", "declined", "cancelled", "expired")


@dataclass(frozen=True)
class SeatRecord:
    """One player of a match and their deck choice."""

    seat: int
    user_id: int
    name: str
    faction: str
    leader: str
    deck: str
    ready: bool
    timeouts: int
    ai_level: str | None
    # The whole deck as engine deck JSON; None means the starter deck of `faction`.
    deck_list: str | None = None
    # When the player last interacted with the match (any click or command, or the table),
    # and when last at the table (bot.service.LOOKING_SECONDS); None: not seen.
    seen_at: float | None = None
    table_seen_at: float | None = None

    @property
    def is_computer(self) -> bool:
        """True for a computer player (its user id is the bot's)."""
        return self.ai_level is not None


@dataclass(frozen=True)
class MatchRecord:
    """A match's bookkeeping (the engine state is kept apart)."""

    id: int
    guild_id: int
    channel_id: int
    parent_channel_id: int
    status: str
    seed: int
    action_count: int
    deadline: float | None
    warn_at: float | None
    lobby_message_id: int | None
    board_message_id: int | None
    board_action: int | None
    result_message_id: int | None
    created_at: float
    updated_at: float
    finished_at: float | None
    seats: tuple[SeatRecord, SeatRecord]
    # The computer player has a move or choice to make; the timer's warning message.
    computer_due: bool = False
    warning_message_id: int | None = None
    # False for casual and practice matches, which never change ratings.
    ranked: bool = True
    # Turn timer expiries in a row during the rounds, with no move from either player.
    timeouts_in_a_row: int = 0
    # The interaction token the newest board was posted through (None: the bot token), when
    # that interaction arrived, and how many log events the board narrated.
    board_token: str | None = field(default=None, repr=False)
    board_token_at: float | None = None
    board_events: int | None = None
    # A player not ready when the lobby's timer runs out forfeits (a tournament's match).
    no_show_forfeits: bool = False

    @property
    def is_live(self) -> bool:
        """True until the match is over."""
        return self.status != OVER

    @property
    def in_thread(self) -> bool:
        """True when the match has its own thread."""
        return self.channel_id != self.parent_channel_id

    def seat_of(self, user_id: int) -> int | None:
        """Return the seat of a user, or None for anyone else."""
        for seat in self.seats:
            if seat.user_id == user_id:
                return seat.seat
        return None

    @property
    def computer_seat(self) -> int | None:
        """The seat the computer plays in a practice match, else None."""
        return next((s.seat for s in self.seats if s.is_computer), None)

    @property
    def user_ids(self) -> tuple[int, int]:
        """The two players' user ids, by seat."""
        return self.seats[0].user_id, self.seats[1].user_id


@dataclass(frozen=True)
class ShownBoard:
    """The newest board of a match as shown: its message, the action count and how many
    log events it shows, and the interaction token it was posted through (None: the bot
    token), with the time that interaction reached the bot."""

    message_id: int
    action_count: int
    events: int
    token: str | None = field(default=None, repr=False)
    token_at: float | None = None


@dataclass(frozen=True)
class ViewRecord:
    """A player's private view of a match (an ephemeral or direct message), and the newest
    interaction token whose original response it is (None: a direct message the bot sent),
    with the time that interaction reached the bot, and the player's Discord locale as
    their newest click in it gave it (None: not known). The token is a secret: never shown."""

    match_id: int
    seat: int
    message_id: int
    channel_id: int
    token: str | None = field(default=None, repr=False)
    token_at: float | None = None
    locale: str | None = None


@dataclass(frozen=True)
class ChallengeRecord:
    """A challenge from one member to another."""

    id: int
    guild_id: int
    channel_id: int
    message_id: int | None
    challenger_id: int
    challenger_name: str
    opponent_id: int
    opponent_name: str
    faction: str | None
    status: str
    created_at: float
    expires_at: float
    match_id: int | None
    rematch_of: int | None
    ranked: bool = True


@dataclass(frozen=True)
class UserSettings:
    """A user's preferences and remembered deck."""

    user_id: int
    hands_by_dm: bool
    dm_closed_noted: bool
    last_faction: str | None
    last_leader: str | None
    last_deck: str | None = None


@dataclass(frozen=True)
class ResultRecord:
    """A finished match, as stored for ratings."""

    match_id: int
    guild_id: int
    player_ids: tuple[int, int]
    factions: tuple[str, str]
    leaders: tuple[str, str]
    winner: int | None
    forfeited_by: int | None
    ended_by: str
    rounds: tuple[tuple[int, int, int | None], ...]
    started_at: float
    finished_at: float
    # The difficulty of each seat the computer played (None for people).
    ai_levels: tuple[str | None, str | None] = (None, None)
    # True when a player forfeited before both decks were chosen (not rated).
    in_deck_choice: bool = False
    # False for casual and practice matches; True when both players had gone (not rated).
    ranked: bool = True
    abandoned: bool = False

    @property
    def is_practice(self) -> bool:
        """True when the computer played a seat: not a result between people (ratings must
        skip it, and a win in it is not a win against a person)."""
        return any(level is not None for level in self.ai_levels)


@dataclass(frozen=True)
class FinishedMatch:
    """A finished match in a list to choose from: who played it, who won, and when."""

    match_id: int
    names: tuple[str, str]
    winner: int | None
    forfeited_by: int | None
    finished_at: float
    abandoned: bool = False
