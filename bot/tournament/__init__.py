"""Tournaments' rules, free of Discord and storage: Swiss, single elimination and round robin
pairings, and the standings with their tie-breaks."""
