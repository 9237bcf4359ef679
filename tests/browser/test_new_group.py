"""Issue 10: a new group starts from an empty database and plays a Delta Green round using only
the pages: sign up, campaign, invite, an agent built in the sheet form, an encounter built from
the campaign with two cultists from the templates; nobody types JSON or an id."""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from bench.livestack import LiveStack
from tests.browser.conftest import ARTIFACTS, DESKTOP, PHONE, caught_up

PASSWORD = "a-long-secret-42"


@pytest.fixture(scope="module")
def empty_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveStack]:
    """A live server on a new, empty database: no demo, no users."""
    stack = LiveStack(
        workdir=tmp_path_factory.mktemp("empty"),
        database_url=os.environ.get("DATABASE_URL") or None,
        demo=False,
    )
    with stack:
        yield stack


@pytest.fixture
def person(browser: Any, empty_server: LiveStack) -> Iterator[Callable[..., Any]]:
    """`person(viewport)`: a page in a fresh context (own cookies); page errors fail the test."""
    contexts: list[Any] = []
    errors: list[str] = []

    def make(viewport: dict[str, int] | None = None) -> Any:
        context = browser.new_context(
            base_url=empty_server.url, viewport=viewport or DESKTOP, locale="en-US"
        )
        context.set_default_timeout(15_000)
        context.on("page", lambda page: page.on("pageerror", lambda e: errors.append(str(e))))
        contexts.append(context)
        return context.new_page()

    yield make
    for context in contexts:
        context.close()
    assert not errors, f"JavaScript errors in the page: {errors}"


def shoot(page: Any, label: str) -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    path = ARTIFACTS / f"new_group-{label}.png"
    page.screenshot(path=str(path), full_page=True)
    return path


def sign_up(page: Any, username: str) -> None:
    page.locator("input[name=username]").fill(username)
    page.locator("input[name=password1]").fill(PASSWORD)
    page.locator("input[name=password2]").fill(PASSWORD)
    page.get_by_role("button", name="Create account").click()


def flash(page: Any, words: str) -> None:
    page.locator(".messages li", has_text=words).wait_for()


def test_a_new_group_plays_a_delta_green_round_without_json_or_ids(
    person: Callable[..., Any],
) -> None:
    # A new GM signs up and creates a Delta Green campaign.
    gm = person()
    gm.goto("/accounts/signup/")
    sign_up(gm, "gina")
    gm.wait_for_url(re.compile(r"/campaigns/$"))
    gm.locator("input[name=name]").fill("Night Shift")
    gm.locator("select[name=system]").select_option("delta_green")
    gm.get_by_role("button", name="Create campaign").click()
    gm.wait_for_url(re.compile(r"/campaigns/\d+/$"))
    campaign_url = gm.url
    if not gm.locator("#invite-url").count():
        gm.get_by_role("button", name="New link").click()
        flash(gm, "A new invite link is ready.")
    invite = gm.locator("#invite-url").input_value()

    # The player opens the link, signs up through it and joins.
    player = person()
    player.goto(invite)
    player.get_by_role("link", name="Sign up").first.click()
    sign_up(player, "pat")
    player.get_by_role("button", name="Join as a player").click()
    player.wait_for_url(re.compile(r"/campaigns/\d+/$"))

    # The player builds an agent in the sheet form: numbers, a skill row, the pistol in hand.
    player.get_by_role("link", name="New character").click()
    player.locator("#sheet-form").wait_for()
    assert player.locator("textarea[name=sheet]").is_hidden()  # the JSON is folded away
    player.locator("input[name=name]").fill("Ann Li")
    player.locator("input[name='s:dex']").fill("16")
    player.locator("input[name='s:con']").fill("15")
    player.locator("#derived", has_text="(CON 15 + SIZ 13) ÷ 2, rounded up").wait_for()
    skills = player.locator("[data-rows='s:skills']")
    skills.get_by_role("button", name="Add to Skills").click()
    new_skill = skills.locator("[data-row]").last
    new_skill.locator("select[name$='.name']").select_option(label="Search")  # picked by name
    new_skill.locator("input[name$='.value']").fill("60")
    pistol = player.locator("[data-rows='s:weapons'] [data-row]").first
    pistol.locator("summary").click()
    pistol.locator("input[type=checkbox][name$='.ready']").check()
    shoot(player, "sheet-laptop")
    player.get_by_role("button", name="Save", exact=True).click()
    flash(player, "Ann Li saved.")
    phone = person(PHONE)
    phone.context.add_cookies(player.context.cookies())
    phone.goto(player.url)
    phone.locator("#sheet-form").wait_for()
    shoot(phone, "sheet-phone")

    # The GM builds the encounter: Ann (seated for Pat by itself) and two cultists.
    gm.goto(campaign_url)
    gm.get_by_role("link", name="New encounter").click()
    gm.locator("#builder input[name=title]").fill("The warehouse")
    gm.get_by_label("Ann Li (pat)").check()
    gm.locator("select[name=opponent_0]").select_option(label="Cultist with a revolver")
    gm.locator("input[name=count_0]").fill("2")
    shoot(gm, "builder")
    gm.get_by_role("button", name="Start encounter").first.click()
    flash(gm, "Encounter The warehouse created.")
    caught_up(gm)
    table = gm.url

    player.goto(table)
    caught_up(player)
    player.locator("text=Player view").wait_for()

    # One round: the GM deals, the player fires at a cultist on their turn, everyone else passes.
    gm.locator(".dg-round-controls form[data-kind='start_round'] button").click()
    gm.locator(".dg-board[data-phase='in_round']").wait_for()
    fired = False
    for _ in range(40):
        board = gm.locator(".dg-board")
        if board.get_attribute("data-phase") != "in_round":
            break
        current = str(board.get_attribute("data-current") or "")
        if not current or (fired and current == "ann_li"):
            # everyone has had a turn (or nobody is up): the GM ends the round (DG-ACT-2)
            gm.locator(".dg-round-controls form[data-kind='end_round'] button").click()
            gm.wait_for_function(
                "() => document.querySelector('.dg-board').dataset.phase !== 'in_round'"
            )
            break
        if current == "ann_li":
            player.locator(".dg-board[data-current='ann_li']").wait_for()
            fire = player.locator(
                "form:has(input[name=actor][value='ann_li']):has(input[name=kind][value='fire'])"
            )
            if not fired and fire.count():
                target = fire.locator("select[name=target]")
                target.select_option(label="Cultist with a revolver 1")
                shoot(player, "fire")
                fire.locator("button[type=submit]").last.click()
                fired = True
            else:
                player.locator(
                    "form:has(input[name=actor][value='ann_li'])"
                    ":has(input[name=kind][value='pass']) button[type=submit]"
                ).click()
        else:
            gm.locator(
                f"form:has(input[name=actor][value='{current}'])"
                ":has(input[name=kind][value='pass']) button[type=submit]"
            ).first.click()
        gm.wait_for_function(
            "old => { const b = document.querySelector('.dg-board');"
            " return b.dataset.current !== old || b.dataset.phase !== 'in_round'; }",
            arg=current,
        )
    assert fired
    assert gm.locator(".dg-board").get_attribute("data-phase") != "in_round"
    gm.locator("#event-log", has_text="Ann Li").wait_for()
    shoot(gm, "after-round")
    shoot(player, "after-round")


def test_a_new_group_plays_a_mech_turn_and_carries_the_damage_on(
    person: Callable[..., Any],
) -> None:
    """The same for a mech pilot and frame: the sheet form, an encounter built from the campaign,
    a turn, and the damage written back to the sheet when the GM confirms (MECH-AMB-40)."""
    gm = person()
    gm.goto("/accounts/signup/")
    sign_up(gm, "morgan")
    gm.wait_for_url(re.compile(r"/campaigns/$"))
    gm.locator("input[name=name]").fill("Proving Grounds")
    gm.locator("select[name=system]").select_option("mech")
    gm.get_by_role("button", name="Create campaign").click()
    gm.wait_for_url(re.compile(r"/campaigns/\d+/$"))
    campaign_url = gm.url
    if not gm.locator("#invite-url").count():
        gm.get_by_role("button", name="New link").click()
        flash(gm, "A new invite link is ready.")
    invite = gm.locator("#invite-url").input_value()

    player = person()
    player.goto(invite)
    player.get_by_role("link", name="Sign up").first.click()
    sign_up(player, "rook")
    player.get_by_role("button", name="Join as a player").click()
    player.wait_for_url(re.compile(r"/campaigns/\d+/$"))

    # The pilot and the frame in the form: attributes, a weapon swapped, the numbers worked out.
    player.get_by_role("link", name="New character").click()
    player.locator("#sheet-form").wait_for()
    player.locator("input[name=name]").fill("Kestrel")
    player.locator("input[name='s:pilot.name']").fill("Rook Adeyemi")
    player.locator("input[name='s:pilot.hull']").fill("3")
    player.locator("#derived", has_text="frame 10 + 2 × HULL 3").wait_for()
    first = player.locator("[data-rows='s:loadout'] [data-row]").first
    first.locator("select[name$='.weapon']").select_option(label="Holdout Pistol")
    shoot(player, "mech-sheet")
    player.get_by_role("button", name="Save", exact=True).click()
    flash(player, "Kestrel saved.")

    gm.goto(campaign_url)
    gm.get_by_role("link", name="New encounter").click()
    gm.locator("#builder input[name=title]").fill("The yard")
    gm.get_by_label("Kestrel (rook)").check()
    gm.locator("select[name=opponent_0]").select_option(label="Sparring Mule A")
    gm.get_by_role("button", name="Start encounter").first.click()
    flash(gm, "Encounter The yard created.")
    caught_up(gm)
    table = gm.url
    player.goto(table)
    caught_up(player)

    # The GM deals Kestrel 5 energy damage with the GM tools; the player takes a turn.
    gm.locator("details.mech-gm-tools > summary").click()
    damage = gm.locator("form.mech-form[data-kind='gm_damage']")
    damage.locator(":scope > details > summary").click()
    damage.locator("select[name=target]").select_option(label="Kestrel")
    damage.locator("input[name=amount]").fill("5")
    damage.locator("select[name=type]").select_option("energy")
    damage.locator("button[type=submit]").click()
    player.locator("#event-log", has_text="Kestrel").wait_for()
    begin = player.locator("form.mech-form[data-kind='begin_turn'][data-actor='kestrel']")
    if begin.count():
        begin.locator("button[type=submit]").click()
        player.locator(".mech-board[data-active='kestrel']").wait_for()
        end = player.locator("form.mech-form[data-kind='end_turn'][data-actor='kestrel']")
        end.locator("button[type=submit]").click()
        player.wait_for_function(
            "() => document.querySelector('.mech-board').dataset.active !== 'kestrel'"
        )
    shoot(player, "mech-turn")

    # The GM ends the encounter and confirms what comes back to the sheet.
    gm.locator("details.end > summary").click()  # ending asks first (issue 32)
    gm.get_by_role("button", name="End encounter and reveal the seed").click()
    gm.wait_for_url(re.compile(r"/write-back/$"))
    gm.locator("table.changes", has_text="11").wait_for()  # HP 16 → 11
    shoot(gm, "mech-write-back")
    gm.get_by_role("button", name="Accept all and write them to the characters").click()
    flash(gm, "Characters updated: Kestrel.")
