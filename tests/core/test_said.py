"""core/said.py: an event noted as a string, a callable or a (write, values...) tuple reads the same."""

from referee.core.said import said, sentences


def test_every_kind_of_event_reads_as_its_sentence():
    def write(who, n):
        return f"{who} takes {n}."

    events = ["Round 2.", lambda who="Ann", n=3: write(who, n), (write, "Ann", 3), (str.upper, "x")]
    assert sentences(events) == ["Round 2.", "Ann takes 3.", "Ann takes 3.", "X"]
    assert [said(e) for e in events] == sentences(events)
