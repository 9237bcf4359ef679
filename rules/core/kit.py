"""The system kit: everything a rule system is built from, in one import.

A system package has the same modules as every other (docs/architecture.md, "Adding a rule
system"): `settings` (a frozen settings dataclass), `sheet` (its sheet `Schema`), `state`,
`actions/` (one `ActionSpec` per kind, grouped by phase), `view`, `preview`, `messages`, `demo`,
and `__init__` assembling the `GameSystem`.
"""

from __future__ import annotations

from collections.abc import Iterable
from types import ModuleType

from rules.core import actions as _actions
from rules.core import changes as _changes
from rules.core import derive as _derive
from rules.core import dot_commands as _dot_commands
from rules.core import notation as _notation
from rules.core import params as _params
from rules.core import recording as _recording
from rules.core import schema as _schema
from rules.core import table as _table
from rules.core.actions import (
    Actions,
    ActionSpec,
    ActionTemplate,
    Choice,
    Field,
    Label,
    choices,
)
from rules.core.messages import CORE, Catalogue, Message, Msg, messages_of, text
from rules.core.schema import (
    Entry,
    Schema,
    build_settings,
    setting,
    settings_schema,
    settings_values,
)
from rules.core.system import said

# What every system can say without declaring it: table actions, the kit's refusals.
KIT = CORE.merged(_table.MESSAGES).merged(
    Catalogue(
        [
            *messages_of(_actions),
            *messages_of(_changes),
            *messages_of(_schema),
            *messages_of(_derive),
            *messages_of(_dot_commands),
            *messages_of(_params),
            *messages_of(_recording),
            *messages_of(_notation),
        ]
    )
)


def catalogue(*modules: ModuleType, extra: Iterable[Message] = ()) -> Catalogue:
    """A system's catalogue: the kit's messages and every `Message` constant of its modules."""
    return KIT.merged(Catalogue([*messages_of(*modules), *extra]))


__all__ = [
    "KIT",
    "ActionSpec",
    "ActionTemplate",
    "Actions",
    "Catalogue",
    "Choice",
    "Entry",
    "Field",
    "Label",
    "Message",
    "Msg",
    "Schema",
    "build_settings",
    "catalogue",
    "choices",
    "said",
    "setting",
    "settings_schema",
    "settings_values",
    "text",
]
