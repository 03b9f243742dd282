"""One match, two surfaces: alice plays at the table while bob plays in chat (Show my hand
and its menus). Each move shows at once on the other surface: alice's table gets the state
of bob's click, the thread gets the board of alice's table move, and both agree move for
move until the result."""

from __future__ import annotations

import random

from tests.bot.e2e.driver import REMATCH, board_count, enabled
from tests.bot.web.play import choose
from tests.bot.web.test_hidden import open_seat
from tests.table_stage import Stage


async def test_chat_clicks_and_table_moves_interleave(stage: Stage, rng: random.Random) -> None:
    alice, bob = stage.players
    table = stage.table
    page = await open_seat(stage, 0)
    matches = stage.bot.services.matches
    surfaces = {"table": 0, "chat": 0}
    for _ in range(400):
        count = (await matches.get(stage.match_id)).action_count
        view = await page.view_at(count, timeout=5)
        assert view["action_count"] == count  # the table shows every change at once
        board = await table.board_after(count - 1)
        if enabled(board, REMATCH):
            break
        assert board_count(board) == count  # and so does the thread
        if view["phase"] == "over":
            break
        if 0 in view["to_act"]:
            move = choose(view["legal"], rng, 0.15)["move"]
            assert (await page.move(move, count))["t"] == "ack"
            surfaces["table"] += 1
        else:
            hand = await table.hand_for(bob, board)
            await table.play_one(bob, hand, rng, pass_bias=0.15)
            surfaces["chat"] += 1
    else:
        raise AssertionError("the match did not end")
    result = await table.board_after(10**9)
    assert enabled(result, REMATCH)  # the thread has the result
    final = page.view()
    assert final["phase"] == "over"
    record = await matches.result(stage.match_id)
    assert record is not None and record.winner == final["winner"]
    assert min(surfaces.values()) >= 5, surfaces
    sources = [source for _, _, source in await matches.actions(stage.match_id)]
    assert set(sources) == {"player"}  # table moves are the players' own, as clicks are
    await page.close()
    del alice
