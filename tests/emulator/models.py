"""The emulator's stored Discord objects."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .components import Component

TEXT_CHANNEL = 0
DM_CHANNEL = 1
PUBLIC_THREAD = 11
PRIVATE_THREAD = 12
THREAD_TYPES = (PUBLIC_THREAD, PRIVATE_THREAD)

EPHEMERAL = 1 << 6
LOADING = 1 << 7
COMPONENTS_V2 = 1 << 15

APPLICATION_COMMAND = 2
MESSAGE_COMPONENT = 3
APPLICATION_COMMAND_AUTOCOMPLETE = 4
MODAL_SUBMIT = 5


@dataclass
class User:
    """A Discord user; `bot` marks the application's bot user."""

    id: int
    username: str
    bot: bool = False
    global_name: str | None = None
    dms_open: bool = True
    locale: str = "en-US"  # the language of the user's Discord client


@dataclass
class Role:
    """A guild role with its permission bits."""

    id: int
    name: str
    permissions: int
    position: int = 0


@dataclass
class Member:
    """A user's membership in a guild."""

    user: User
    roles: list[int]
    joined_at: str
    nick: str | None = None


@dataclass
class Guild:
    """A guild with its roles, members and channel ids."""

    id: int
    name: str
    owner_id: int
    created_at: str
    roles: dict[int, Role] = field(default_factory=dict)
    members: dict[int, Member] = field(default_factory=dict)
    channel_ids: list[int] = field(default_factory=list)
    locale: str = "en-US"  # the server's language in Discord (its preferred_locale)


@dataclass
class StoredAttachment:
    """An uploaded file, bytes included."""

    id: int
    filename: str
    data: bytes
    content_type: str | None = None
    description: str | None = None


@dataclass
class Message:
    """A message; `ephemeral_for` is the only user who sees an ephemeral message."""

    id: int
    channel_id: int
    guild_id: int | None
    author: User
    timestamp: str
    content: str = ""
    embeds: list[dict[str, Any]] = field(default_factory=list)
    components: list[dict[str, Any]] = field(default_factory=list)
    attachments: list[StoredAttachment] = field(default_factory=list)
    flags: int = 0
    type: int = 0
    edited_timestamp: str | None = None
    webhook_id: int | None = None
    application_id: int | None = None
    interaction_metadata: dict[str, Any] | None = None
    ephemeral_for: int | None = None
    thread_id: int | None = None
    deleted: bool = False
    # The components as parsed for test-side views, with the list they were parsed from.
    parsed_components: tuple[list[dict[str, Any]], list[Component]] | None = field(
        default=None, repr=False, compare=False)
    # When the emulator stored it, in emulator-clock seconds (for latency measurements).
    posted_at: float = 0.0

    @property
    def ephemeral(self) -> bool:
        """Whether the message is ephemeral."""
        return bool(self.flags & EPHEMERAL)

    @property
    def loading(self) -> bool:
        """Whether the message is a deferred 'thinking' placeholder."""
        return bool(self.flags & LOADING)


@dataclass
class Channel:
    """A text channel, thread or DM channel with its messages."""

    id: int
    type: int
    name: str | None
    guild_id: int | None
    created_at: str
    position: int = 0
    parent_id: int | None = None
    owner_id: int | None = None
    recipient_id: int | None = None
    auto_archive_duration: int = 1440
    thread_members: set[int] = field(default_factory=set)
    bot_denied: set[str] = field(default_factory=set)
    messages: dict[int, Message] = field(default_factory=dict)

    @property
    def is_thread(self) -> bool:
        """Whether the channel is a thread."""
        return self.type in THREAD_TYPES

    @property
    def last_message_id(self) -> int | None:
        """Id of the newest message, if any."""
        return next(reversed(self.messages), None)


@dataclass
class AppCommand:
    """A registered application command; `guild_id` is None for global ones."""

    id: int
    name: str
    type: int
    guild_id: int | None
    payload: dict[str, Any]


@dataclass
class InteractionResponse:
    """The first acknowledgement of an interaction (`choices` for an autocomplete result)."""

    type: int
    message: Message | None = None
    modal: dict[str, Any] | None = None
    choices: list[dict[str, Any]] | None = None
    # The Activity a LAUNCH_ACTIVITY answer opened (an activities.Launch).
    launch: Any = None


@dataclass
class Interaction:
    """A dispatched interaction and everything the bot answered to it.

    `created_at` (dispatch) and `acknowledged_at` (the accepted callback) are emulator-clock
    seconds, so `acknowledged_at - created_at` is the acknowledgement latency. `answered_at` is
    when the user first saw an answer: the callback when it carried one (a message, an update,
    a modal, choices), else the first follow-up or response edit after the deferral.
    """

    id: int
    token: str
    type: int
    user: User
    channel: Channel
    payload: dict[str, Any]
    created_at: float
    source_message: Message | None = None
    response: InteractionResponse | None = None
    original: Message | None = None
    followups: list[Message] = field(default_factory=list)
    delivered: bool = False
    acknowledged_at: float | None = None
    answered_at: float | None = None
    # Set once the modal opened in answer to this interaction was submitted.
    modal_submitted: bool = False
