"""Ranked play's rules, free of Discord and storage: seasons, ranks and pieces, faction MMR,
the ladder score, anti-abuse weights, and the values the ranked commands show."""
