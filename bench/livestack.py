"""Real Daphne processes on free ports against a fresh, migrated, demo-loaded database."""

from __future__ import annotations

import json
import os
import secrets
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

ROOT = Path(__file__).resolve().parent.parent
SERVICE_VARS = ("DATABASE_URL", "REDIS_URL")
DEMO_PASSWORD = "tabula-demo"

# Logs every demo user in (and any extra users named) and prints {username: session key}.
_SESSIONS_SCRIPT = """
import json
from django.conf import settings
from django.contrib.auth import get_user_model
from django.test import Client
names = json.loads(NAMES)
User = get_user_model()
out = {}
for name in names:
    user = User.objects.get(username=name)
    client = Client()
    client.force_login(user)
    out[name] = client.cookies[settings.SESSION_COOKIE_NAME].value
print("SESSIONS " + json.dumps(out))
"""


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def rss_kib(pid: int) -> int:
    """The resident set size of process `pid`, in KiB (Linux /proc)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise RuntimeError(f"no VmRSS for process {pid}")


@dataclass
class LiveStack:
    """A migrated database with the demo loaded, and `processes` Daphne servers sharing it.

    `database_url` None means an SQLite file in `workdir`; a PostgreSQL URL means a new database
    is created next to the one named (and dropped by `stop`). `redis_url` None means the in-memory
    channel layer, which only works with one process.
    """

    workdir: Path
    database_url: str | None = None
    redis_url: str | None = None
    processes: int = 1
    demo: bool = True  # False: an empty database, as a new group starts
    extra_env: dict[str, str] = field(default_factory=dict)
    daphne_args: list[str] = field(default_factory=list)  # e.g. docker-compose's --proxy-headers
    # a directory: each Daphne runs under bench/profiled.py and writes daphne-N.prof there
    profile_dir: Path | None = None
    ports: list[int] = field(default_factory=list)
    servers: list[subprocess.Popen[bytes]] = field(default_factory=list)
    live_database_url: str | None = None
    _created_database: str | None = None

    def __post_init__(self) -> None:
        if self.processes > 1 and not self.redis_url:
            raise ValueError("several processes need a shared channel layer (redis_url)")
        self.workdir.mkdir(parents=True, exist_ok=True)
        self.prefix = f"tabula-live-{secrets.token_hex(4)}"

    @property
    def env(self) -> dict[str, str]:
        """The environment every process of this stack runs with (nothing inherited from VTT_*)."""
        base = {
            k: v
            for k, v in os.environ.items()
            if not k.startswith("VTT_") and k not in SERVICE_VARS and k != "DJANGO_SETTINGS_MODULE"
        }
        env = {
            **base,
            "DJANGO_SETTINGS_MODULE": "vtt.settings",
            "PYTHONPATH": str(ROOT),
            "VTT_DEBUG": "0",
            "VTT_SECRET_KEY": "live-stack-" + "x" * 50,
            "VTT_ALLOWED_HOSTS": "127.0.0.1,localhost",
            "VTT_SERVE_STATIC": "1",
            "VTT_CHANNEL_PREFIX": self.prefix,
            "VTT_SQLITE_PATH": str(self.workdir / "live.sqlite3"),
            # uploads (scene backgrounds) stay with this stack, not in the working tree
            "VTT_MEDIA_ROOT": str(self.workdir / "media"),
            "VTT_LOG_LEVEL": "WARNING",
            # the fast path (vtt/fast) as the bench or test was started: VTT_FAST=0 runs plain
            **({"VTT_FAST": os.environ["VTT_FAST"]} if "VTT_FAST" in os.environ else {}),
            # the push services a subscription may name (tests add their own stand-in)
            **(
                {"VTT_PUSH_SERVICES": os.environ["VTT_PUSH_SERVICES"]}
                if "VTT_PUSH_SERVICES" in os.environ
                else {}
            ),
            **self.extra_env,
        }
        if self.live_database_url:
            env["DATABASE_URL"] = self.live_database_url
        if self.redis_url:
            env["REDIS_URL"] = self.redis_url
        return env

    @property
    def urls(self) -> list[str]:
        return [f"http://127.0.0.1:{port}" for port in self.ports]

    @property
    def url(self) -> str:
        return self.urls[0]

    def manage(self, *args: str, timeout: float = 300) -> str:
        """Runs `manage.py ARGS` with this stack's environment and returns its output."""
        result = subprocess.run(
            [sys.executable, str(ROOT / "manage.py"), *args],
            cwd=ROOT,
            env=self.env,
            capture_output=True,
            text=True,
            timeout=timeout,
        )
        if result.returncode != 0:
            raise RuntimeError(
                f"manage.py {' '.join(args)} failed ({result.returncode}):\n"
                f"{result.stdout[-3000:]}\n{result.stderr[-3000:]}"
            )
        return result.stdout

    def shell(self, code: str, timeout: float = 300) -> str:
        """Runs Python `code` inside `manage.py shell` and returns what it printed."""
        return self.manage("shell", "--no-imports", "-c", code, timeout=timeout)

    def start(self) -> LiveStack:
        """Creates and fills the database, then starts the servers and waits until they answer."""
        self._create_database()
        self.manage("migrate", "--noinput")
        if self.demo:
            self.manage("load_demo")
        for index in range(self.processes):
            port = free_port()
            # The child keeps its own descriptor of the log; the parent closes its copy at once.
            with (self.workdir / f"daphne-{index}.log").open("wb") as log:
                profiled = (
                    ["-m", "bench.profiled", str(self.profile_dir / f"daphne-{index}.prof")]
                    if self.profile_dir is not None
                    else []
                )
                server = subprocess.Popen(
                    [
                        sys.executable,
                        *profiled,
                        "-m",
                        "daphne",
                        "-b",
                        "127.0.0.1",
                        "-p",
                        str(port),
                        *self.daphne_args,
                        "vtt.asgi:application",
                    ],
                    cwd=ROOT,
                    env=self.env,
                    stdout=log,
                    stderr=subprocess.STDOUT,
                )
            self.ports.append(port)
            self.servers.append(server)
        for index, url in enumerate(self.urls):
            self._wait_until_up(index, url)
        return self

    def stop(self) -> None:
        """Stops the servers this stack started and drops its database."""
        for server in self.servers:
            if server.poll() is None:
                server.terminate()
        for server in self.servers:
            try:
                server.wait(timeout=10)
            except subprocess.TimeoutExpired:
                server.kill()
                server.wait(timeout=10)
        self.servers.clear()
        self._drop_database()

    def log(self, index: int = 0) -> str:
        """What server `index` has printed so far."""
        path = self.workdir / f"daphne-{index}.log"
        return path.read_text(errors="replace") if path.exists() else ""

    def sessions(self, *usernames: str) -> dict[str, str]:
        """A fresh logged-in session key for each user, as the `sessionid` cookie carries it."""
        code = f"NAMES = {json.dumps(json.dumps(list(usernames)))}\n" + _SESSIONS_SCRIPT
        out = self.shell(code)
        line = next(ln for ln in out.splitlines() if ln.startswith("SESSIONS "))
        found: dict[str, str] = json.loads(line.removeprefix("SESSIONS "))
        return found

    def pid(self, index: int = 0) -> int:
        return self.servers[index].pid

    def _wait_until_up(self, index: int, url: str, timeout: float = 60) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.servers[index].poll() is not None:
                raise RuntimeError(f"Daphne {index} exited at start:\n{self.log(index)[-3000:]}")
            try:
                with urllib.request.urlopen(url + "/", timeout=2):
                    return
            except urllib.error.HTTPError:
                return  # it answered
            except OSError:
                time.sleep(0.1)
        raise RuntimeError(f"Daphne {index} did not answer within {timeout}s:\n{self.log(index)}")

    def _create_database(self) -> None:
        if not self.database_url:
            self.live_database_url = None
            return
        import psycopg

        name = f"tabula_live_{secrets.token_hex(5)}"
        with psycopg.connect(self._maintenance_url(), autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{name}"')
        self._created_database = name
        parts = urlsplit(self.database_url)
        self.live_database_url = urlunsplit(parts._replace(path="/" + name))

    def _maintenance_url(self) -> str:
        """The server's `postgres` database: CREATE/DROP DATABASE need not touch the named one."""
        assert self.database_url
        return urlunsplit(urlsplit(self.database_url)._replace(path="/postgres"))

    def _drop_database(self) -> None:
        if not (self._created_database and self.database_url):
            return
        import psycopg

        with psycopg.connect(self._maintenance_url(), autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{self._created_database}" WITH (FORCE)')
        self._created_database = None

    def __enter__(self) -> LiveStack:
        try:
            return self.start()
        except BaseException:
            self.stop()
            raise

    def __exit__(self, *exc: Any) -> None:
        self.stop()
