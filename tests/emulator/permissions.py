"""Discord permission bits used by the emulator."""

from __future__ import annotations

BITS: dict[str, int] = {
    "create_instant_invite": 1 << 0,
    "add_reactions": 1 << 6,
    "view_channel": 1 << 10,
    "send_messages": 1 << 11,
    "manage_messages": 1 << 13,
    "embed_links": 1 << 14,
    "attach_files": 1 << 15,
    "read_message_history": 1 << 16,
    "mention_everyone": 1 << 17,
    "use_external_emojis": 1 << 18,
    "change_nickname": 1 << 26,
    "use_application_commands": 1 << 31,
    "manage_threads": 1 << 34,
    "create_public_threads": 1 << 35,
    "create_private_threads": 1 << 36,
    "send_messages_in_threads": 1 << 38,
}

THREAD_CREATION = ("create_public_threads", "create_private_threads")

EVERYONE_DEFAULT = sum(
    BITS[name]
    for name in (
        "create_instant_invite",
        "add_reactions",
        "view_channel",
        "send_messages",
        "embed_links",
        "attach_files",
        "read_message_history",
        "mention_everyone",
        "use_external_emojis",
        "change_nickname",
        "use_application_commands",
        "create_public_threads",
        "create_private_threads",
        "send_messages_in_threads",
    )
)
BOT_DEFAULT = EVERYONE_DEFAULT | BITS["manage_messages"] | BITS["manage_threads"]


def bits_of(names: set[str]) -> int:
    """Return the permission bits for a set of permission names."""
    unknown = names - BITS.keys()
    if unknown:
        raise ValueError(f"unknown permissions: {sorted(unknown)}")
    return sum(BITS[name] for name in names)
