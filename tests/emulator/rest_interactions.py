"""REST: interaction callbacks and the interaction webhook (follow-ups, @original edits)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from aiohttp import web

from .httpio import Upload, json_response, no_content, read_body
from .models import Interaction

if TYPE_CHECKING:
    from .emulator import Emulator

API = "/api/v10"
WEBHOOK = API + "/webhooks/{app_id:\\d+}/{token}"


class InteractionApi:
    """Handlers that delegate to the emulator's InteractionFlow and WebhookFlow."""

    def __init__(self, emu: Emulator) -> None:
        self.emu = emu
        self.flow = emu.flow
        self.webhooks = emu.webhooks

    def routes(self) -> list[web.RouteDef]:
        """The aiohttp routes served by this class."""
        return [
            web.post(API + "/interactions/{interaction_id:\\d+}/{token}/callback", self.callback),
            web.post(WEBHOOK, self.execute),
            web.get(WEBHOOK + "/messages/{message_id}", self.get_message),
            web.patch(WEBHOOK + "/messages/{message_id}", self.edit_message),
            web.delete(WEBHOOK + "/messages/{message_id}", self.delete_message),
        ]

    async def _body(self, request: web.Request) -> tuple[dict[str, Any], list[Upload]]:
        body, uploads = await read_body(request)
        return body or {}, uploads

    async def callback(self, request: web.Request) -> web.Response:
        """POST /interactions/{id}/{token}/callback (honours ?with_response)."""
        body, uploads = await self._body(request)
        result = self.flow.callback(
            int(request.match_info["interaction_id"]), request.match_info["token"], body, uploads
        )
        if request.query.get("with_response") in ("1", "true", "True"):
            return json_response(result)
        return no_content()

    def _answered(self, interaction: Interaction) -> None:
        if interaction.answered_at is None:
            interaction.answered_at = self.emu.clock.now()

    def _interaction(self, request: web.Request) -> Interaction:
        return self.webhooks.by_token(
            int(request.match_info["app_id"]), request.match_info["token"]
        )

    async def execute(self, request: web.Request) -> web.Response:
        """POST /webhooks/{app}/{token}: a follow-up message (?wait=1 returns it)."""
        interaction = self._interaction(request)
        body, uploads = await self._body(request)
        message = self.webhooks.followup(interaction, body, uploads)
        self._answered(interaction)
        if request.query.get("wait") in ("1", "true", "True"):
            return json_response(self.emu.payloads.message(message))
        return no_content()

    async def get_message(self, request: web.Request) -> web.Response:
        """GET /webhooks/{app}/{token}/messages/{@original|id}."""
        interaction = self._interaction(request)
        message = self.webhooks.message(interaction, request.match_info["message_id"])
        return json_response(self.emu.payloads.message(message))

    async def edit_message(self, request: web.Request) -> web.Response:
        """PATCH /webhooks/{app}/{token}/messages/{@original|id}."""
        interaction = self._interaction(request)
        message = self.webhooks.message(interaction, request.match_info["message_id"])
        body, uploads = await self._body(request)
        edited = self.webhooks.edit(message, body, uploads)
        self._answered(interaction)
        return json_response(self.emu.payloads.message(edited))

    async def delete_message(self, request: web.Request) -> web.Response:
        """DELETE /webhooks/{app}/{token}/messages/{@original|id}."""
        interaction = self._interaction(request)
        message = self.webhooks.message(interaction, request.match_info["message_id"])
        self.webhooks.delete(message)
        return no_content()
