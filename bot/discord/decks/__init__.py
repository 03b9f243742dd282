"""/gwent deck: the private deck builder and saved decks."""
