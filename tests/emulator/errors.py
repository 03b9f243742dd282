"""Discord JSON API errors with their real codes, and the emulator's own test-side errors."""

from __future__ import annotations

from typing import Any

UNKNOWN_CHANNEL = 10003
UNKNOWN_GUILD = 10004
UNKNOWN_MESSAGE = 10008
UNKNOWN_USER = 10013
UNKNOWN_WEBHOOK = 10015
UNKNOWN_INTERACTION = 10062
REQUEST_TOO_LARGE = 40005
ALREADY_ACKNOWLEDGED = 40060
MISSING_ACCESS = 50001
CANNOT_EDIT_OTHERS_MESSAGE = 50005
EMPTY_MESSAGE = 50006
CANNOT_DM_USER = 50007
MISSING_PERMISSIONS = 50013
INVALID_WEBHOOK_TOKEN = 50027
INVALID_FORM_BODY = 50035
NO_MUTUAL_GUILDS = 50278
THREAD_ALREADY_CREATED = 160004

MESSAGES: dict[int, str] = {
    0: "Unknown error",
    UNKNOWN_CHANNEL: "Unknown Channel",
    UNKNOWN_GUILD: "Unknown Guild",
    UNKNOWN_MESSAGE: "Unknown Message",
    UNKNOWN_USER: "Unknown User",
    UNKNOWN_WEBHOOK: "Unknown Webhook",
    UNKNOWN_INTERACTION: "Unknown interaction",
    REQUEST_TOO_LARGE: "Request entity too large",
    ALREADY_ACKNOWLEDGED: "Interaction has already been acknowledged.",
    MISSING_ACCESS: "Missing Access",
    CANNOT_EDIT_OTHERS_MESSAGE: "Cannot edit a message authored by another user",
    EMPTY_MESSAGE: "Cannot send an empty message",
    CANNOT_DM_USER: "Cannot send messages to this user",
    MISSING_PERMISSIONS: "Missing Permissions",
    INVALID_WEBHOOK_TOKEN: "Invalid Webhook Token",
    INVALID_FORM_BODY: "Invalid Form Body",
    NO_MUTUAL_GUILDS: "Cannot send messages to this user due to having no mutual guilds",
    THREAD_ALREADY_CREATED: "A thread has already been created for this message",
}

# Failure kinds that point at a bot bug rather than an expected outcome.
BUG_KINDS = frozenset(
    {
        "unknown_interaction",
        "already_acknowledged",
        "invalid_payload",
        "expired_token",
        "unsupported_route",
        "autocomplete_followup",
        "entry_point_removed",
    }
)

_KIND_BY_CODE = {
    UNKNOWN_INTERACTION: "unknown_interaction",
    ALREADY_ACKNOWLEDGED: "already_acknowledged",
    INVALID_FORM_BODY: "invalid_payload",
    EMPTY_MESSAGE: "invalid_payload",
    REQUEST_TOO_LARGE: "invalid_payload",
    INVALID_WEBHOOK_TOKEN: "expired_token",
}


class ApiError(Exception):
    """An error answer of the fake API: HTTP status plus Discord's JSON error body."""

    def __init__(
        self,
        status: int,
        code: int,
        message: str | None = None,
        *,
        errors: dict[str, Any] | None = None,
        detail: str = "",
        kind: str | None = None,
    ) -> None:
        self.status = status
        self.code = code
        self.message = message or MESSAGES.get(code, "Unknown error")
        self.errors = errors
        self.detail = detail or (str(errors) if errors else "")
        self._kind = kind
        super().__init__(f"{status} {code} {self.message}")

    @property
    def kind(self) -> str:
        """Classify the error for the failure log (an explicit `kind` wins over the code)."""
        return self._kind or _KIND_BY_CODE.get(self.code, "api_error")

    def body(self) -> dict[str, Any]:
        """Return the JSON body Discord would send."""
        body: dict[str, Any] = {"message": self.message, "code": self.code}
        if self.errors:
            body["errors"] = self.errors
        return body


class FormErrors:
    """Collects 50035 field errors into Discord's nested `errors` tree."""

    def __init__(self) -> None:
        self.tree: dict[str, Any] = {}

    def add(self, path: tuple[str | int, ...], code: str, message: str) -> None:
        """Record an error for the field at `path`."""
        node = self.tree
        for part in path:
            node = node.setdefault(str(part), {})
        node.setdefault("_errors", []).append({"code": code, "message": message})

    def raise_if_any(self) -> None:
        """Raise a 400 Invalid Form Body if any error was recorded."""
        if self.tree:
            raise ApiError(400, INVALID_FORM_BODY, errors=self.tree)


class EmulatorUsageError(AssertionError):
    """A virtual user tried something a real Discord client could not do."""
