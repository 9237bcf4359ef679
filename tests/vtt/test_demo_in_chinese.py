"""Issue 33: the built-in catalogues and the demos read in the reader's language.

A Chinese reader opening a demo reads its campaign, its encounter's title and notes, every NPC,
weapon, item, mech gear and SCS unit in Chinese; an English reader reads the same stored
encounter in English (names are stored as typed and shown in each viewer's language)."""

from __future__ import annotations

import io
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.test import Client

from tests.vtt.test_names_not_ids import _Visible
from vtt.accounts.models import Profile
from vtt.campaigns.models import Campaign, Membership, Role
from vtt.characters.models import Character

pytestmark = pytest.mark.django_db

# Each demo's built-in names, in English and in Chinese (rules/<system>/names.py, engine.po).
NAMES: dict[str, list[tuple[str, str]]] = {
    "delta_green": [
        ("Demo: Delta Green", "演示：绿色三角洲"),
        ("Delta Green: the warehouse on Pier 9", "绿色三角洲：9 号码头的仓库"),
        ("Cultist with a revolver", "持左轮手枪的邪教徒"),
        ("Cultist with a shotgun", "持散弹枪的邪教徒"),
        ("Armoured cultist", "穿防弹背心的邪教徒"),
        ("Cultist with a knife", "持匕首的邪教徒"),
        ("9mm pistol", "9 毫米手枪"),
    ],
    "coc": [
        ("Demo: Call of Cthulhu", "演示：克苏鲁的呼唤"),
        ("The Whateley farmhouse burns", "燃烧的惠特利农舍"),
        ("The kitchen is on fire", "厨房着火了"),
        ("Cultist with a knife", "持匕首的邪教徒"),
        ("Torch-bearing acolyte", "持火把的侍僧"),
        ("12-gauge double-barrelled shotgun", "12 号双管散弹枪"),
    ],
    "ace": [
        ("Demo: Ace Evolution", "演示：王牌进化"),
        ("Bone-jaw Ghoul Hound", "骨颚尸犬"),
        ("Lin Yue", "林越"),
        ("Su Qing", "苏青"),
        ("Steel jian", "精钢剑"),
        ("Thunder talisman", "雷符"),
    ],
    "mech": [
        ("Demo: Mech skirmish", "演示：机甲遭遇战"),
        ("Mech skirmish: Latch's lance", "机甲遭遇战：Latch 的小队"),
        ("Sparring Mule A", "陪练骡子 A"),
        ("K-12 Service Carbine", "K-12 制式卡宾枪"),
        ("Holdout Pistol", "袖珍手枪"),
    ],
    "scs": [
        ("Demo: Standard Combat Series", "演示：标准战斗系列"),
        ("Halden Crossing", "哈尔登渡口"),
        ("3/7 Infantry Rgt", "7 师第 3 步兵团"),
        ("101 Infantry Rgt", "第 101 步兵团"),
    ],
}


class _Read(_Visible):
    """The text a reader reads: not what a form's editable fields hold (the stored sheet, as
    typed: the JSON editor's text), which a save keeps as it is."""

    def handle_starttag(self, tag: str, attrs: Any) -> None:
        super().handle_starttag(tag, attrs)
        if tag == "textarea":
            self._skip += 1

    def handle_endtag(self, tag: str) -> None:
        super().handle_endtag(tag)
        if tag == "textarea" and self._skip:
            self._skip -= 1


def visible(html: str) -> list[str]:
    parser = _Read()
    parser.feed(html)
    return parser.parts


@pytest.fixture
def demo() -> dict[str, Any]:
    """The demo as `manage.py load_demo` makes it, with an observer in every campaign."""
    errors = io.StringIO()
    call_command("load_demo", stdout=io.StringIO(), stderr=errors)
    assert errors.getvalue() == ""
    users = {name: get_user_model().objects.get(username=name) for name in ("gm", "player1")}
    users["observer"] = get_user_model().objects.create_user("observer", password="x-secret-9")
    for campaign in Campaign.objects.all():
        Membership.objects.create(campaign=campaign, user=users["observer"], role=Role.OBSERVER)
    return users


def _pages(system_key: str, user: Any, language: str) -> dict[str, str]:
    """What the reader sees of the demo, as visible text: the campaign page, the encounter page
    (its board and its sheets), the campaigns, the tables waiting for the reader, the new
    character page (the demo's sheets to start from), the GM's new encounter page and the
    reader's characters' pages."""
    Profile.objects.update_or_create(user=user, defaults={"language": language})
    campaign = Campaign.objects.get(system=system_key, name__startswith="Demo: ")
    encounter = campaign.encounters.get()
    client = Client()
    client.force_login(user)
    urls = [f"/campaigns/{campaign.pk}/", f"/encounters/{encounter.pk}/", "/campaigns/", "/games/"]
    role = Membership.objects.get(campaign=campaign, user=user).role
    if role != Role.OBSERVER:
        urls.append(f"/campaigns/{campaign.pk}/characters/new/")  # the demo's sheets to start from
    if role == Role.GM:
        urls.append(f"/campaigns/{campaign.pk}/encounters/new/")  # the demo's NPCs to bring in
    urls += [
        f"/characters/{c.pk}/edit/" for c in Character.objects.filter(campaign=campaign, owner=user)
    ]
    seen = {}
    for url in urls:
        response = client.get(url)
        assert response.status_code == 200, url
        seen[url] = " ".join(visible(response.content.decode()))
    return seen


@pytest.mark.parametrize("system_key", sorted(NAMES))
def test_a_chinese_reader_of_the_demo_reads_its_names_in_chinese(
    system_key: str, demo: dict[str, Any]
) -> None:
    everything = ""
    found = []
    for who, user in demo.items():
        for url, text in _pages(system_key, user, "zh-hans").items():
            everything += text
            found += [f"{who} {url}: {en!r}" for en, _ in NAMES[system_key] if en in text]
    assert found == []
    missing = [zh for _, zh in NAMES[system_key] if zh not in everything]
    assert missing == []


@pytest.mark.parametrize("system_key", sorted(NAMES))
def test_an_english_reader_of_the_same_demo_reads_its_names_in_english(
    system_key: str, demo: dict[str, Any]
) -> None:
    everything = ""
    for user in demo.values():
        everything += "".join(_pages(system_key, user, "en").values())
    missing = [en for en, _ in NAMES[system_key] if en not in everything]
    assert missing == []
    assert [zh for _, zh in NAMES[system_key] if zh in everything] == []


def test_a_name_the_group_typed_is_shown_as_typed(demo: dict[str, Any]) -> None:
    """A built-in name renamed (or typed anew) reads as typed, in every language."""
    campaign = Campaign.objects.get(system="ace", name__startswith="Demo: ")
    encounter = campaign.encounters.get()
    setup = dict(encounter.setup)
    setup["combatants"] = [dict(c) for c in setup["combatants"]]
    hound = next(c for c in setup["combatants"] if c["id"] == "hound")
    hound["name"] = "Bone-jaw Ghoul Hound the Second"
    hound["sheet"] = dict(hound["sheet"], name="Bone-jaw Ghoul Hound the Second")
    from rules.core.registry import get_system

    encounter.setup = setup
    encounter.state = get_system("ace").dump(get_system("ace").start(setup))
    encounter.save()
    text = _pages("ace", demo["gm"], "zh-hans")[f"/encounters/{encounter.pk}/"]
    assert "Bone-jaw Ghoul Hound the Second" in text
    assert "林越" in text


@pytest.mark.parametrize("system_key", ["delta_green", "coc", "ace", "mech"])
def test_a_played_demo_logs_its_built_in_names_in_the_readers_language(
    system_key: str, gwen: Any, pip: Any
) -> None:
    """The log, the replay and mine.txt name the demo's NPCs and gear in Chinese too: a line's
    names are shown when it is read, never stored translated."""
    from tests.vtt.test_names_not_ids import _play, _read

    encounter = _play(system_key, gwen, pip, 60, 4)
    english = [en for en, _ in NAMES[system_key] if not en.startswith("Demo: ")]
    found = [
        f"{url}: {en!r} in {part[:100]!r}"
        for url, parts in _read(encounter, gwen).items()
        for part in parts
        for en in english
        if en in part
    ]
    assert found == []


def test_the_exported_log_is_headed_by_the_demos_title_in_the_readers_language(
    demo: dict[str, Any],
) -> None:
    campaign = Campaign.objects.get(system="coc", name__startswith="Demo: ")
    encounter = campaign.encounters.get()
    client = Client()
    client.force_login(demo["player1"])
    heads = {}
    for language in ("zh-hans", "en"):
        Profile.objects.update_or_create(user=demo["player1"], defaults={"language": language})
        text = client.get(f"/encounters/{encounter.pk}/log/mine.txt").content.decode()
        heads[language] = text.splitlines()[0]
    assert heads == {
        "zh-hans": "燃烧的惠特利农舍（克苏鲁的呼唤）",
        "en": "The Whateley farmhouse burns (Call of Cthulhu)",
    }


def test_the_demos_characters_are_called_by_their_names_never_their_ids(
    demo: dict[str, Any],
) -> None:
    # the campaign page listed Call of Cthulhu's investigators as "finch", "mara", "walsh": a
    # combatant named by its sheet alone got its id as the character's name
    named = dict(Character.objects.values_list("actor_id", "name"))
    assert [actor for actor, name in named.items() if name == actor] == []
    assert named["walsh"] == "Agnes Walsh"


def test_the_call_of_cthulhu_board_says_the_round_and_hit_points_in_the_seeds_words(
    demo: dict[str, Any],
) -> None:
    # it read "轮 1" and headed the hit points 生命值, Delta Green's word: the seed says 耐久
    encounter = Campaign.objects.get(system="coc").encounters.get()
    text = _pages("coc", demo["gm"], "zh-hans")[f"/encounters/{encounter.pk}/"]
    assert "第 1 轮" in text
    assert "耐久" in text
    assert "生命值" not in text


def test_a_new_scs_counter_offers_its_side_type_and_movement_by_name(
    demo: dict[str, Any],
) -> None:
    # its text boxes held the keys "Blue", "infantry" and "foot" (issue 33's walk)
    campaign = Campaign.objects.get(system="scs")
    text = _pages("scs", demo["gm"], "zh-hans")[f"/campaigns/{campaign.pk}/characters/new/"]
    assert all(word in text for word in ("蓝方", "步兵", "徒步")), text
    assert not {"Blue", "infantry", "foot"} & set(text.split()), text


def test_a_new_library_template_offers_its_built_in_name_in_the_readers_words(
    demo: dict[str, Any],
) -> None:
    # the library's new NPC form held "New investigator" for a Chinese GM
    Profile.objects.update_or_create(user=demo["gm"], defaults={"language": "zh-hans"})
    client = Client()
    client.force_login(demo["gm"])
    campaign = Campaign.objects.get(system="coc")
    page = client.get(f"/campaigns/{campaign.pk}/library/new/npc/").content.decode()
    assert 'value="新调查员"' in page
    assert "New investigator" not in page


def test_an_invitation_names_the_demo_campaign_in_the_readers_words() -> None:
    # "你受邀加入 Demo: Call of Cthulhu。"
    call_command("load_demo", stdout=io.StringIO(), stderr=io.StringIO())
    campaign = Campaign.objects.get(system="coc")
    token = campaign.invite_token
    if token is None:  # the demo's campaigns are made without a link: the GM makes one
        from vtt.campaigns import members

        members.renew_invite(campaign.pk, campaign.memberships.get(role="gm").user_id)
        token = Campaign.objects.get(pk=campaign.pk).invite_token
    stranger = get_user_model().objects.create_user("stranger", password="x-secret-9")
    client = Client()
    client.force_login(stranger)
    page = client.get(f"/join/{token}/", HTTP_ACCEPT_LANGUAGE="zh-hans").content.decode()
    assert "你受邀加入 演示：克苏鲁的呼唤。" in page
