"""Daphne's websocket limits as Tabula wants them: one size limit, closes sent with their codes.

Daphne (4.2) drops a websocket whose message is over its limit without a close frame (autobahn's
`failByDrop`), forwards no close reason from the application, and sends an application's close
through autobahn's `sendClose`, which raises for every code but 1000 and 3000-4999: a consumer
closing with 1009 (message too big), 1008 or 1012 crashed there, Daphne closed the socket with
1011, and the consumer's `disconnect()` never ran, so its heartbeat and presence row lived on.
The server is adjusted here, once, when Daphne loads the app.
"""

from __future__ import annotations

from typing import Any

# Frames the table SENDS may be this big: autobahn applies its payload limit both ways, and a
# frame over it kills the socket (1011), so it stays well above the biggest table frame (a Delta
# Green GM or an SCS side at connect is 70-210 KiB today; tests/vtt/test_frame_limit.py keeps the
# margin). What a page may send is much less: vtt.encounters.commands.MAX_MESSAGE_BYTES, refused
# here before it is buffered, with the same answer the consumer gives.
SERVER_MAX_MESSAGE_BYTES = 4 * 1024 * 1024
# Close codes a server may send (RFC 6455 7.4; 1004-1006 and 1015 are never sent on the wire).
SENDABLE_CLOSE_CODES = frozenset([1000, 1001, 1002, 1003, *range(1007, 1015), *range(3000, 5000)])
CLOSE_REASON_BYTES = 123  # what fits in a close frame after the code
_done = False


def too_large_answer(headers: list[tuple[bytes, bytes]]) -> tuple[str, str]:
    """The error frame and close reason for an oversized message, in the socket's language."""
    from django.utils import translation

    from vtt.encounters import fragments
    from vtt.encounters.commands import too_large_message
    from vtt.encounters.consumers import language_of

    with translation.override(language_of({"headers": headers})):
        reason = too_large_message()
        return fragments.render_error(reason), reason


def close_oversized_with_1009() -> None:
    """Make Daphne close (not drop) sockets that break a limit, and send every close it is given."""
    global _done
    if _done:
        return
    try:
        from autobahn.util import encode_truncate
        from daphne.ws_protocol import WebSocketFactory, WebSocketProtocol
    except ImportError:  # not served by Daphne
        return
    _done = True
    from vtt.encounters.commands import MAX_MESSAGE_BYTES

    set_options = WebSocketFactory.setProtocolOptions

    def options(self: Any, *args: Any, **kwargs: Any) -> None:
        for name in ("maxMessagePayloadSize", "maxFramePayloadSize"):
            kwargs[name] = SERVER_MAX_MESSAGE_BYTES
        # a close frame with code 1009 and a reason, not a dropped TCP connection
        kwargs["failByDrop"] = False
        set_options(self, *args, **kwargs)

    handle_reply = WebSocketProtocol.handle_reply

    def reply(self: Any, message: dict[str, Any]) -> None:
        if message.get("type") == "websocket.close" and self.state != self.STATE_CONNECTING:
            code = message.get("code") or 1000
            if code not in SENDABLE_CLOSE_CODES:
                code = 1011
            reason = message.get("reason")
            # ignored by autobahn once the socket is closing or closed, as Daphne's own close is
            self.sendCloseFrame(
                code=code,
                reasonUtf8=encode_truncate(str(reason), CLOSE_REASON_BYTES) if reason else None,
            )
            return
        handle_reply(self, message)

    frame_begins = WebSocketProtocol.onMessageFrameBegin

    def frame_begin(self: Any, length: int) -> None:
        # a page's message over the limit is answered and closed before it is read
        if not self.failedByMe and self.message_data_total_length + length > MAX_MESSAGE_BYTES:
            html, reason = too_large_answer(getattr(self, "clean_headers", []))
            self.sendMessage(html.encode())
            self._fail_connection(1009, reason)
        frame_begins(self, length)

    WebSocketFactory.setProtocolOptions = options
    WebSocketProtocol.handle_reply = reply
    WebSocketProtocol.onMessageFrameBegin = frame_begin
