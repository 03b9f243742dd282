"""Ranked play in Discord: the leaderboard, profiles and match history."""
