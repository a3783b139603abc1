"""Every sentence a player hears: the catalogue, the narrator, answers to questions,
hints, summaries, card descriptions and look-ups."""
