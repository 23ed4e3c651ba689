"""The club log: logging a play, its result, corrections (edit, trash, rename) through the store's journal, the
plays' identities, importing a history file into the store, and the club's `repair`."""
