"""SCS scenarios are data (YAML/JSON): loading validates them and errors name the place."""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from pathlib import Path
from typing import Any

import yaml

from rules.core.errors import RulesError
from rules.core.messages import Msg
from rules.geometry.hex import Hex, HexError, HexGrid, grid_from_mapping, hexside_key, parse_label
from rules.scs import scenario_errors as e
from rules.scs.crt import Crt, ScenarioError, crt_from_mapping, to_fraction

SCENARIO_DIR = Path(__file__).parent / "scenarios"
PROHIBITED = None  # a "P" cost in the TEC


@dataclass(frozen=True)
class Modifier:
    """A TEC combat modifier (SCS-TEC-1): defense/attack multiplier, column_shift, drm."""

    type: str
    value: Fraction


@dataclass(frozen=True)
class HexTerrain:
    """One hex terrain of the TEC: MP per movement class (None = prohibited), combat effects."""

    name: str
    mp: Mapping[str, Fraction | None]
    combat: tuple[Modifier, ...]


@dataclass(frozen=True)
class HexsideFeature:
    """One hexside feature of the TEC (river...): MP added per class, whether a road negates it."""

    name: str
    mp_add: Mapping[str, Fraction | None]
    road_negates: bool
    combat: tuple[Modifier, ...]


@dataclass(frozen=True)
class Step:
    """One step level of a unit: printed attack, defense and movement allowance."""

    attack: int
    defense: int
    ma: int


@dataclass(frozen=True)
class UnitDef:
    """A unit of the order of battle with its step levels (full strength first) and set-up."""

    id: str
    side: str
    name: str
    type: str
    move_class: str
    exploit: bool
    steps: tuple[Step, ...]
    attack_mode: str = "close"
    support_range: int = 0  # SCS-ART-1 / PD-29
    setup_hex: Hex | None = None  # fixed set-up hex
    setup_area: frozenset[Hex] = frozenset()  # legal set-up hexes (w/i N or an area)
    setup_default: Hex | None = None
    oos_at_start: bool = False


@dataclass(frozen=True)
class Arrival:
    """SCS-REI-1: a reinforcement, its turn and its entry hexes."""

    unit: str
    turn: int
    entry_hexes: tuple[Hex, ...]


@dataclass(frozen=True)
class Scenario:
    """A loaded, validated scenario; every PD-* value it sets is read from here (SCS-RULES-1)."""

    id: str
    title: str
    game_turns: int
    sides: tuple[str, ...]  # actor ids, lower case: ("blue", "red")
    side_names: Mapping[str, str]  # each side as the log names it: its own name, else "Blue"
    first_player: str
    setup_order: tuple[str, ...]
    grid: HexGrid
    terrain: Mapping[Hex, str]
    places: Mapping[Hex, str]
    hexsides: Mapping[tuple[Hex, Hex], frozenset[str]]  # features incl. "road"
    movement_classes: tuple[str, ...]
    ezoc_entry_cost: Fraction
    road_mp: Fraction
    hex_terrain: Mapping[str, HexTerrain]
    hexside_features: Mapping[str, HexsideFeature]
    stacking_limit: int
    unit_points: str
    zoc_min_attack: int
    overrun_units: str
    overrun_must_start_stacked: bool
    overrun_mp: Fraction
    overrun_shift: int
    overrun_enter_cost: Fraction  # PD-15: MP to enter the emptied hex (0 by default)
    zero_strength_may_join: bool
    crt: Crt
    drms: tuple[Mapping[str, Any], ...]
    trace_max_hexes: int
    trace_class: str
    sources: Mapping[str, frozenset[Hex]]
    oos_attack: Fraction
    oos_defense: Fraction
    oos_ma: Fraction
    oos_ma_minimum: int
    attrition: str
    units: Mapping[str, UnitDef]
    arrivals: Mapping[str, Arrival]
    blocked: str
    vp_hexes: Mapping[Hex, tuple[int, str]]
    vp_per_step: int
    exit_vp: int
    allow_offmap_movement: bool = False  # SCS-MAP-5's exception: a move may leave and come back
    offmap_cells: frozenset[Hex] = frozenset()  # the hexes just beyond the edge it may cross
    offmap_mp: Mapping[str, Fraction | None] = field(default_factory=dict)  # MP per class there
    exits: Mapping[str, frozenset[Hex]] = field(default_factory=dict)  # SCS-MAP-4: exit hexes
    sudden_death: tuple[tuple[str, frozenset[Hex]], ...] = ()  # SCS-VIC-1: (side, hexes to hold)
    support_enabled: bool = False  # SCS-ART-1 / PD-29: the optional barrage module
    # the names the GM gave the sides, by language ("en", "zh-Hans"), English first (issue 36)
    side_labels: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    raw: Mapping[str, Any] = field(default_factory=dict, compare=False, repr=False)
    # Work derived from this scenario alone or from it and a position (ZOC unions, scaled MP,
    # movement and combat tables), remembered with it and dropped with it.
    memo: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)

    def label(self, cell: Hex) -> str:
        """SCS-MAP-1, SCS-MAP-2: every hex has an id, computed from its position, printed or not."""
        return self.grid.label(cell)

    def features(self, a: Hex, b: Hex) -> frozenset[str]:
        """The hexside features between two adjacent hexes ("road", "river", ...)."""
        return self.hexsides.get(hexside_key(a, b), frozenset())

    def terrain_of(self, cell: Hex) -> HexTerrain:
        return self.hex_terrain[self.terrain.get(cell, "clear")]


Where = str | Msg  # a key path of the format, or a unit by its id (scenario_errors.WHERE_*)


def _side_id(name: object, where: Where, sides: Sequence[str]) -> str:
    ident = str(name).strip().lower()
    if ident not in sides:
        raise ScenarioError(e.SIDE_UNKNOWN(where=where, side=repr(name), sides=", ".join(sides)))
    return ident


SIDE_NAME_MOST = 40  # characters in a side's name


def _side_labels(raw: object, sides: Sequence[str]) -> dict[str, dict[str, str]]:
    """The sides' own names (issue 36): `side_names: {blue: "Germans"}` or by language,
    `{blue: {en: "Germans", zh-Hans: "德军"}}`; English first, a side left out keeps its colour."""
    if raw is None:
        return {}
    if not isinstance(raw, Mapping):
        raise ScenarioError(e.SIDE_NAMES())
    out: dict[str, dict[str, str]] = {}
    for key, value in raw.items():
        side = _side_id(key, "side_names", sides)
        given = value if isinstance(value, Mapping) else {"en": value}
        names: dict[str, str] = {}
        for language, text in sorted(given.items(), key=lambda kv: str(kv[0]) != "en"):
            if text is None or text == "":
                continue
            if not isinstance(text, str) or not 0 < len(text.strip()) <= SIDE_NAME_MOST:
                found = e.SIDE_NAME_TEXT(side=str(key), most=SIDE_NAME_MOST, value=repr(text))
                raise ScenarioError(found)
            names[str(language)] = text.strip()
        if names:
            out[side] = names
    return out


def _hex(grid: HexGrid, label: object, where: Where) -> Hex:
    if not isinstance(label, str):
        raise ScenarioError(e.HEX_QUOTED(where=where, value=repr(label)))
    try:
        letter, _x, _y = parse_label(label)
    except HexError:
        raise ScenarioError(e.HEX_ID(where=where, hex=repr(label)), "SCS-MAP-1") from None
    try:
        return grid.cell(label)
    except HexError:
        if letter is not None and letter != grid.map_letter:
            found = e.HEX_OTHER_MAP(where=where, hex=label, letter=letter)
            raise ScenarioError(found, "SCS-MAP-1") from None
        raise ScenarioError(e.HEX_OFF_MAP(where=where, hex=label), "SCS-MAP-3") from None


def _mp(value: object, where: str) -> Fraction:
    """A movement cost in MP; never negative, or a path search could gain MP for ever."""
    cost = to_fraction(value, where)
    if cost < 0:
        raise ScenarioError(e.COST_NEGATIVE(where=where, value=repr(value)))
    return cost


def _cost(value: object, where: str) -> Fraction | None:
    if value == "P":
        return PROHIBITED
    return _mp(value, where)


def _modifiers(raw: object, where: str) -> tuple[Modifier, ...]:
    mods = []
    items: list[Any] = list(raw) if isinstance(raw, list) else []
    for i, item in enumerate(items):
        if not isinstance(item, Mapping) or item.get("type") not in (
            "defense_multiplier",
            "attack_multiplier",
            "column_shift",
            "drm",
        ):
            raise ScenarioError(e.MODIFIER(where=f"{where}[{i}]"))
        mods.append(Modifier(str(item["type"]), to_fraction(item.get("value"), f"{where}[{i}]")))
    return tuple(mods)


def _need(data: Mapping[str, Any], key: str, where: Where) -> Any:
    if key not in data or data[key] is None:
        raise ScenarioError(e.REQUIRED(where=where, key=key))
    return data[key]


def set_path(data: dict[str, Any], dotted: str, value: Any) -> None:
    """Set `a.b.c` in nested dicts (scenario overrides from campaign settings, SCS-RULES-1)."""
    parts = dotted.split(".")
    node = data
    for part in parts[:-1]:
        nxt = node.get(part)
        if not isinstance(nxt, dict):
            nxt = {}
            node[part] = nxt
        node = nxt
    node[parts[-1]] = value


def build(raw: Mapping[str, Any], overrides: Mapping[str, Any] | None = None) -> Scenario:
    """Validate scenario data (the `scenario:` mapping) into a Scenario; errors name the place."""
    data: dict[str, Any] = copy.deepcopy(dict(raw.get("scenario", raw)))
    for key, value in (overrides or {}).items():
        if value is not None:
            set_path(data, key, value)
    sid = str(_need(data, "id", "scenario"))
    side_list = _need(data, "sides", "scenario")
    if not isinstance(side_list, list) or len(side_list) != 2:
        raise ScenarioError(e.TWO_SIDES())
    sides = tuple(str(s).lower() for s in side_list)
    side_labels = _side_labels(data.get("side_names"), sides)
    side_names = {
        str(s).lower(): next(iter(side_labels.get(str(s).lower(), {}).values()), str(s))
        for s in side_list
    }
    first = _side_id(_need(data, "first_player", "scenario"), "first_player", sides)  # SCS-1.0b
    second = sides[1] if first == sides[0] else sides[0]
    order = tuple(
        _side_id(s, "setup_order", sides) for s in data.get("setup_order") or [second, first]
    )
    try:
        grid = grid_from_mapping(_need(data, "grid", "scenario"))
    except HexError as exc:
        raise ScenarioError(e.GRID(problem=exc.msg)) from None

    # Terrain Effects Chart (SCS-TEC-1); exact fractions throughout (SCS-ROUND-1).
    tec = _need(data, "tec", "scenario")
    classes = tuple(str(c) for c in _need(tec, "movement_classes", "tec"))
    hex_terrain: dict[str, HexTerrain] = {}
    for name, entry in (_need(tec, "hex", "tec") or {}).items():
        mp = entry.get("mp") or {}
        costs = {
            c: _cost(_need(mp, c, f"tec.hex.{name}.mp"), f"tec.hex.{name}.mp.{c}") for c in classes
        }
        hex_terrain[str(name)] = HexTerrain(
            str(name), costs, _modifiers(entry.get("combat"), f"tec.hex.{name}.combat")
        )
    features: dict[str, HexsideFeature] = {}
    for name, entry in (tec.get("hexside") or {}).items():
        add = entry.get("mp_add") or {}
        costs = {c: _cost(add.get(c, 0), f"tec.hexside.{name}.mp_add.{c}") for c in classes}
        features[str(name)] = HexsideFeature(
            str(name),
            costs,
            bool(entry.get("road_negates", False)),
            _modifiers(entry.get("combat"), f"tec.hexside.{name}.combat"),
        )
    road = tec.get("road") or {"mp": 1}
    default_terrain = str(data.get("default_terrain", "clear"))
    if default_terrain not in hex_terrain:
        raise ScenarioError(e.DEFAULT_TERRAIN(name=repr(default_terrain)))

    terrain: dict[Hex, str] = {}
    for name, labels in (data.get("terrain") or {}).items():
        if name not in hex_terrain:
            raise ScenarioError(e.TERRAIN_UNKNOWN(name=repr(name)))
        for label in labels:
            terrain[_hex(grid, label, f"terrain.{name}")] = str(name)
    terrain_full = {cell: terrain.get(cell, default_terrain) for cell in grid.cells}
    places = {_hex(grid, k, "places"): str(v) for k, v in (data.get("places") or {}).items()}
    sides_map: dict[tuple[Hex, Hex], set[str]] = {}
    for name, pairs in (data.get("hexsides") or {}).items():
        if name != "road" and name not in features:
            raise ScenarioError(e.FEATURE_UNKNOWN(name=repr(name)))
        for i, pair in enumerate(pairs):
            where: Where = f"hexsides.{name}[{i}]"
            if not isinstance(pair, list) or len(pair) != 2:
                raise ScenarioError(e.HEXSIDE_PAIR(where=where))
            a, b = _hex(grid, pair[0], where), _hex(grid, pair[1], where)
            if not grid.adjacent(a, b):
                raise ScenarioError(e.NOT_ADJACENT(where=where, a=pair[0], b=pair[1]))
            sides_map.setdefault(hexside_key(a, b), set()).add(str(name))

    stacking = _need(data, "stacking", "scenario")
    zoc = data.get("zoc") or {}
    overrun = data.get("overrun") or {}
    combat = data.get("combat") or {}
    crt_raw = _need(data, "crt", "scenario")
    try:
        crt = crt_from_mapping(crt_raw)
    except RulesError as exc:
        raise ScenarioError(e.CRT(problem=exc.msg)) from None
    drms = tuple(dict(d) for d in crt_raw.get("drms") or [])
    for i, drm in enumerate(drms):
        # SCS-CRT-1: a die roll modifier is whole (the roll plus it is a row of the table)
        if to_fraction(drm.get("value"), f"crt.drms[{i}].value").denominator != 1:
            raise ScenarioError(e.DRM_WHOLE(n=i, value=repr(drm.get("value"))), "SCS-CRT-1")
        if drm.get("when", "always") not in ("always", "overrun", "attacker_oos", "defender_oos"):
            raise ScenarioError(e.DRM_WHEN(n=i))
    supply = _need(data, "supply", "scenario")
    sources: dict[str, frozenset[Hex]] = {}
    for side_name, spec in (_need(supply, "sources", "supply") or {}).items():
        side = _side_id(side_name, "supply.sources", sides)
        cells: set[Hex] = set()
        if "column" in spec:
            cells |= {c for c in grid.cells if c[0] == int(spec["column"])}
        if "row" in spec:
            cells |= {c for c in grid.cells if c[1] == int(spec["row"])}
        for label in spec.get("hexes") or []:
            cells.add(_hex(grid, label, f"supply.sources.{side_name}"))
        sources[side] = frozenset(cells)

    units: dict[str, UnitDef] = {}
    for i, u in enumerate(_need(data, "units", "scenario")):
        uid = str(u.get("id") or f"#{i + 1}")
        where = e.WHERE_UNIT(unit=uid)
        if uid in units:
            raise ScenarioError(e.UNIT_TWICE(where=where))
        side = _side_id(_need(u, "side", where), where, sides)
        move_class = str(_need(u, "move_class", where))
        if move_class not in classes:
            raise ScenarioError(e.MOVE_CLASS(where=where, value=repr(move_class)))
        steps_raw = _need(u, "steps", where)
        if not isinstance(steps_raw, list) or not steps_raw:
            raise ScenarioError(e.NO_STEPS(where=where))
        steps = []
        for j, s in enumerate(steps_raw):
            try:
                steps.append(Step(int(s["a"]), int(s["d"]), int(s["ma"])))
            except (KeyError, TypeError, ValueError):
                raise ScenarioError(e.STEP_NUMBERS(where=where, n=j + 1)) from None
            if min(steps[-1].attack, steps[-1].defense, steps[-1].ma) < 0:
                raise ScenarioError(e.STEP_NEGATIVE(where=where, n=j + 1))
        setup = u.get("setup") or {}
        setup_hex = setup_default = None
        area: set[Hex] = set()
        if "hex" in setup:
            setup_hex = _hex(grid, setup["hex"], e.WHERE_SETUP_HEX(unit=uid))
            area = {setup_hex}
            setup_default = setup_hex
        elif "anchor" in setup:
            anchor = _hex(grid, setup["anchor"], e.WHERE_ANCHOR(unit=uid))
            area = grid.within(anchor, int(_need(setup, "within", e.WHERE_SETUP(unit=uid))))
            setup_default = _hex(
                grid, setup.get("default", setup["anchor"]), e.WHERE_DEFAULT(unit=uid)
            )
        elif "area" in setup:
            spec = setup["area"]
            inclusive = bool(spec.get("inclusive", True))  # SCS-SETUP-4
            lo_c, hi_c = (int(v) for v in spec.get("columns", [1, grid.columns]))
            lo_r, hi_r = (int(v) for v in spec.get("rows", [1, grid.rows]))
            if not inclusive:
                lo_c, hi_c, lo_r, hi_r = lo_c + 1, hi_c - 1, lo_r + 1, hi_r - 1
            area = {c for c in grid.cells if lo_c <= c[0] <= hi_c and lo_r <= c[1] <= hi_r}
            setup_default = _hex(
                grid, _need(setup, "default", e.WHERE_SETUP(unit=uid)), e.WHERE_DEFAULT(unit=uid)
            )
        if setup_default is not None and setup_default not in area:
            raise ScenarioError(e.SETUP_OUTSIDE(where=where, hex=grid.label(setup_default)))
        if (
            setup_default is not None
            and hex_terrain[terrain_full[setup_default]].mp[move_class] is None
        ):
            found = e.SETUP_PROHIBITED(where=where, hex=grid.label(setup_default))
            raise ScenarioError(found)
        mode = str(u.get("attack_mode", "close"))
        if mode not in ("close", "support"):
            raise ScenarioError(e.ATTACK_MODE(where=where))
        units[uid] = UnitDef(
            id=uid,
            side=side,
            name=str(u.get("name", uid)),
            type=str(u.get("type", "infantry")),
            move_class=move_class,
            exploit=bool(u.get("exploit", False)),
            steps=tuple(steps),
            attack_mode=mode,
            support_range=int(u.get("support_range", 0)),
            setup_hex=setup_hex,
            setup_area=frozenset(area),
            setup_default=setup_default,
            oos_at_start=bool(u.get("out_of_supply", False)),
        )

    rein = data.get("reinforcements") or {}
    arrivals: dict[str, Arrival] = {}
    for i, a in enumerate(rein.get("arrivals") or []):
        where = f"reinforcements.arrivals[{i}]"
        uid = str(_need(a, "unit", where))
        if uid not in units:
            raise ScenarioError(e.ARRIVAL_UNKNOWN(where=where, unit=uid))
        entries = tuple(
            _hex(grid, h, e.WHERE_ENTRY(unit=uid)) for h in _need(a, "entry_hexes", where)
        )
        arrivals[uid] = Arrival(uid, int(_need(a, "turn", where)), entries)
    for uid, unit in units.items():
        if unit.setup_default is None and uid not in arrivals:
            raise ScenarioError(e.NO_PLACE(unit=uid))
    blocked = str(rein.get("blocked", "delay"))
    if blocked not in ("delay", "nearest_free_edge_hex"):
        raise ScenarioError(e.BLOCKED(value=repr(blocked)), "PD-14")

    victory = data.get("victory") or {}
    vp_hexes = {}
    for label, spec in (victory.get("vp_hexes") or {}).items():
        cell = _hex(grid, label, "victory.vp_hexes")
        vp_hexes[cell] = (
            int(spec.get("vp", 1)),
            _side_id(spec.get("initial_control", first), f"victory.vp_hexes.{label}", sides),
        )
    exit_vp = victory.get("exit_vp", 0)
    sudden: list[tuple[str, frozenset[Hex]]] = []
    for i, cond in enumerate(victory.get("sudden_death") or []):
        where = f"victory.sudden_death[{i}]"
        side = _side_id(_need(cond, "side", where), where, sides)
        held = frozenset(_hex(grid, h, where) for h in _need(cond, "control", where))
        missing = [grid.label(c) for c in held if c not in vp_hexes]
        if missing:
            raise ScenarioError(e.NOT_VP_HEXES(where=where, hexes=", ".join(sorted(missing))))
        sudden.append((side, held))
    exits: dict[str, frozenset[Hex]] = {}
    for side_name, labels in (data.get("exits") or {}).items():
        side = _side_id(side_name, "exits", sides)
        cells = {_hex(grid, label, f"exits.{side_name}") for label in labels}
        inner = [grid.label(c) for c in cells if len(grid.neighbours(c)) == 6]
        if inner:
            raise ScenarioError(e.NOT_EDGE(side=side_name, hexes=", ".join(sorted(inner))))
        exits[side] = frozenset(cells)
    unit_points = str(stacking.get("unit_points", "current_steps"))
    if unit_points not in ("current_steps", "one_per_unit"):
        raise ScenarioError(e.UNIT_POINTS(), "PD-13")
    attrition = str(supply.get("attrition", "lose_step"))
    if attrition not in ("lose_step", "eliminate", "none"):
        raise ScenarioError(e.ATTRITION(), "PD-19")
    trace_class = str(supply.get("trace_class", "foot"))
    if trace_class not in classes:
        raise ScenarioError(e.TRACE_CLASS(value=repr(trace_class)))
    overrun_units = str(overrun.get("units", "exploit_capable"))
    if overrun_units not in ("exploit_capable", "any_with_zoc"):
        raise ScenarioError(e.OVERRUN_UNITS(), "PD-15")
    turns = int(_need(data, "game_turns", "scenario"))
    if turns < 1:
        raise ScenarioError(e.TURNS())
    limit = int(_need(stacking, "limit_points", "stacking"))
    if limit < 0:
        raise ScenarioError(e.STACKING_NEGATIVE(value=limit), "PD-13")
    allow_offmap = data.get("allow_offmap_movement", False)
    if not isinstance(allow_offmap, bool):
        raise ScenarioError(e.OFFMAP_BOOL(), "SCS-MAP-5")
    offmap_cells: frozenset[Hex] = frozenset()
    offmap_mp: dict[str, Fraction | None] = {}
    if allow_offmap:
        # SCS-MAP-5: one hex beyond the playable area (hex ids stay whole numbers >= 0).
        offmap_cells = frozenset(
            n
            for c in grid.cells
            for n in grid.all_neighbours(c)
            if n not in grid.cells and min(n) >= 0
        )
        raw_mp = data.get("offmap_mp")
        for c in classes:
            value = raw_mp.get(c) if isinstance(raw_mp, Mapping) else raw_mp
            offmap_mp[c] = (
                hex_terrain[default_terrain].mp[c]
                if value is None
                else _cost(value, f"offmap_mp.{c}" if isinstance(raw_mp, Mapping) else "offmap_mp")
            )
    return Scenario(
        id=sid,
        title=str(data.get("title", sid)),
        game_turns=turns,
        sides=sides,
        side_names=side_names,
        first_player=first,
        setup_order=order,
        grid=grid,
        terrain=terrain_full,
        places=places,
        hexsides={k: frozenset(v) for k, v in sides_map.items()},
        movement_classes=classes,
        ezoc_entry_cost=_mp(tec.get("ezoc_entry_cost", 2), "tec.ezoc_entry_cost"),
        road_mp=_mp(road.get("mp", 1), "tec.road.mp"),
        hex_terrain=hex_terrain,
        hexside_features=features,
        stacking_limit=limit,
        unit_points=unit_points,
        zoc_min_attack=int(zoc.get("requires_attack_at_least", 1)),
        overrun_units=overrun_units,
        overrun_must_start_stacked=bool(overrun.get("must_start_phase_stacked", True)),
        overrun_mp=_mp(overrun.get("mp_cost", 3), "overrun.mp_cost"),
        overrun_shift=int(overrun.get("column_shift", 0)),
        overrun_enter_cost=_mp(
            overrun.get("enter_vacated_hex_cost", 0), "overrun.enter_vacated_hex_cost"
        ),
        zero_strength_may_join=bool(combat.get("zero_strength_units_may_join", True)),
        crt=crt,
        drms=drms,
        trace_max_hexes=int(supply.get("trace_max_hexes", 6)),
        trace_class=trace_class,
        sources=sources,
        oos_attack=to_fraction(supply.get("oos_attack", "1/2"), "supply.oos_attack"),
        oos_defense=to_fraction(supply.get("oos_defense", 1), "supply.oos_defense"),
        oos_ma=to_fraction(supply.get("oos_ma", "1/2"), "supply.oos_ma"),
        oos_ma_minimum=int(supply.get("oos_ma_minimum", 1)),
        attrition=attrition,
        units=units,
        arrivals=arrivals,
        blocked=blocked,
        vp_hexes=vp_hexes,
        vp_per_step=int(victory.get("vp_per_enemy_step_eliminated", 0)),
        exit_vp=0 if exit_vp in (None, "none") else int(exit_vp),
        allow_offmap_movement=allow_offmap,
        offmap_cells=offmap_cells,
        offmap_mp=offmap_mp,
        exits=exits,
        sudden_death=tuple(sudden),
        support_enabled=bool((data.get("support") or {}).get("enabled", False)),
        side_labels=side_labels,
        raw=data,
    )


def read_file(path: Path) -> dict[str, Any]:
    """Parse a YAML or JSON scenario file; a syntax error names the file."""
    try:
        loaded = yaml.safe_load(path.read_text(encoding="utf-8"))
    except (OSError, yaml.YAMLError) as exc:
        raise ScenarioError(f"scenario file {path.name}: {exc}") from None
    if not isinstance(loaded, dict):
        raise ScenarioError(f"scenario file {path.name}: not a mapping")
    return loaded


@lru_cache(maxsize=32)
def _builtin(name: str) -> Scenario:
    path = SCENARIO_DIR / f"{name}.yaml"
    if not name.replace("_", "").isalnum() or not path.exists():
        known = ", ".join(sorted(p.stem for p in SCENARIO_DIR.glob("*.yaml")))
        raise ScenarioError(f"unknown scenario {name!r}; known: {known}")
    return build(read_file(path))


def builtin_scenarios() -> list[tuple[str, str]]:
    """Every built-in scenario (scenarios/<name>.yaml) as (name, title), by name."""
    return [(path.stem, _builtin(path.stem).title) for path in sorted(SCENARIO_DIR.glob("*.yaml"))]


def load_scenario(
    spec: str | Mapping[str, Any], overrides: Mapping[str, Any] | None = None
) -> Scenario:
    """A scenario by built-in name (scenarios/<name>.yaml) or inline data, with overrides."""
    if isinstance(spec, str) and not overrides:
        return _builtin(spec)
    key = repr((sorted_repr(spec), sorted_repr(overrides or {})))
    hit = _INLINE.get(key)
    if hit is None:
        base = _builtin(spec).raw if isinstance(spec, str) else spec
        hit = build(base, overrides)
        if len(_INLINE) > 64:
            _INLINE.clear()
        _INLINE[key] = hit
    return hit


_INLINE: dict[str, Scenario] = {}


def loaded(sid: str) -> Scenario | None:
    """The scenario with this id that this process last built from inline data (a campaign's
    own, issue 36), for the table's charts; None if none was."""
    return next((s for s in reversed(list(_INLINE.values())) if s.id == sid), None)


def sorted_repr(value: Any) -> str:
    """A stable text key of nested JSON data."""
    if isinstance(value, Mapping):
        return (
            "{" + ",".join(f"{k!r}:{sorted_repr(value[k])}" for k in sorted(value, key=str)) + "}"
        )
    if isinstance(value, list | tuple):
        return "[" + ",".join(sorted_repr(v) for v in value) + "]"
    return repr(value)
