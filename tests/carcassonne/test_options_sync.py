"""The table's farm-rule option and the calculator's options.farm_rule accept the same rules."""

import scoring.carcassonne
from referee.games.carcassonne import info


def test_farm_rules_agree():
    assert info.FARM_RULES == scoring.carcassonne.FARM_RULES
    assert next(o for o in info.OPTIONS if o.name == "farm-rule").choices == scoring.carcassonne.FARM_RULES
