"""The characteristic scale a sheet states beside its characteristics and holds a human's to
(issue 36): a value outside its bounds is refused with the bound named, beside its field. The
first refusal is raised; the sheet form sets that field aside and checks again, so a save shows
every characteristic out of scale at once (COC-GEN-2, DG-GEN-6)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from rules.core.errors import SheetError
from rules.core.messages import Message


@dataclass(frozen=True)
class Scale:
    """Each characteristic's bounds (least, most), `least` None where there is no floor; the
    system's own words for a value above (`{value}`, `{most}`) and below (`{value}`, `{least}`)."""

    bounds: Mapping[str, tuple[int | None, int]]
    above: Message
    rule: str
    below: Message | None = None

    def check(self, sheet: Mapping[str, Any]) -> None:
        """SheetError naming the first characteristic outside its bounds and the bound."""
        for key, (least, most) in self.bounds.items():
            value = sheet.get(key)
            if not isinstance(value, int):
                continue
            if value > most:
                raise SheetError(key, self.above(value=value, most=most), self.rule)
            if least is not None and self.below is not None and value < least:
                raise SheetError(key, self.below(value=value, least=least), self.rule)
