"""Builds slash command interaction data from the registered schema, as a Discord client does."""

from __future__ import annotations

from typing import Any

from .errors import EmulatorUsageError
from .models import AppCommand, Channel, Guild, Role, StoredAttachment, User
from .payloads import Payloads

SUB_COMMAND = 1
SUB_COMMAND_GROUP = 2
STRING, INTEGER, BOOLEAN, USER, CHANNEL, ROLE, MENTIONABLE, NUMBER, ATTACHMENT = range(3, 12)


class SlashBuilder:
    """Resolves "name sub" paths and keyword options into `data{options, resolved}`."""

    def __init__(self, payloads: Payloads, guild: Guild | None) -> None:
        self.payloads = payloads
        self.guild = guild
        self.resolved: dict[str, dict[str, Any]] = {}

    def build(self, command: AppCommand, path: list[str], values: dict[str, Any]) -> dict[str, Any]:
        """Return the interaction `data` for `command` invoked as `path` with `values`."""
        schema, chain = _leaf(command, path)
        missing = [
            o["name"]
            for o in schema.get("options") or []
            if o.get("required") and o["name"] not in values
        ]
        if missing:
            raise EmulatorUsageError(f"required options missing: {missing}")
        return self._data(command, chain, self._leaf_options(schema, values))

    def build_autocomplete(
        self, command: AppCommand, path: list[str], focus: str, typed: str, values: dict[str, Any]
    ) -> dict[str, Any]:
        """Return autocomplete `data`: option `focus` holds the partial text `typed`, focused."""
        schema, chain = _leaf(command, path)
        declared = _option(schema, focus)
        if declared is None or not declared.get("autocomplete"):
            where = " ".join([command.name, *path])
            raise EmulatorUsageError(f"option {focus!r} of /{where} is not an autocomplete option")
        if focus in values:
            raise EmulatorUsageError(f"option {focus!r} is being typed: pass its text as `typed`")
        focused = {"name": focus, "type": declared["type"], "value": typed, "focused": True}
        options = [*self._leaf_options(schema, values), focused]
        order = [o["name"] for o in schema.get("options") or []]
        options.sort(key=lambda o: order.index(o["name"]))
        return self._data(command, chain, options)

    def _data(
        self, command: AppCommand, chain: list[dict[str, Any]], options: list[dict[str, Any]]
    ) -> dict[str, Any]:
        for link in reversed(chain):
            options = [{"type": link["type"], "name": link["name"], "options": options}]
        data: dict[str, Any] = {
            "id": str(command.id),
            "name": command.name,
            "type": 1,
            "options": options,
        }
        if self.resolved:
            data["resolved"] = self.resolved
        if command.guild_id is not None:
            data["guild_id"] = str(command.guild_id)
        return data

    def _leaf_options(self, schema: dict[str, Any], values: dict[str, Any]) -> list[dict[str, Any]]:
        declared = {o["name"]: o for o in schema.get("options") or []}
        unknown = values.keys() - declared.keys()
        if unknown:
            raise EmulatorUsageError(
                f"unknown options {sorted(unknown)}; declared: {sorted(declared)}"
            )
        return [
            {"name": name, "type": option["type"], "value": self._value(option, values[name])}
            for name, option in declared.items()
            if name in values
        ]

    def _value(self, option: dict[str, Any], value: Any) -> Any:
        kind = option["type"]
        if kind in (STRING, INTEGER, NUMBER):
            value = {STRING: str, INTEGER: int, NUMBER: float}[kind](value)
            choices = option.get("choices")
            if choices and value not in [c["value"] for c in choices]:
                raise EmulatorUsageError(f"{option['name']}={value!r} is not one of the choices")
            return value
        if kind == BOOLEAN:
            return bool(value)
        target = getattr(value, "user", value)
        if kind in (USER, MENTIONABLE) and isinstance(target, User):
            return self._resolve_user(target)
        if kind in (ROLE, MENTIONABLE) and isinstance(target, Role):
            self.resolved.setdefault("roles", {})[str(target.id)] = self.payloads.role(target)
            return str(target.id)
        if kind == CHANNEL and isinstance(target, Channel):
            self.resolved.setdefault("channels", {})[str(target.id)] = self.payloads.channel(target)
            return str(target.id)
        if kind == ATTACHMENT and isinstance(target, StoredAttachment):
            attachment = self.payloads.attachment(target, channel_id=0)
            self.resolved.setdefault("attachments", {})[str(target.id)] = attachment
            return str(target.id)
        raise EmulatorUsageError(f"option {option['name']!r} (type {kind}) cannot take {value!r}")

    def _resolve_user(self, user: User) -> str:
        key = str(user.id)
        self.resolved.setdefault("users", {})[key] = self.payloads.user(user)
        member = self.guild.members.get(user.id) if self.guild else None
        if self.guild is not None and member is not None:
            data = self.payloads.interaction_member(self.guild, member)
            del data["user"]
            self.resolved.setdefault("members", {})[key] = data
        return key


def _leaf(command: AppCommand, path: list[str]) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The schema of the (sub)command at `path` and the subcommand options leading to it."""
    schema: dict[str, Any] = command.payload
    chain: list[dict[str, Any]] = []
    for name in path:
        child = _option(schema, name)
        if child is None or child.get("type") not in (SUB_COMMAND, SUB_COMMAND_GROUP):
            raise EmulatorUsageError(f"/{command.name} has no subcommand {name!r}")
        chain.append(child)
        schema = child
    if any(o.get("type") in (SUB_COMMAND, SUB_COMMAND_GROUP) for o in schema.get("options") or []):
        raise EmulatorUsageError(f"/{command.name} {' '.join(path)} needs a subcommand")
    return schema, chain


def _option(schema: dict[str, Any], name: str) -> dict[str, Any] | None:
    return next((o for o in schema.get("options") or [] if o.get("name") == name), None)
