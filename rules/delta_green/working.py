"""Delta Green's resolution under way: the rules' effects, decided on the working state (issue 31).

`Working` is the core `Emitter` (rules/core/changes.py) with Delta Green's effects as methods: a
hit's damage (the limb's cap, the wound thresholds and their effects, DG-WOUND-*), a card spent,
a turn taken and the next pass (DG-INIT-2), a round begun... Each method reads the working state
as the event's earlier effects left it, decides, and stages the path changes (`Emitter.change`);
`emit` gives them to the event it says, so the system's `apply` only writes.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from rules.core.changes import Change, Emitter, append, delete, set_
from rules.core.system import Json
from rules.delta_green.settings import settings_of
from rules.delta_green.state import eligible, is_immobile, sheet_weapon, wound_crossing
from rules.delta_green.tables import ARMS, CHEST, HEAD, LEGS, LIMBS, location_table

# A new round's bookkeeping on every combatant (DG-ACT-3, DG-MOVE-2, COC-PARRY-8...).
ROUND_FRESH: Json = {
    **{"spent": 0, "ran": False, "moved_m": 0.0, "shots": {}, "attacks": 0, "dodged": False},
    **{"parried": False, "mags": 0, "loose": 0, "spent_while_down": False},
}


def at(cid: str, *path: str | int) -> list[str | int]:
    """The path of `path` inside combatant `cid`."""
    return ["combatants", cid, *path]


class Working(Emitter):
    """One Delta Green resolution: the working state, and the rules' effects on it."""

    def combatant(self, cid: str) -> Json:
        """Combatant `cid` as the effects so far left it (read only)."""
        found: Json = self.state["combatants"][cid]
        return found

    def set(self, cid: str, key: str, value: Any) -> None:
        """A combatant's field."""
        self.change(set_(at(cid, key), value))

    def set_round(self, cid: str, key: str, value: Any) -> None:
        """A field of the combatant's round (DG-ACT-*)."""
        self.change(set_(at(cid, "round", key), value))

    def add_round(self, cid: str, key: str, value: float, sub: str | None = None) -> None:
        """A count of the combatant's round raised by `value` (per weapon under `sub`)."""
        rnd = self.combatant(cid)["round"]
        if sub:
            count = (rnd.get(key) or {}).get(sub, 0)
            self.change(set_(at(cid, "round", key, sub), count + value))
        else:
            self.change(set_(at(cid, "round", key), rnd.get(key, 0) + value))

    def weapon(self, cid: str, weapon: str, key: str, value: Any) -> None:
        """A field of the combatant's weapon in play (loaded, jammed, the silencer's life...)."""
        self.change(set_(at(cid, "weapons", weapon, key), value))

    def ammo(self, cid: str, weapon: str, delta: int) -> None:
        """Rounds loaded changed by `delta`, never below 0 (DG-AUTO-2)."""
        loaded = int(self.combatant(cid)["weapons"][weapon]["loaded"])
        self.change(set_(at(cid, "weapons", weapon, "loaded"), max(0, loaded + int(delta))))

    def sheet(self, cid: str, path: Iterable[str], value: Any) -> None:
        """A sheet value (a characteristic lost or gained); the sheet's HP is the maximum too."""
        path = list(path)
        self.change(set_(at(cid, "sheet", *path), value))
        if path == ["hp"]:
            self.change(set_(at(cid, "hp_max"), int(value)))

    def spend(self, cid: str, cards: int, voluntary: bool = True) -> None:
        """DG-ACT-4: cards turned down (never more than dealt); DG-WOUND-3: acting while down."""
        c = self.combatant(cid)
        rnd = c["round"]
        spent = min(int(rnd.get("cards", 0)), int(rnd.get("spent", 0)) + int(cards))
        changes = [set_(at(cid, "round", "spent"), spent)]
        if voluntary and is_immobile(c):
            changes.append(set_(at(cid, "round", "spent_while_down"), True))
        self.change(*changes)

    def turn(self, cid: str) -> None:
        """A turn taken; DG-INIT-2: a new pass starts when everyone who can still act has
        acted in this one (delayed ones are in the order too)."""
        state = self.state
        changes: list[Change] = []
        if cid not in state["acted"]:
            changes.append(append(["acted"], cid))
        for key in ("delayed", "tie_grace"):
            if cid in state[key]:
                changes.append(set_([key], [other for other in state[key] if other != cid]))
        held = state.get("held") or {}
        if cid in held:  # DG-INIT-4: a hold lasts for the one half-DEX action
            changes.append(set_(["held"], {other: r for other, r in held.items() if other != cid}))
        self.change(*changes)
        state = self.state
        acted, order = state["acted"], state["order"]
        for other in order:
            if other not in acted and eligible(state, other):
                return
        if any(eligible(state, other) for other in order):
            self.change(
                set_(["pass"], int(state["pass"]) + 1),
                set_(["acted"], []),
                set_(["delayed"], []),
                set_(["held"], {}),
            )

    def delay(self, cid: str) -> None:
        """DG-INIT-2: the combatant waits for a later turn in this pass."""
        if cid not in self.state["delayed"]:
            self.change(append(["delayed"], cid))

    def hold(self, cid: str, rank: int) -> None:
        """DG-INIT-4: this pass, `cid` stands at its half-DEX rank."""
        self.change(set_(["held", cid], int(rank)))

    def damage(
        self,
        cid: str,
        amount: int,
        location: str | None = None,
        sever: bool = False,
        by: str | None = None,
    ) -> None:
        """DG-HP-1, DG-WOUND-*: damage to location and total, the limb's cap, and the wound
        effects of the thresholds crossed."""
        state = self.state
        c = self.combatant(cid)
        hit = max(0, int(amount))
        if not location or not c["sheet"].get("hit_locations", True):  # DG-LOC-5: total HP
            self.change(set_(at(cid, "hp"), int(c["hp"]) - hit))
            return
        loc = location
        normal = int(c["loc_max"][loc])
        before = int(c["damage"][loc])
        dealt = max(0, min(hit, 2 * normal - before)) if loc in LIMBS else hit  # DG-WOUND-6
        after = before + dealt
        changes: list[Change] = []
        if "wound_hits" in c:  # DG-WOUND-1 per hit
            crossed_one, crossed_two, worst = wound_crossing(c, loc, before, after, hit)
            changes.append(set_(at(cid, "wound_hits", loc), worst))
        else:
            crossed_one = before < normal <= after
            crossed_two = before < 2 * normal <= after
        changes.append(set_(at(cid, "damage", loc), after))
        changes.append(set_(at(cid, "hp"), int(c["hp"]) - dealt))
        if dealt > 0:
            changes.append(set_(at(cid, "aim"), None))  # DG-AIM-1: a hit spoils aiming
        down = set_(at(cid, "round", "spent"), c["round"].get("cards", 0))
        if crossed_one:
            if loc in LEGS:  # DG-WOUND-2
                changes += [set_(at(cid, "prone"), True), down]
            elif loc == CHEST:  # DG-WOUND-3
                changes += [set_(at(cid, "prone"), True), down, self._bleed(cid, loc, "roll")]
            elif loc in ARMS:  # DG-WOUND-4
                changes += _dropped(c, loc)
            elif loc == HEAD:  # DG-WOUND-5
                changes += [set_(at(cid, "prone"), True), self._bleed(cid, loc, "roll")]
        if crossed_two:
            if loc in LIMBS:  # DG-WOUND-6
                changes.append(append(at(cid, "severed" if sever else "maimed"), loc))
                changes.append(append(at(cid, "untreated"), loc))
            elif loc == HEAD:  # DG-WOUND-7
                changes.append(self._bleed(cid, loc, "auto"))
                if sever:
                    changes += [append(at(cid, "severed"), loc), set_(at(cid, "dead"), True)]
            elif loc == CHEST:  # DG-WOUND-8
                changes.append(self._bleed(cid, loc, "roll"))
        ties = state["ties"]
        if (
            by
            and state["phase"] == "in_round"
            and ties.get(by) is not None
            and ties.get(by) == ties.get(cid)
            and cid not in state["acted"]
            and cid not in state["tie_grace"]
        ):
            changes.append(append(["tie_grace"], cid))  # DG-INIT-3: simultaneous results
        self.change(*changes)

    def _bleed(self, cid: str, loc: str, kind: str) -> Change:
        return set_(at(cid, "bleeding", loc), {"kind": kind, "since": int(self.state["round"])})

    def heal(self, cid: str, amount: int, locations: Iterable[str] = ()) -> None:
        """DG-HEAL-3/-4: total HP and the locations healed, capped at their maxima."""
        c = self.combatant(cid)
        amount = max(0, int(amount))
        changes = [set_(at(cid, "hp"), min(int(c["hp_max"]), int(c["hp"]) + amount))]
        for loc in locations:
            if loc in c["maimed"] or loc in c["severed"]:
                continue  # DG-HEAL-5: maiming is permanent
            damage = max(0, int(c["damage"][loc]) - amount)
            changes.append(set_(at(cid, "damage", loc), damage))
            if damage < int(c["loc_max"][loc]) and loc in c["bleeding"]:
                # DG-WOUND-9 (AMB-DG-28): location HP above 0 stops the bleeding (as does a
                # successful First Aid or Medicine, care.treatment)
                changes.append(delete(at(cid, "bleeding", loc)))
        self.change(*changes)

    def bleed_stop(self, cid: str, location: str) -> None:
        """DG-WOUND-9: the location bleeds no more."""
        if location in self.combatant(cid)["bleeding"]:
            self.change(delete(at(cid, "bleeding", location)))

    def penalty(self, cid: str, value: int, round_no: int, source: str | None = None) -> None:
        """DG-SUPP-3/-4: a penalty on the combatant's attacks in round `round_no`."""
        entry = {"value": int(value), "round": int(round_no), "source": source}
        self.change(append(at(cid, "penalties"), entry))

    def treated(self, cid: str, location: str) -> None:
        """DG-HEAL-5: the maimed location has been treated."""
        untreated = list(self.combatant(cid)["untreated"])
        if location in untreated:
            untreated.remove(location)
            self.change(set_(at(cid, "untreated"), untreated))

    def list_add(self, cid: str, key: str, value: Any) -> None:
        """`value` in the combatant's list `key`, once."""
        if value not in self.combatant(cid).get(key, ()):
            self.change(append(at(cid, key), value))

    def maim_loss(self, cid: str, amount: int, location: str) -> None:
        """DG-HEAL-5 (AMB-DG-32): the maimed limb's L comes off max HP for good."""
        c = self.combatant(cid)
        hp_max = int(c["hp_max"]) - int(amount)
        self.change(
            set_(at(cid, "hp_max"), hp_max),
            set_(at(cid, "hp"), min(int(c["hp"]), hp_max)),
            append(at(cid, "maim_counted"), location),
        )

    def recompute_locations(self, cid: str) -> None:
        """DG-LOC-3: location HP from the (new) maximum HP; DG-WOUND-6: a limb never holds more
        than twice its HP."""
        c = self.combatant(cid)
        rounding = str(settings_of(self.state).location_hp_rounding)
        table = {**location_table(int(c["hp_max"]), rounding), **c["sheet"].get("location_hp", {})}
        changes = [set_(at(cid, "loc_max"), table)]
        for limb in LIMBS:
            most = min(int(c["damage"][limb]), 2 * int(table[limb]))
            changes.append(set_(at(cid, "damage", limb), most))
        self.change(*changes)

    def gain(self, cid: str, char: str, value: int) -> None:
        """DG-TRAIN-*: a characteristic's gain, pending."""
        gains = self.combatant(cid)["gains"]
        self.change(set_(at(cid, "gains", char), gains.get(char, 0) + int(value)))

    def taught(self, cid: str, student: str, char: str, value: int) -> None:
        """DG-TRAIN-*: what the teacher has taught this student."""
        taught = (self.combatant(cid)["taught"].get(student) or {}).get(char, 0)
        self.change(set_(at(cid, "taught", student, char), taught + int(value)))

    def state_set(self, key: str, value: Any) -> None:
        """A field of the encounter (the week, the scene's light, confined quarters...)."""
        self.change(set_([key], value))

    def round_start(
        self,
        round_no: int,
        order: list[str],
        ties: Mapping[str, Any],
        entries: Mapping[str, Mapping[str, Any]],
    ) -> None:
        """DG-INIT-1: a new round, its order and each combatant's cards; DG-AIM-1: aiming
        started last round is ready, any other aim lapses; DG-ACT-6: a belt takes two rounds."""
        changes = [
            set_(["round"], int(round_no)),
            set_(["phase"], "in_round"),
            set_(["pass"], 1),
            set_(["order"], list(order)),
            set_(["ties"], dict(ties or {})),
            *_between_passes(),
        ]
        for cid, c in self.state["combatants"].items():
            entry = entries.get(cid)
            aim = c["aim"]
            if aim and aim.get("state") == "aiming":
                ready = aim.get("round") == int(round_no) - 1
                changes.append(set_(at(cid, "aim"), {**aim, "state": "ready"} if ready else None))
            elif aim and aim.get("state") == "ready":
                changes.append(set_(at(cid, "aim"), None))  # the benefit lasts one round
            changes += [set_(at(cid, "parry_vs"), None), set_(at(cid, "called"), None)]
            rnd = {**(entry or {"cards": 0, "spent": 0}), **ROUND_FRESH}
            if c["belt"] and entry:
                changes.append(set_(at(cid, "belt", "stage"), 2))
                rnd["spent"] = rnd["cards"]  # DG-ACT-6: a belt takes two whole rounds
            changes.append(set_(at(cid, "round"), rnd))
        self.change(*changes)

    def round_end(self) -> None:
        """DG-INIT-1: the round is over; the GM starts the next."""
        self.change(set_(["phase"], "between"), *_between_passes())

    def next_pass(self) -> None:
        """DG-INIT-2: the GM opens the next pass."""
        self.change(set_(["pass"], int(self.state["pass"]) + 1), *_between_passes())


def _between_passes() -> list[Change]:
    return [set_(["acted"], []), set_(["delayed"], []), set_(["tie_grace"], []), set_(["held"], {})]


def _dropped(c: Mapping[str, Any], arm: str) -> list[Change]:
    """DG-WOUND-4: a disabled arm drops what it holds (two-handed weapons need both arms)."""
    cid = c["id"]
    changes = []
    holding = f"{c['hand']}_arm"
    if c.get("off_hand") and arm != holding:
        changes.append(set_(at(cid, "off_hand"), None))  # the off hand is the other arm
    key = c["in_hand"]
    if key and (sheet_weapon(c, key)["two_handed"] or arm == holding):
        changes.append(set_(at(cid, "in_hand"), None))
    return changes
