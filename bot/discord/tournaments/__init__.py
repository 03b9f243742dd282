"""Server tournaments: /gwent tournament, the sign-up message and the runner that opens each
round's matches and posts pairings, standings and the champion."""
