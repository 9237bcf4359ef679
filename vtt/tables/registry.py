"""Each system's presenter (vtt/tables/presenter.py) by the system's key: a board lands by
adding its line here. Systems not named (chat, Call of Cthulhu) get the generic board."""

from __future__ import annotations

from collections.abc import Mapping

from vtt.tables import ace, delta_green, mech, scs
from vtt.tables.presenter import Presenter

PRESENTERS: Mapping[str, Presenter] = {
    "ace": ace,
    "delta_green": delta_green,
    "mech": mech,
    "scs": scs,
}


def presenter_for(key: str) -> Presenter | None:
    """The presenter of the system with this key, or None for the generic board."""
    return PRESENTERS.get(key)
