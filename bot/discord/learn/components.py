"""The rules browser's components, Rules on a hand and the help pages' buttons."""

from __future__ import annotations

from bot.discord.core.routing import Routed
from bot.discord.learn import guides, ids, rules


class RulesItem(Routed, template=ids.RULES):
    handler = staticmethod(rules.on_rules)


class RulesPageItem(Routed, template=ids.RULES_PAGE):
    handler = staticmethod(guides.on_rules_page)


class HandRulesItem(Routed, template=ids.HAND_RULES):
    handler = staticmethod(guides.on_hand_rules)


class HelpPageItem(Routed, template=ids.HELP_PAGE):
    handler = staticmethod(guides.on_help_page)
