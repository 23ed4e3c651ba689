"""What Tab completes at the table (the legal moves in both languages, the table's words, the players' names
for `secret`) and the prompt's history file: the input line's helpers, shared by both tables."""

from __future__ import annotations

from .commands import COMMANDS, SECRET_WORDS, has_secrets


def spoken(game) -> list[tuple[object, str]]:
    """(move, what may complete to it) for the legal moves: each move's label in the display language first,
    then its canonical text (both languages complete: 'vezmi adm' and 'take adm')."""
    from ..core.labels import of

    legal = game.legal_moves()
    said = [(m, of(game, m)) for m in legal]
    return said + [(m, m.text) for m, s in said if s != m.text]


def starts(text: str, typed: str) -> bool:
    """Whether ``text`` starts with what is typed, in any case and with or without accents ('vezmi admi'
    completes 'vezmi admirála 7 2')."""
    from ..core.names import fold

    if text.startswith(typed):
        return True
    folded = fold(typed)
    if not folded:
        return False
    whole = fold(text)
    if typed.endswith(" "):            # a finished word: the next word must follow it
        return whole.startswith(folded + " ")
    return whole.startswith(folded)


def completer(tracked):
    from prompt_toolkit.completion import Completer, Completion

    class LegalMoveCompleter(Completer):
        """Completes the whole line against the current legal moves (by their labels in the display language
        and by their texts) and the table commands."""

        def get_completions(self, document, complete_event):
            typed = " ".join(document.text_before_cursor.lower().split())
            trailing = document.text_before_cursor.endswith(" ")
            if trailing and typed:
                typed += " "
            seen = set()
            game = tracked.game
            first, space, rest = typed.partition(" ")
            if space and first in SECRET_WORDS and has_secrets(game):   # secret NAME: complete the player names
                for name in game.players:
                    if name.casefold().startswith(rest.casefold()):
                        yield Completion(f"{first} {name}", start_position=-len(document.text_before_cursor))
                return
            named, rest = None, typed
            for name in sorted(game.players, key=len):      # the longest name that leads what is typed
                lead = " ".join(name.split()).casefold() + " "
                if typed.casefold().startswith(lead):
                    named, rest = name, typed[len(lead):]
            said_moves = spoken(game)
            if named is not None:   # 'bob ta': that player's moves, said with his name as at the table
                for m, said in said_moves:
                    if m.player == named and starts(said, rest) and said not in seen:
                        seen.add(said)
                        yield Completion(f"{named} {said}", start_position=-len(document.text_before_cursor))
                if seen:
                    return
            commands = [c for c in COMMANDS if c != "secret" or has_secrets(game)]
            candidates = [said for _m, said in said_moves] + commands
            for text in candidates:
                if starts(text, typed) and text not in seen:
                    seen.add(text)
                    yield Completion(text, start_position=-len(document.text_before_cursor),
                                     display_meta=None)
            if not seen and typed:  # fall back to matching any word of the move
                for text in candidates:
                    if any(starts(w, typed) for w in text.split()) and text not in seen:
                        seen.add(text)
                        yield Completion(text, start_position=-len(document.text_before_cursor))

    return LegalMoveCompleter()


def history(store):
    from prompt_toolkit.history import FileHistory, InMemoryHistory

    try:
        path = store.path.with_name(store.path.name + ".prompt-history")
        path.parent.mkdir(parents=True, exist_ok=True)
        return FileHistory(str(path))
    except OSError:
        return InMemoryHistory()
