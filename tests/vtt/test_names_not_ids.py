"""A Chinese reader plays every demo and reads names, never internal ids or raw fractions."""

from __future__ import annotations

import contextlib
import random
import re
from html.parser import HTMLParser
from typing import Any

import pytest
from django.test import Client
from django.utils import translation

from rules.core.actions import ActionTemplate
from rules.core.errors import RulesError
from rules.core.registry import get_system
from rules.core.system import Action

pytestmark = pytest.mark.django_db

# played from their offered forms (SCS offers its moves on the map, not as forms)
SYSTEMS = ("delta_green", "coc", "ace", "mech")


class _Visible(HTMLParser):
    """The text a reader sees: no tags, attributes, scripts or styles."""

    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []
        self._skip = 0

    def handle_starttag(self, tag: str, attrs: Any) -> None:
        if tag in ("script", "style", "template"):
            self._skip += 1

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style", "template") and self._skip:
            self._skip -= 1

    def handle_data(self, data: str) -> None:
        if not self._skip and data.strip():
            self.parts.append(data.strip())


def visible(html: str) -> list[str]:
    parser = _Visible()
    parser.feed(html)
    return parser.parts


def _form(template: ActionTemplate, rng: random.Random) -> dict[str, Any]:
    params: dict[str, Any] = {k: str(v) for k, v in template.fixed.items()}
    for field in template.fields:
        if field.choices:
            params[field.name] = rng.choice(field.choices).value
        elif field.type == "checkbox":
            if rng.random() < 0.4:
                params[field.name] = "on"
        elif field.type == "number":
            low = field.min if field.min is not None else 0
            high = field.max if field.max is not None else 30
            params[field.name] = str(rng.randint(low, min(high, low + 10)))
        else:
            params[field.name] = str(field.default)
    return params


def _keys(value: Any, found: set[str]) -> set[str]:
    """Every id and key a setup holds (combatants, weapons, skills, conditions...)."""
    if isinstance(value, dict):
        for name, inner in value.items():
            if name in ("id", "key") and isinstance(inner, str):
                found.add(inner)
            if name in ("skills", "conditions", "weapons") and isinstance(inner, dict):
                found.update(str(k) for k in inner)
            if name == "skills" and isinstance(inner, list):  # Ace: [{"name": "hide", ...}]
                found.update(str(s["name"]) for s in inner if isinstance(s, dict) and "name" in s)
            _keys(inner, found)
    elif isinstance(value, list):
        for inner in value:
            _keys(inner, found)
    return found


def _play(system_key: str, gwen: Any, pip: Any, steps: int, seed: int) -> Any:
    """The demo started, Pip seated, and played from the offered forms."""
    from vtt.accounts.models import Profile
    from vtt.campaigns.models import Membership, Role
    from vtt.campaigns.services import create_campaign
    from vtt.encounters.models import Encounter
    from vtt.encounters.services import NotAllowed, play, start_encounter

    system = get_system(system_key)
    setup = system.demo()
    for user in (gwen, pip):
        Profile.objects.update_or_create(user=user, defaults={"language": "zh-hans"})
    campaign = create_campaign(gwen.pk, "演示", system_key)
    Membership.objects.create(campaign=campaign, user=pip, role=Role.PLAYER)
    actors = [a for a in system.actors(system.start(setup)) if a != "gm"]
    encounter = start_encounter(
        campaign.pk, gwen.pk, "演示", setup, {actors[0]: pip.pk}, system_key
    )
    rng = random.Random(seed)
    for step in range(steps):
        encounter = Encounter.objects.get(pk=encounter.pk)
        state = system.load(encounter.state)
        who = rng.choice(["gm", *actors])
        offered = [t for t in system.legal_actions(state, who) if isinstance(t, ActionTemplate)]
        if not offered:
            continue
        template = rng.choice(offered)
        action = Action(template.kind, who, _form(template, rng))
        try:
            play(encounter.pk, gwen.pk, action, f"00000000-0000-4000-8000-{seed:04d}{step:08d}")
        except (RulesError, NotAllowed):
            continue
    return Encounter.objects.get(pk=encounter.pk)


def _names(value: Any) -> dict[str, str]:
    """Every name the setup writes (a combatant's, its sheet's, a weapon's), by what it names."""
    found: dict[str, str] = {}
    if isinstance(value, dict):
        sheet = value.get("sheet") if isinstance(value.get("sheet"), dict) else {}
        name = value.get("name") or sheet.get("name")
        if isinstance(name, str):
            found[str(value.get("id") or value.get("key"))] = name
        for inner in value.values():
            found.update(_names(inner))
    elif isinstance(value, list):
        for inner in value:
            found.update(_names(inner))
    return found


def _written(names: dict[str, str]) -> set[str]:
    """The words the group itself wrote in its names ("knife" in "Cultist with a knife")."""
    words = (_TOKEN, re.compile(r"[A-Za-z][A-Za-z0-9'-]*"))
    return {word for name in names.values() for way in words for word in way.findall(name)}


_TOKEN = re.compile(r"[A-Za-z0-9_]+")
# a fraction no reader should meet: Fraction(262984456819, 20000000000000) printed as it is
_RAW_FRACTION = re.compile(r"\d+/\d{4,}")


def _read(encounter: Any, user: Any) -> dict[str, list[str]]:
    """What a reader sees of the table: the page, a catch-up frame, the replay and mine.txt."""
    client = Client()
    client.force_login(user)
    seen = {}
    for url in ("", "events/?after=0", "replay/", "log/mine.txt"):
        response = client.get(f"/encounters/{encounter.pk}/{url}")
        assert response.status_code == 200, url
        body = response.content.decode()
        seen[url] = body.splitlines() if url.endswith(".txt") else visible(body)
    return seen


@pytest.mark.parametrize("system_key", SYSTEMS)
def test_a_chinese_reader_of_a_played_demo_meets_no_id_and_no_raw_fraction(
    system_key: str, gwen: Any, pip: Any
) -> None:
    """Combatant ids, weapon, skill and condition keys never reach the page, the frames, the
    replay or mine.txt: dice purposes, the DEX order and the sheet read the names."""
    encounter = _play(system_key, gwen, pip, 80, 1)
    keys = _keys(encounter.setup, set()) - {"gm"} - _written(_names(encounter.setup))
    assert keys, "the demo has ids to look for"
    found = []
    for user in (gwen, pip):
        for url, parts in _read(encounter, user).items():
            for part in parts:
                ids = sorted(set(_TOKEN.findall(part)) & keys)
                if ids or _RAW_FRACTION.search(part):
                    found.append(f"{user.username} {url or 'page'}: {ids} in {part[:120]!r}")
    assert found == []


def test_mine_txt_is_in_the_readers_language(gwen: Any, pip: Any) -> None:
    """The downloaded log names the system and each die's purpose in Chinese too."""
    encounter = _play("coc", gwen, pip, 40, 2)
    [text] = [_read(encounter, pip)["log/mine.txt"]]
    assert text[0] == "演示（克苏鲁的呼唤）", text[0]  # the system's title, not "coc"
    rolled = [line for line in text if "（骰子：" in line and "d100=" in line]
    assert rolled, "the play rolled no d100"
    assert not any("Luck" in line or " for " in line for line in rolled), rolled


def test_the_dex_order_and_a_die_read_the_names(gwen: Any, pip: Any) -> None:
    """COC-ROUND-1: the round's order lists the combatants by name, never by id."""
    from vtt.encounters.services import play

    encounter = _play("coc", gwen, pip, 0, 3)
    play(
        encounter.pk,
        gwen.pk,
        Action("next_round", "gm", {}),
        "00000000-0000-4000-8000-300000000001",
    )
    client = Client()
    client.force_login(pip)
    page = client.get(f"/encounters/{encounter.pk}/").content.decode()
    order = page.split('class="coc-order"', 1)[1].split("</ol>", 1)[0]
    assert "Mara Ostrow" in order
    assert not re.search(r">(walsh|mara|finch|cultist|acolyte) <", order), order


def test_characters_named_in_chinese_get_ids_of_their_own() -> None:
    from vtt.encounters.builder import _unique

    taken: set[str] = set()
    ids = [_unique(name, taken) for name in ("林晓", "陈默", "Mara", "Mara")]
    assert ids == ["c1", "c2", "mara", "mara_2"]
    assert "actor" not in ids


def test_a_preview_reads_in_words_without_a_raw_fraction(gwen: Any, pip: Any) -> None:
    """A shot's odds in Chinese: the summary and each outcome translated, chances as percentages."""
    from vtt.encounters.services import play

    encounter = _play("coc", gwen, pip, 0, 4)
    play(
        encounter.pk,
        gwen.pk,
        Action("next_round", "gm", {}),
        "00000000-0000-4000-8000-400000000001",
    )
    client = Client()
    client.force_login(gwen)
    query = "kind=fire&actor=mara&weapon=revolver&target=cultist&shots=1"
    body = client.get(f"/encounters/{encounter.pk}/preview/?{query}").content.decode()
    shown = " ".join(visible(body))
    assert "%" in shown, shown
    assert not re.search(r"\b\d+/\d+\b", shown), shown
    assert not re.search(r"\b(impale|hit|miss|malfunction|to hit)\b", shown), shown


# Abbreviations the Chinese rule books print as they are, and what is not a word.
_ALLOWED = {"HP", "GM", "AP", "SP", "CP", "MP", "X", "S"}
_NOT_WORDS = re.compile(r"^([dD]\d+([+-]\d+)?|x\d+|[A-Za-z]|[A-Z]+(-[A-Za-z0-9]+)+)$")


@pytest.mark.parametrize("system_key", ["coc", "delta_green", "mech", "ace"])
def test_every_offered_preview_reads_in_chinese(system_key: str, gwen: Any, pip: Any) -> None:
    """Each preview a form offers, in zh-Hans: no English word but the group's own names, no
    raw fraction (a chance is a percentage)."""
    from vtt.encounters.models import Encounter

    system = get_system(system_key)
    from vtt.encounters.services import play

    encounter = _play(system_key, gwen, pip, 0 if system_key in ("mech", "ace") else 30, 5)
    begin = {
        "coc": Action("next_round", "gm", {}),
        "delta_green": Action("start_round", "gm", {}),
        "mech": Action("begin_turn", "latch", {}),
        "ace": Action("begin", "gm", {}),
    }[system_key]
    with contextlib.suppress(RulesError):  # the random play began it already
        play(encounter.pk, gwen.pk, begin, "00000000-0000-4000-8000-500000000001")
    written = _written({**_names(encounter.setup), **_names(system.start(encounter.setup))})
    client = Client()
    client.force_login(gwen)
    rng = random.Random(5)
    state = system.load(Encounter.objects.get(pk=encounter.pk).state)
    stray, shown = [], 0
    for who in ["gm", *system.actors(state)]:
        for template in system.legal_actions(state, who):
            if not (isinstance(template, ActionTemplate) and template.preview):
                continue
            for _ in range(3):
                query = {"kind": template.kind, "actor": who, **_form(template, rng)}
                body = client.get(f"/encounters/{encounter.pk}/preview/", query).content.decode()
                if "preview-result" not in body or 'class="error"' in body:
                    continue
                shown += 1
                for part in visible(body):
                    words = [
                        w
                        for w in re.findall(r"[A-Za-z][A-Za-z0-9'-]*", part)
                        if w not in written and w not in _ALLOWED and not _NOT_WORDS.match(w)
                    ]
                    if words or re.search(r"\b\d+/\d+\b", part):
                        stray.append(f"{template.kind}: {words} in {part!r}")
    assert shown, "no preview was shown"
    assert stray == []


@pytest.mark.parametrize("system_key", SYSTEMS)
def test_every_die_of_a_played_demo_says_its_purpose_in_chinese(system_key: str) -> None:
    """What each die was rolled for, as the log shows it in zh-Hans: names for ids, the system's
    words for keys ("Luck dodge for mara" reads "Mara Ostrow 以幸运闪避")."""
    from rules.core.dice import SeededDice, derive_seed
    from vtt.encounters.fragments import dice_chips
    from vtt.words import names_in

    system = get_system(system_key)
    setup = system.demo()
    names = names_in(setup)
    written = _written({**_names(setup), **_names(system.start(setup))})
    stray: set[str] = set()
    rolled = 0
    for seed in range(12):
        rng = random.Random(seed)
        state = system.start(setup)
        actors = [a for a in system.actors(state) if a != "gm"]
        for step in range(60):
            who = rng.choice(["gm", *actors])
            offered = [t for t in system.legal_actions(state, who) if isinstance(t, ActionTemplate)]
            if not offered:
                continue
            template = rng.choice(offered)
            action = Action(template.kind, who, _form(template, rng))
            try:
                events = system.resolve(state, action, SeededDice(derive_seed(str(seed), step)))
            except RulesError:
                continue
            for event in events:
                state = system.apply(state, event)
                dice = [record.to_json() for record in event.dice]
                rolled += len(dice)
                with translation.override("zh-hans"):
                    shown = [chip["purpose"] for chip in dice_chips(dice, names)]
                for text in shown:
                    words = [
                        w
                        for w in re.findall(r"[A-Za-z][A-Za-z0-9'-]*", text)
                        if w not in written and w not in _ALLOWED and not _NOT_WORDS.match(w)
                    ]
                    if words:
                        stray.add(text)
    assert rolled > 20
    assert stray == set()


@pytest.mark.parametrize("skill", ["hide", "attr:dex"])
def test_an_ace_check_names_its_skill_in_chinese(skill: str) -> None:
    """ACE-CHECK-2/3: "Su Qing 进行 隐藏 判定", never the key "hide" or "attr:dex"."""
    from rules.core.dice import SeededDice
    from vtt.words import say

    system = get_system("ace")
    state = system.start(system.demo())
    action = Action("check", "su", {"skill": skill, "dc": "1", "cost": "standard"})
    with translation.override("zh-hans"):
        lines = [say(e.msg) for e in system.resolve(state, action, SeededDice(3)) if e.msg]
    assert lines, "the check said nothing"
    assert not any(re.search(r"hide|attr|dex", line) for line in lines), lines


@pytest.mark.parametrize(
    ("english", "chinese"),
    [
        ("Luck dodge for mara", "Mara Ostrow 以幸运闪避"),
        ("shock CON x5 for walsh", "Agnes Walsh 的休克检定（体质×5）"),
        ("spot_hidden for finch", "Elias Finch 的侦察检定"),
        ("shot 1 with revolver", None),
        ("on_fire damage for cultist", None),
        ("disarm: initiator d20", "击落武器：发起者 d20"),
        ("grapple_attack: defender d20", "擒抱中攻击：防御者 d20"),
        ("Latch HULL save (burn)", "Latch 机体豁免（燃烧）"),
        ("ranged attack d20 on Latch", None),
    ],
)
def test_a_purpose_with_ids_and_keys_reads_names_and_words(
    english: str, chinese: str | None
) -> None:
    from vtt.words import names_in, purpose

    names = names_in(get_system("coc").demo())
    with translation.override("zh-hans"):
        shown = purpose(english, names=names)
    if chinese is not None:
        assert shown == chinese
    bare = shown
    for name in sorted(names.values(), key=len, reverse=True):
        bare = bare.replace(name, "")
    assert not re.search(r"[A-Za-z]{3,}", bare.replace("Latch", "")), shown


def test_a_mech_condition_badge_reads_its_name_and_meaning_in_chinese(gwen: Any, pip: Any) -> None:
    """MECH-COND-SHREDDED: the badge the GM's page shows is 破碎 with its meaning, not the key."""
    from vtt.encounters.services import play

    encounter = _play("mech", gwen, pip, 0, 6)
    action = Action("gm_condition", "gm", {"target": "latch", "condition": "shredded"})
    play(encounter.pk, gwen.pk, action, "00000000-0000-4000-8000-600000000001")
    client = Client()
    client.force_login(gwen)
    page = client.get(f"/encounters/{encounter.pk}/").content.decode()
    badges = " ".join(visible(page.split('class="badges"', 1)[1].split("</div>", 1)[0]))
    assert "破碎" in badges
    assert "护甲和抵抗无效" in badges
    assert "shredded" not in badges  # the key (MECH-COND-SHREDDED is the rule)


def test_the_keepers_end_effect_form_lists_effects_in_chinese() -> None:
    """COC-DROWN-5: "Agnes Walsh：溺毙（体质×…）", not "Agnes Walsh: drowning (CON x…)"."""
    from rules.core.dice import SeededDice
    from vtt.words import say

    system = get_system("coc")
    state = system.start(system.demo())
    action = Action("hazard", "gm", {"hazard": "drowning", "t_walsh": "on"})
    for event in system.resolve(state, action, SeededDice(1)):
        state = system.apply(state, event)
    [form] = [t for t in system.legal_actions(state, "gm") if t.kind == "end_effect"]
    with translation.override("zh-hans"):
        labels = [say(c.label) for f in form.fields for c in f.choices]
    assert labels
    assert all(label.startswith("Agnes Walsh：") for label in labels), labels
    assert not any(re.search(r"[a-z]{4,}", label.replace("Agnes Walsh", "")) for label in labels)


def test_a_table_roll_counts_its_successes_in_chinese() -> None:
    """/roll 4d10>=8 reads "（2 个成功数）" in Chinese; its English stays the breakdown."""
    from rules.core.dice import SeededDice
    from rules.core.table import resolve_table_action
    from vtt.words import say

    [event] = resolve_table_action(Action("table.roll", "Pip", {"expr": "4d10>=8"}), SeededDice(3))
    assert event.msg is not None
    assert "successes)" in event.text
    with translation.override("zh-hans"):
        line = say(event.msg)
    assert "个成功数" in line
    assert "success" not in line


def test_two_agents_named_in_chinese_are_read_by_name_at_the_table(gwen: Any, pip: Any) -> None:
    """林晓 and 陈默 built into one encounter get ids of their own (c1, c2, never two "actor"),
    and no page, frame or mine.txt shows those ids, whatever is played."""
    from rules.delta_green import SYSTEM as DG
    from vtt.accounts.models import Profile
    from vtt.campaigns.models import Membership, Role
    from vtt.campaigns.services import create_campaign
    from vtt.characters.models import Character
    from vtt.encounters.models import Encounter
    from vtt.encounters.services import NotAllowed, play

    campaign = create_campaign(gwen.pk, "夜", "delta_green")
    Membership.objects.create(campaign=campaign, user=pip, role=Role.PLAYER)
    for user in (gwen, pip):
        Profile.objects.update_or_create(user=user, defaults={"language": "zh-hans"})
    picked = []
    for name in ("林晓", "陈默"):
        sheet = DG.validate_sheet({**DG.default_sheet, "name": name})
        made = Character.objects.create(
            campaign=campaign, owner=pip, name=name, system="delta_green", sheet=sheet
        )
        picked.append(str(made.pk))
    gm = Client()
    gm.force_login(gwen)
    url = f"/campaigns/{campaign.pk}/encounters/new/"
    answer = gm.post(url, {"mode": "build", "title": "仓库", "characters": picked})
    assert answer.status_code == 302, answer.content.decode()[:2000]
    encounter = Encounter.objects.get(title="仓库")
    assert set(encounter.state["combatants"]) == {"c1", "c2"}
    rng = random.Random(7)
    for step in range(40):
        state = DG.load(Encounter.objects.get(pk=encounter.pk).state)
        who = rng.choice(["gm", "c1", "c2"])
        offered = [t for t in DG.legal_actions(state, who) if isinstance(t, ActionTemplate)]
        if not offered:
            continue
        template = rng.choice(offered)
        action = Action(template.kind, who, _form(template, rng))
        with contextlib.suppress(RulesError, NotAllowed):
            play(encounter.pk, gwen.pk, action, f"00000000-0000-4000-8000-7000{step:08d}")
    for user in (gwen, pip):
        for url, parts in _read(encounter, user).items():
            for part in parts:
                assert not re.search(r"\b(c1|c2|actor|actor_2)\b", part), (url, part)
