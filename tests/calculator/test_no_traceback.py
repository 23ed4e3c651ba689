"""Every template, with any one value replaced by a value of the wrong type or range, or any one key
removed, either scores or is refused with one BadInput sentence: never another exception (a traceback)."""

import copy

import pytest

from referee.calculator import GAMES, score_data
from referee.core.errors import BadInput

from .conftest import real_module

ODD = [None, -1, "x", "", [], {}, 1.5, 2.0, True, 10**9, [None], {"a": 1}, "ann", -0.5]


def paths(obj, path=()):
    if path:
        yield path
    if isinstance(obj, dict):
        for k, v in obj.items():
            yield from paths(v, path + (k,))
    elif isinstance(obj, list):
        for i, v in enumerate(obj):
            yield from paths(v, path + (i,))


def parent(obj, path):
    for k in path[:-1]:
        obj = obj[k]
    return obj


def check(game_id, data):
    try:
        score_data(game_id, data)
    except BadInput as err:
        msg = str(err)
        assert msg and "\n" not in msg and "Traceback" not in msg, msg


@pytest.mark.parametrize("game_id", list(GAMES))
def test_one_odd_value_anywhere(game_id):
    template = real_module(game_id).TEMPLATE
    for path in paths(template):
        for value in ODD:
            data = copy.deepcopy(template)
            parent(data, path)[path[-1]] = value
            check(game_id, data)


@pytest.mark.parametrize("game_id", list(GAMES))
def test_one_key_or_item_removed(game_id):
    template = real_module(game_id).TEMPLATE
    for path in paths(template):
        data = copy.deepcopy(template)
        del parent(data, path)[path[-1]]
        check(game_id, data)
