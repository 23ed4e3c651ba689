"""shard_key remembers a shard by an id's first two characters: it is the key worked out from the whole id,
for every id and every text (a lower case that changes length, a final sigma, no second character)."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from referee.store import shards

TRICKY = ["ab2345", "A", "", "İx", "İ", "aΣb", "aΣ", "ΣΑ", "-x", "a-", "5f", "zz9", "Ab", "aB", "aİ", "İİ", "ß1",
          "ﬃx", "é2", "9\u0307", "a b", "_a", "a_", "Z9", "a\u0000"]


def test_remembered_keys_are_the_keys_of_the_whole_id():
    rng = random.Random(24)
    cases = TRICKY + ["".join(rng.choice("aAzZ09-_İΣσςßﬃ\u0307é ") for _ in range(rng.randint(0, 6)))
                      for _ in range(5000)]
    for text in cases * 2:          # the second time from what was remembered
        assert shards.shard_key(text) == shards._shard_key(text), text


@given(st.text(max_size=8))
def test_any_text_gets_the_key_of_the_whole_text(text):
    assert shards.shard_key(text) == shards._shard_key(text)
    assert shards.shard_key(text) == shards._shard_key(text)


def test_an_id_that_is_not_a_text_is_keyed_as_its_text():
    for value in (12345, None, 3.5, b"ab"):
        assert shards.shard_key(value) == shards._shard_key(str(value))
