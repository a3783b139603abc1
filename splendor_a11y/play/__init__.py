"""Playing and replaying at a prompt: the grammar of typed lines, the turn loop, the
replay stepper, the console, speech, and what reaches the terminal."""
