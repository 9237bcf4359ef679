"""Where a game action's server CPU goes: plays bench/gameplay.py's cases in one process, with
every viewer of the gameplay table present (the GM, both players, an observer; English), and
prints a cProfile (of the process's CPU clock) of the action and its broadcast, or with `--undo`
of the undo that resets the table. A tool for finding what to make faster, not a benchmark: its
figures include the profiler's own overhead. See bench/README.md.

    .venv/bin/python bench/profile_action.py                  # every case, 20 actions each
    .venv/bin/python bench/profile_action.py --case move --actions 50 --top 40
    .venv/bin/python bench/profile_action.py --undo --sort tottime --callees newest_revertible
"""

from __future__ import annotations

import argparse
import atexit
import cProfile
import io
import os
import pstats
import statistics
import sys
import tempfile
import time
import uuid
from functools import partial
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--case", default="", help="only cases whose name contains this")
    parser.add_argument("--actions", type=int, default=20)
    parser.add_argument("--top", type=int, default=30, help="functions printed per case")
    parser.add_argument("--sort", default="cumulative", help="pstats sort key (tottime, ...)")
    parser.add_argument("--callees", default="", help="also print what functions so named call")
    parser.add_argument("--languages", nargs="+", default=["en"])
    parser.add_argument(
        "--users", nargs="+", default=["gm", "player1", "player2", "obs000"], help="who watches"
    )
    parser.add_argument("--plain", action="store_true", help="time without the profiler")
    parser.add_argument(
        "--undo", action="store_true", help="profile the undo that resets the table, not the action"
    )
    parser.add_argument("--database", default="", help="a PostgreSQL URL (default: SQLite)")
    parser.add_argument(
        "--compare",
        choices=sorted(SWITCHES),
        help="alternate actions with this measure of vtt/fast on and off (the rest of the fast "
        "path on), and print the median CPU of each: drift of the machine falls on both alike",
    )
    parser.add_argument(
        "--templates", action="store_true", help="time each included template (inclusive)"
    )
    parser.add_argument(
        "--split", action="store_true", help="time the steps of a broadcast (inclusive)"
    )
    args = parser.parse_args(argv)

    tmp = tempfile.mkdtemp(prefix="tabula-profile-")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "vtt.settings")
    os.environ["VTT_SQLITE_PATH"] = str(Path(tmp) / "profile.sqlite3")
    if args.database:  # a PostgreSQL URL: a fresh database next to it, dropped at the end
        os.environ["DATABASE_URL"] = fresh_database(args.database)
    else:  # the embedded default: the rendering is what is profiled
        os.environ.pop("DATABASE_URL", None)
    os.environ.pop("REDIS_URL", None)
    os.environ["VTT_FAST"] = "1" if args.compare or os.environ.get("VTT_FAST") == "1" else "0"
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.core.management import call_command

    from bench.gameplay import cases
    from rules.core.system import Action
    from vtt.encounters import services
    from vtt.fast.warmup import warm_up

    call_command("migrate", verbosity=0)
    call_command("load_demo", verbosity=0)
    users = get_user_model()
    gm = users.objects.get(username="gm")
    observers = [
        users.objects.get_or_create(username=name)[0]
        for name in args.users
        if name.startswith("obs")
    ]
    warm_up()
    spent_in = time_includes() if args.templates else time_steps() if args.split else None
    for case in cases():
        if args.case not in case.name:
            continue
        encounter = table_of(case, gm, observers, args.users, args.languages)
        profile = cProfile.Profile(time.process_time)  # CPU: not the database's waits
        spent = 0.0
        each: list[float] = []
        undos: list[float] = []  # the undo's CPU, the log longer at each one
        compared: dict[bool, list[float]] = {True: [], False: []}
        compared_undo: dict[bool, list[float]] = {True: [], False: []}
        for n in range(args.actions + 2):
            action = Action(case.action.kind, case.action.actor, dict(case.action.params))
            if args.compare:
                SWITCHES[args.compare](n % 2 == 0)
            profiled = n >= 2 and not args.plain
            start = time.process_time()
            if profiled and not args.undo:
                profile.enable()
            counted(
                spent_in,
                n >= 2 and not args.undo,
                partial(services.play, encounter.pk, gm.pk, action, str(uuid.uuid4())),
            )
            if n >= 2:
                profile.disable()
                spent += time.process_time() - start
                each.append(time.process_time() - start)
                compared[n % 2 == 0].append(each[-1])
            start = time.process_time()
            if profiled and args.undo:
                profile.enable()
            counted(
                spent_in,
                n >= 2 and args.undo,
                partial(services.undo, encounter.pk, gm.pk, str(uuid.uuid4())),
            )
            profile.disable()
            undos.append(time.process_time() - start)
            if n >= 2:
                compared_undo[n % 2 == 0].append(undos[-1])
        print(
            f"== {case.system}: {case.name}: {spent * 1000 / args.actions:.1f} ms CPU / action "
            f"(median {statistics.median(each) * 1000:.1f} ms); its undo, median of the first "
            f"and the last ten: {statistics.median(undos[:10]) * 1000:.1f} and "
            f"{statistics.median(undos[-10:]) * 1000:.1f} ms ({2 * len(undos)} entries logged)"
        )
        if args.compare:
            print_compared(args.compare, compared, compared_undo)
        if spent_in is not None:
            for name, seconds in sorted(spent_in.items(), key=lambda item: -item[1])[: args.top]:
                print(f"  {seconds * 1000 / args.actions:7.2f} ms  {name}")
            spent_in.clear()
        if not args.plain:
            print_profile(profile, args.sort, args.top, args.callees)
    return 0


def counted(spent: dict[str, float] | None, measured: bool, message: Any) -> None:
    """Send `message`; the steps or templates it spends in (`--split`, `--templates`) count only
    when it is the message measured (the action, or with `--undo` its undo)."""
    kept = dict(spent or {})
    message()
    if spent is not None and not measured:
        spent.clear()
        spent.update(kept)


def print_profile(profile: cProfile.Profile, sort: str, top: int, callees: str) -> None:
    out = io.StringIO()
    stats = pstats.Stats(profile, stream=out).sort_stats(sort)
    stats.print_stats(top)
    if callees:  # what the functions whose name matches call, and their time
        stats.print_callees(callees)
    print(out.getvalue())


def print_compared(
    name: str, actions: dict[bool, list[float]], undos: dict[bool, list[float]]
) -> None:
    """The median CPU of the actions and of the undos with the measure `name` on and off."""
    for what, spent in (("action", actions), ("undo", undos)):
        on, off = (statistics.median(spent[k]) * 1000 for k in (True, False))
        print(
            f"  {name} on: median {on:.2f} ms; off: {off:.2f} ms; "
            f"saves {off - on:.2f} ms ({(off - on) / off:.0%}) per {what}"
        )


def table_of(
    case: Any, gm: Any, observers: list[Any], users: list[str], languages: list[str]
) -> Any:
    """A fresh encounter of the case's setup, its prelude played, every user watching it."""
    from django.contrib.auth import get_user_model

    from vtt.campaigns.models import Campaign, Membership, Role
    from vtt.encounters import services
    from vtt.encounters.audiences import audience_for
    from vtt.encounters.presence import register

    campaign = Campaign.objects.filter(system=case.system).order_by("pk").first()
    assert campaign is not None
    for observer in observers:
        Membership.objects.get_or_create(
            campaign=campaign, user=observer, defaults={"role": Role.OBSERVER}
        )
    encounter = services.start_encounter(campaign.pk, gm.pk, case.name, case.setup, {}, case.system)
    for step in case.prelude:
        services.play(encounter.pk, gm.pk, step, str(uuid.uuid4()))
    for user in users:
        audience = audience_for(encounter.pk, get_user_model().objects.get(username=user).pk)
        assert audience is not None
        for language in languages:
            register(encounter.pk, f"{user}-{language}", audience.key, language)
    return encounter


def _switch_fast(on: bool) -> None:
    from django.conf import settings

    settings.VTT_FAST = on


_ORIGINAL: dict[str, Any] = {}


def _switch_prepared(on: bool) -> None:
    from vtt.fast import prepared

    kept = _ORIGINAL.setdefault("prepared", prepared.available)
    prepared.available = kept if on else (lambda: False)  # type: ignore[assignment]


def _switch_drawn(on: bool) -> None:
    from vtt.encounters import delta

    kept = _ORIGINAL.setdefault("drawn", delta.LAST.drawn)
    delta.LAST.drawn = kept if on else (lambda key, source: None)  # type: ignore[method-assign]


# Each measure that can be switched between two actions of one process: of vtt/fast, and
# `drawn` (a table drawn again from the one kept for the same state, fragments.table_frame).
SWITCHES = {"fast": _switch_fast, "prepared": _switch_prepared, "drawn": _switch_drawn}


def fresh_database(url: str) -> str:
    """A new, empty database on the server of `url` (its name made up), dropped when this
    process exits; its URL."""
    import psycopg

    name = f"tabula_profile_{os.getpid()}"
    base, _, _ = url.rpartition("/")
    with psycopg.connect(f"{base}/postgres", autocommit=True) as connection:
        connection.execute(f'DROP DATABASE IF EXISTS "{name}"')
        connection.execute(f'CREATE DATABASE "{name}"')

    def drop() -> None:
        from django.db import connections

        connections.close_all()
        with psycopg.connect(f"{base}/postgres", autocommit=True) as connection:
            connection.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')

    atexit.register(drop)
    return f"{base}/{name}"


def time_steps() -> dict[str, float]:
    """Step -> CPU seconds spent in it (inclusive): the action, its broadcast and their parts."""
    from vtt.encounters import delta, fragments, services
    from vtt.tables import delta_green, mech, scs

    spent: dict[str, float] = {}

    def timed(owner: object, name: str, label: str) -> None:
        plain = getattr(owner, name)

        def run(*args: object, **kwargs: object) -> object:
            start = time.process_time()
            try:
                return plain(*args, **kwargs)
            finally:
                spent[label] = spent.get(label, 0.0) + time.process_time() - start

        setattr(owner, name, run)

    timed(services, "broadcast", "broadcast (services)")
    timed(fragments, "broadcast", "broadcast")
    timed(fragments, "table_context", "  table_context")
    timed(fragments, "loaded_state", "    loaded_state")
    timed(fragments, "seat_rows", "  seat_rows")
    timed(fragments, "render_to_string", "  render_to_string (table, frame)")
    timed(fragments, "visible_rows", "  visible_rows")
    timed(fragments.presence, "watching", "  presence")
    timed(fragments, "publish_from_sync", "  publish")
    timed(delta, "delta", "  delta")
    timed(fragments, "table_source", "  table_source")
    timed(fragments, "unsealed_table", "  unsealed_table")
    timed(fragments, "event_rows_html", "  event_rows_html")
    timed(fragments, "scene_context", "    scene_context")
    timed(fragments, "action_forms", "    action_forms")
    timed(fragments, "shown_all", "    shown_all")
    timed(fragments, "_take_back_name", "    take_back_name")
    timed(fragments, "table_audiences", "  table_audiences")
    timed(fragments, "events_between", "  events_between")
    timed(delta.Rendering, "index", "    delta index")
    timed(delta, "tree", "    delta tree")
    timed(delta.Delta, "as_json", "    delta as_json")
    timed(fragments, "get_system", "    get_system")
    plain_events = fragments.render_events

    def render_events(encounter: object, audience: object, *args: object, **kwargs: object) -> str:
        start = time.process_time()
        try:
            return plain_events(encounter, audience, *args, **kwargs)  # type: ignore[arg-type]
        finally:
            label = f"  render_events for {audience.key}"  # type: ignore[attr-defined]
            spent[label] = spent.get(label, 0.0) + time.process_time() - start

    fragments.render_events = render_events  # type: ignore[assignment]
    for module in (delta_green, mech, scs):
        timed(module, "board_context", "    board_context")
    from rules.core.registry import get_system

    for key in ("delta_green", "mech", "scs"):  # frozen dataclasses: set past the freeze
        system = get_system(key)
        for name, label in (("view", "    view"), ("legal_actions", "    legal_actions")):
            plain_call = getattr(system, name)
            object.__setattr__(system, name, _timed_call(plain_call, label, spent))
    return spent


def _timed_call(call: Any, label: str, spent: dict[str, float]) -> Any:
    def run(*args: object, **kwargs: object) -> object:
        start = time.process_time()
        try:
            return call(*args, **kwargs)
        finally:
            spent[label] = spent.get(label, 0.0) + time.process_time() - start

    return run


def time_includes() -> dict[str, float]:
    """Template name -> seconds spent rendering it (inclusive), from every {% include %} and
    render_to_string from now on."""
    from django.template import base, loader_tags

    spent: dict[str, float] = {}
    plain_render = base.Template.render

    def render(self: base.Template, context: base.Context) -> str:
        start = time.process_time()
        try:
            return plain_render(self, context)
        finally:
            name = str(self.origin.template_name if self.origin else self.name)
            spent[name] = spent.get(name, 0.0) + time.process_time() - start

    base.Template.render = render  # type: ignore[method-assign]
    assert loader_tags  # includes render through Template.render too
    return spent


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
