"""What one person may ask of a server process over websockets: a message rate per socket and a
number of open sockets per user (settings VTT_SOCKET_MESSAGES_PER_SECOND, VTT_SOCKET_MESSAGE_BURST
and VTT_SOCKETS_PER_USER; docs/server.md)."""

from __future__ import annotations

import time
from collections.abc import Callable


class TokenBucket:
    """`burst` messages at once, then `rate` a second; a rate of 0 means no limit."""

    def __init__(
        self, rate: float, burst: int, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.rate = rate
        self.burst = max(burst, 1)
        self.clock = clock
        self.tokens = float(self.burst)
        self.at = clock()

    def take(self) -> bool:
        """Whether one more message may go through now (it is counted if so)."""
        if self.rate <= 0:
            return True
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


# This process's open sockets by user. Exact: a socket is admitted in its connect and released in
# its disconnect, which always runs (vtt/encounters/consumers.py `__call__`).
_OPEN: dict[int, set[str]] = {}


def admit(user_id: int, channel: str, cap: int) -> bool:
    """Count this socket as the user's, unless they have `cap` open here already (0: no cap)."""
    sockets = _OPEN.setdefault(user_id, set())
    if cap > 0 and len(sockets) >= cap and channel not in sockets:
        return False
    sockets.add(channel)
    return True


def release(user_id: int, channel: str) -> None:
    """The socket closed (or was never admitted): it no longer counts."""
    sockets = _OPEN.get(user_id)
    if sockets is not None:
        sockets.discard(channel)
        if not sockets:
            _OPEN.pop(user_id, None)


def open_sockets(user_id: int) -> int:
    return len(_OPEN.get(user_id, ()))
