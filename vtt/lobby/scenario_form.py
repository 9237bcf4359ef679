"""The SCS scenario editor's forms (issue 36): a scenario's data as fields and back.

The editor edits the parts of a scenario a GM sets (map size, terrain hex by hex, rivers and
roads, places and victory hexes, both sides' units and reinforcements, the turns and the
special rules the engine plays) and keeps every other part of the data as it was; the rules
(`rules.scs.draft.problem`) judge the result, so their own errors are the editor's."""

from __future__ import annotations

import copy
import re
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from django import forms
from django.utils import translation
from django.utils.translation import gettext_lazy as _

from rules.scs.draft import EDGES, MAX_SIZE, MIN_SIZE, SIDES, UNIT_TYPES, edge_of, edge_source
from vtt.badinput import whole_number
from vtt.tables.scs import TYPE_LABELS
from vtt.tables.scs_charts import WORDS
from vtt.words import own_side_name

EDGE_LABELS = {
    "west": _("the west edge (first column)"),
    "east": _("the east edge (last column)"),
    "south": _("the south edge (first row)"),
    "north": _("the north edge (last row)"),
}
BLOCKED_LABELS = {
    "delay": _("wait a turn"),
    "nearest_free_edge_hex": _("enter at the nearest free edge hex"),
}
SIDE_LABELS = {"Blue": _("Blue"), "Red": _("Red")}
UNIT_ROWS_NEW = 6  # a new scenario's empty unit rows (three a side)
UNIT_ROWS_MORE = 3  # empty rows under the units already made
PLACE_ROWS_MORE = 2


def _sides() -> list[tuple[str, Any]]:
    return [(side, SIDE_LABELS[side]) for side in SIDES]


def side_labels(data: Mapping[str, Any]) -> dict[str, str]:
    """Each side ("Blue", "Red": the keys never change) as the reader reads it: the name the GM
    gave it in the reader's language (issue 36), else its colour."""
    given = data.get("side_names") if isinstance(data.get("side_names"), Mapping) else {}
    out: dict[str, str] = {}
    for side in SIDES:
        names = given.get(side, given.get(side.lower()))  # type: ignore[union-attr]
        if names and not isinstance(names, Mapping):
            names = {"en": names}
        out[side] = own_side_name(names, side.lower()) if names else str(SIDE_LABELS[side])
    return out


def _named_choices(form: forms.Form, names: Mapping[str, str] | None) -> None:
    """The side choices of a form with the sides' own names."""
    if not names:
        return
    for field in form.fields.values():
        if not isinstance(field, forms.ChoiceField):
            continue
        keys = [choice[0] for choice in list(field.choices)]  # type: ignore[arg-type]
        if keys == list(SIDES):
            field.choices = [(side, names.get(side, side)) for side in SIDES]


def _hexes(text: object) -> list[str]:
    """ "07.05 08.05, 09.05" as hex ids."""
    return str(text or "").replace(",", " ").split()


def _number_text(text: object) -> Any:
    """A number the GM typed as the scenario format keeps it: a whole number as a number, a
    fraction ("1/2"), a decimal or "P" (prohibited) as written; the rules judge it."""
    value = str(text if text is not None else "").strip()
    if value.upper() == "P":
        return "P"
    try:
        return int(value)
    except ValueError:
        return value


MODIFIER_LABELS = {
    "": _("none"),
    "defense_multiplier": _("defense multiplier"),
    "attack_multiplier": _("attack multiplier"),
    "column_shift": _("column shift"),
    "drm": _("die roll modifier"),
}
# SCS-CRT-1: the die roll modifiers a scenario's CRT adds (`crt.drms`), by when each applies
DRM_WHEN = ("always", "overrun", "attacker_oos", "defender_oos")
DRM_LABELS = {
    "always": _("Die roll modifier on every attack"),
    "overrun": _("Die roll modifier on an overrun"),
    "attacker_oos": _("Die roll modifier when an attacker is out of supply"),
    "defender_oos": _("Die roll modifier when a defender is out of supply"),
}
CLASS_NAME = re.compile(r"^[a-z][a-z0-9_]{0,23}$")  # a movement class: a word of the data
BUILT_IN_CLASSES = ("foot", "mech")  # the rules' own movement classes, which have words


def class_words(classes: Any) -> str:
    """The movement classes as their field shows them: the rules' own by their words in the
    reader's language (徒步 机械化), a scenario's own as it names them."""
    return " ".join(str(WORDS[c]) if c in BUILT_IN_CLASSES else str(c) for c in classes)


def class_key(word: str) -> str:
    """A word typed in the movement classes field as the class it names (徒步 -> foot), in the
    reader's language or in English (a page shown in one language and sent in another)."""
    for c in BUILT_IN_CLASSES:
        with translation.override("en"):
            english = str(WORDS[c])
        if word in (c, str(WORDS[c]), english):
            return c
    return word


BELOW_LABELS = {
    "lowest_column": _("use the lowest column"),
    "no_attack": _("no attack is allowed"),
    "auto_result": _("a fixed result"),
}


def _number(label: Any, low: int, high: int, required: bool = True) -> forms.IntegerField:
    return forms.IntegerField(label=label, min_value=low, max_value=high, required=required)


class ScenarioFields(forms.Form):
    """The scenario as a whole: title, map size, turns, who moves first, special rules; the
    terrain, rivers and roads painted on the map travel as hidden text."""

    title = forms.CharField(label=_("Title"), max_length=120)
    columns = _number(_("Map columns"), MIN_SIZE, MAX_SIZE)
    rows = _number(_("Map rows"), MIN_SIZE, MAX_SIZE)
    game_turns = _number(_("Game turns"), 1, 50)
    first_player = forms.ChoiceField(label=_("Side that moves first"), choices=_sides)
    supply_blue = forms.ChoiceField(label=_("Blue draws supply from"), required=False)
    supply_red = forms.ChoiceField(label=_("Red draws supply from"), required=False)
    stacking = _number(_("Stacking limit (steps a hex holds)"), 0, 20)
    vp_per_step = _number(_("Victory points per enemy step eliminated"), 0, 10)
    blocked = forms.ChoiceField(
        label=_("A reinforcement whose entry hexes are all blocked"),
        choices=list(BLOCKED_LABELS.items()),
    )
    support = forms.BooleanField(
        label=_("Barrage by support units (optional module)"), required=False
    )
    offmap = forms.BooleanField(
        label=_("Units may leave the map and come back (SCS-MAP-5)"), required=False
    )
    name_blue = forms.CharField(label=_("Blue side's name"), max_length=40, required=False)
    name_blue_zh = forms.CharField(
        label=_("Blue side's name in Chinese"), max_length=40, required=False
    )
    name_red = forms.CharField(label=_("Red side's name"), max_length=40, required=False)
    name_red_zh = forms.CharField(
        label=_("Red side's name in Chinese"), max_length=40, required=False
    )
    sudden_blue = forms.CharField(
        label=_("Blue wins at once holding (VP hexes)"), max_length=200, required=False
    )
    sudden_red = forms.CharField(
        label=_("Red wins at once holding (VP hexes)"), max_length=200, required=False
    )
    sudden_blue_2 = forms.CharField(
        label=_("Blue also wins at once holding (VP hexes)"), max_length=200, required=False
    )
    sudden_red_2 = forms.CharField(
        label=_("Red also wins at once holding (VP hexes)"), max_length=200, required=False
    )
    exits_blue = forms.CharField(
        label=_("Blue may leave the map at (edge hexes)"), max_length=400, required=False
    )
    exits_red = forms.CharField(
        label=_("Red may leave the map at (edge hexes)"), max_length=400, required=False
    )
    exit_vp = _number(
        _("Victory points for each unit that leaves by an exit"), 0, 99, required=False
    )
    road_mp = forms.CharField(label=_("Road: MP per hex"), max_length=12, required=False)
    ezoc_cost = forms.CharField(
        label=_("Extra MP to enter an enemy ZOC"), max_length=12, required=False
    )
    movement_classes = forms.CharField(
        label=_("Movement classes (separated by spaces)"), max_length=200, required=False
    )
    trace_class = forms.ChoiceField(
        label=_("Supply is traced as the movement class"), required=False
    )
    drm_always = forms.CharField(label=DRM_LABELS["always"], max_length=6, required=False)
    drm_overrun = forms.CharField(label=DRM_LABELS["overrun"], max_length=6, required=False)
    drm_attacker_oos = forms.CharField(
        label=DRM_LABELS["attacker_oos"], max_length=6, required=False
    )
    drm_defender_oos = forms.CharField(
        label=DRM_LABELS["defender_oos"], max_length=6, required=False
    )
    crt_dice = forms.ChoiceField(
        label=_("CRT dice"),
        choices=[("1d6", "1d6"), ("2d6", "2d6"), ("1d10", "1d10")],
        required=False,
    )
    crt_columns = forms.CharField(
        label=_("CRT columns (odds, worst first)"), max_length=200, required=False
    )
    crt_below = forms.ChoiceField(
        label=_("Odds below the first column"),
        choices=list(BELOW_LABELS.items()),
        required=False,
    )
    crt_auto = forms.CharField(
        label=_("The fixed result (a result code such as AE)"), max_length=12, required=False
    )
    crt_rows = forms.CharField(
        label=_("CRT rows: a roll, a colon, one result per column"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 12, "spellcheck": "false"}),
    )
    terrain = forms.CharField(required=False, widget=forms.HiddenInput)
    rivers = forms.CharField(required=False, widget=forms.HiddenInput)
    roads = forms.CharField(required=False, widget=forms.HiddenInput)

    SIDE_WORDED = {
        "supply_{side}": _("%(side)s draws supply from"),
        "sudden_{side}": _("%(side)s wins at once holding (VP hexes)"),
        "sudden_{side}_2": _("%(side)s also wins at once holding (VP hexes)"),
        "exits_{side}": _("%(side)s may leave the map at (edge hexes)"),
    }

    def __init__(
        self,
        *args: Any,
        side_names: Mapping[str, str] | None = None,
        classes: tuple[str, ...] = (),
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        # the supply trace's class: one of the scenario's, or of those the GM is typing
        typed = [
            class_key(w)
            for w in str(self.data.get(self.add_prefix("movement_classes")) or "").split()
        ]
        known = list(dict.fromkeys([*classes, *(c for c in typed if CLASS_NAME.match(c))]))
        self.fields["trace_class"].choices = [  # type: ignore[attr-defined]
            (c, WORDS.get(c, c)) for c in known
        ]
        edges = [("", _("somewhere the scenario names")), *((e, EDGE_LABELS[e]) for e in EDGES)]
        for name in ("supply_blue", "supply_red"):
            self.fields[name].choices = edges  # type: ignore[attr-defined]
        _named_choices(self, side_names)
        for side in SIDES:
            shown = (side_names or {}).get(side)
            if shown and shown != str(SIDE_LABELS[side]):
                for pattern, words in self.SIDE_WORDED.items():
                    self.fields[pattern.format(side=side.lower())].label = words % {"side": shown}

    def clean_movement_classes(self) -> list[str]:
        """The TEC's movement classes (SCS-TEC-1) as words: each a column of the terrain rows
        and a unit's `move_class`."""
        words = [class_key(w) for w in str(self.cleaned_data.get("movement_classes") or "").split()]
        bad = [w for w in words if not CLASS_NAME.match(w)]
        if bad:
            raise forms.ValidationError(
                _(
                    "A movement class is one lower-case word of letters, digits or _ "
                    "(such as foot or mech), not %(word)s"
                )
                % {"word": bad[0]}
            )
        if len(set(words)) != len(words):
            raise forms.ValidationError(_("Each movement class is named once."))
        return words

    def clean_crt_rows(self) -> dict[int | str, list[str]]:
        """The CRT's rows as the scenario format keeps them: roll -> results, one per column."""
        out: dict[int | str, list[str]] = {}
        for line in str(self.cleaned_data.get("crt_rows") or "").splitlines():
            if not line.strip():
                continue
            roll, colon, results = line.partition(":")
            number = whole_number(roll.strip())  # "²".isdigit(), but int("²") raises
            if not colon or number is None or not results.split():
                raise forms.ValidationError(
                    _("Each line is a roll, a colon and the results, e.g. %(example)s")
                    % {"example": "7: AL1 Ao1 NE DE"}
                )
            out[number] = results.split()
        return out

    def name_fields(self) -> list[forms.BoundField]:
        return [self[n] for n in ("name_blue", "name_blue_zh", "name_red", "name_red_zh")]

    def victory_fields(self) -> list[forms.BoundField]:
        sudden = ("sudden_blue", "sudden_blue_2", "sudden_red", "sudden_red_2")
        return [self[n] for n in (*sudden, "exits_blue", "exits_red", "exit_vp")]

    def chart_fields(self) -> list[forms.BoundField]:
        names = ("road_mp", "ezoc_cost", "crt_dice", "crt_below", "crt_auto", "crt_columns")
        return [self[n] for n in names]

    def drm_fields(self) -> list[forms.BoundField]:
        return [self[f"drm_{when}"] for when in DRM_WHEN]

    def class_fields(self) -> list[forms.BoundField]:
        return [self["movement_classes"], self["trace_class"]]

    def main_fields(self) -> list[forms.BoundField]:
        return [self[n] for n in ("title", "columns", "rows", "game_turns", "first_player")]

    def rule_fields(self) -> list[forms.BoundField]:
        """The special rules the engine plays, as choices and numbers."""
        return [
            self[n] for n in ("supply_blue", "supply_red", "stacking", "vp_per_step", "blocked")
        ]

    def check_fields(self) -> list[forms.BoundField]:
        return [self["support"], self["offmap"]]


class UnitFields(forms.Form):
    """One unit of the order of battle: who, what, how strong, where it sets up or when it
    arrives."""

    uid = forms.CharField(label=_("Id"), max_length=12, required=False)
    side = forms.ChoiceField(label=_("Side"), choices=_sides)
    name = forms.CharField(label=_("Name"), max_length=60, required=False)
    type = forms.ChoiceField(
        label=_("Type"), choices=[(t, TYPE_LABELS[t]) for t in UNIT_TYPES], initial="infantry"
    )
    move_class = forms.ChoiceField(
        label=_("Moves as"), choices=[("foot", WORDS["foot"]), ("mech", WORDS["mech"])]
    )
    exploit = forms.BooleanField(label=_("Exploits"), required=False)
    a = _number(_("Attack"), 0, 99, required=False)
    d = _number(_("Defense"), 0, 99, required=False)
    ma = _number(_("MA"), 0, 99, required=False)
    ra = _number(_("Reduced attack"), 0, 99, required=False)
    rd = _number(_("Reduced defense"), 0, 99, required=False)
    rma = _number(_("Reduced MA"), 0, 99, required=False)
    more = forms.CharField(label=_("Further steps"), max_length=120, required=False)
    hex = forms.CharField(label=_("Set-up hex"), max_length=8, required=False)
    within = _number(_("Within (hexes)"), 0, 20, required=False)
    turn = _number(_("Arrives on turn"), 1, 50, required=False)
    entry = forms.CharField(label=_("Entry hexes"), max_length=120, required=False)
    support_range = _number(_("Barrage range"), 0, 20, required=False)
    remove = forms.BooleanField(label=_("Remove"), required=False)

    def __init__(
        self,
        *args: Any,
        types: tuple[str, ...] = (),
        classes: tuple[str, ...] = (),
        side_names: Mapping[str, str] | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        _named_choices(self, side_names)
        # an imported scenario's own unit types and movement classes (its TEC's) are offered too
        known: list[tuple[str, Any]] = [(t, TYPE_LABELS[t]) for t in UNIT_TYPES]
        known += [(t, t) for t in types if t not in UNIT_TYPES]
        self.fields["type"].choices = known  # type: ignore[attr-defined]
        if classes:
            self.fields["move_class"].choices = [  # type: ignore[attr-defined]
                (c, WORDS.get(c, c)) for c in classes
            ]

    def clean_more(self) -> list[dict[str, int]]:
        """The steps after the reduced one, weakest last ("2-1-4 1-1-4")."""
        steps = []
        for word in str(self.cleaned_data.get("more") or "").replace(",", " ").split():
            numbers = [whole_number(p) for p in word.split("-")]  # not isdigit(): "²"
            if len(numbers) != 3 or None in numbers:
                raise forms.ValidationError(
                    _(
                        "Write each further step as attack-defense-MA, such as 2-1-4, "
                        "a space between steps."
                    )
                )
            a, d, ma = (int(n or 0) for n in numbers)
            steps.append({"a": a, "d": d, "ma": ma})
        return steps

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        reduced = any(data.get(k) is not None for k in ("ra", "rd", "rma"))
        if data.get("more") and not reduced:
            self.add_error(
                "more", _("Give the reduced strength first: further steps come after it.")
            )
        return data

    @property
    def used(self) -> bool:
        data = getattr(self, "cleaned_data", {})
        return not data.get("remove") and bool(data.get("uid") or data.get("name"))


class PlaceFields(forms.Form):
    """A named place or a victory hex (or both): its hex, name, VP and who holds it first."""

    hex = forms.CharField(label=_("Hex"), max_length=8, required=False)
    name = forms.CharField(label=_("Place name"), max_length=60, required=False)
    vp = _number(_("Victory points"), 0, 99, required=False)
    held = forms.ChoiceField(label=_("Held first by"), choices=_sides)

    def __init__(
        self, *args: Any, side_names: Mapping[str, str] | None = None, **kwargs: Any
    ) -> None:
        super().__init__(*args, **kwargs)
        _named_choices(self, side_names)


class ChartRow(forms.Form):
    """One line of the terrain effects chart (SCS-TEC-1): a hex terrain, or a hexside feature
    such as a river, with its movement cost for each movement class (a number, a fraction like
    1/2, or P for prohibited; for a hexside, the MP it adds) and its combat effect."""

    key = forms.CharField(label=_("Terrain"), max_length=24, required=False)
    effect = forms.ChoiceField(
        label=_("Combat effect"), choices=list(MODIFIER_LABELS.items()), required=False
    )
    value = forms.CharField(label=_("Effect value"), max_length=12, required=False)
    effect2 = forms.ChoiceField(
        label=_("Second combat effect"), choices=list(MODIFIER_LABELS.items()), required=False
    )
    value2 = forms.CharField(label=_("Second effect value"), max_length=12, required=False)
    road_negates = forms.BooleanField(label=_("A road crossing it negates it"), required=False)
    remove = forms.BooleanField(label=_("Remove"), required=False)

    def __init__(
        self, *args: Any, classes: tuple[str, ...] = ("foot", "mech"), **kwargs: Any
    ) -> None:
        super().__init__(*args, **kwargs)
        for c in classes:
            label = _("MP: %(class)s") % {"class": WORDS.get(c, c)}
            self.fields[f"mp_{c}"] = forms.CharField(label=label, max_length=12, required=False)
        # the cost fields right after the name
        order = ["key", *(f"mp_{c}" for c in classes), "effect", "value", "effect2", "value2"]
        order.append("road_negates")
        self.order_fields([*order, "remove"])

    @property
    def used(self) -> bool:
        data = getattr(self, "cleaned_data", {})
        return not data.get("remove") and bool(str(data.get("key") or "").strip())

    @property
    def shown(self) -> str:
        """The chart's own terrain as its reader reads it ("woods": 森林), "" for a new row,
        whose name the GM types."""
        key = str(self.initial.get("key") or "")
        return str(WORDS.get(key, key))


UnitRows = forms.formset_factory(UnitFields, extra=0)
PlaceRows = forms.formset_factory(PlaceFields, extra=0)
ChartRows = forms.formset_factory(ChartRow, extra=0)


def _pairs(text: str) -> list[list[str]]:
    """ "06.01-07.01 06.02-07.02" as hexside pairs."""
    out = []
    for item in text.split():
        a, dash, b = item.partition("-")
        if dash:
            out.append([a, b])
    return out


def initial(data: Mapping[str, Any]) -> tuple[dict[str, Any], list[dict[str, Any]], list[Any]]:
    """The scenario's values as the editor's fields: the whole, the units and the places."""
    grid = data.get("grid") or {}
    columns, rows = int(grid.get("columns") or 10), int(grid.get("rows") or 8)
    supply = data.get("supply") or {}
    sources = supply.get("sources") or {}
    victory = data.get("victory") or {}
    terrain = " ".join(
        f"{label}:{kind}"
        for kind, labels in (data.get("terrain") or {}).items()
        for label in labels
    )
    sides = data.get("hexsides") or {}
    whole = {
        "title": data.get("title", ""),
        "columns": columns,
        "rows": rows,
        "game_turns": data.get("game_turns", 5),
        "first_player": str(data.get("first_player", SIDES[0])).title(),
        "supply_blue": edge_of(sources.get("Blue") or sources.get("blue"), columns, rows),
        "supply_red": edge_of(sources.get("Red") or sources.get("red"), columns, rows),
        "stacking": (data.get("stacking") or {}).get("limit_points", 4),
        "vp_per_step": victory.get("vp_per_enemy_step_eliminated", 0),
        "blocked": (data.get("reinforcements") or {}).get("blocked", "delay"),
        "support": bool((data.get("support") or {}).get("enabled")),
        "offmap": bool(data.get("allow_offmap_movement")),
        **_initial_more(data),
        "terrain": terrain,
        "rivers": " ".join(f"{a}-{b}" for a, b in sides.get("river") or ()),
        "roads": " ".join(f"{a}-{b}" for a, b in sides.get("road") or ()),
    }
    arrivals = {
        str(a.get("unit")): a for a in (data.get("reinforcements") or {}).get("arrivals") or ()
    }
    units = []
    for unit in data.get("units") or ():
        steps = list(unit.get("steps") or [{}])
        full, reduced = steps[0], (steps[1] if len(steps) > 1 else {})
        setup = unit.get("setup") or {}
        arrival = arrivals.get(str(unit.get("id")), {})
        units.append(
            {
                "uid": unit.get("id", ""),
                "side": str(unit.get("side", SIDES[0])).title(),
                "name": unit.get("name", ""),
                "type": unit.get("type", "infantry"),
                "move_class": unit.get("move_class", "foot"),
                "exploit": bool(unit.get("exploit")),
                "a": full.get("a"),
                "d": full.get("d"),
                "ma": full.get("ma"),
                "ra": reduced.get("a"),
                "rd": reduced.get("d"),
                "rma": reduced.get("ma"),
                "more": steps_text(steps[2:]),
                "hex": setup.get("hex") or setup.get("anchor") or "",
                "within": setup.get("within") or 0,
                "turn": arrival.get("turn"),
                "entry": " ".join(arrival.get("entry_hexes") or ()),
                "support_range": unit.get("support_range") or 0,
            }
        )
    places: dict[str, dict[str, Any]] = {}
    for label, name in (data.get("places") or {}).items():
        places[str(label)] = {"hex": label, "name": name, "vp": 0, "held": SIDES[0]}
    for label, spec in (victory.get("vp_hexes") or {}).items():
        row = places.setdefault(str(label), {"hex": label, "name": "", "held": SIDES[0]})
        row["vp"] = spec.get("vp", 1)
        row["held"] = str(spec.get("initial_control") or data.get("first_player", "Blue")).title()
    return whole, units, list(places.values())


def _of_side(spec: Any, side: str) -> Any:
    """A per-side value of the scenario format, its key "Blue" or "blue"."""
    if not isinstance(spec, Mapping):
        return None
    return spec.get(side, spec.get(side.lower()))


def _initial_more(data: Mapping[str, Any]) -> dict[str, Any]:
    """The sides' names, sudden death, exits, the road and ZOC costs and the CRT as fields."""
    out: dict[str, Any] = {}
    for side in SIDES:
        names = _of_side(data.get("side_names"), side)
        names = names if isinstance(names, Mapping) else {"en": names} if names else {}
        out[f"name_{side.lower()}"] = names.get("en") or ""
        out[f"name_{side.lower()}_zh"] = names.get("zh-Hans") or ""
        out[f"exits_{side.lower()}"] = " ".join(_of_side(data.get("exits"), side) or ())
    victory = data.get("victory") or {}
    for side in SIDES:
        held = [c for c in victory.get("sudden_death") or () if str(c.get("side")).title() == side]
        held += [{}, {}]  # the editor shows each side's first two conditions
        out[f"sudden_{side.lower()}"] = " ".join(held[0].get("control") or ())
        out[f"sudden_{side.lower()}_2"] = " ".join(held[1].get("control") or ())
    exit_vp = victory.get("exit_vp")
    out["exit_vp"] = 0 if exit_vp in (None, "none") else exit_vp
    tec = data.get("tec") or {}
    out["road_mp"] = str((tec.get("road") or {}).get("mp", 1))
    out["ezoc_cost"] = str(tec.get("ezoc_entry_cost", 2))
    out["movement_classes"] = class_words(tec.get("movement_classes") or ())
    out["trace_class"] = str((data.get("supply") or {}).get("trace_class", "foot"))
    crt = data.get("crt") or {}
    for when, total in drm_totals(crt.get("drms")).items():
        out[f"drm_{when}"] = "" if total == 0 else str(total)
    out["crt_dice"] = str(crt.get("dice", "2d6"))
    out["crt_below"] = str(crt.get("below_min", "lowest_column"))
    out["crt_auto"] = str(crt.get("below_min_result", "AE"))
    out["crt_columns"] = " ".join(str(c) for c in crt.get("columns") or ())
    out["crt_rows"] = "\n".join(
        f"{roll}: {' '.join(str(r) for r in results)}"
        for roll, results in sorted(
            (crt.get("rows") or {}).items(),
            key=lambda kv: whole_number(str(kv[0])) or 0,
        )
    )
    return out


def drm_totals(drms: object) -> dict[str, Fraction]:
    """Each case's die roll modifier (`crt.drms`, SCS-CRT-1) summed: the figures add every entry
    that applies; a value that is not a number counts as none (the rules refuse it)."""
    totals = dict.fromkeys(DRM_WHEN, Fraction(0))
    for entry in drms if isinstance(drms, list) else ():
        if not isinstance(entry, Mapping):
            continue
        when = str(entry.get("when", "always"))
        try:
            value = Fraction(str(entry.get("value")).replace(" ", ""))
        except (ValueError, ZeroDivisionError):
            continue
        if when in totals:
            totals[when] += value
    return totals


def chart_rows(data: Mapping[str, Any]) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The TEC's hex terrains and hexside features as chart rows (SCS-TEC-1)."""
    tec = data.get("tec") or {}
    classes = tuple(str(c) for c in tec.get("movement_classes") or ())

    def row(key: str, entry: Mapping[str, Any], costs: str) -> dict[str, Any]:
        combat = [c if isinstance(c, Mapping) else {} for c in entry.get("combat") or ()]
        first, second = [*combat, {}, {}][:2]
        mp = entry.get(costs) or {}
        return {
            "key": key,
            **{f"mp_{c}": str(mp.get(c, "")) for c in classes},
            "effect": first.get("type", ""),
            "value": str(first.get("value", "")) if first else "",
            "effect2": second.get("type", ""),
            "value2": str(second.get("value", "")) if second else "",
            "road_negates": bool(entry.get("road_negates")),
        }

    hexes = [row(str(k), v or {}, "mp") for k, v in (tec.get("hex") or {}).items()]
    hexsides = [row(str(k), v or {}, "mp_add") for k, v in (tec.get("hexside") or {}).items()]
    return hexes, hexsides


def unit_choices(data: Mapping[str, Any]) -> dict[str, tuple[str, ...]]:
    """The unit rows' type and movement-class choices for this scenario (form_kwargs)."""
    types = tuple(sorted({str(u.get("type")) for u in data.get("units") or () if u.get("type")}))
    classes = tuple(str(c) for c in (data.get("tec") or {}).get("movement_classes") or ())
    return {"types": types, "classes": classes}


def blank_rows(units: int, places: int) -> tuple[int, int]:
    """How many empty rows to offer under the units and the places made."""
    return (UNIT_ROWS_NEW if units == 0 else UNIT_ROWS_MORE), PLACE_ROWS_MORE


def edited(
    data: Mapping[str, Any],
    whole: Mapping[str, Any],
    units: list[Mapping[str, Any]],
    places: list[Mapping[str, Any]],
    terrains: list[Mapping[str, Any]] | None = None,
    features: list[Mapping[str, Any]] | None = None,
) -> dict[str, Any]:
    """The scenario with the editor's values in: what the fields show replaced, the rest kept."""
    out: dict[str, Any] = copy.deepcopy(dict(data))
    _edited_more(out, whole)
    if terrains is not None:
        _charts(out, "hex", "mp", terrains)
    if features is not None:
        _charts(out, "hexside", "mp_add", features)
    columns, rows = int(whole["columns"]), int(whole["rows"])
    out["title"] = whole["title"]
    out["game_turns"] = whole["game_turns"]
    out["grid"] = {**(out.get("grid") or {}), "columns": columns, "rows": rows}
    first = whole["first_player"]
    out["sides"] = list(SIDES)
    out["first_player"] = first
    out["setup_order"] = [s for s in SIDES if s != first] + [first]  # SCS-SETUP-5
    supply = out.setdefault("supply", {})
    sources = supply.setdefault("sources", {})
    for side in SIDES:
        edge = whole.get(f"supply_{side.lower()}")
        if edge:
            sources.pop(side.lower(), None)
            sources[side] = edge_source(edge, columns, rows)
    out.setdefault("stacking", {})["limit_points"] = whole["stacking"]
    victory = out.setdefault("victory", {})
    victory["vp_per_enemy_step_eliminated"] = whole["vp_per_step"]
    out.setdefault("support", {})["enabled"] = bool(whole.get("support"))
    out["allow_offmap_movement"] = bool(whole.get("offmap"))
    out.setdefault("reinforcements", {})["blocked"] = whole["blocked"]  # PD-14
    terrain: dict[str, list[str]] = {}
    for item in str(whole.get("terrain") or "").split():
        label, colon, kind = item.partition(":")
        if colon and kind != out.get("default_terrain", "clear"):
            terrain.setdefault(kind, []).append(label)
    out["terrain"] = {kind: sorted(set(labels)) for kind, labels in sorted(terrain.items())}
    hexsides = {k: v for k, v in (out.get("hexsides") or {}).items() if k not in ("river", "road")}
    for feature, field in (("river", "rivers"), ("road", "roads")):
        pairs = _pairs(str(whole.get(field) or ""))
        if pairs:
            hexsides[feature] = pairs
    out["hexsides"] = hexsides
    out["places"] = {str(p["hex"]).strip(): p["name"] for p in places if p.get("name")}
    victory["vp_hexes"] = {
        str(p["hex"]).strip(): {"vp": p["vp"], "initial_control": p["held"]}
        for p in places
        if p.get("vp")
    }
    _units(out, units)
    return out


def _units(out: dict[str, Any], rows: list[Mapping[str, Any]]) -> None:
    """The order of battle and the reinforcements from the unit rows (ids made where left
    blank: B1, B2... for Blue, R1... for Red); what a row has no field for is kept."""
    before = {str(u.get("id")): u for u in out.get("units") or ()}
    taken = {str(row.get("uid") or "").strip() for row in rows} - {""}
    counters = dict.fromkeys(SIDES, 0)
    units, arrivals = [], []
    for row in rows:
        uid = str(row.get("uid") or "").strip()
        side = str(row["side"])
        while not uid:
            counters[side] += 1
            candidate = f"{side[0]}{counters[side]}"
            if candidate not in taken:
                uid = candidate
                taken.add(uid)
        old = before.get(uid, {})
        steps = [_step(row, "a", "d", "ma")]
        if any(row.get(k) is not None for k in ("ra", "rd", "rma")):
            steps.append(_step(row, "ra", "rd", "rma"))
        more = row.get("more")
        steps += list((old.get("steps") or [])[2:]) if more is None else list(more)
        unit = {
            **{k: v for k, v in old.items() if k != "setup"},
            "id": uid,
            "side": side,
            "name": str(row.get("name") or uid),
            "type": row["type"],
            "move_class": row["move_class"],
            "exploit": bool(row.get("exploit")),
            "steps": steps,
        }
        reach = int(row.get("support_range") or 0)
        if reach:
            unit.update({"attack_mode": "support", "support_range": reach})
        else:
            unit.pop("attack_mode", None)
            unit.pop("support_range", None)
        where = str(row.get("hex") or "").strip()
        if row.get("turn"):
            entry = str(row.get("entry") or "").split() or ([where] if where else [])
            arrivals.append({"unit": uid, "turn": row["turn"], "entry_hexes": entry})
        elif where and row.get("within"):
            kept = old.get("setup") or {}  # the same area keeps its own default hex
            same = (kept.get("anchor"), kept.get("within")) == (where, row["within"])
            unit["setup"] = (
                dict(kept) if same else {"anchor": where, "within": row["within"], "default": where}
            )
        elif where:
            unit["setup"] = {"hex": where}
        elif "area" in (old.get("setup") or {}):
            unit["setup"] = old["setup"]
        units.append(unit)
    out["units"] = units
    rein = out.setdefault("reinforcements", {})
    rein["arrivals"] = arrivals


def steps_text(steps: Any) -> str:
    """Steps as a unit row's further steps read them: "2-1-4 1-1-4"."""
    return " ".join(
        f"{s.get('a', 0)}-{s.get('d', 0)}-{s.get('ma', 0)}" for s in steps if isinstance(s, Mapping)
    )


def _step(row: Mapping[str, Any], a: str, d: str, ma: str) -> dict[str, Any]:
    return {"a": row.get(a) or 0, "d": row.get(d) or 0, "ma": row.get(ma) or 0}


def _edited_more(out: dict[str, Any], whole: Mapping[str, Any]) -> None:
    """The sides' names, sudden death, exits, road and ZOC costs and the CRT from the fields;
    the rest of each part kept."""
    names: dict[str, dict[str, str]] = {}
    for side in SIDES:
        given = {
            "en": str(whole.get(f"name_{side.lower()}") or "").strip(),
            "zh-Hans": str(whole.get(f"name_{side.lower()}_zh") or "").strip(),
        }
        given = {code: text for code, text in given.items() if text}
        if given:
            names[side] = given
    if names:
        out["side_names"] = names
    else:
        out.pop("side_names", None)
    victory = out.setdefault("victory", {})
    _sudden(victory, whole)
    exits = {
        side: _hexes(whole.get(f"exits_{side.lower()}"))
        for side in SIDES
        if _hexes(whole.get(f"exits_{side.lower()}"))
    }
    if exits:
        out["exits"] = exits
    else:
        out.pop("exits", None)
    if whole.get("exit_vp") is not None:
        n = int(whole["exit_vp"])
        if n or victory.get("exit_vp") not in (None, "none", 0):
            victory["exit_vp"] = n
    tec = out.setdefault("tec", {})
    if str(whole.get("road_mp") or "").strip():
        tec["road"] = {**(tec.get("road") or {}), "mp": _number_text(whole["road_mp"])}
    if str(whole.get("ezoc_cost") or "").strip():
        tec["ezoc_entry_cost"] = _number_text(whole["ezoc_cost"])
    if whole.get("movement_classes"):  # SCS-TEC-1
        tec["movement_classes"] = list(whole["movement_classes"])
    if whole.get("trace_class"):
        out.setdefault("supply", {})["trace_class"] = whole["trace_class"]
    if whole.get("crt_dice"):
        crt = out.setdefault("crt", {})
        crt["dice"] = whole["crt_dice"]
        crt["below_min"] = whole.get("crt_below") or "lowest_column"
        auto = str(whole.get("crt_auto") or "").strip()
        if auto or "below_min_result" in crt:  # the rules read the code
            crt["below_min_result"] = auto or "AE"
        crt["columns"] = _hexes(whole.get("crt_columns"))
        crt["rows"] = dict(whole.get("crt_rows") or {})
        _drms(crt, whole)


def _sudden(victory: dict[str, Any], whole: Mapping[str, Any]) -> None:
    """SCS-VIC-1: each side's first two sudden-death conditions from the fields, in side order;
    any further one (imported) kept after them."""
    kept: list[Any] = []
    shown: dict[str, int] = {}
    for cond in victory.get("sudden_death") or ():  # the editor shows each side's first two
        side = str(cond.get("side")).title() if isinstance(cond, Mapping) else ""
        if side in SIDES and shown.get(side, 0) < 2:
            shown[side] = shown.get(side, 0) + 1
            continue
        kept.append(cond)
    sudden = [
        {"side": side, "control": _hexes(whole.get(name))}
        for side in SIDES
        for name in (f"sudden_{side.lower()}", f"sudden_{side.lower()}_2")
        if _hexes(whole.get(name))
    ]
    if sudden or kept:
        victory["sudden_death"] = sudden + kept
    else:
        victory.pop("sudden_death", None)


def _drms(crt: dict[str, Any], whole: Mapping[str, Any]) -> None:
    """SCS-CRT-1: the CRT's die roll modifiers from the fields, one entry for each case given;
    a list whose totals the fields show unchanged is kept as written."""
    typed = {when: str(whole.get(f"drm_{when}") or "").strip() for when in DRM_WHEN}
    given = [(when, _number_text(text)) for when, text in typed.items() if text not in ("", "0")]
    made = [{"when": when, "value": value} for when, value in given]
    if drm_totals(made) == drm_totals(crt.get("drms")) and all(
        isinstance(v, int) for _w, v in given
    ):
        return
    crt["drms"] = made


def _charts(out: dict[str, Any], part: str, costs: str, rows: list[Mapping[str, Any]]) -> None:
    """The TEC's hex terrains (or hexside features) from the chart rows: costs and the first two
    combat effects from the fields, every other value of an entry kept (SCS-TEC-1)."""
    tec = out.setdefault("tec", {})
    classes = [str(c) for c in tec.get("movement_classes") or ()]
    before = dict(tec.get(part) or {})
    made: dict[str, Any] = {}
    for row in rows:
        key = str(row.get("key") or "").strip()
        old = dict(before.get(key) or {})
        had = old.get(costs)
        had = had if isinstance(had, Mapping) else {}
        mp: dict[str, Any] = {}
        for c in classes:  # a class new since the rows were drawn keeps no field: the rules ask
            if f"mp_{c}" in row:
                mp[c] = _number_text(row.get(f"mp_{c}"))
            elif c in had:
                mp[c] = had[c]
        entry = {**old, costs: mp}
        if part == "hexside":
            entry[costs] = {c: v for c, v in entry[costs].items() if v != ""}
            entry["road_negates"] = bool(row.get("road_negates"))
        extra = list(old.get("combat") or [])[2:]
        shown = []
        for effect, value in (("effect", "value"), ("effect2", "value2")):
            if row.get(effect):
                shown.append({"type": str(row[effect]), "value": _number_text(row.get(value))})
        entry["combat"] = shown + extra
        made[key] = entry
    tec[part] = made
