"""Issue 38: at a Call of Cthulhu table a player types `.ra 侦察` and a full-width
`．ｓｃ１／１ｄ６` (the loss taken from the investigator's SAN), and the Keeper asks a
group Luck check that each asked player answers on their own page."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from bench.livestack import LiveStack
from tests.browser.test_chat_whispers import chat
from tests.browser.test_live_equals_reload import fresh_encounter, opened

LINE = "#event-log > li.event"


def _state(server: LiveStack, pk: int) -> dict[str, Any]:
    out = server.shell(
        "import json\n"
        "from vtt.encounters.models import Encounter\n"
        f"e = Encounter.objects.get(pk={pk})\n"
        "print('STATE ' + json.dumps({'san': e.state['combatants']['mara']['san'],"
        " 'asked': e.state.get('asked') or {}}))"
    )
    line = next(ln for ln in out.splitlines() if ln.startswith("STATE "))
    found: dict[str, Any] = json.loads(line.removeprefix("STATE "))
    return found


def _form(page: Any, actor: str, kind: str) -> Any:
    form = page.locator(
        f"form:has(input[name=actor][value={actor}]):has(input[name=kind][value={kind}])"
    ).first
    folded = form.locator("xpath=ancestor::details[not(@open)]")
    if folded.count():  # a rarely used action, under "More actions"
        folded.first.locator(":scope > summary").click()
    return form


def test_typed_checks_sanity_and_a_group_luck_check(
    tabula_server: LiveStack,
    login: Callable[..., Any],
    wait_caught_up: Callable[[Any], None],
) -> None:
    pk = fresh_encounter(tabula_server, "coc")
    keeper = opened(login("gm"), pk, wait_caught_up)
    walsh = opened(login("player1"), pk, wait_caught_up)
    mara = opened(login("player2"), pk, wait_caught_up)
    san = _state(tabula_server, pk)["san"]

    chat(mara, ".ra 侦察")
    for page in (keeper, walsh, mara):  # typed 侦察, read as its name, on every page
        page.locator(LINE, has_text="Mara Ostrow checks Spot Hidden:").wait_for()
    chat(mara, "．ｓｃ１／１ｄ６")
    keeper.locator(LINE, has_text="Mara Ostrow checks Sanity:").wait_for()
    assert _state(tabula_server, pk)["san"] < san

    ask = _form(keeper, "gm", "ask_check")
    ask.locator("[name=t_mara]").check()
    ask.locator("[name=t_walsh]").check()
    ask.locator("[name=skill]").fill("幸运")
    ask.locator("button[type=submit]").click()
    keeper.locator(LINE, has_text="The Keeper asks").wait_for()
    assert set(_state(tabula_server, pk)["asked"]) == {"mara", "walsh"}

    for page, actor, name in ((mara, "mara", "Mara Ostrow"), (walsh, "walsh", "Agnes Walsh")):
        page.locator(LINE, has_text="The Keeper asks").wait_for()
        answer = _form(page, actor, "check")
        answer.wait_for()
        answer.locator("button[type=submit]").click()
        keeper.locator(LINE, has_text=f"{name} checks Luck:").wait_for()
    assert _state(tabula_server, pk)["asked"] == {}
