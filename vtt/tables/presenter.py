"""The contract between the table and a system's board (vtt/tables/<key>.py): a `Presenter`.

The table (vtt/encounters/fragments.py, vtt/encounters/replays.py) finds a system's presenter in
vtt/tables/registry.py by the system's key; a system without one gets the generic board. A
presenter sees what the audience may see (the system's view), never the rules state, and imports
nothing of the table's view layer: what both use (the generic action forms, vtt/tables/forms.py)
lies below both (docs/architecture.md, "Presenters").
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

from rules.core.system import Audience


class Presenter(Protocol):
    """A system's board: a module of vtt/tables/ with these two names is one."""

    # True: the board asks the rules for its actors' actions itself (from the view it is given),
    # so the table does not ask them too
    OWN_LEGAL: bool

    def board_context(
        self, view: Mapping[str, Any], audience: Audience, request_params: Mapping[str, Any]
    ) -> dict[str, Any]:
        """The board and sheet templates' context beyond the table's own, for this audience's
        view; `request_params` the page's query (`frozen`: an ended encounter or a replayed
        position, nothing to act on). Its `forms`, where given, replace the generic forms."""
        ...
