"""COC-DODGE-4 (AMB-COC-07) by default: a dodge is declared when the attack comes at you."""

from __future__ import annotations

import pytest

from rules.coc import SYSTEM
from rules.coc.actions.dodging import may_dodge
from rules.core.dice import LoadedDice
from rules.core.errors import IllegalAction
from rules.core.system import Action, Audience
from tests.rules.coc.coc_helpers import Json, act, kinds, person, scene, texts

ASKED = {"coc.dodge_timing": "when_attacked"}


def big(name: str, dex: int = 10) -> Json:
    return person(name, dex=dex, con=30, siz=30)


def duel(**settings: object) -> Json:
    """Ann (DEX 14) and Bob (DEX 10), dodges asked when attacked, round 1, Ann to act."""
    state = scene(
        ("ann", person("Ann", dex=14)),
        ("bob", person("Bob", dex=10)),
        settings={**ASKED, **settings},
    )
    state, _ = act(state, "next_round", "gm")
    return state


def offered(state: Json, actor: str) -> list[str]:
    return [t.kind for t in SYSTEM.legal_actions(state, actor)]


def test_the_default_asks_when_the_attack_comes() -> None:
    state = SYSTEM.start({"combatants": [{"id": "a", "sheet": person("A")}]})
    assert state["settings"]["coc.dodge_timing"] == "when_attacked"


def test_an_attack_is_held_before_any_die_and_only_its_target_is_asked() -> None:
    state = duel()
    assert "dodge" not in offered(state, "bob")  # no dodge ahead: it is asked for
    held, events = act(state, "attack", "ann", [], weapon="knife", target="bob")
    assert kinds(events) == ["dodge.asked"]
    assert events[0].dice == ()
    assert "Ann attacks Bob: dodge or let it come?" in texts(events)
    assert offered(held, "bob") == ["answer_dodge"]
    assert offered(held, "ann") == []
    assert offered(held, "gm") == []
    view = SYSTEM.view(held, Audience("player"))
    assert view["asking"]["waiting"] == ["bob"]
    # Nothing else is played meanwhile, and a refusal changes nothing.
    with pytest.raises(IllegalAction, match="waits for Bob"):
        SYSTEM.resolve(held, Action("end_turn", "ann", {}), LoadedDice([]))
    with pytest.raises(IllegalAction, match="waits for Bob"):
        SYSTEM.resolve(held, Action("next_round", "gm", {}), LoadedDice([]))


def test_dodging_rolls_the_held_attack_with_the_dodge_and_forfeits_the_attack() -> None:
    state = duel()
    state, _ = act(state, "attack", "ann", [], weapon="knife", target="bob")
    # Ann's knife: 20 against 50 hits; Bob's Dodge 30: 12 avoids (COC-DODGE-1).
    state, events = act(state, "answer_dodge", "bob", [20, 12], answer="dodge")
    assert kinds(events)[:3] == ["dodge.answered", "attack.rolled", "dodge.rolled"]
    assert "damage.taken" not in kinds(events)
    assert state["asking"] is None
    bob = state["combatants"]["bob"]
    assert bob["round"]["dodge"] == "used"
    assert bob["hp"] == 12
    with pytest.raises(IllegalAction, match="dodged this round"):
        act(state, "attack", "bob", weapon="knife", target="ann")


def test_letting_it_come_keeps_the_dodge_for_a_later_attack() -> None:
    state = scene(
        ("ann", person("Ann", dex=14)),
        ("cal", person("Cal", dex=12)),
        ("bob", person("Bob", dex=10)),
        settings=ASKED,
    )
    state, _ = act(state, "next_round", "gm")
    state, _ = act(state, "attack", "ann", [], weapon="knife", target="bob")
    # 30 hits, no dodge rolled; 1d4+2 = 1 + 2 = 3; 3 is not half of 12: no shock roll.
    state, events = act(state, "answer_dodge", "bob", [30, 1], answer="take")
    assert "dodge.rolled" not in kinds(events)
    assert "Bob lets it come and keeps the dodge." in texts(events)
    assert state["combatants"]["bob"]["hp"] == 12 - 3
    assert state["combatants"]["bob"]["round"]["dodge"] == ""
    # Cal's turn: Bob is asked again and this time dodges: 20 hits, Dodge 10 avoids.
    state, _ = act(state, "attack", "cal", [], weapon="knife", target="bob")
    state, events = act(state, "answer_dodge", "bob", [20, 10], answer="dodge")
    assert "dodge.rolled" in kinds(events)
    assert state["combatants"]["bob"]["hp"] == 12 - 3


def test_a_dodge_declared_against_a_miss_is_spent_and_no_one_asks_again() -> None:
    state = scene(
        ("ann", person("Ann", dex=14)),
        ("cal", person("Cal", dex=12)),
        ("bob", person("Bob", dex=10)),
        settings=ASKED,
    )
    state, _ = act(state, "next_round", "gm")
    state, _ = act(state, "attack", "ann", [], weapon="knife", target="bob")
    state, events = act(state, "answer_dodge", "bob", [90], answer="dodge")  # 90 misses
    assert "dodge.spent" in kinds(events)
    assert state["combatants"]["bob"]["round"]["dodge"] == "used"
    # Cal's knife rolls at once: Bob has had the round's one dodge. 30 hits, 1d4+2 = 3.
    state, events = act(state, "attack", "cal", [30, 1], weapon="knife", target="bob")
    assert "dodge.asked" not in kinds(events)
    assert state["combatants"]["bob"]["hp"] == 12 - 3


def test_who_has_attacked_this_round_is_not_asked_when_a_dodge_forfeits_the_attack() -> None:
    state = duel()
    state, _ = act(state, "attack", "ann", [], weapon="knife", target="bob")
    state, _ = act(state, "answer_dodge", "bob", [90], answer="take")  # a miss
    # Bob's turn: Ann has attacked this round, so a dodge (which forfeits the attack) is no
    # longer hers: Bob's knife rolls at once, 95 misses.
    state, events = act(state, "attack", "bob", [95], weapon="knife", target="ann")
    assert "dodge.asked" not in kinds(events)
    relaxed = duel(**{"coc.dodge_forfeits_attack": False})
    relaxed, _ = act(relaxed, "attack", "ann", [], weapon="knife", target="bob")
    relaxed, _ = act(relaxed, "answer_dodge", "bob", [90], answer="take")
    assert may_dodge(relaxed, "ann", Action("attack", "bob", {"target": "ann"}))


def test_an_illegal_attack_is_refused_before_it_is_held() -> None:
    state = duel()
    with pytest.raises(IllegalAction):
        act(state, "fire", "ann", weapon="revolver", target="bob", shots=9, distance=5)
    with pytest.raises(IllegalAction):
        act(state, "attack", "bob", weapon="knife", target="ann")  # not Bob's turn
    assert state["asking"] is None


def test_only_the_asked_answer_and_only_with_a_known_answer() -> None:
    state = duel()
    held, _ = act(state, "attack", "ann", [], weapon="knife", target="bob")
    with pytest.raises(IllegalAction, match="No attack is waiting for your answer"):
        act(held, "answer_dodge", "ann", answer="dodge")
    with pytest.raises(IllegalAction):
        act(held, "answer_dodge", "bob", answer="maybe")
    with pytest.raises(IllegalAction, match="No attack is waiting for your answer"):
        act(state, "answer_dodge", "bob", answer="dodge")


def test_a_burst_asks_each_target_and_rolls_after_the_last_answer() -> None:
    state = scene(
        ("ann", person("Ann", dex=14)), ("bob", big("Bob")), ("cal", big("Cal", 9)), settings=ASKED
    )
    state, _ = act(state, "next_round", "gm")
    state, events = act(
        state, "burst", "ann", [], weapon="thompson", shots_bob=4, shots_cal=4, distance=10
    )
    assert events[0].payload["targets"] == ["bob", "cal"]
    state, events = act(state, "answer_dodge", "cal", [], answer="take")
    assert kinds(events) == ["dodge.answered"]
    assert state["asking"]["waiting"] == ["bob"]
    assert offered(state, "cal") == []
    # Bob dodges: the burst at Bob 90 misses, at Cal 95 misses; Bob's dodge is spent on it.
    state, events = act(state, "answer_dodge", "bob", [90, 95], answer="dodge")
    assert [e.kind for e in events].count("burst.rolled") == 2
    assert state["combatants"]["bob"]["round"]["dodge"] == "used"
    assert state["combatants"]["ann"]["weapons"]["thompson"]["loaded"] == 20 - 8


def test_the_time_running_out_rolls_the_attack_undodged() -> None:
    state = duel(**{"coc.dodge_timer": 30})
    assert SYSTEM.deadline is not None
    assert SYSTEM.deadline(state) is None
    held, _ = act(state, "attack", "ann", [], weapon="knife", target="bob")
    due = SYSTEM.deadline(held)
    assert due is not None
    assert (due[0], due[1].kind) == (30, "expire")
    after, events = act(held, due[1].kind, due[1].actor, [30, 1])
    assert kinds(events)[:2] == ["dodge.timed_out", "attack.rolled"]
    assert "dodge.rolled" not in kinds(events)
    assert after["combatants"]["bob"]["hp"] == 12 - 3
    assert SYSTEM.deadline(duel(**{"coc.dodge_timer": 0})) is None
    with pytest.raises(IllegalAction):
        act(state, "expire", "gm")  # nothing is waiting


def test_an_unseen_attack_from_behind_is_not_asked_and_the_declared_way_still_works() -> None:
    state = scene(("a", person("A", dex=14)), ("d", person("D", dex=11)), settings=ASKED)
    state, _ = act(state, "next_round", "gm", surprise_d="complete")
    # COC-SURPRISE-2: from behind in the first round: no dodge to ask; 20 hits, 1d4+2 = 3.
    state, events = act(state, "attack", "a", [20, 1], weapon="knife", target="d", from_behind=True)
    assert "dodge.asked" not in kinds(events)
    assert state["combatants"]["d"]["hp"] == 12 - 3
    ahead = scene(("ann", person("Ann", dex=14)), ("bob", person("Bob", dex=10)))
    ahead, _ = act(ahead, "next_round", "gm")
    ahead, _ = act(ahead, "dodge", "bob")  # coc.dodge_timing = "declared"
    ahead, events = act(ahead, "attack", "ann", [20, 12], weapon="knife", target="bob")
    assert "dodge.asked" not in kinds(events)
    assert "dodge.rolled" in kinds(events)
    with pytest.raises(IllegalAction, match="you will be asked then"):
        act(duel(), "dodge", "bob")
