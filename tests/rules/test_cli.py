"""`python -m rules` run as a subprocess, the way a person uses it from a fresh clone."""

from __future__ import annotations

import json
import shlex
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from rules.core.dice import SeededDice, commitment, derive_seed
from rules.core.log import Entry, Log
from rules.core.registry import bench_cases, system_keys
from rules.core.table import chat_action, resolve_table_action

ROOT = Path(__file__).resolve().parents[2]
SEED = "revealed-seed"


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "rules", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        input=stdin,
        timeout=60,
        check=False,
    )


def ok_json(*args: str, stdin: str | None = None) -> Any:
    done = run(*args, stdin=stdin)
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    return json.loads(done.stdout)


def bad(*args: str) -> str:
    """The single stderr line of a refused command (exit status 2)."""
    done = run(*args)
    assert done.returncode == 2
    assert done.stdout == ""
    lines = done.stderr.splitlines()
    assert len(lines) == 1, done.stderr
    return lines[0]


def test_roll_with_a_seed_gives_the_same_json_every_time() -> None:
    first = run("roll", "6d10>=8", "--seed", "7")
    second = run("roll", "6d10>=8", "--seed", "7")

    assert first.returncode == 0
    assert first.stdout == second.stdout
    data = json.loads(first.stdout)
    # Pinned: random.Random(7) gives the same faces on every machine (ACE-DICE-2 counts 8+).
    assert [d["value"] for d in data["dice"]] == [6, 3, 7, 1, 2, 9]
    assert data["total"] == 1
    assert data["breakdown"] == "6d10>=8 [6, 3, 7, 1, 2, 9] (1 success) = 1"
    assert data["seed"] == 7


def test_roll_without_a_seed_reports_the_seed_it_used() -> None:
    data = ok_json("roll", "2d6+3")
    again = ok_json("roll", "2d6+3", "--seed", str(data["seed"]))
    assert again == data


def test_roll_with_a_floor() -> None:
    data = ok_json("roll", "1d3-3", "--seed", "1", "--floor", "0")
    assert data["total"] == 0
    assert data["raw_total"] < 0


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("roll", "10000d6"), "10000 dice is too many: at most 100 in one roll"),
        (("roll", "2d6++3"), "unexpected '+' at position 5"),
        (("roll",), "the following arguments are required: expr"),
        (("roll", "1d6", "--seed", "x"), "invalid int value: 'x'"),
        (("dance",), "invalid choice: 'dance'"),
        ((), "the following arguments are required: command"),
    ],
)
def test_bad_input_is_one_line_and_exit_status_2(args: tuple[str, ...], message: str) -> None:
    assert message in bad(*args)


def test_systems_lists_every_registered_system() -> None:
    rows = ok_json("systems")
    chat = next(row for row in rows if row["key"] == "chat")
    assert chat == {
        "key": "chat",
        "title": "Table chat",
        "version": 1,
        "preview": True,
        "settings": [],
    }
    assert [row["key"] for row in rows] == sorted(row["key"] for row in rows)


ROLL = '{"kind": "table.roll", "actor": "pip", "params": {"expr": "2d6+3"}}'


def test_resolve_with_scripted_dice_prints_events_and_state(tmp_path: Path) -> None:
    state = tmp_path / "state.json"
    state.write_text(json.dumps({"version": 1, "title": "T", "settings": {}, "combatants": []}))
    action = tmp_path / "action.json"
    action.write_text(ROLL)

    data = ok_json(
        "resolve",
        "--system",
        "chat",
        "--state",
        str(state),
        "--action",
        str(action),
        "--dice",
        "3,5,6",
    )

    assert data["dice"] == [3, 5, 6]
    assert data["unused_dice"] == [6]
    (event,) = data["events"]
    assert event["text"] == "pip rolled 2d6+3: 2d6 [3, 5] + 3 = 11"
    assert data["state"]["title"] == "T"


def test_resolve_from_a_setup_with_a_seed_is_repeatable() -> None:
    args = ("resolve", "--system", "chat", "--setup", "--state", "{}", "--action", ROLL)
    first = ok_json(*args, "--seed", "11")
    assert first == ok_json(*args, "--seed", "11")
    assert first["seed"] == 11
    assert first["state"] == {"version": 1, "title": "", "settings": {}, "combatants": []}


def test_resolve_reads_the_action_from_stdin() -> None:
    data = ok_json(
        "resolve",
        "--system",
        "chat",
        "--setup",
        "--state",
        "{}",
        "--action",
        "-",
        "--dice",
        "1,1",
        stdin=ROLL,
    )
    assert data["events"][0]["payload"]["total"] == 5


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--system", "nope", "--state", "{}", "--action", ROLL), "unknown rule system 'nope'"),
        (
            ("--system", "chat", "--state", "missing.json", "--action", ROLL),
            "cannot read the state file",
        ),
        (("--system", "chat", "--state", "{oops", "--action", ROLL), "the state is not valid JSON"),
        (("--system", "chat", "--state", "[1]", "--action", ROLL), "must be a JSON object"),
        (
            ("--system", "chat", "--setup", "--state", "{}", "--action", '{"kind": 1}'),
            '"kind" and "actor"',
        ),
        (
            (
                "--system",
                "chat",
                "--setup",
                "--state",
                "{}",
                "--action",
                '{"kind": "a", "actor": "b", "params": 3}',
            ),
            '"params" must be a JSON object',
        ),
        (
            ("--system", "chat", "--setup", "--state", "{}", "--action", ROLL, "--dice", "3,x"),
            "--dice must be",
        ),
        (
            ("--system", "chat", "--setup", "--state", "{}", "--action", ROLL, "--dice", "3"),
            "no scripted face left",
        ),
        (
            (
                "--system",
                "chat",
                "--setup",
                "--state",
                "{}",
                "--action",
                '{"kind": "attack.make", "actor": "p"}',
            ),
            "no action 'attack.make'",
        ),
        (("--system", "chat", "--state", '{"version": 9}', "--action", ROLL), "version 9"),
        (("--system", "chat", "--state", '{"version": 1}', "--action", ROLL), "does not fit"),
        (
            (
                "--system",
                "chat",
                "--setup",
                "--state",
                "{}",
                "--action",
                ROLL,
                "--dice",
                "1",
                "--seed",
                "2",
            ),
            "not allowed with",
        ),
    ],
)
def test_resolve_refuses_bad_input_in_one_line(args: tuple[str, ...], message: str) -> None:
    assert message in bad("resolve", *args)


@pytest.mark.parametrize(
    ("system", "setup", "message"),
    [
        ("scs", '{"scenario": 5}', "scenario: must be a scenario name or object, not 5"),
        ("scs", '{"settings": 5}', "settings: must be an object"),
        ("delta_green", '{"combatants": [5]}', "combatants[0]: must be an object"),
        ("delta_green", '{"combatants": 5}', "combatants: must be a list"),
        ("mech", '{"combatants": [5]}', "combatants[0]: must be an object"),
        ("mech", '{"map": 5}', "map: must be an object"),
        ("mech", '{"map": {"width": "x"}}', "map.width: must be a whole number"),
        # A negative cost used to hang the path search: `run` times out after 60 s.
        (
            "scs",
            '{"skip_setup": true, "settings": {"tec.ezoc_entry_cost": -2}}',
            "tec.ezoc_entry_cost: must be at least 0",
        ),
        (
            "scs",
            '{"skip_setup": true, "settings": {"tec.road.mp": "-1/2"}}',
            "tec.road.mp: must be at least 0",
        ),
    ],
)
def test_a_bad_setup_is_one_line_naming_the_field(system: str, setup: str, message: str) -> None:
    action = '{"kind": "unit.move", "actor": "blue", "params": {"units": "B1", "to": "05.05"}}'
    line = bad("resolve", "--system", system, "--setup", "--state", setup, "--action", action)
    assert message in line
    assert "Traceback" not in line


def test_preview_of_a_table_roll() -> None:
    data = ok_json(
        "preview",
        "--system",
        "chat",
        "--setup",
        "--state",
        "{}",
        "--action",
        '{"kind": "table.roll", "actor": "p", "params": {"expr": "2d20kl1"}}',
    )
    assert data["outcomes"][0] == {"label": "1", "probability": 39 / 400, "exact": "39/400"}


def test_preview_of_an_action_without_one_is_refused() -> None:
    message = bad(
        "preview",
        "--system",
        "chat",
        "--setup",
        "--state",
        "{}",
        "--action",
        '{"kind": "attack.make", "actor": "p"}',
    )
    assert "'attack.make' has no preview" in message


def _chat_log(snapshot: dict[str, Any] | None = None) -> dict[str, Any]:
    entries = []
    for index, line in enumerate(["/roll 6d10>=8", "hello", "/gmroll d%"], start=1):
        action = chat_action("pip", line)
        events = resolve_table_action(action, SeededDice(derive_seed(SEED, index)))
        entries.append(Entry(index, action, tuple(events)))
    log = Log("chat", {"title": "T"}, tuple(entries), snapshot, commitment(SEED))
    return log.to_json()


def test_replay_folds_the_log_and_checks_the_snapshot(tmp_path: Path) -> None:
    good = tmp_path / "good.json"
    snapshot = {"version": 1, "title": "T", "settings": {}, "combatants": []}
    good.write_text(json.dumps(_chat_log(snapshot)))
    data = ok_json("replay", str(good))
    assert data == {"system": "chat", "entries": 3, "snapshot_matches": True, "state": snapshot}

    stale = tmp_path / "stale.json"
    stale.write_text(json.dumps(_chat_log({**snapshot, "title": "Other"})))
    done = run("replay", str(stale))
    assert done.returncode == 1
    assert json.loads(done.stdout)["snapshot_matches"] is False


def test_replay_loads_an_old_version_0_log(tmp_path: Path) -> None:
    old = {
        "system": "chat",
        "setup": {"title": "Old"},
        "events": [{"entry": 1, "kind": "table.said", "payload": {"text": "hi"}, "text": "p: hi"}],
    }
    path = tmp_path / "old.json"
    path.write_text(json.dumps(old))
    data = ok_json("replay", str(path))
    assert (data["entries"], data["snapshot_matches"], data["state"]["title"]) == (1, None, "Old")


def test_verify_confirms_an_honest_log_and_names_a_tampered_entry(tmp_path: Path) -> None:
    path = tmp_path / "log.json"
    log = _chat_log()
    path.write_text(json.dumps(log))
    assert ok_json("verify", str(path), "--seed", SEED) == {
        "ok": True,
        "checked": 3,
        "skipped": 0,
        "entry": None,
        "detail": "",
    }

    die = log["entries"][2]["events"][0]["dice"][0]
    die["value"] = 101 - die["value"]
    path.write_text(json.dumps(log))
    done = run("verify", str(path), "--seed", SEED)
    assert done.returncode == 1
    report = json.loads(done.stdout)
    assert (report["ok"], report["entry"]) == (False, 3)
    assert report["detail"].startswith("events[0].dice[0].value: recorded ")

    wrong = run("verify", str(path), "--seed", "guess")
    assert json.loads(wrong.stdout)["detail"] == "the seed does not match the published commitment"


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ('{"log_version": 5, "system": "chat", "entries": []}', "newer than this engine reads"),
        ('{"log_version": 1, "system": "nope", "entries": []}', "unknown rule system 'nope'"),
        ("not json", "the log is not valid JSON"),
    ],
)
def test_verify_and_replay_refuse_bad_logs_in_one_line(
    tmp_path: Path, content: str, message: str
) -> None:
    path = tmp_path / "log.json"
    path.write_text(content)
    assert message in bad("verify", str(path), "--seed", "1")
    assert message in bad("replay", str(path))


def test_verify_takes_the_revealed_seed_from_the_log_or_needs_one(tmp_path: Path) -> None:
    path = tmp_path / "log.json"
    path.write_text(json.dumps({**_chat_log(), "seed": SEED}))
    assert ok_json("verify", str(path))["ok"] is True
    path.write_text(json.dumps(_chat_log()))
    assert "the log has no revealed seed: pass --seed" in bad("verify", str(path))


def test_a_system_encounter_step_by_step_resolve_then_preview(tmp_path: Path) -> None:
    """The documented workflow: start from a setup, resolve actions one by one, preview the next."""
    key = next(k for k in system_keys() if k != "chat" and bench_cases(k))
    case = bench_cases(key)[0]
    setup = tmp_path / "setup.json"
    setup.write_text(json.dumps(case["setup"]))
    state = tmp_path / "state.json"
    where = ["--setup", "--state", str(setup)]  # the first step starts the encounter
    for action in case.get("prelude", ()):
        as_json = json.dumps(action.to_json())
        out = ok_json("resolve", "--system", key, *where, "--action", as_json, "--seed", "0")
        state.write_text(json.dumps(out["state"]))
        where = ["--state", str(state)]

    action = json.dumps(case["action"].to_json())
    preview = ok_json("preview", "--system", key, *where, "--action", action)
    assert preview["outcomes"]
    assert all("/" in outcome["exact"] for outcome in preview["outcomes"])
    out = ok_json("resolve", "--system", key, *where, "--action", action, "--seed", "3")
    assert any(event["dice"] for event in out["events"])
    assert out == ok_json("resolve", "--system", key, *where, "--action", action, "--seed", "3")


def documented_commands() -> list[tuple[list[str], int]]:
    """Each command of the first sh block of docs/rules/README.md, with its expected exit status."""
    text = (ROOT / "docs" / "rules" / "README.md").read_text(encoding="utf-8")
    block = text.split("```sh\n", 1)[1].split("```", 1)[0]
    commands = []
    for line in block.splitlines():
        words = shlex.split(line, comments=True)
        assert words[:3] == ["python", "-m", "rules"], line
        commands.append((words[3:], 1 if "# exit 1" in line else 0))
    return commands


@pytest.mark.parametrize(("args", "status"), documented_commands())
def test_the_documented_commands_work_from_the_repository_root(
    args: list[str], status: int
) -> None:
    done = run(*args)
    assert done.returncode == status, done.stderr
    assert isinstance(json.loads(done.stdout), dict | list)


ACTIONS = json.dumps(
    [
        {"kind": "table.roll", "actor": "ada", "params": {"expr": "2d6+3"}},
        {"kind": "table.say", "actor": "bo", "params": {"text": "nice"}},
    ]
)


def test_play_writes_a_log_that_replays_and_verifies(tmp_path: Path) -> None:
    log = ok_json("play", "--system", "chat", "--setup", "{}", "--actions", ACTIONS, "--seed", "s")
    assert (log["log_version"], log["seed"], len(log["entries"])) == (2, "s", 2)
    assert log == ok_json(
        "play", "--system", "chat", "--setup", "{}", "--actions", ACTIONS, "--seed", "s"
    )
    path = tmp_path / "log.json"
    path.write_text(json.dumps(log))
    assert ok_json("verify", str(path))["ok"] is True
    assert ok_json("replay", str(path))["snapshot_matches"] is True
    fresh = ok_json("play", "--system", "chat", "--setup", "{}", "--actions", ACTIONS)
    assert len(fresh["seed"]) == 32


@pytest.mark.parametrize(
    ("actions", "message"),
    [
        ('{"kind": "table.say"}', "must be a JSON list"),
        ("[3]", "action 1 must be a JSON object"),
        (
            '[{"kind": "table.roll", "actor": "a", "params": {"expr": "1d"}}]',
            "action 1 (table.roll)",
        ),
    ],
)
def test_play_refuses_bad_actions_in_one_line(actions: str, message: str) -> None:
    assert message in bad("play", "--system", "chat", "--setup", "{}", "--actions", actions)


SCS_SETUP = json.dumps({"scenario": "halden_crossing", "skip_setup": True})


def _scs_stacks(view: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {stack["hex"]: stack for stack in view["stacks"]}


def _scs_state_with_a_red_stack(tmp_path: Path) -> str:
    """Halden Crossing with two Red units piled in one hex, as a state file."""
    from rules.core.registry import get_system

    system = get_system("scs")
    state = system.dump(system.start(json.loads(SCS_SETUP)))
    red = sorted(uid for uid, unit in state["units"].items() if unit["hex"] and uid.startswith("R"))
    top, below = red[0], red[1]
    label = state["units"][top]["hex"]
    old = state["units"][below]["hex"]
    state["stacks"][old] = [u for u in state["stacks"][old] if u != below]
    if not state["stacks"][old]:
        del state["stacks"][old]
    state["stacks"][label] = [*state["stacks"][label], below]
    state["units"][below]["hex"] = label
    path = tmp_path / "state.json"
    path.write_text(json.dumps(state), encoding="utf-8")
    return str(path)


def test_view_of_an_scs_state_hides_the_enemy_stack_below_its_top_unit(tmp_path: Path) -> None:
    # SCS-FOW-1: Blue sees the top Red unit of each stack and how many there are, no more.
    state = _scs_state_with_a_red_stack(tmp_path)
    blue = ok_json("view", "--system", "scs", "--state", state, "--as", "player:blue")
    gm = ok_json("view", "--system", "scs", "--state", state, "--as", "gm")

    assert blue["audience"] == "player|side:blue"
    red_stacks = [s for s in _scs_stacks(blue["view"]).values() if s["side"] == "red"]
    piled = [s for s in red_stacks if s["count"] > 1]
    assert len(piled) == 1
    stack = piled[0]
    assert len(stack["units"]) == 1
    assert stack["hidden"] == 1
    assert stack["points"] is None
    assert len(_scs_stacks(gm["view"])[stack["hex"]]["units"]) == 2
    assert set(blue["view"]["own"]) == {"blue"}
    assert set(gm["view"]["own"]) == {"blue", "red"}


def test_view_of_a_delta_green_state_shows_a_hidden_vest_to_its_wearer_only() -> None:
    # DG-ARM-8: Walsh's vest is worn hidden; the GM and Walsh's player see it, Serge's does not.
    setup = json.dumps(demo_setup("delta_green"))

    def vest(viewer: str) -> Any:
        out = ok_json(
            "view", "--system", "delta_green", "--setup", "--state", setup, "--as", viewer
        )
        return out["view"]["combatants"]["walsh"]["sheet"]["vest"]

    assert vest("gm") == {"level": 2, "worn_hidden": True}
    assert vest("player::walsh") == {"level": 2, "worn_hidden": True}
    assert vest("player::serge") is None
    assert vest("observer") is None


def demo_setup(key: str) -> Any:
    from rules.core.registry import get_system

    demo = get_system(key).demo
    assert demo is not None
    return demo()


@pytest.mark.parametrize(
    ("viewer", "message"),
    [
        ("referee", "--as: must be gm, observer or player"),
        ("gm:blue", "--as: must be gm, observer or player"),
        ("player:blue:red:x", "--as: must be gm, observer or player"),
        ("player:blue:green", "--as: 'green' is not an actor of this state"),
    ],
)
def test_view_refuses_a_bad_viewer_in_one_line_naming_the_field(viewer: str, message: str) -> None:
    line = bad("view", "--system", "scs", "--setup", "--state", SCS_SETUP, "--as", viewer)
    assert message in line
