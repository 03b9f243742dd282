"""Applying create/edit message bodies (content, embeds, components, attachments) to messages."""

from __future__ import annotations

from typing import Any

from .httpio import Upload
from .models import COMPONENTS_V2, EPHEMERAL, Message, StoredAttachment
from .snowflake import Snowflakes, iso_now

SUPPRESS_EMBEDS = 1 << 2
SUPPRESS_NOTIFICATIONS = 1 << 12
CREATE_FLAGS = SUPPRESS_EMBEDS | SUPPRESS_NOTIFICATIONS | COMPONENTS_V2


def creation_flags(payload: dict[str, Any], *, ephemeral_allowed: bool) -> int:
    """The flags a new message keeps from its body; others are ignored like Discord does."""
    allowed = CREATE_FLAGS | (EPHEMERAL if ephemeral_allowed else 0)
    return int(payload.get("flags") or 0) & allowed


def apply_body(
    message: Message,
    payload: dict[str, Any],
    uploads: list[Upload],
    ids: Snowflakes,
    files: dict[int, StoredAttachment],
) -> None:
    """Set the fields present in `payload` on `message`; new uploads are stored in `files`."""
    if "content" in payload:
        message.content = payload["content"] or ""
    if "embeds" in payload:
        message.embeds = payload["embeds"] or []
    if "components" in payload:
        message.components = payload["components"] or []
    if "flags" in payload and payload["flags"] is not None:
        kept = message.flags & ~(SUPPRESS_EMBEDS | COMPONENTS_V2)
        message.flags = kept | (int(payload["flags"]) & (SUPPRESS_EMBEDS | COMPONENTS_V2))
    by_index = {u.index: u for u in uploads}
    if payload.get("attachments") is not None:
        existing = {a.id: a for a in message.attachments}
        kept_or_new: list[StoredAttachment] = []
        for entry in payload["attachments"]:
            ref = int(entry["id"])
            if ref in existing:
                kept_or_new.append(existing[ref])
            elif ref in by_index:
                kept_or_new.append(_store(by_index.pop(ref), entry, ids, files))
        kept_or_new += [_store(u, {}, ids, files) for u in by_index.values()]
        message.attachments = kept_or_new
    elif uploads:
        message.attachments = message.attachments + [_store(u, {}, ids, files) for u in uploads]


def mark_edited(message: Message) -> None:
    """Stamp an edit."""
    message.edited_timestamp = iso_now()


def _store(
    upload: Upload, entry: dict[str, Any], ids: Snowflakes, files: dict[int, StoredAttachment]
) -> StoredAttachment:
    attachment = StoredAttachment(
        ids.next(),
        entry.get("filename") or upload.filename,
        upload.data,
        upload.content_type,
        entry.get("description"),
    )
    files[attachment.id] = attachment
    return attachment
