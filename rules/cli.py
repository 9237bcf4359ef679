"""`python -m rules`: roll, list systems, resolve, preview, view, replay and verify, in JSON."""

from __future__ import annotations

import argparse
import json
import secrets
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, NoReturn

from rules.core.dice import Dice, LoadedDice, SeededDice
from rules.core.errors import RulesError, UnknownSystem
from rules.core.fairness import verify_log
from rules.core.log import fold, load_log, replay_matches
from rules.core.notation import DiceExpr
from rules.core.registry import get_system, system_keys
from rules.core.session import play
from rules.core.system import GM, OBSERVER, Action, Audience, GameSystem, Json
from rules.core.table import is_table_action, preview_table_action, resolve_table_action

BAD_INPUT = 2
CHECK_FAILED = 1


class BadInput(Exception):
    """Input the CLI cannot use; reported as one line on stderr with exit status 2."""


class _Parser(argparse.ArgumentParser):
    """argparse, but a usage error is one line on stderr and exit status 2."""

    def error(self, message: str) -> NoReturn:
        sys.stderr.write(f"{self.prog}: error: {message}\n")
        raise SystemExit(BAD_INPUT)


def _read_json(source: str, what: str) -> Any:
    """JSON from a file path, from stdin (`-`) or inline (text starting with `{` or `[`)."""
    text: str
    if source.lstrip().startswith(("{", "[")):
        text = source
    elif source == "-":
        text = sys.stdin.read()
    else:
        try:
            text = Path(source).read_text(encoding="utf-8")
        except OSError as error:
            raise BadInput(f"cannot read the {what} file {source}: {error.strerror}") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise BadInput(f"the {what} is not valid JSON: {error}") from None


def _object(data: Any, what: str) -> Mapping[str, Any]:
    if not isinstance(data, Mapping):
        raise BadInput(f"the {what} must be a JSON object")
    return data


def _action(source: str) -> Action:
    data = _object(_read_json(source, "action"), "action")
    if not isinstance(data.get("kind"), str) or "actor" not in data:
        raise BadInput('the action needs "kind" and "actor" (and optionally "params")')
    if not isinstance(data.get("params", {}), Mapping):
        raise BadInput('the action\'s "params" must be a JSON object')
    return Action.from_json(data)


def _state(system: GameSystem, source: str, is_setup: bool) -> Any:
    data = _object(_read_json(source, "setup" if is_setup else "state"), "state")
    return system.start(data) if is_setup else system.load(data)


def _dice(faces: str | None, seed: int | None) -> tuple[Dice, Json]:
    if faces is not None:
        try:
            values = [int(part) for part in faces.replace(" ", "").split(",") if part]
        except ValueError:
            raise BadInput(
                f"--dice must be whole numbers separated by commas, not {faces!r}"
            ) from None
        return LoadedDice(values), {"dice": values}
    used = seed if seed is not None else secrets.randbits(63)
    return SeededDice(used), {"seed": used}


def _print(data: Any) -> None:
    sys.stdout.write(json.dumps(data, indent=2, ensure_ascii=False) + "\n")


def cmd_roll(args: argparse.Namespace) -> int:
    expr = DiceExpr.parse(args.expr)
    seed = args.seed if args.seed is not None else secrets.randbits(63)
    result = expr.roll(SeededDice(seed), floor=args.floor)
    _print({"seed": seed, **result.to_json()})
    return 0


def cmd_systems(args: argparse.Namespace) -> int:
    rows = []
    for key in system_keys():
        system = get_system(key)
        rows.append(
            {
                "key": system.key,
                "title": system.title,
                "version": system.version,
                "preview": system.preview is not None,
                "settings": [entry.key for entry in getattr(system.settings_schema, "entries", ())],
            }
        )
    _print(rows)
    return 0


def cmd_resolve(args: argparse.Namespace) -> int:
    system = get_system(args.system)
    state = _state(system, args.state, args.setup)
    action = _action(args.action)
    dice, source = _dice(args.dice, args.seed)
    if is_table_action(action):
        events = resolve_table_action(action, dice)
    else:
        events = system.resolve(state, action, dice)
    for event in events:
        if not event.kind.startswith("table."):
            state = system.apply(state, event)
    out: Json = {"events": [event.to_json() for event in events], "state": system.dump(state)}
    if isinstance(dice, LoadedDice):
        out["unused_dice"] = dice.faces[len(dice.faces) - dice.remaining :]
    _print({**source, **out})
    return 0


def cmd_preview(args: argparse.Namespace) -> int:
    system = get_system(args.system)
    state = _state(system, args.state, args.setup)
    action = _action(args.action)
    if is_table_action(action):
        _print(preview_table_action(action))
        return 0
    if system.preview is None:
        raise BadInput(f"the {system.key} system has no previews")
    _print(system.preview(state, action))
    return 0


VIEWER_FORM = "gm, observer or player[:side][:actor,...]"


def audience_of(text: str, actors: Sequence[str] | None) -> Audience:
    """The viewer `--as` names: `gm`, `observer`, or `player[:side][:actor,...]`."""
    role, _, rest = text.strip().partition(":")
    if role in ("gm", "observer") and not rest:
        return GM if role == "gm" else OBSERVER
    if role != "player":
        raise BadInput(f"--as: must be {VIEWER_FORM}, not {text!r}")
    side, _, named = rest.partition(":")
    if ":" in named:
        raise BadInput(f"--as: must be {VIEWER_FORM}, not {text!r}")
    chosen = [part.strip() for part in named.split(",") if part.strip()]
    for actor in chosen:
        if actors is not None and actor not in actors:
            known = ", ".join(actors) or "none"
            raise BadInput(f"--as: {actor!r} is not an actor of this state (actors: {known})")
    return Audience("player", side.strip() or None, frozenset(chosen))


def cmd_view(args: argparse.Namespace) -> int:
    system = get_system(args.system)
    state = _state(system, args.state, args.setup)
    actors = list(system.actors(state)) if system.actors is not None else None
    audience = audience_of(args.viewer, actors)
    _print({"audience": audience.key, "view": system.view(state, audience)})
    return 0


def cmd_play(args: argparse.Namespace) -> int:
    system = get_system(args.system)
    setup = _object(_read_json(args.setup, "setup"), "setup")
    raw = _read_json(args.actions, "actions")
    if not isinstance(raw, list):
        raise BadInput("the actions must be a JSON list of action objects")
    for n, item in enumerate(raw, start=1):
        if not isinstance(item, Mapping):
            raise BadInput(f"action {n} must be a JSON object")
    actions = [_action(json.dumps(item)) for item in raw]
    seed = args.seed if args.seed is not None else secrets.token_hex(16)
    _print(play(system, setup, actions, seed).to_json())
    return 0


def cmd_replay(args: argparse.Namespace) -> int:
    log = load_log(_read_json(args.log, "log"))
    system = get_system(log.system)
    state = fold(system, log.setup, log.entries)
    matches = None
    if log.snapshot is not None:
        matches = replay_matches(system, log.setup, log.entries, log.snapshot)
    _print(
        {
            "system": log.system,
            "entries": len(log.entries),
            "snapshot_matches": matches,
            "state": system.dump(state),
        }
    )
    return CHECK_FAILED if matches is False else 0


def cmd_verify(args: argparse.Namespace) -> int:
    log = load_log(_read_json(args.log, "log"))
    seed = args.seed if args.seed is not None else log.seed
    if seed is None:
        raise BadInput("the log has no revealed seed: pass --seed")
    report = verify_log(log, seed)
    _print(report.to_json())
    return 0 if report.ok else CHECK_FAILED


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of `python -m rules` and its commands."""
    parser = _Parser(prog="python -m rules", description="Tabula's rules engine from the shell.")
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    roll = commands.add_parser("roll", help="roll a dice expression such as 2d6+3 or 6d10>=8")
    roll.add_argument("expr")
    roll.add_argument("--seed", type=int, help="the same seed gives the same JSON everywhere")
    roll.add_argument("--floor", type=int, help="the total is at least this (e.g. 0 for 1d3-1)")
    roll.set_defaults(run=cmd_roll)

    systems = commands.add_parser("systems", help="list the registered rule systems")
    systems.set_defaults(run=cmd_systems)

    for name, run, text in (
        ("resolve", cmd_resolve, "resolve one action: prints its events and the new state"),
        ("preview", cmd_preview, "the exact chances of an action's outcomes, before rolling"),
    ):
        sub = commands.add_parser(name, help=text)
        sub.add_argument("--system", required=True, help="a key from `python -m rules systems`")
        sub.add_argument("--state", required=True, help="state JSON (system dump): file, - or {…}")
        sub.add_argument("--setup", action="store_true", help="--state is a setup: start it first")
        sub.add_argument("--action", required=True, help="action JSON: file, - or {…}")
        if name == "resolve":
            how = sub.add_mutually_exclusive_group()
            how.add_argument("--dice", help="scripted faces in order, e.g. 3,17,5")
            how.add_argument("--seed", type=int, help="seeded dice")
        sub.set_defaults(run=run)

    view = commands.add_parser("view", help="what one viewer may see of a state (fog of war)")
    view.add_argument("--system", required=True, help="a key from `python -m rules systems`")
    view.add_argument("--state", required=True, help="state JSON (system dump): file, - or {…}")
    view.add_argument("--setup", action="store_true", help="--state is a setup: start it first")
    view.add_argument("--as", dest="viewer", required=True, help=f"the viewer: {VIEWER_FORM}")
    view.set_defaults(run=cmd_view)

    session = commands.add_parser("play", help="play a list of actions into a log file")
    session.add_argument("--system", required=True, help="a key from `python -m rules systems`")
    session.add_argument("--setup", required=True, help="setup JSON: file, - or {…}")
    session.add_argument("--actions", required=True, help="a JSON list of actions: file, - or […]")
    session.add_argument("--seed", help="the encounter seed (default: a new random one)")
    session.set_defaults(run=cmd_play)

    replay = commands.add_parser("replay", help="fold a log file; compare with its snapshot")
    replay.add_argument("log")
    replay.set_defaults(run=cmd_replay)

    check = commands.add_parser("verify", help="re-run every entry of a log with the revealed seed")
    check.add_argument("log")
    check.add_argument("--seed", help="the revealed seed (default: the log's own `seed`)")
    check.set_defaults(run=cmd_verify)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command; bad input is one line on stderr and exit status 2."""
    args = build_parser().parse_args(argv)
    try:
        status: int = args.run(args)
    except (BadInput, RulesError, UnknownSystem) as error:
        sys.stderr.write(f"python -m rules {args.command}: {error}\n")
        return BAD_INPUT
    except (AttributeError, IndexError, KeyError, TypeError, ValueError) as error:
        sys.stderr.write(f"python -m rules {args.command}: the input does not fit: {error!r}\n")
        return BAD_INPUT
    return status
