"""Learning Gwent: the rules browser, faction and leader guides, card explanations, help,
and the tutorial's hints. Texts in our own words, checked against the engine's catalogue;
no Discord here (bot/discord/learn/ turns them into messages)."""
