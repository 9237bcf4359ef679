"""Every Call of Cthulhu action kind, one `ActionSpec` each, grouped by what they are for."""

from __future__ import annotations

from rules.coc.actions import (
    attack,
    care,
    checks_by_name,
    firearms,
    keeper,
    keeper_time,
    round,
    scene,
)

SPECS = [
    *round.SPECS,
    *attack.SPECS,
    *firearms.SPECS,
    *care.SPECS,
    *keeper.SPECS,
    *keeper_time.SPECS,
    *checks_by_name.SPECS,
    *scene.SPECS,
]
MODULES = (round, attack, firearms, care, keeper, keeper_time, checks_by_name)
