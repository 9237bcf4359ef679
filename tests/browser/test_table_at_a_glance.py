"""Issue 34: the table at a glance. Rule IDs behind help marks, end turn last and a target that
is an enemy, the player's heat track drawn as the GM's, asks before what cannot be taken back,
forms that stay open and errors and move messages that go, the focus after a keyboard move, and
the invite link's copy button; each page shot at laptop (1366x900) and phone (390x844) size."""

from __future__ import annotations

import contextlib
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

LAPTOP = {"width": 1366, "height": 900}
PHONE = {"width": 390, "height": 844}
# a rule ID of docs/rules/reference/ (not a weapon's name such as MAC-10)
RULE_ID = re.compile(r"\b(DG|COC|MECH|SCS|ACE|BRP)-[A-Z][A-Z0-9-]*")

# A new encounter of the system's demo campaign, set up and seated as its demo table (the other
# browser tests play on the demo tables themselves), then the given actions played on it.
FRESH = """
import uuid
from django.contrib.auth import get_user_model
from rules.core.system import Action
from vtt.encounters.models import Encounter
from vtt.encounters.services import play, start_encounter
users = {{u.username: u for u in get_user_model().objects.all()}}
demo = Encounter.objects.filter(system={system!r}).order_by("pk").first()
seats = {{seat.actor_id: seat.user_id for seat in demo.seats.all()}}
gm = demo.campaign.memberships.get(role="gm").user_id
copy = start_encounter(demo.campaign_id, gm, demo.title, demo.setup, seats, demo.system)
for who, kind, actor, params in {steps!r}:
    play(copy.pk, users[who].pk, Action(kind, actor, params), uuid.uuid4().hex)
print("FRESH", copy.pk)
"""


def fresh(server: Any, system: str, steps: list[tuple[str, str, str, dict[str, Any]]]) -> int:
    out = server.shell(FRESH.format(system=system, steps=steps))
    return int(next(ln for ln in out.splitlines() if ln.startswith("FRESH ")).split()[1])


def at(page: Any, pk: int, wait: Callable[[Any], None]) -> Any:
    page.set_default_timeout(30_000)  # a shared machine can be slow to answer
    page.goto(f"/encounters/{pk}/")
    wait(page)
    return page


def both_sizes(
    page: Any, screenshot: Callable[[Any, str], Path], label: str, focus: Any = None
) -> None:
    """Screenshots at laptop and phone size (look at them), then back to the laptop; with
    `focus`, also the screen around that element as a person sees it."""
    for name, size in (("laptop", LAPTOP), ("phone", PHONE)):
        page.set_viewport_size(size)
        path = screenshot(page, f"{label}-{name}")
        if focus is not None:
            focus.scroll_into_view_if_needed()
            page.screenshot(path=str(path.with_name(f"{path.stem}-view.png")))
    page.set_viewport_size(LAPTOP)


def test_rule_ids_sit_behind_help_marks_and_end_turn_is_last_with_an_enemy_target(
    login: Callable[..., Any],
    tabula_server: Any,
    wait_caught_up: Callable[[Any], None],
    screenshot: Callable[[Any, str], Path],
) -> None:
    # Delta Green, the round dealt: the acting combatant's forms are headed by words only.
    pk = fresh(tabula_server, "delta_green", [("gm", "start_round", "gm", {})])
    gm = at(login("gm", viewport=LAPTOP), pk, wait_caught_up)
    heads = gm.locator("#table form legend, #table form summary")
    assert heads.count() > 0
    # what the heading shows, the help mark left out
    shown = heads.evaluate_all(
        """heads => heads.map(h => { const c = h.cloneNode(true);
            c.querySelectorAll('.rule-mark').forEach(m => m.remove()); return c.textContent; })"""
    )
    for text in shown:
        assert not RULE_ID.search(text), text
    mark = gm.locator("#table form legend .rule-mark").first
    assert re.fullmatch(r"Rule [A-Z]+-[A-Z0-9-]+", mark.get_attribute("title") or "")
    assert mark.locator("[aria-hidden=true]").inner_text() == "?"
    both_sizes(gm, screenshot, "delta-green-gm", mark)

    # Call of Cthulhu, the first round: End turn is the last form, plain; no target is an ally.
    pk = fresh(tabula_server, "coc", [("gm", "next_round", "gm", {})])
    page = at(gm, pk, wait_caught_up)
    ender = page.locator("#actions form.action:has(input[name=kind][value='end_turn'])")
    actor = ender.locator("input[name=actor]").get_attribute("value")
    forms = page.locator(f"#actions form.action:has(input[name=actor][value='{actor}'])")
    kinds = [k.get_attribute("value") for k in forms.locator("input[name=kind]").all()]
    assert "end_turn" in kinds
    assert kinds[-1] == "end_turn", kinds
    end = forms.last.locator("button[type=submit]")
    assert "secondary" in (end.get_attribute("class") or "")
    targets = page.locator("#actions select[name=target]")
    assert targets.count() > 0
    for n in range(targets.count()):
        picked = targets.nth(n).locator("option:checked")
        assert picked.get_attribute("data-ally") is None, picked.inner_text()
    both_sizes(page, screenshot, "coc-gm", forms.last)


def test_a_help_mark_opens_its_rules_entry_in_the_app_in_the_readers_language(
    login: Callable[..., Any],
    tabula_server: Any,
    wait_caught_up: Callable[[Any], None],
    screenshot: Callable[[Any, str], Path],
) -> None:
    from vtt.rulebook.reference import chinese, entries

    pk = fresh(tabula_server, "delta_green", [("gm", "start_round", "gm", {})])
    for locale, title, in_english in (("en-US", "Rule ", False), ("zh-CN", "规则 ", True)):
        gm = at(login("gm", viewport=LAPTOP, locale=locale), pk, wait_caught_up)
        mark = gm.locator("#table form legend .rule-mark").first
        rule = mark.get_attribute("data-rule") or ""
        with gm.context.expect_page() as opened:
            mark.click()
        page = opened.value
        page.wait_for_load_state()
        entry = page.locator("#rule-entry")
        assert entry.locator("h2").inner_text() == f"{title}{rule}"
        translated = chinese().get(rule) if in_english else None  # its row in zh_Hans/, if any
        assert entry.locator("blockquote").first.inner_text() == (
            translated or entries()[rule].text
        )
        assert (entry.locator("[data-in-english]").count() == 1) is (in_english and not translated)
        if in_english and not translated:  # the entry's game words in the glossary's Chinese
            assert entry.locator(".rule-terms td[lang=zh-Hans]").count() > 0
        if in_english:
            assert "规则参考" in entry.inner_text()
        gm.wait_for_timeout(300)
        assert gm.locator("#conn-state[data-state='caught-up']").count() == 1  # the table stays
        screenshot(page, f"rule-entry-{locale}")


def test_the_players_heat_track_is_drawn_as_the_gms(
    login: Callable[..., Any],
    tabula_server: Any,
    wait_caught_up: Callable[[Any], None],
    screenshot: Callable[[Any, str], Path],
) -> None:
    steps = [("gm", "gm_heat", "gm", {"target": "latch", "amount": 8})]
    pk = fresh(tabula_server, "mech", steps)
    gm = at(login("gm", viewport=LAPTOP), pk, wait_caught_up)
    player = at(login("player1", viewport=LAPTOP), pk, wait_caught_up)
    colours = """sel => [...document.querySelectorAll(sel + ' .cell')].map(
        c => getComputedStyle(c).backgroundColor)"""
    mine = player.evaluate(colours, "[data-sheet='latch'] .track.heat")
    gms = gm.evaluate(colours, "[data-row='latch'] .track.heat")
    assert len(mine) == len(gms) > 0
    assert mine == gms
    assert player.locator("[data-sheet='latch'] .track.heat .cell.on").count() == 8
    assert "rgba(0, 0, 0, 0)" not in mine  # a heat box filled is never drawn empty
    both_sizes(player, screenshot, "mech-player-heat", player.locator("[data-sheet='latch']"))


def test_asks_before_undo_end_phase_and_a_move_that_draws_an_opportunity_attack(
    login: Callable[..., Any],
    tabula_server: Any,
    wait_caught_up: Callable[[Any], None],
    screenshot: Callable[[Any, str], Path],
) -> None:
    asked: list[str] = []

    def no(dialog: Any) -> None:
        asked.append(dialog.message)
        dialog.dismiss()

    # The GM's undo asks first; answered no, nothing is sent.
    pk = fresh(tabula_server, "mech", [("gm", "gm_heat", "gm", {"target": "latch", "amount": 1})])
    gm = at(login("gm", viewport=LAPTOP), pk, wait_caught_up)
    gm.on("dialog", no)
    rows = gm.locator("#event-log > li.event").count()
    gm.get_by_role("button", name="Undo last event").click()
    assert asked == ["Undo the last event?"]
    gm.wait_for_timeout(1000)
    assert gm.locator("#event-log > li.event").count() == rows

    # Latch moved next to Sparring Mule A: moving off draws its maul, and the map says so.
    steps = [
        ("player1", "begin_turn", "latch", {}),
        ("player1", "move", "latch", {"x": 6, "y": 5}),
        ("player1", "end_turn", "latch", {}),
        ("gm", "begin_turn", "spar_a", {}),
        ("gm", "move", "spar_a", {"x": 8, "y": 5}),
        ("gm", "boost", "spar_a", {"x": 7, "y": 5}),
        ("gm", "end_turn", "spar_a", {}),
        ("player2", "begin_turn", "brick", {}),
        ("player2", "end_turn", "brick", {}),
        ("gm", "begin_turn", "spar_b", {}),
        ("gm", "end_turn", "spar_b", {}),
        ("player1", "begin_turn", "latch", {}),
    ]
    pk = fresh(tabula_server, "mech", steps)
    player = at(login("player1", viewport=LAPTOP), pk, wait_caught_up)
    player.on("dialog", no)
    cell = player.locator(".reach-set.show [data-to='5,5']")
    cell.click()
    assert asked[-1].startswith("Moving off draws an opportunity attack from Sparring Mule A")
    player.wait_for_timeout(1000)
    assert player.locator(".token[data-unit='latch'] .body").get_attribute("x") == "206"  # (6, 5)
    both_sizes(player, screenshot, "mech-oa-asked", player.locator(".token[data-unit='latch']"))

    # The scenario game's End phase asks first too.
    pk = fresh(tabula_server, "scs", [])
    gm = at(gm, pk, wait_caught_up)
    end = gm.locator("form:has(input[name=kind][value='phase.end']) button[type=submit]")
    phase = gm.locator("#scs-board").get_attribute("data-phase")
    end.first.click()
    assert asked[-1] == "End this phase? What is left of it is given up."
    gm.wait_for_timeout(1000)
    assert gm.locator("#scs-board").get_attribute("data-phase") == phase
    both_sizes(gm, screenshot, "scs-gm", end.first)


def test_an_open_form_stays_open_when_another_process_redraws_the_table(
    login: Callable[..., Any],
    tabula_server: Any,
    wait_caught_up: Callable[[Any], None],
    screenshot: Callable[[Any, str], Path],
) -> None:
    pk = fresh(tabula_server, "mech", [("player1", "begin_turn", "latch", {})])
    player = at(login("player1", viewport=LAPTOP), pk, wait_caught_up)
    carbine = player.locator(
        "form.mech-form[data-kind='attack'][data-actor='latch']:has(input[name=weapon][value='0'])"
    )
    carbine.locator(":scope > details > summary").click()
    # The GM acts from another process: this page hears of it from a heartbeat and catches up
    # with the whole table (as after a reconnect); the form it had open is open again, once the
    # table has settled (1 ms; held to half a second here so that the wait is for the reopening).
    player.evaluate("htmx.config.defaultSettleDelay = 500")
    tabula_server.shell(
        "import uuid\n"
        "from django.contrib.auth import get_user_model\n"
        "from rules.core.system import Action\n"
        "from vtt.encounters.services import play\n"
        "gm = get_user_model().objects.get(username='gm')\n"
        f"play({pk}, gm.pk, Action('gm_heat', 'gm', {{'target': 'latch', 'amount': 1}}), "
        "uuid.uuid4().hex)"
    )
    player.locator("[data-sheet='latch'] .track.heat[data-heat='1']").wait_for(timeout=60_000)
    expect(carbine.locator(":scope > details")).to_have_attribute("open", "", timeout=10_000)
    both_sizes(player, screenshot, "mech-player", carbine)


def test_what_a_player_typed_and_picked_stays_with_the_focus_when_the_table_is_redrawn(
    login: Callable[..., Any],
    tabula_server: Any,
    wait_caught_up: Callable[[Any], None],
    screenshot: Callable[[Any, str], Path],
) -> None:
    pk = fresh(tabula_server, "mech", [("player1", "begin_turn", "latch", {})])
    player = at(login("player1", viewport=LAPTOP), pk, wait_caught_up)
    move = player.locator("form.mech-form[data-kind='move'][data-actor='latch']")
    move.locator(":scope > details > summary").click()
    x = move.locator("input[name=x]")
    y = move.locator("input[name=y]")
    x.fill("3")
    y.fill("4")
    y.focus()
    # The redrawn table settles (htmx, 1 ms here; held to half a second to make the race happen
    # every run) before the page puts back what was typed, the focus and the open fold: the
    # test waits for them (it once read the inputs in between).
    player.evaluate("htmx.config.defaultSettleDelay = 500")
    # the GM acts from another process: this page catches up with the whole table redrawn
    tabula_server.shell(
        "import uuid\n"
        "from django.contrib.auth import get_user_model\n"
        "from rules.core.system import Action\n"
        "from vtt.encounters.services import play\n"
        "gm = get_user_model().objects.get(username='gm')\n"
        f"play({pk}, gm.pk, Action('gm_heat', 'gm', {{'target': 'latch', 'amount': 1}}), "
        "uuid.uuid4().hex)"
    )
    player.locator("[data-sheet='latch'] .track.heat[data-heat='1']").wait_for(timeout=60_000)
    expect(x).to_have_value("3", timeout=10_000)
    expect(y).to_have_value("4", timeout=10_000)
    expect(y).to_be_focused(timeout=10_000)
    expect(move.locator(":scope > details")).to_have_attribute("open", "", timeout=10_000)
    # typing on goes where it went before the redraw
    player.keyboard.type("5")
    assert y.input_value() == "45"
    both_sizes(player, screenshot, "mech-player-typed", move)


def test_an_error_goes_once_the_next_action_goes_through(
    login: Callable[..., Any],
    tabula_server: Any,
    wait_caught_up: Callable[[Any], None],
    screenshot: Callable[[Any, str], Path],
) -> None:
    pk = fresh(tabula_server, "mech", [])
    gm = at(login("gm", viewport=LAPTOP), pk, wait_caught_up)
    chat = gm.get_by_label("Chat or roll")
    chat.fill("/roll 1d0")
    chat.press("Enter")
    gm.locator("#table-error p").wait_for()
    both_sizes(gm, screenshot, "mech-gm-error", gm.locator("#table-error"))
    chat.fill("/roll 1d6")
    chat.press("Enter")
    gm.wait_for_function("() => !document.querySelector('#table-error').textContent.trim()")


def test_a_moves_message_goes_with_its_frame(
    login: Callable[..., Any],
    tabula_server: Any,
    wait_caught_up: Callable[[Any], None],
) -> None:
    pk = fresh(tabula_server, "mech", [("player1", "begin_turn", "latch", {})])
    player = at(login("player1", viewport=LAPTOP), pk, wait_caught_up)
    player.locator(".reach-set.show [data-to='4,5']").click()
    player.wait_for_function(
        "() => document.querySelector(\".token[data-unit='latch'] .body\").getAttribute('x') == 138"
    )
    player.wait_for_function("() => !document.getElementById('mech-info').textContent.trim()")


def test_a_keyboard_move_keeps_the_focus_on_the_mech(
    login: Callable[..., Any],
    tabula_server: Any,
    wait_caught_up: Callable[[Any], None],
) -> None:
    pk = fresh(tabula_server, "mech", [("player1", "begin_turn", "latch", {})])
    player = at(login("player1", viewport=LAPTOP), pk, wait_caught_up)
    cell = player.locator(".reach-set.show [data-to='4,5']")
    cell.focus()
    player.keyboard.press("Enter")
    player.wait_for_function(
        "() => document.querySelector(\".token[data-unit='latch'] .body\").getAttribute('x') == 138"
    )
    player.wait_for_function("() => document.activeElement?.matches(\".token[data-unit='latch']\")")


def test_the_invite_link_has_a_copy_button(
    login: Callable[..., Any],
    tabula_server: Any,
    encounters: dict[str, int],
    screenshot: Callable[[Any, str], Path],
) -> None:
    out = tabula_server.shell(
        "from vtt.encounters.models import Encounter\n"
        f"print('CAMPAIGN', Encounter.objects.get(pk={encounters['mech']}).campaign_id)"
    )
    campaign = next(ln for ln in out.splitlines() if ln.startswith("CAMPAIGN ")).split()[1]
    gm = login("gm", viewport=LAPTOP)
    gm.context.grant_permissions(["clipboard-read", "clipboard-write"])
    gm.goto(f"/campaigns/{campaign}/")
    link = gm.locator("#invite-url")
    if not link.count():
        gm.get_by_role("button", name="New link").click()
    copy = gm.get_by_role("button", name="Copy link")
    copy.click()
    gm.get_by_role("button", name="Copied").wait_for()
    assert gm.evaluate("navigator.clipboard.readText()") == gm.locator("#invite-url").input_value()
    both_sizes(gm, screenshot, "campaign")


def test_a_called_shot_that_cannot_hit_says_so_and_its_labels_clear_the_body(
    login: Callable[..., Any],
    tabula_server: Any,
    wait_caught_up: Callable[[Any], None],
    screenshot: Callable[[Any, str], Path],
) -> None:
    from tests.browser.test_ace import _gm_ends_turns_until, fresh_ace, opened

    pk = fresh_ace(tabula_server, "h1")
    gm = opened(login("gm", viewport=LAPTOP), pk, wait_caught_up)
    player = opened(login("player1", viewport=LAPTOP), pk, wait_caught_up)
    gm.locator("form:has(input[name=kind][value=begin]) button[type=submit]").click()
    gm.locator(".ace-board[data-current='su']").wait_for()
    _gm_ends_turns_until(gm, "lin")

    # Lin Yue picks the hound's head: her odds come up by themselves and say it cannot hit.
    shot = player.locator("form.ace-attack")
    shot.locator("select[name=target]").select_option("hound")
    shot.locator("label[data-location='head']").click()
    note = shot.locator("output.preview .odds-note[data-certain='miss']")
    note.wait_for()
    assert "This called shot cannot hit" in note.inner_text()
    asked: list[str] = []

    def no(dialog: Any) -> None:
        asked.append(dialog.message)
        dialog.dismiss()

    player.on("dialog", no)
    shot.locator("button[type=submit]").click()
    assert asked == ["This attack cannot hit. Send it anyway?"]
    player.wait_for_timeout(1000)
    assert gm.locator(".ace-prompt").count() == 0  # nothing was sent

    # No called shot: the odds follow (no note), and nothing asks before sending.
    shot.locator("input[name=location][value='']").check()
    shot.locator("output.preview .ace-preview").wait_for()
    assert shot.locator("output.preview .odds-note[data-certain='miss']").count() == 0

    # At laptop and phone size, no location's label lies over the body or another label.
    boxes = """form => {
        const figure = form.querySelector('.ace-body .figure svg').getBoundingClientRect();
        const box = (r) => [r.left, r.top, r.right, r.bottom];
        return {figure: box(figure), spots: [...form.querySelectorAll('.ace-body .spot')].map(
            (s) => box(s.getBoundingClientRect()))};
    }"""

    def apart(a: list[float], b: list[float]) -> bool:
        return a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1]

    for size in (LAPTOP, PHONE):
        player.set_viewport_size(size)
        found = shot.evaluate(boxes)
        for n, spot in enumerate(found["spots"]):
            assert apart(spot, found["figure"]), (size, spot, found["figure"])
            for other in found["spots"][n + 1 :]:
                assert apart(spot, other), (size, spot, other)
    shot.locator("label[data-location='head']").click()
    note.wait_for()
    both_sizes(player, screenshot, "ace-player", shot)


def test_the_odds_shown_are_those_of_the_last_choice_when_answers_are_slow(
    login: Callable[..., Any],
    tabula_server: Any,
    wait_caught_up: Callable[[Any], None],
) -> None:
    """Choices made while the odds of an earlier one are still on their way: the odds shown are
    the last choice's. (Every card's odds shared one htmx queue, which kept the first ask made
    while one was out and dropped the rest: a slow answer left the odds of an older choice, and
    a shot that cannot hit went unasked.) The first ask is held to make that happen every run."""
    from playwright.sync_api import Error as PlaywrightError

    from tests.browser.test_ace import _gm_ends_turns_until, fresh_ace, opened

    pk = fresh_ace(tabula_server, "h1")
    gm = opened(login("gm", viewport=LAPTOP), pk, wait_caught_up)
    player = opened(login("player1", viewport=LAPTOP), pk, wait_caught_up)
    gm.locator("form:has(input[name=kind][value=begin]) button[type=submit]").click()
    gm.locator(".ace-board[data-current='su']").wait_for()
    _gm_ends_turns_until(gm, "lin")

    shot = player.locator("form.ace-attack")
    weapon = shot.locator("select[name=weapon]")
    other = weapon.evaluate("s => [...s.options].find(o => !o.selected && o.value).value")
    held: list[Any] = []  # the first ask for odds, unanswered until the last choice is made

    def hold_the_first(route: Any) -> None:
        if held:
            route.continue_()
        else:
            held.append(route)

    asks = re.compile(r"/preview/\?")
    player.route(asks, hold_the_first)
    with player.expect_request(asks):
        shot.locator("select[name=target]").select_option("hound")  # its odds: held
    weapon.select_option(other)  # asked while the target's odds are out
    shot.locator("label[data-location='head']").click()  # the last choice: it cannot hit
    with contextlib.suppress(PlaywrightError):  # the page may have given it up for a newer one
        held[0].continue_()
    note = shot.locator("output.preview .odds-note[data-certain='miss']")
    note.wait_for()
    assert "This called shot cannot hit" in note.inner_text()
