"""The rules of the game: cards, seating, the rules kernel, scoring, a hand, a match, records."""
