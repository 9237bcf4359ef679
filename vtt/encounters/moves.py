"""A signal sent inside an action's transaction, once its new state is set, for the apps that
follow the game's moves from above (vtt/remote/: time controls) without this app importing
them. A receiver that raises refuses the move: nothing of it is stored."""

from __future__ import annotations

from django.dispatch import Signal

# sender: Encounter; encounter (its state the new one), before (the dumped state the action was
# played on), user_id (who acted, None for the table itself)
played = Signal()
