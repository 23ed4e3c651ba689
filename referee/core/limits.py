"""What a player's name and a game id may hold: shared by the game, the input checks and the store, so it
sits at the bottom, importing nothing."""

import re

# Names appear in records, CSV and prompts: keep them printable and free of the separators we use.
NAME_FORBIDDEN = re.compile(r"[,;=#\[\]\"\x00-\x1f\x7f]")
MAX_NAME = 30

# The ids referee makes. No 0/o, 1/l/i: ids are read aloud across a table and typed on phones.
ID_ALPHABET = "23456789abcdefghjkmnpqrstuvwxyz"
