// Placeholder until the card model lands.
