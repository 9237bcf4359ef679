"""A card's pick lists read their names whole at laptop (1366x900) and phone (390x844) size, in
English and in Chinese: a player's targets and weapons ("Cultist with a revolver" was cut to
"Cultist with" beside "Target" on a Delta Green laptop card, "12-gauge double-barrelled shotgun" to
"12-gau" on a Call of Cthulhu one), the choices told in words (a Delta Green burst's "3-round burst:
1 action, 3 rounds", cut to "3-round burst: 1 action," on a laptop, and its spray's "100-round
sustained spray: all actions, 100 rounds" on a phone, now said without the rounds its name says, and
from a belt of fewer rounds with them in its name, "30-round sustained spray: all actions", not
after it, "…: all actions, 30 rounds", cut on an English phone); an Ace command's "full attack (+2
attack, -2 defence)" and a check's "1d20 + strength, / 10 (with GM approval)"), and the Keeper's
explosion card leaves its Charge list the room for "as it is" (squeezed to 74 px, "as", where the
card lies two by two). A list whose longest choice is wider than the list shows it cut once picked;
the screenshots go to artifacts/browser/ (look at them)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.browser.test_layout_budgets import (
    LAPTOP,
    LOCALES,
    PHONE,
    TO_PLAYERS_TURN,
    TURN_SYSTEMS,
    at,
    primary_cards,
    turn_of,
)

pytestmark = pytest.mark.browser

# the selects of `cards` (a locator) whose longest choice is wider than the words' room (less
# the padding and the arrow), each as "name: choice width>room"
CUT = """(cards, names) => {
  const ctx = document.createElement('canvas').getContext('2d');
  const out = [];
  for (const card of cards) {
    for (const el of card.querySelectorAll('select')) {
      if (!el.offsetWidth || (names.length && !names.includes(el.name))) continue;
      const style = getComputedStyle(el);
      ctx.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const padding = parseFloat(style.paddingLeft) + parseFloat(style.paddingRight);
      const room = el.clientWidth - padding - 20;
      for (const option of el.options) {
        const words = option.textContent.trim(), wide = ctx.measureText(words).width;
        if (wide > room) out.push(`${el.name}: ${words} ${Math.round(wide)}>${room}`);
      }
    }
  }
  return out;
}"""
# a combatant or a weapon picked by name: whom to strike or parry, against whom, with what; and
# a choice told in words: a burst's fire mode, an Ace command, a check's skill and action spent
NAMED = [
    "target",
    "attacker",
    "against",
    "also",
    "who",
    "weapon",
    "mode",
    "command",
    "skill",
    "cost",
]
SIZES = {"laptop": LAPTOP, "phone": PHONE}
# system -> a long choice a card must offer, so the measure is taken where it hurts: Delta Green's
# M-60 spray, cut on an English phone while it said its 100 rounds twice ("100-round sustained
# spray: all actions, 100 rounds", 51 letters: 325 px in a phone list's room of 294)
LONGEST_OFFERED = {"delta_green": ("mode", "100")}
# system -> how the GM starts the round and how a turn is passed (Ace beside the BRP two)
SYSTEMS = {
    **{system: turn[:2] for system, turn in TURN_SYSTEMS.items()},
    "ace": ("begin", "end_turn"),
}
# system -> the cards, by kind, whose lists are measured with the primary cards' (under "More
# actions" on a phone): Delta Green's burst, Ace's command and check
MORE = {"delta_green": ["burst"], "coc": [], "ace": ["declare", "check"]}


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("system", list(SYSTEMS))
def test_a_players_cards_read_their_targets_and_weapons_whole(
    system: str,
    size: str,
    locale: str,
    login: Callable[..., Any],
    tabula_server: Any,
    wait_caught_up: Callable[[Any], None],
    screenshot: Callable[[Any, str], Path],
) -> None:
    start, ender = SYSTEMS[system]
    pk, actor = turn_of(tabula_server, system, start, ender)
    page = at(login("player1", viewport=SIZES[size], locale=locale), pk, wait_caught_up)
    cards = primary_cards(page, actor)
    assert cards.locator("select[name=target]").count() >= 1
    for kind in MORE[system]:
        card = page.locator(
            f"#actions form.action[data-kind={kind}]:has(input[name=actor][value='{actor}'])"
        ).first
        assert card.count(), kind
        more = card.locator("xpath=ancestor::details[not(@open)]")
        if more.count():  # a card under "More actions"
            more.first.locator(":scope > summary").click()
        cards = cards.or_(card)
    page.evaluate("window.scrollTo(0, 0)")
    shot = screenshot(page, f"{system}-{size}")
    page.screenshot(path=str(shot.with_name(f"{shot.stem}-view.png")))
    if system in LONGEST_OFFERED:
        name, value = LONGEST_OFFERED[system]
        assert cards.locator(f"select[name={name}] option[value='{value}']").count() >= 1
    assert cards.evaluate_all(CUT, NAMED) == []


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("width", [1366, 800])
def test_the_keepers_explosion_card_leaves_the_charge_list_its_room(
    width: int,
    locale: str,
    login: Callable[..., Any],
    open_encounter: Callable[[Any, str], Any],
    screenshot: Callable[[Any, str], Path],
) -> None:
    keeper = open_encounter(login("gm", viewport={**LAPTOP, "width": width}, locale=locale), "coc")
    card = keeper.locator("form.action[data-kind=explode]").first
    more = card.locator("xpath=ancestor::details[not(@open)]")
    if more.count():  # a rarely used action, under "More actions"
        more.first.locator(":scope > summary").click()
    card.scroll_into_view_if_needed()
    charge = card.locator("select[name=charge]")
    box = charge.bounding_box()
    assert box is not None
    card.screenshot(
        path=str(screenshot(keeper, "page").with_name(f"explosion-{width}-{locale}.png"))
    )
    print(f"explosion card {width} {locale}: the Charge list {box['width']:.0f} px")
    assert card.evaluate_all(CUT, []) == []


# Serge's M-60 holding fewer rounds than a spray fires: its choice names the rounds it fires once,
# in the mode's name ("30-round sustained spray: all actions"), where it said them twice ("100-round
# sustained spray: all actions, 30 rounds", 48 letters: cut on an English phone)
BELTED = """
import copy as copying
def belted(setup, rounds):
    setup = copying.deepcopy(setup)
    for entry in setup["combatants"]:
        for weapon in (entry.get("sheet") or {}).get("weapons") or []:
            if weapon["key"] == "m60":
                weapon["loaded"] = rounds
    return setup
"""


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("rounds", [30, 99])
def test_a_spray_from_a_short_belt_reads_whole_on_a_phone(
    rounds: int,
    locale: str,
    login: Callable[..., Any],
    tabula_server: Any,
    wait_caught_up: Callable[[Any], None],
    screenshot: Callable[[Any, str], Path],
) -> None:
    start, ender = SYSTEMS["delta_green"]
    script = TO_PLAYERS_TURN.format(system="delta_green", start=start, ender=ender, stop="player1")
    assert "demo.setup, seats" in script
    script = BELTED + script.replace("demo.setup, seats", f"belted(demo.setup, {rounds}), seats")
    out = tabula_server.shell(script)
    turn = next(line for line in out.splitlines() if line.startswith("TURN ")).split()
    pk, actor = int(turn[1]), turn[2]
    page = at(login("player1", viewport=PHONE, locale=locale), pk, wait_caught_up)
    card = page.locator(
        f"#actions form.action[data-kind=burst]:has(input[name=actor][value='{actor}'])"
    ).first
    more = card.locator("xpath=ancestor::details[not(@open)]")
    if more.count():  # under "More actions" on a phone
        more.first.locator(":scope > summary").click()
    card.locator("select[name=mode]").select_option("100")
    card.scroll_into_view_if_needed()
    shot = screenshot(page, f"{rounds}-{locale}")
    page.screenshot(path=str(shot.with_name(f"{shot.stem}-view.png")))
    assert card.evaluate_all(CUT, ["mode"]) == []
    # and it says how many rounds it fires, and that it takes all actions
    words = card.locator("select[name=mode] option[value='100']").inner_text().strip()
    said = {"en-US": f"{rounds}-round sustained spray: all actions", "zh-CN": f"{rounds}发扫射压制"}
    assert said[locale] in words, words
