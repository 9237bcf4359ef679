"""The ASGI app: HTTP through Django; websockets session-authenticated and origin-checked."""

from __future__ import annotations

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "vtt.settings")
django_asgi_app = get_asgi_application()

from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402
from django.conf import settings  # noqa: E402

from vtt.dbretry import auth_stack  # noqa: E402  (needs the app registry)
from vtt.fast.warmup import warm_up  # noqa: E402
from vtt.routing import websocket_urlpatterns  # noqa: E402
from vtt.wsserver import close_oversized_with_1009  # noqa: E402

close_oversized_with_1009()

http_app = django_asgi_app
if settings.VTT_SERVE_STATIC:
    from vtt.staticfiles import StaticFiles

    http_app = StaticFiles(django_asgi_app)

application = ProtocolTypeRouter(
    {
        "http": http_app,
        "websocket": AllowedHostsOriginValidator(auth_stack(URLRouter(websocket_urlpatterns))),
    }
)
warm_up()  # last: what it freezes is everything the process holds from here on
