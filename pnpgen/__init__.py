"""pnpgen: print-and-play kits, card validation and rules simulation from extracted board-game text."""

__version__ = "0.1.0"
