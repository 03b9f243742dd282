"""How often a seated player's open table tells the chat they are looking at the match
(MatchService.mark_seen with at_table), so the chat does not ping them."""

PRESENCE_SECONDS = 20.0
