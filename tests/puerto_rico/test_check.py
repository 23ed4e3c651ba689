"""check() must catch every kind of conservation error (a check that cannot fail is a defect)."""

import pytest

from .helpers import give, new


def corrupt(fn):
    g = new(4)
    give(g, 0, goods={"corn": 2}, buildings={"small-market": 1, "guild-hall": 0})
    g.check()
    fn(g.state)
    with pytest.raises(AssertionError):
        g.check()


@pytest.mark.parametrize("fn", [
    lambda s: s.goods[1].__setitem__(2, 1),                  # a barrel from nowhere
    lambda s: s.gsup.__setitem__(0, s.gsup[0] - 1),          # a barrel lost
    lambda s: s.ships[0].__setitem__(2, 3),                  # cargo with no kind
    lambda s: (s.ships[0].__setitem__(1, 0), s.ships[0].__setitem__(2, 1), s.ships[1].__setitem__(1, 0),
               s.ships[1].__setitem__(2, 1), s.gsup.__setitem__(0, s.gsup[0] - 2)),   # two ships, one kind
    lambda s: s.sj.__setitem__(2, 1),                        # a colonist from nowhere
    lambda s: s.tocc[0].__setitem__(1, 2),                   # more colonists than tiles
    lambda s: s.bld[0].__setitem__(6, 2),                    # more colonists than circles
    lambda s: s.tiles[1].__setitem__(4, 1),                  # a tile from nowhere
    lambda s: s.__setattr__("quarries", 7),                  # a quarry lost
    lambda s: s.bsup.__setitem__(0, s.bsup[0] - 1),          # a building lost
    lambda s: s.owned[0].append(6),                          # a building listed twice
    lambda s: s.city.__setitem__(0, 2),                      # city spaces out of step (guild hall takes 2)
    lambda s: s.dbl.__setitem__(3, 9),                       # doubloons from nowhere
    lambda s: s.card_coins.__setitem__(0, 1),                # a doubloon on a card from nowhere
    lambda s: s.vp.__setitem__(0, 3),                        # VP handed out without chips
    lambda s: s.__setattr__("pool", s.pool - 1),             # a chip lost
    lambda s: s.house.append(4),                             # a barrel in the house from nowhere
    lambda s: s.row.__setitem__(2, s.row[2] + 1),            # an extra face-up tile
    lambda s: (s.tocc[0].__setitem__(0, -1), s.sj.__setitem__(0, s.sj[0] + 1)),   # a negative count, balanced
    lambda s: (s.goods[0].__setitem__(1, -1), s.gsup.__setitem__(1, s.gsup[1] + 1)),   # negative goods, balanced
    lambda s: (s.bld[0].__setitem__(18, -2), s.sj.__setitem__(0, s.sj[0] + 2)),   # guild hall at -2 colonists
    lambda s: s.owned[0].remove(6),                          # a building missing from its owner's list
    lambda s: (s.owned[0].remove(6), s.owned[0].append(18)),  # listed twice, another one missing
    lambda s: s.vp.__setitem__(0, s.vp[0] + 1),              # a VP from nowhere
    lambda s: (s.vpo.__setitem__(0, -1), s.vp.__setitem__(0, s.vp[0] - 1)),   # negative overflow, balanced
    lambda s: (s.tiles[0].__setitem__(0, 13), s.stack.__setitem__(0, s.stack[0] - 12)),   # 13 island tiles
    lambda s: (s.house.extend([0] * 5), s.gsup.__setitem__(0, s.gsup[0] - 5)),   # 5 barrels in the house
    lambda s: (s.__setattr__("bank", s.bank + s.dbl[0] + 1), s.dbl.__setitem__(0, -1)),   # negative doubloons
    lambda s: (s.ships[0].__setitem__(1, 0), s.ships[0].__setitem__(2, s.ships[0][0] + 1),
               s.gsup.__setitem__(0, s.gsup[0] - s.ships[0][0] - 1)),   # an overfull ship, barrels accounted
])
def test_check_catches(fn):
    corrupt(fn)
