"""Fields named by Czech (and English) corners and sides (issue 22 item 4): 'louka sever-západ' (the north
side's west half), 'sedlák na louku sv' (the code ne), also where two fields meet at a corner; every field's
Czech label reads back as that field on every tile in every rotation."""

import pytest

from referee import AmbiguousMove, i18n
from referee.core.labels import label
from referee.games.carcassonne.fieldwords import find_field
from referee.games.carcassonne.labels import feature
from referee.games.carcassonne.notation import czech_codes
from referee.games.carcassonne.tiles import HALF_NAMES, tile_types
from referee.games.carcassonne.words import canonical_words

from .helpers import new
from .test_notation import unchanged

_CS_SIDE = {"n": "sever", "e": "východ", "s": "jih", "w": "západ"}
_EN_SIDE = {"n": "north", "e": "east", "s": "south", "w": "west"}


def _read(rot, said: str) -> int:
    """The field ``said`` names on ``rot``, read as the notation reads the words after 'louka'/'farm'."""
    words = canonical_words(czech_codes(said.lower())).split()
    assert words[0] == "farm", said
    return find_field(rot, words[1:])


def _fields():
    for tile in tile_types().values():
        for rot in tile.rotations:
            for seg in tile.segments:
                if seg.kind == "field":
                    yield tile, rot, seg.index


def test_every_field_s_czech_name_reads_back_as_that_field():
    for tile, rot, seg in _fields():
        for lang in ("cs", "en"):
            said = feature(rot.names[seg], lang)
            if said == "louka" or said == "farm":
                continue                    # the only field: named by the feature word alone
            assert _read(rot, said) == seg, (tile.key, rot.q, rot.names[seg], said)


def test_a_side_and_its_half_names_one_field_even_where_two_fields_meet():
    meets = 0
    for tile, rot, _seg in _fields():
        for h, name in enumerate(HALF_NAMES):
            if rot.half_seg[h] < 0:
                continue
            side, half = name.lower()
            corner = rot.half_seg[(h - 1 if h % 2 == 0 else h + 1) % 8]     # the same corner's other half
            meets += corner >= 0 and corner != rot.half_seg[h]
            for said in (f"louka {_CS_SIDE[side]}-{_CS_SIDE[half]}", f"farm {_EN_SIDE[side]}-{_EN_SIDE[half]}"):
                assert _read(rot, said) == rot.half_seg[h], (tile.key, rot.q, said)
    assert meets > 20                       # the cases the issue is about are among them


def test_czech_labels_of_fields_use_czech_words():
    assert label("carcassonne", "farm ne", "cs") == "sedlák na louku sv"
    assert label("carcassonne", "farm es", "cs") == "sedlák na louku východ-jih"
    assert label("carcassonne", "farm en-sw", "cs") == "sedlák na louku východ-sever"
    assert label("carcassonne", "pig farm sw", "cs") == "prasátko na louku jz"
    assert label("carcassonne", "farm s", "cs") == "sedlák na louku jih"


@pytest.mark.parametrize("lang", ["cs", "en"])
def test_at_the_table_where_two_fields_meet(lang):
    # T&B O at r90: 'farm sw' (south side, west half) and 'farm ws' (west side, south half) meet at the
    # southwest corner
    with i18n.using(lang):
        g = new()
        g.play("draw tb:o")
        g.play("place 1,0 r90")
        for said in ("sedlák na louku jz", "louka jih-západ", "farmer on the south-west farm", "farm sw"):
            assert g.find(said).text == "farm sw", said
        for said in ("sedlák na louku západ-jih", "farm west-south", "farm ws"):
            assert g.find(said).text == "farm ws", said
        unchanged(g, "sedlák na louku jihozápad", AmbiguousMove, r"(sw|jz)\b")
        # the refusal names both fields as the language in force says them, and both read back
        with pytest.raises(AmbiguousMove) as err:
            g.play("farm southwest")
        if lang == "en":
            assert str(err.value).endswith("say which: farm sw or farm ws.")
        else:
            assert "louka jz" in str(err.value) and "louka západ-jih" in str(err.value)
        # the moves list in the language in force, each label typed back is that move
        for move in g.legal_moves():
            assert g.find(label("carcassonne", move.text, lang)).text == move.text


def test_sv_on_a_tile_whose_corner_holds_two_fields():
    # T&B O at r0: fields ne (east side, north half), es, se, sw; es and se meet at the southeast corner
    g = new()
    g.play("draw tb:o")
    g.play("place 0,-1 r180")
    names = g.state.board.rot[g.state.last].names
    assert "farm sw" in names and "farm ne" in names
    assert g.find("sedlák na louku sv").text == "farm ne"
    assert g.find("sedlák na louku sz").text in {m.text for m in g.legal_moves()}
