"""Daphne's websocket limits as Tabula wants them: oversized messages closed with 1009 and a reason.

Daphne (4.2) drops a websocket whose message is over its 1 MiB limit without a close frame
(autobahn's `failByDrop`), and forwards no close reason from the application. Both matter to a
page that should be told why, so the server is adjusted here, once, when Daphne loads the app.
"""

from __future__ import annotations

from typing import Any

# Anything bigger is refused by the server itself, before the application reads a byte of it;
# the application's own limit (vtt.encounters.commands.MAX_MESSAGE_BYTES) is lower still. The
# limit holds both ways in autobahn: a frame the table SENDS over it kills the socket (1011), so it
# stays well above the biggest table frame (a Delta Green GM or an SCS side at connect is 70-210
# KiB today; tests/vtt/test_frame_limit.py keeps the margin).
SERVER_MAX_MESSAGE_BYTES = 4 * 1024 * 1024
_done = False


def close_oversized_with_1009() -> None:
    """Make Daphne close (not drop) sockets that break a limit, and pass close reasons on."""
    global _done
    if _done:
        return
    try:
        from daphne.ws_protocol import WebSocketFactory, WebSocketProtocol
    except ImportError:  # not served by Daphne
        return
    _done = True
    set_options = WebSocketFactory.setProtocolOptions

    def options(self: Any, *args: Any, **kwargs: Any) -> None:
        for name in ("maxMessagePayloadSize", "maxFramePayloadSize"):
            given = kwargs.get(name) or SERVER_MAX_MESSAGE_BYTES
            kwargs[name] = min(given, SERVER_MAX_MESSAGE_BYTES)
        # a close frame with code 1009 and autobahn's reason, not a dropped TCP connection
        kwargs["failByDrop"] = False
        set_options(self, *args, **kwargs)

    handle_reply = WebSocketProtocol.handle_reply

    def reply(self: Any, message: dict[str, Any]) -> None:
        reason = message.get("reason")
        if message.get("type") == "websocket.close" and reason and self.state == self.STATE_OPEN:
            self.sendClose(code=message.get("code") or 1000, reason=str(reason)[:120])
            return
        handle_reply(self, message)

    WebSocketFactory.setProtocolOptions = options
    WebSocketProtocol.handle_reply = reply
