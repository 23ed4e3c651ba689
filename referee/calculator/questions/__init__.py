"""Each game's guided questions (one module a game, the shared Flow in base.py): FLOWS maps a calculator's
game id to the Flow that asks for its end position."""

from .base import Flow
from .carcassonne import CarcassonneFlow
from .el_capitan import ElCapitanFlow
from .port_royal import PortRoyalFlow
from .puerto_rico import PuertoRicoFlow

__all__ = ["FLOWS", "CarcassonneFlow", "ElCapitanFlow", "Flow", "PortRoyalFlow", "PuertoRicoFlow"]

FLOWS = {"puerto-rico": PuertoRicoFlow, "port-royal": PortRoyalFlow, "carcassonne": CarcassonneFlow,
         "el-capitan": ElCapitanFlow}
