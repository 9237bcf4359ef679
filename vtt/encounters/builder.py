"""The GM's encounter builder: campaign characters, opponents from templates, scene and settings.

It writes the same setup JSON a power user would type (docs/architecture.md, "Setup and the
demo"), with ids made from names so nobody types one, each character seated for its owner, and
`setup["characters"]` mapping actor ids back to characters for the write-back at the end.
"""

from __future__ import annotations

import copy
import json
from typing import Any

from django import forms
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from rules.core.errors import RulesError, SheetError
from rules.core.system import Audience, GameSystem
from vtt.accounts.models import display_name
from vtt.campaigns.models import Campaign, Role
from vtt.characters.condition import badges, brought_in_anyway, refused
from vtt.characters.models import Character
from vtt.characters.starters import starters
from vtt.encounters import scene_builder
from vtt.encounters.models import CampaignScenario
from vtt.library.content import templates
from vtt.schema_forms import SchemaForm, _choice_key, settings_schema_of
from vtt.tables import map_terrain
from vtt.words import own_side_name, say, shown, side_name

OPPONENT_ROWS = 4
PLACEMENT_TRIES = 400  # squares tried for one combatant before the rules' own refusal stands
SCENE_SKIPPED = ("title", "settings", "combatants", "seats", "characters")
SCENE_LABELS = {  # the demo setups' simple scene values, as the GM reads them
    "notes": gettext_lazy("Scene notes (everyone reads them)"),
    "first_side": gettext_lazy("Side that acts first"),
    "scenario": gettext_lazy("Scenario"),
}
KEPT_WORDS = {  # the demo setups' other parts, kept as they are, as the GM reads their names
    "map": gettext_lazy("the map"),
    "sides": gettext_lazy("the sides"),
    "grid": gettext_lazy("the grid"),
    "light": gettext_lazy("the light"),
}


def _scene_choices(
    system: GameSystem, key: str, value: Any, own: dict[str, str] | None = None
) -> list[tuple[str, str]] | None:
    """The values a scene entry can take, where they are a known set: the demo's sides for the
    side that acts first, the built-in scenarios and the campaign's own (`own`, key -> title)
    for a wargame's scenario."""
    if key == "first_side":
        sides = {str(c["side"]) for c in _demo(system).get("combatants") or () if c.get("side")}
        return [(side, side_name(side)) for side in sorted(sides | {str(value)})]
    if key == "scenario" and isinstance(value, str) and system.scenarios is not None:
        titles = dict(system.scenarios())  # the rules' built-in scenarios, by name
        names = sorted(set(titles) | {value})
        return [(name, shown(titles.get(name, name))) for name in names] + [
            (name, _("%(title)s (this campaign's)") % {"title": title})
            for name, title in (own or {}).items()
        ]
    return None


def _demo(system: GameSystem) -> dict[str, Any]:
    return system.demo() if system.demo is not None else {}


def sides_of(system: GameSystem) -> tuple[str | None, str]:
    """The demo's players' side and its opponents' side (the names the rules expect). The
    players' side is None where the demo's characters name none: the rules name it then (a Call
    of Cthulhu investigator joins the investigators), never a made-up "players"."""
    combatants = _demo(system).get("combatants") or []
    players = [c for c in combatants if c.get("controller") != "gm"]
    ours = next((c.get("side") for c in players if c.get("side")), None)
    theirs = next(
        (c.get("side") for c in combatants if c.get("side") and c.get("side") != ours), None
    )
    return (str(ours) if ours else None), str(theirs or "opponents")


def scenario_sides(
    system: GameSystem, labels: dict[str, dict[str, Any]] | None = None
) -> dict[str, list[str]]:
    """A wargame's sides by scenario (its actors are its sides), as its rules start each one;
    `labels`, if given, gets each scenario's own names for its sides (`side_labels`)."""
    out: dict[str, list[str]] = {}
    for name, _title in system.scenarios() if system.scenarios is not None else ():
        try:
            state = system.start({"scenario": name})
        except RulesError:
            continue
        out[name] = list(system.actors(state)) if system.actors is not None else []
        if labels is not None:
            labels[name] = side_labels_of(system, state)
    return out


def side_labels_of(system: GameSystem, state: Any) -> dict[str, Any]:
    """The names a started scenario gives its sides, by side and language (issue 36), as its
    view carries them for the table; {} for a scenario that names none."""
    scenario = system.view(state, Audience("gm")).get("scenario")
    found = scenario.get("side_labels") if isinstance(scenario, dict) else None
    return dict(found) if isinstance(found, dict) else {}


def own_scenarios(campaign: Campaign, system: GameSystem) -> dict[str, tuple[str, Any]]:
    """The campaign's own scenarios the rules start (issue 36: made in the scenario editor or
    imported), by key ("campaign-<pk>"): their title and data. One the rules refuse waits in
    the editor."""
    if system.scenarios is None:
        return {}
    out: dict[str, tuple[str, Any]] = {}
    for row in CampaignScenario.objects.filter(campaign=campaign, system=system.key):
        try:
            system.start({"scenario": row.data})
        except (RulesError, AttributeError, KeyError, TypeError, ValueError):
            continue
        out[f"campaign-{row.pk}"] = (row.title, row.data)
    return out


def opponent_entries(system: GameSystem) -> list[dict[str, Any]]:
    """Combatant entries to copy as opponents: the system's templates and the demo's combatants."""
    out: list[dict[str, Any]] = []
    by_name = {
        str(c.get("name") or (c.get("sheet") or {}).get("name") or c.get("id")): c
        for c in _demo(system).get("combatants") or []
    }
    for starter in starters(system):
        entry = copy.deepcopy(by_name.get(starter["name"], {}))
        entry.update({"name": starter["name"], "sheet": starter["sheet"]})
        out.append(entry)
    return out


class EncounterBuilder(forms.Form):
    """Who fights whom, where, and which rules differ from the campaign's."""

    title = forms.CharField(label=gettext_lazy("Title"), max_length=120)
    characters = forms.MultipleChoiceField(
        label=gettext_lazy("Characters of the campaign"),
        required=False,
        widget=forms.CheckboxSelectMultiple,
        help_text=gettext_lazy(
            "Each is seated for its player and starts as its sheet says now (HP, wounds, "
            "ammunition)."
        ),
    )
    bring_anyway = forms.BooleanField(
        label=gettext_lazy("Bring in dead or destroyed characters anyway"),
        required=False,
    )

    def __init__(self, *args: Any, campaign: Campaign, system: GameSystem, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.campaign = campaign
        self.system = system
        self.entries = opponent_entries(system)
        characters = list(
            Character.objects.filter(campaign=campaign, system=system.key).select_related(
                "owner", "owner__profile"
            )
        )
        self.by_pk = {str(c.pk): c for c in characters}
        self.fields["characters"].choices = [  # type: ignore[attr-defined]
            (str(c.pk), _choice_label(c)) for c in characters
        ]
        self.refusals = {
            str(c.pk): refused(c.system, c.sheet) for c in characters if refused(c.system, c.sheet)
        }
        opponents = [("", "—")]
        # the campaign library's NPC and monster templates (vtt/library): one that is a
        # built-in template unchanged (a starter) is offered once, as the built-in one; one the
        # group changed is offered instead of the built-in one of its name
        self.templates = {str(t["pk"]): t for t in templates(campaign)}
        built_in = {str(entry["name"]): entry for entry in self.entries}
        unchanged = {
            pk
            for pk, t in self.templates.items()
            if _same_sheet(t["sheet"], (built_in.get(str(t["name"])) or {}).get("sheet"))
        }
        mine = {str(t["name"]) for pk, t in self.templates.items() if pk not in unchanged}
        # the demo's and the campaign's names as the reader reads them (vtt.words.shown)
        opponents += [
            (f"t{n}", shown(str(entry["name"])))
            for n, entry in enumerate(self.entries)
            if str(entry["name"]) not in mine
        ]
        opponents += [
            (f"l{pk}", shown(str(t["name"])))
            for pk, t in self.templates.items()
            if pk not in unchanged
        ]
        opponents += [
            (f"c{c.pk}", _("Copy of %(name)s") % {"name": shown(c.name)}) for c in characters
        ]
        for n in range(OPPONENT_ROWS):
            self.fields[f"opponent_{n}"] = forms.ChoiceField(
                label=_("Opponent"), choices=opponents, required=False
            )
            self.fields[f"count_{n}"] = forms.IntegerField(
                label=_("How many"), min_value=1, max_value=20, initial=1, required=False
            )
        self.scene_keys: list[str] = []
        self.own = own_scenarios(campaign, system)
        own_titles = {key: title for key, (title, _data) in self.own.items()}
        for key, value in _demo(system).items():
            if key in SCENE_SKIPPED or not isinstance(value, str | int | float):
                continue
            self.scene_keys.append(key)
            label = SCENE_LABELS.get(key) or _("Scene: %(what)s") % {"what": key.replace("_", " ")}
            choices = _scene_choices(system, key, value, own_titles)
            # a built encounter starts from an empty scene: no demo note (issue 36); a choice
            # among known values (the side acting first, a scenario) starts at the demo's
            self.fields[f"scene_{key}"] = (
                forms.ChoiceField(label=label, choices=choices, initial=value, required=False)
                if choices is not None
                else forms.CharField(label=label, required=False, max_length=1000)
                if isinstance(value, str)
                else forms.FloatField(label=label, initial=value, required=False)
            )
        self.wargame = system.scenarios is not None
        self.side_labels: dict[str, dict[str, Any]] = {}  # by scenario: its sides' own names
        self.sides = scenario_sides(system, self.side_labels) if self.wargame else {}
        for key, (_title, data) in self.own.items():
            state = system.start({"scenario": data})
            self.sides[key] = list(system.actors(state))  # type: ignore[misc]
            self.side_labels[key] = side_labels_of(system, state)
        self._seat_fields(campaign)
        # a scene map for the systems played on one (vtt/encounters/scene_builder.py)
        self.has_scene = scene_builder.add_fields(self, campaign, system.key)
        demo_map = _demo(system).get("map")
        self.has_map = False
        if isinstance(demo_map, dict) and "width" in demo_map and "height" in demo_map:
            self.has_map = True
            self._map_fields(demo_map)
        # the kinds of square the GM may draw on it (cover, buildings... at a height), if any
        self.brushes = map_terrain.brushes(system.key) if self.has_map else []
        self.drawn_terrain: list[dict[str, Any]] | None = None
        self.most_height = map_terrain.MOST_HEIGHT
        self.kept = [
            key
            for key, value in _demo(system).items()
            if key not in SCENE_SKIPPED
            and key not in self.scene_keys
            and not (key == "map" and self.has_map)
        ]
        self.settings = OverridesForm(
            settings_schema_of(system),
            campaign.settings,
            self.data if "rules-shown" in self.data else None,
            prefix="rules",
        )

    def _seat_fields(self, campaign: Campaign) -> None:
        """A wargame's sides each seated for a member (its actors are its sides): the first
        player on the first side, the second on the next, as a table would sit down."""
        members = list(
            campaign.memberships.filter(role__in=(Role.GM, Role.PLAYER))
            .select_related("user", "user__profile")
            .order_by("joined")
        )
        who = [("", _("Nobody yet"))] + [(str(m.user_id), display_name(m.user)) for m in members]
        players = [str(m.user_id) for m in members if m.role == Role.PLAYER]
        self.side_keys: list[str] = []
        for n, side in (pair for sides in self.sides.values() for pair in enumerate(sides)):
            if side in self.side_keys:
                continue  # the n-th side of every scenario starts with the n-th player
            self.side_keys.append(side)
            # the side as the chosen scenario names it; the page's script (builder_sides.js)
            # reads the label of each scenario from the picker when the GM picks another
            labels = {
                key: _("Who plays %(side)s")
                % {"side": own_side_name(self.side_labels.get(key, {}).get(side), side)}
                for key, sides in self.sides.items()
                if side in sides
            }
            self.fields[f"seat_{side}"] = forms.ChoiceField(
                label=labels.get(self._chosen_scenario())
                or _("Who plays %(side)s") % {"side": side_name(side)},
                choices=who,
                initial=players[n] if n < len(players) else "",
                required=False,
                widget=forms.Select(attrs={"data-labels": json.dumps(labels, ensure_ascii=False)}),
            )

    def _chosen_scenario(self) -> str:
        """The scenario the form shows chosen: the one posted, else the picker's first."""
        field = self.fields.get("scene_scenario")
        if field is None:
            return ""
        posted = self.data.get(self.add_prefix("scene_scenario")) if self.is_bound else None
        return str(posted or field.initial or "")

    def _map_fields(self, demo_map: dict[str, Any]) -> None:
        """The map: the system's example one, or an open field of the size the GM gives."""
        self.fields["map_kind"] = forms.ChoiceField(
            label=_("Map"),
            choices=[("example", _("The system's example map")), ("open", _("An open field"))],
            initial="example",
            required=False,
        )
        for key, label in (("width", _("Width (squares)")), ("height", _("Height (squares)"))):
            self.fields[f"map_{key}"] = forms.IntegerField(
                label=label, min_value=4, max_value=60, initial=int(demo_map[key]), required=False
            )

    def scene_map_fields(self) -> list[forms.BoundField]:
        """The scene map's switch, size, square and background."""
        return scene_builder.bound_fields(self)

    def seat_fields(self) -> list[forms.BoundField]:
        """A wargame's sides, each with the member who plays it."""
        return [self[f"seat_{side}"] for side in self.side_keys]

    def map_fields(self) -> list[forms.BoundField]:
        """The map picker and an open field's size."""
        return (
            [self[name] for name in ("map_kind", "map_width", "map_height")] if self.has_map else []
        )

    @property
    def kept_words(self) -> list[str]:
        """The kept parts of the demo setup by name, in the reader's language."""
        return [str(KEPT_WORDS.get(key, key.replace("_", " "))) for key in self.kept]

    def opponent_rows(self) -> list[tuple[forms.BoundField, forms.BoundField]]:
        """The opponent pickers, each with its count."""
        return [(self[f"opponent_{n}"], self[f"count_{n}"]) for n in range(OPPONENT_ROWS)]

    def scene_fields(self) -> list[forms.BoundField]:
        """The demo setup's simple scene values (notes, first side...), to change."""
        return [self[f"scene_{key}"] for key in self.scene_keys]

    def is_valid(self) -> bool:
        valid = super().is_valid()
        return (not self.settings.is_bound or self.settings.is_valid()) and valid

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        chosen = any(cleaned.get(f"opponent_{n}") for n in range(OPPONENT_ROWS))
        if self.wargame:  # a wargame plays a scenario's order of battle: its sides are seated
            return cleaned
        if not cleaned.get("characters") and not chosen:
            raise forms.ValidationError(_("Pick at least one character or opponent."))
        if self.brushes and self.data.get("map_drawn"):
            self._clean_drawn(cleaned)
        if not cleaned.get("bring_anyway"):
            for pk in cleaned.get("characters") or ():
                if pk in self.refusals:  # issue 32: the last encounter left it dead or a wreck
                    why = ", ".join(badge.label for badge in self.refusals[pk])
                    self.add_error(
                        "characters",
                        _(
                            "%(name)s is %(why)s since the last encounter, so it is left out. "
                            "Mend the sheet first, or tick “Bring in dead or destroyed "
                            "characters anyway”."
                        )
                        % {"name": self.by_pk[pk].name, "why": why},
                    )
        return cleaned

    def _map_size(self, cleaned: dict[str, Any]) -> tuple[int, int]:
        """The map's squares across and down: the example's, or the open field's given."""
        demo_map = _demo(self.system)["map"]
        width, height = int(demo_map["width"]), int(demo_map["height"])
        if cleaned.get("map_kind") == "open":
            return cleaned.get("map_width") or width, cleaned.get("map_height") or height
        return width, height

    def _clean_drawn(self, cleaned: dict[str, Any]) -> None:
        """The squares the GM drew (builder_map.js's `map_terrain`), each one the map can hold."""
        width, height = self._map_size(cleaned)
        raw = str(self.data.get("map_terrain") or "")[:20000]
        try:
            self.drawn_terrain = map_terrain.drawn(self.system.key, raw, width, height)
        except ValueError as bad:
            self.add_error(
                None,
                _(
                    "%(item)s is not a square the map can hold (across,down,kind,height: a "
                    "square on the map, a kind of terrain it knows, a height from 0 to %(most)s)."
                )
                % {"item": str(bad)[:40], "most": map_terrain.MOST_HEIGHT},
            )

    def build(self) -> tuple[dict[str, Any], dict[str, int]]:
        """The setup JSON and the seats (actor id -> user id) the form describes."""
        data = self.cleaned_data
        ours, theirs = sides_of(self.system)
        demo = _demo(self.system)
        setup: dict[str, Any] = {key: copy.deepcopy(demo[key]) for key in self.kept}
        for key in self.scene_keys:
            value = data.get(f"scene_{key}")
            if value not in (None, ""):
                setup[key] = (
                    int(value) if isinstance(value, float) and value.is_integer() else value
                )
        if self.wargame:
            return self._wargame(setup)
        if self.has_map and data.get("map_kind") == "open":
            demo_map = demo["map"]
            setup["map"] = {
                "width": data.get("map_width") or int(demo_map["width"]),
                "height": data.get("map_height") or int(demo_map["height"]),
                "terrain": [],
            }
        elif self.has_map:
            setup["map"] = copy.deepcopy(demo["map"])
        if self.drawn_terrain is not None:  # drawn by the GM, square by square
            setup["map"]["terrain"] = copy.deepcopy(self.drawn_terrain)
        taken: set[str] = set()
        combatants: list[dict[str, Any]] = []
        seats: dict[str, int] = {}
        links: dict[str, int] = {}
        slots = [c for c in demo.get("combatants") or [] if c.get("controller") != "gm"]
        for n, pk in enumerate(data.get("characters") or []):
            character = self.by_pk[pk]
            actor = _unique(character.name, taken)
            entry = {
                **{
                    k: v for k, v in (slots[n] if n < len(slots) else {}).items() if k in ("x", "y")
                },
                "id": actor,
                "name": character.name,
                **({"side": ours} if ours else {}),  # else the rules name it (investigators)
                "controller": "player" if not character.is_npc else "gm",
                # the sheet as it is now: the condition the last encounter left (issue 32)
                "sheet": copy.deepcopy(
                    brought_in_anyway(character.system, character.sheet)
                    if pk in self.refusals
                    else character.sheet
                ),
            }
            self._placed(entry, f"ch{pk}")
            combatants.append(entry)
            links[actor] = character.pk
            if self._is_player(character):
                seats[actor] = character.owner_id
        for n in range(OPPONENT_ROWS):
            picked = data.get(f"opponent_{n}") or ""
            count = (data.get(f"count_{n}") or 1) if picked else 0
            for copy_n in range(count):
                entry = self._opponent(picked)
                name = str(entry.get("name") or "")
                shown = f"{name} {copy_n + 1}" if count > 1 else name
                entry.update(
                    {
                        "id": _unique(shown, taken),
                        "name": shown,
                        "side": str(entry.get("side") or theirs),
                        "controller": "gm",
                    }
                )
                if isinstance(entry.get("sheet"), dict) and "name" in entry["sheet"]:
                    entry["sheet"]["name"] = shown
                self._placed(entry, f"op{n}_{copy_n}")
                combatants.append(entry)
        setup["combatants"] = combatants
        setup["characters"] = links
        if self.settings.is_bound and self.settings.cleaned_data:
            setup["settings"] = dict(self.settings.cleaned_data)
        scene = scene_builder.scene_setup(data, self.data, combatants, OPPONENT_ROWS)
        if scene is not None:
            setup["scene"] = scene  # SCENE-MAP-5
        if "map" in setup:
            _place(self.system, setup)
        return setup, seats

    def _placed(self, entry: dict[str, Any], key: str) -> None:
        """The square the GM clicked for a unit on the map (`at_<key>` = "x,y"), if any; one
        taken twice or off the map is moved to the nearest free square (`_place`)."""
        if not self.has_map:
            return
        raw = str(self.data.get(f"at_{key}") or "")
        x, comma, y = raw.partition(",")
        if comma and x.strip().isdecimal() and y.strip().isdecimal():
            entry["x"], entry["y"] = int(x), int(y)
        # a library template or a copied character has no square of its own: the corner the
        # rules would put it on, and `_place` moves each copy to a free one
        entry.setdefault("x", 0)
        entry.setdefault("y", 0)

    @property
    def example_terrain(self) -> str:
        """The example map's terrain as "x,y,kind,height" items for the map picker to draw (a
        square without a height stands at its kind's usual one)."""
        found = _demo(self.system).get("map") or {}
        usual = {brush.kind: brush.height for brush in self.brushes}
        cells = []
        for item in found.get("terrain") or () if isinstance(found, dict) else ():
            if isinstance(item, dict) and "x" in item and "y" in item:
                kind = str(item.get("kind", ""))
                high = int(item.get("height", usual.get(kind, 0)))
                cells.append(f"{int(item['x'])},{int(item['y'])},{kind},{high}")
        return " ".join(cells)

    def _wargame(self, setup: dict[str, Any]) -> tuple[dict[str, Any], dict[str, int]]:
        """A scenario's setup and its sides seated for the members picked."""
        scenario = str(setup.get("scenario") or "")
        sides = self.sides.get(scenario, [])
        if scenario in self.own:  # the campaign's own: its data travels in the setup
            setup["scenario"] = copy.deepcopy(self.own[scenario][1])
        seats = {
            side: int(self.cleaned_data[f"seat_{side}"])
            for side in sides
            if self.cleaned_data.get(f"seat_{side}")
        }
        if isinstance(setup.get("sides"), dict):  # the example's side names, for these sides
            setup["sides"] = {k: v for k, v in setup["sides"].items() if k in sides}
        if self.settings.is_bound and self.settings.cleaned_data:
            setup["settings"] = dict(self.settings.cleaned_data)
        return setup, seats

    def _is_player(self, character: Character) -> bool:
        return (
            not character.is_npc
            and self.campaign.memberships.filter(
                user_id=character.owner_id, role=Role.PLAYER
            ).exists()
        )

    def _opponent(self, picked: str) -> dict[str, Any]:
        if picked.startswith("l"):
            template = self.templates[picked[1:]]
            return {"name": template["name"], "sheet": copy.deepcopy(template["sheet"])}
        if picked.startswith("c"):
            character = self.by_pk[picked[1:]]
            return {"name": character.name, "sheet": copy.deepcopy(character.sheet)}
        entry = copy.deepcopy(self.entries[int(picked[1:])])
        entry.pop("id", None)
        return entry


def _place(system: GameSystem, setup: dict[str, Any]) -> None:
    """Each combatant on a square the rules accept (MECH-AMB-19: on the map, no square shared,
    not inside a wall), nearest the square it was given: copies of one opponent, or a slot of
    the example map that an open field of another size does not have, move to a free square.
    The rules' own start is the judge, so a unit's size and the terrain count as they do."""
    width = int(setup["map"].get("width") or 0)
    height = int(setup["map"].get("height") or 0)
    placed: list[dict[str, Any]] = []
    for entry in setup["combatants"]:
        placed.append(entry)
        if "x" not in entry or "y" not in entry or _starts(system, setup, placed):
            continue
        x0 = min(max(int(entry["x"]), 0), max(width - 1, 0))
        y0 = min(max(int(entry["y"]), 0), max(height - 1, 0))
        squares = sorted(
            ((x, y) for x in range(width) for y in range(height)),
            key=lambda cell: (abs(cell[0] - x0) + abs(cell[1] - y0), cell[1], cell[0]),
        )
        used = {(c.get("x"), c.get("y")) for c in placed[:-1]}
        for x, y in [cell for cell in squares if cell not in used][:PLACEMENT_TRIES]:
            entry["x"], entry["y"] = x, y
            if _starts(system, setup, placed):
                break
        else:  # nowhere: the square it was given, and the rules' refusal says why
            entry["x"], entry["y"] = x0, y0


def _starts(system: GameSystem, setup: dict[str, Any], combatants: list[dict[str, Any]]) -> bool:
    try:
        system.start({**setup, "combatants": combatants})
    except (RulesError, KeyError, TypeError, ValueError):
        return False
    return True


def _same_sheet(template: Any, built_in: Any) -> bool:
    """Whether a library template's sheet is a built-in template's (its name aside)."""
    if not isinstance(template, dict) or not isinstance(built_in, dict):
        return False
    return {k: v for k, v in template.items() if k != "name"} == {
        k: v for k, v in built_in.items() if k != "name"
    }


def _choice_label(character: Character) -> str:
    """A character as the builder lists it: name, player and what the last fight left."""
    label = f"{shown(character.name)} ({display_name(character.owner)})"
    found = badges(character.system, character.sheet)
    return f"{label} — {', '.join(b.label for b in found)}" if found else label


def _unique(name: str, taken: set[str]) -> str:
    """An actor id made from a name (the rules need ids; people read names): its ASCII slug, or
    "c1", "c2"... for a name with no Latin letter or digit (林晓, 陈默), never one id for two."""
    slug = slugify(name).replace("-", "_")[:40]
    base, n = (slug, 2) if slug else ("c", 1)
    ident = base if slug else f"c{n}"
    while ident in taken or ident == "gm":
        ident, n = f"{base}_{n}" if slug else f"c{n}", n + 1
    taken.add(ident)
    return ident


class OverridesForm(SchemaForm):
    """The campaign's settings as a form whose answer is only what differs from the campaign."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for entry in self.schema.entries:
            if entry.kind in ("list", "record"):
                for name in self.names_of(entry):  # a table of values: the campaign page or JSON
                    del self.fields[name]
            else:
                self.fields[entry.key].required = False

    def clean(self) -> dict[str, Any]:
        cleaned = forms.Form.clean(self) or {}
        out: dict[str, Any] = {}
        # a copy: add_error takes the refused field out of cleaned_data, this very dict
        for key, value in list(cleaned.items()):
            entry = self.schema.entry(key)
            if entry.kind == "choice":
                value = next(
                    (c.value for c in entry.choices if _choice_key(c.value) == value), value
                )
            if value in (None, "") or value == self.current.get(key, entry.default):
                continue
            try:
                out[key] = entry.validate(value, key)
            except SheetError as error:
                self.add_error(key, say(error.problem))
        return out
