"""Replays of finished matches: the private viewer, the shared animation, the record."""
