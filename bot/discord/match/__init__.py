"""Matches in Discord: challenges, practice, deck choice, hands, boards, results, and the
publisher that shows every committed change."""
