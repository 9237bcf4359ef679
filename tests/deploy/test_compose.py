"""docker-compose.yml, deploy/nginx.conf and the Dockerfile agree with vtt/settings.py."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path, PurePosixPath
from typing import Any

import pytest
import yaml
from django.conf import settings

ROOT = Path(__file__).resolve().parents[2]
APP_SERVICES = ("migrate", "web1", "web2", "clocks")
DAPHNE_SERVICES = ("web1", "web2")
REQUIRED_ENV = ("DATABASE_URL", "REDIS_URL", "VTT_SECRET_KEY", "VTT_ALLOWED_HOSTS", "VTT_DEBUG")
# What an operator puts in .env; the test checks the settings the app then runs with.
OPERATOR_ENV = {
    "POSTGRES_PASSWORD": "pw-from-dotenv",
    "VTT_SECRET_KEY": "k" * 60,
    "VTT_ALLOWED_HOSTS": "table.example.org",
}
_INTERPOLATION = re.compile(r"\$\{(?P<name>\w+)(?:(?P<op>:[?-])(?P<arg>[^}]*))?\}")


@pytest.fixture(scope="module")
def compose() -> dict[str, Any]:
    data: dict[str, Any] = yaml.safe_load((ROOT / "docker-compose.yml").read_text())
    return data


@pytest.fixture(scope="module")
def nginx() -> str:
    return (ROOT / "deploy" / "nginx.conf").read_text()


@pytest.fixture(scope="module")
def dockerfile() -> str:
    return (ROOT / "Dockerfile").read_text()


def interpolate(value: str, env: dict[str, str]) -> str:
    """Compose's ${NAME}, ${NAME:-default} and ${NAME:?error} substitution."""

    def one(match: re.Match[str]) -> str:
        name, op, arg = match["name"], match["op"], match["arg"]
        if env.get(name):
            return env[name]
        if op == ":?":
            raise AssertionError(f"compose would refuse to start: {name} unset ({arg})")
        return arg or ""

    return _INTERPOLATION.sub(one, value)


def service_env(service: dict[str, Any], env: dict[str, str]) -> dict[str, str]:
    raw = service.get("environment") or {}
    assert isinstance(raw, dict), "environment is written as a mapping"
    return {key: interpolate(str(value), env) for key, value in raw.items()}


def command_words(service: dict[str, Any]) -> list[str]:
    command = service["command"]
    return command if isinstance(command, list) else command.split()


def settings_read_by_app() -> set[str]:
    """Every environment variable name that vtt/settings.py (via vtt/env.py helpers) reads."""
    source = (ROOT / "vtt" / "settings.py").read_text()
    return set(re.findall(r"""["']((?:VTT|DATABASE|REDIS)_[A-Z_]+)["']""", source))


def workdir(dockerfile: str) -> PurePosixPath:
    found = re.findall(r"^WORKDIR\s+(\S+)", dockerfile, flags=re.M)
    assert found, "the Dockerfile sets a WORKDIR"
    return PurePosixPath(found[-1])


def test_compose_has_the_production_services(compose: dict[str, Any]) -> None:
    assert {"db", "redis", "migrate", "web1", "web2", "clocks", "proxy"} <= set(compose["services"])
    assert compose["services"]["db"]["image"].startswith("postgres:")
    assert compose["services"]["redis"]["image"].startswith("redis:")
    assert "nginx" in compose["services"]["proxy"]["image"]


@pytest.mark.parametrize("name", APP_SERVICES)
def test_app_services_set_every_required_variable(compose: dict[str, Any], name: str) -> None:
    env = service_env(compose["services"][name], OPERATOR_ENV)
    assert set(REQUIRED_ENV) <= set(env)
    assert env["VTT_DEBUG"] == "0"
    assert env["DATABASE_URL"].startswith("postgres://")
    assert "@db:5432/" in env["DATABASE_URL"]
    assert env["REDIS_URL"] == "redis://redis:6379/0"


@pytest.mark.parametrize("name", APP_SERVICES)
def test_app_services_set_only_variables_the_settings_read(
    compose: dict[str, Any], name: str
) -> None:
    names = set(compose["services"][name]["environment"])
    unknown = names - settings_read_by_app()
    assert not unknown, f"{name} sets variables vtt/settings.py never reads: {sorted(unknown)}"


def test_compose_refuses_to_start_without_the_secrets(compose: dict[str, Any]) -> None:
    for missing in OPERATOR_ENV:
        partial = {k: v for k, v in OPERATOR_ENV.items() if k != missing}
        with pytest.raises(AssertionError, match=missing):
            service_env(compose["services"]["web1"], partial)


def test_settings_under_the_compose_environment_are_production(compose: dict[str, Any]) -> None:
    """Loads vtt.settings in a fresh process with exactly web1's environment."""
    env = service_env(compose["services"]["web1"], OPERATOR_ENV)
    probe = (
        "import json, django; django.setup(); from django.conf import settings as s;"
        "print(json.dumps({'debug': s.DEBUG, 'secret': s.SECRET_KEY, 'hosts': s.ALLOWED_HOSTS,"
        "'db': s.DATABASES['default'], 'layer': s.CHANNEL_LAYERS['default'],"
        "'serve_static': s.VTT_SERVE_STATIC, 'asgi': s.ASGI_APPLICATION}, default=str))"
    )
    clean = {
        k: v for k, v in os.environ.items() if not k.startswith(("VTT_", "DATABASE_", "REDIS_"))
    }
    result = subprocess.run(
        [sys.executable, "-c", probe],
        cwd=ROOT,
        env={**clean, **env, "DJANGO_SETTINGS_MODULE": "vtt.settings"},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    loaded = json.loads(result.stdout)
    assert loaded["debug"] is False
    assert loaded["secret"] == OPERATOR_ENV["VTT_SECRET_KEY"]
    assert loaded["hosts"] == ["table.example.org"]
    # Django's PostgreSQL backend, checking its pooled connections itself (vtt/postgresql)
    assert loaded["db"]["ENGINE"] == "vtt.postgresql"
    assert (loaded["db"]["HOST"], loaded["db"]["NAME"]) == ("db", "tabula")
    assert loaded["db"]["PASSWORD"] == OPERATOR_ENV["POSTGRES_PASSWORD"]
    assert loaded["layer"]["BACKEND"] == "channels_redis.core.RedisChannelLayer"
    hosts = [h["address"] if isinstance(h, dict) else h for h in loaded["layer"]["CONFIG"]["hosts"]]
    assert hosts == ["redis://redis:6379/0"]
    # nginx serves the static files in this stack.
    assert loaded["serve_static"] is False
    assert loaded["asgi"] == "vtt.asgi.application"


def test_database_credentials_match_the_postgres_service(compose: dict[str, Any]) -> None:
    db = service_env(compose["services"]["db"], OPERATOR_ENV)
    url = service_env(compose["services"]["web1"], OPERATOR_ENV)["DATABASE_URL"]
    expected = (
        f"postgres://{db['POSTGRES_USER']}:{db['POSTGRES_PASSWORD']}@db:5432/{db['POSTGRES_DB']}"
    )
    assert url == expected


@pytest.mark.parametrize("name", DAPHNE_SERVICES)
def test_daphne_services_serve_the_asgi_application(compose: dict[str, Any], name: str) -> None:
    words = command_words(compose["services"][name])
    assert words[0] == "daphne"
    assert words[-1] == "vtt.asgi:application"
    # settings.ASGI_APPLICATION names the same object, written with a dot.
    assert words[-1].replace(":", ".") == settings.ASGI_APPLICATION
    assert words[words.index("-b") + 1] == "0.0.0.0"
    # Daphne's client address is nginx's X-Forwarded-For, which nginx overwrites (below)
    assert "--proxy-headers" in words
    env = service_env(compose["services"][name], OPERATOR_ENV)
    assert env["VTT_BEHIND_PROXY"] == "1", "the login throttle reads the X-Real-IP nginx sets"


def test_asgi_application_is_importable() -> None:
    from vtt import asgi

    assert callable(asgi.application)


def test_web_services_wait_for_migrations(compose: dict[str, Any]) -> None:
    for name in DAPHNE_SERVICES:
        depends = compose["services"][name]["depends_on"]
        assert depends["migrate"]["condition"] == "service_completed_successfully"
        assert depends["db"]["condition"] == "service_healthy"
        assert depends["redis"]["condition"] == "service_healthy"


def test_migrate_step_migrates_and_collects_static_into_static_root(
    compose: dict[str, Any], dockerfile: str
) -> None:
    migrate = compose["services"]["migrate"]
    script = " ".join(command_words(migrate))
    assert "manage.py migrate --noinput" in script
    assert "manage.py collectstatic --noinput" in script
    assert migrate["restart"] == "no"
    relative = Path(settings.STATIC_ROOT).relative_to(settings.BASE_DIR)
    static_root_in_image = workdir(dockerfile) / relative.as_posix()
    assert f"static:{static_root_in_image}" in migrate["volumes"]


def proxy_upstream_servers(nginx: str, name: str = "tabula") -> list[str]:
    block = re.search(rf"upstream\s+{name}\s*\{{(?P<body>[^}}]*)\}}", nginx)
    assert block, f"nginx.conf has an upstream block {name}"
    return re.findall(r"^\s*server\s+([^\s;]+)", block["body"], flags=re.M)


def test_proxy_upstreams_are_both_daphne_services(compose: dict[str, Any], nginx: str) -> None:
    expected = []
    for name in DAPHNE_SERVICES:
        words = command_words(compose["services"][name])
        port = words[words.index("-p") + 1]
        assert port in [str(p) for p in compose["services"][name]["expose"]]
        expected.append(f"{name}:{port}")
    assert sorted(proxy_upstream_servers(nginx)) == sorted(expected)
    assert sorted(proxy_upstream_servers(nginx, "tabula_tables")) == sorted(expected)
    assert "proxy_pass http://tabula;" in nginx


def test_proxy_places_a_tables_sockets_on_one_process(nginx: str) -> None:
    """Sockets by their address (one encounter's on one process while it is up, moving when it
    goes down: consistent), upgraded like every other."""
    block = re.search(r"upstream\s+tabula_tables\s*\{(?P<body>[^}]*)\}", nginx)
    assert block
    assert "hash $request_uri consistent;" in block["body"]
    sockets = re.search(r"location\s+/ws/\s*\{(?P<body>[^}]*)\}", nginx)
    assert sockets, "nginx.conf proxies location /ws/"
    body = sockets["body"]
    assert "proxy_pass http://tabula_tables;" in body
    for line in (
        "proxy_http_version 1.1;",
        "proxy_set_header Upgrade $http_upgrade;",
        "proxy_set_header Connection $connection_upgrade;",
        "proxy_set_header Host $host;",
        "proxy_set_header X-Forwarded-For $remote_addr;",
    ):
        assert line in body


def test_proxy_upgrades_websockets(nginx: str) -> None:
    root = re.search(r"location\s+/\s*\{(?P<body>[^}]*)\}", nginx)
    assert root, "nginx.conf proxies location /"
    body = root["body"]
    assert "proxy_http_version 1.1;" in body
    assert "proxy_set_header Upgrade $http_upgrade;" in body
    assert "proxy_set_header Connection $connection_upgrade;" in body
    assert re.search(
        r"map\s+\$http_upgrade\s+\$connection_upgrade\s*\{[^}]*default\s+upgrade;", nginx
    )
    # Origin checks compare the Origin header with Host, so Host must pass through unchanged.
    assert "proxy_set_header Host $host;" in body


def test_proxy_serves_the_collected_static_files(compose: dict[str, Any], nginx: str) -> None:
    static = re.search(r"location\s+(\S+)\s*\{[^}]*alias\s+(\S+);", nginx)
    assert static, "nginx.conf serves static files with an alias"
    prefix, alias = static[1], static[2]
    assert prefix == settings.STATIC_URL
    mounts = compose["services"]["proxy"]["volumes"]
    assert f"static:{alias.rstrip('/')}:ro" in mounts
    assert "./deploy/nginx.conf:/etc/nginx/conf.d/default.conf:ro" in mounts
    assert (ROOT / "deploy" / "nginx.conf").is_file()
    assert "static" in compose["volumes"]


def test_dockerfile_installs_the_project_and_runs_daphne(dockerfile: str) -> None:
    assert re.search(r"^FROM python:3\.11", dockerfile, flags=re.M)
    assert re.search(r"^RUN pip install (-e )?\.$", dockerfile, flags=re.M)
    cmd = re.search(r"^CMD (\[.*\])$", dockerfile, flags=re.M)
    assert cmd
    assert json.loads(cmd[1])[-1] == "vtt.asgi:application"
    assert re.search(r"^USER (?!root)\w+", dockerfile, flags=re.M), "the app does not run as root"
    # run alone, no proxy sets X-Forwarded-For: Daphne must not take a client's as its address
    assert "--proxy-headers" not in json.loads(cmd[1])
    assert (ROOT / "docker-compose.yml").is_file()
    assert (ROOT / ".dockerignore").is_file()


def proxying_locations(nginx: str) -> dict[str, str]:
    """Each location that proxies to the app: its pattern -> its body."""
    found = re.findall(r"location\s+((?:~\s+)?\S+)\s*\{([^}]*)\}", nginx)
    return {where: body for where, body in found if "proxy_pass" in body}


def test_proxy_sets_the_client_address_itself_never_a_client_sent_one(nginx: str) -> None:
    """Issue 30 (9): appending to the client's X-Forwarded-For let a rotating header make every
    failed login a new address; nginx overwrites both headers with the address it sees."""
    assert "$proxy_add_x_forwarded_for" not in nginx
    locations = proxying_locations(nginx)
    assert "/" in locations
    for where, body in locations.items():
        assert "proxy_set_header X-Real-IP $remote_addr;" in body, where
        assert "proxy_set_header X-Forwarded-For $remote_addr;" in body, where
        assert "proxy_set_header Host $host;" in body, where


def test_proxy_limits_requests_per_address(nginx: str) -> None:
    zones = dict(
        re.findall(r"limit_req_zone\s+\$binary_remote_addr\s+zone=(\w+):\S+\s+rate=(\S+);", nginx)
    )
    assert zones["tabula_login"].endswith("r/m")
    assert zones["tabula_general"].endswith("r/s")
    assert "limit_req_status 429;" in nginx
    locations = proxying_locations(nginx)
    login = [body for where, body in locations.items() if where.startswith("~")]
    assert any(
        re.search(where.removeprefix("~").strip(), path)
        for where in locations
        if where.startswith("~")
        for path in ("/accounts/login/", "/accounts/signup/")
    )
    assert all("limit_req zone=tabula_login " in body for body in login)
    assert "limit_req zone=tabula_general " in locations["/"]
