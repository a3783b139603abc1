"""The game's things and their notation: gems, cards, nobles, places, braille; the base
error. Imports nothing else of the package."""
