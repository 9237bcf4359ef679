"""The SCS scenario editor's pages (issue 36), a campaign's GM only: the campaign's scenarios,
a new one, the editor (checked by the rules as the GM edits, over htmx), export and import as
JSON, delete. New encounter offers every scenario the rules accept (vtt/encounters/builder.py).
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from rules.core.errors import RulesError
from rules.scs import draft
from rules.scs.draft import MAX_SIZE, MIN_SIZE
from rules.scs.scenario_errors import NOT_JSON
from vtt.campaigns.models import Campaign, Role
from vtt.campaigns.views import member_campaign
from vtt.encounters.models import CampaignScenario
from vtt.library.content import items
from vtt.lobby import scenario_form as sf
from vtt.lobby.scenario_map import drawing
from vtt.words import refusal, shown

SYSTEM = "scs"  # the rule system whose scenarios this editor makes
MAX_BYTES = 512 * 1024  # a scenario file bigger than this is refused unread


class NewScenario(forms.Form):
    """A new scenario: its title and map size; everything else is set in the editor."""

    title = forms.CharField(label=gettext_lazy("Title"), max_length=120)
    columns = forms.IntegerField(
        label=gettext_lazy("Map columns"), min_value=MIN_SIZE, max_value=MAX_SIZE, initial=10
    )
    rows = forms.IntegerField(
        label=gettext_lazy("Map rows"), min_value=MIN_SIZE, max_value=MAX_SIZE, initial=8
    )


class ScenarioFile(forms.Form):
    """A scenario exported from this editor (or written by hand) as JSON."""

    file = forms.FileField(label=gettext_lazy("Scenario file (JSON)"))


def _gm_campaign(request: HttpRequest, campaign_id: int) -> Campaign:
    campaign, role = member_campaign(request, campaign_id)
    if role != Role.GM or campaign.system != SYSTEM:
        raise Http404
    return campaign


def versioned(pk: int, data: dict[str, Any]) -> dict[str, Any]:
    """The data with an id naming the scenario and this version of it ("campaign-7-3f2a9c01"):
    an encounter keeps the version it started from, and the table's charts name the one played."""
    body = json.dumps({k: v for k, v in data.items() if k != "id"}, sort_keys=True, default=str)
    return {**data, "id": f"campaign-{pk}-{hashlib.sha256(body.encode()).hexdigest()[:8]}"}


def _scenario(campaign: Campaign, scenario_id: int) -> CampaignScenario:
    return get_object_or_404(CampaignScenario, pk=scenario_id, campaign=campaign, system=SYSTEM)


def _store(campaign: Campaign, data: dict[str, Any]) -> CampaignScenario:
    title = str(data.get("title") or _("A new scenario"))[:120]
    made = CampaignScenario.objects.create(campaign=campaign, system=SYSTEM, title=title, data={})
    made.data = versioned(made.pk, {**data, "title": title})
    made.save(update_fields=["data"])
    return made


@login_required
def scenario_list(request: HttpRequest, campaign_id: int) -> HttpResponse:
    """The campaign's scenarios, a new one by title and map size, and a file to import."""
    campaign = _gm_campaign(request, campaign_id)
    new = NewScenario(request.POST if "new" in request.POST else None)
    upload = ScenarioFile(
        request.POST if "import" in request.POST else None,
        request.FILES if "import" in request.POST else None,
    )
    error = ""
    if new.is_bound and new.is_valid():
        data = draft.blank(
            new.cleaned_data["title"], new.cleaned_data["columns"], new.cleaned_data["rows"]
        )
        made = _store(campaign, data)
        return redirect("campaigns:scenario", campaign.pk, made.pk)
    if upload.is_bound and upload.is_valid():
        found = upload.cleaned_data["file"]
        try:
            if found.size > MAX_BYTES:
                raise forms.ValidationError(
                    _("The file is larger than %(kb)s KB: a scenario is far smaller.")
                    % {"kb": MAX_BYTES // 1024}
                )
            data = _read(found.read())
        except forms.ValidationError as exc:
            error = " ".join(exc.messages)
        except RulesError as exc:
            error = refusal(exc)
        else:
            made = _store(campaign, data)
            messages.success(request, _("%(title)s was imported.") % {"title": made.title})
            return redirect("campaigns:scenario", campaign.pk, made.pk)
    rows = [
        {"scenario": s, "problem": draft.problem(s.data)}
        for s in CampaignScenario.objects.filter(campaign=campaign, system=SYSTEM)
    ]
    status = 400 if request.method == "POST" else 200
    context = {"campaign": campaign, "new": new, "upload": upload, "rows": rows, "error": error}
    return render(request, "campaigns/scenarios.html", context, status=status)


def _read(raw: bytes) -> dict[str, Any]:
    """A scenario file's data, checked by the rules before anything is stored."""
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        raise RulesError(NOT_JSON()) from None
    if isinstance(data, dict) and isinstance(data.get("scenario"), dict):
        data = data["scenario"]  # a file in the shipped scenarios' shape
    if not isinstance(data, dict):
        raise RulesError(NOT_JSON())
    found = draft.problem(data)
    if found is not None:
        raise found
    return data


class Forms:
    """The editor's forms over one draft: the whole, the units, the places and the two parts
    of the terrain effects chart (hex terrains, hexside features)."""

    def __init__(self, data: dict[str, Any], post: Any = None) -> None:
        whole, units, places = sf.initial(data)
        more_units, more_places = sf.blank_rows(len(units), len(places))
        new_side = [{"side": s} for s in draft.SIDES for _n in range(more_units // 2)]
        new_side += [{"side": draft.SIDES[0]}] * (more_units - len(new_side))
        names = sf.side_labels(data)
        choices = {**sf.unit_choices(data), "side_names": names}
        classes = {"classes": sf.unit_choices(data)["classes"] or ("foot", "mech")}
        terrains, hexsides = sf.chart_rows(data)
        if post is not None:
            self.whole = sf.ScenarioFields(post, side_names=names, **classes)
            self.units = sf.UnitRows(post, prefix="unit", form_kwargs=choices)
            self.places = sf.PlaceRows(post, prefix="place", form_kwargs={"side_names": names})
            # a post without the chart's rows (a script's, an older page's) keeps the charts
            charts = "tec-TOTAL_FORMS" in post
            self.terrains = sf.ChartRows(
                post if charts else None, prefix="tec", form_kwargs=classes
            )
            self.hexsides = sf.ChartRows(
                post if charts else None, prefix="side", form_kwargs=classes
            )
            return
        self.whole = sf.ScenarioFields(initial=whole, side_names=names, **classes)
        self.units = sf.UnitRows(initial=units + new_side, prefix="unit", form_kwargs=choices)
        self.places = sf.PlaceRows(
            initial=places + [{}] * more_places, prefix="place", form_kwargs={"side_names": names}
        )
        self.terrains = sf.ChartRows(initial=[*terrains, {}], prefix="tec", form_kwargs=classes)
        self.hexsides = sf.ChartRows(initial=[*hexsides, {}], prefix="side", form_kwargs=classes)

    def all(self) -> list[Any]:
        forms: list[Any] = [self.whole, self.units, self.places, self.terrains, self.hexsides]
        return [f for f in forms if f.is_bound]

    def edited(self, data: dict[str, Any]) -> dict[str, Any] | None:
        """The draft with the posted fields in, or None while a field itself is refused."""
        if not all(f.is_valid() for f in self.all()):
            return None
        charts = self.terrains.is_bound
        return sf.edited(
            data,
            self.whole.cleaned_data,
            [f.cleaned_data for f in self.units.forms if f.used],
            [f.cleaned_data for f in self.places.forms if f.cleaned_data.get("hex")],
            [f.cleaned_data for f in self.terrains.forms if f.used] if charts else None,
            [f.cleaned_data for f in self.hexsides.forms if f.used] if charts else None,
        )


@login_required
def scenario_edit(request: HttpRequest, campaign_id: int, scenario_id: int) -> HttpResponse:
    """The editor. An htmx post (as the GM paints or types) checks the draft and redraws the
    map without storing; Save stores the draft, playable or not, and says what the rules
    refuse in it."""
    campaign = _gm_campaign(request, campaign_id)
    scenario = _scenario(campaign, scenario_id)
    data = dict(scenario.data)
    if request.method == "POST":
        found = Forms(data, request.POST)
        changed = found.edited(data)
        if request.headers.get("HX-Request"):
            shown = changed if changed is not None else data
            return render(
                request,
                "campaigns/_scenario_preview.html",
                {
                    **_preview(campaign, scenario, shown, fields_ok=changed is not None),
                    "refused": _refused(found),
                },
            )
        if changed is not None:
            scenario.data = versioned(scenario.pk, changed)
            scenario.title = str(changed.get("title") or scenario.title)[:120]
            scenario.save()
            messages.success(request, _("%(title)s was saved.") % {"title": scenario.title})
            return redirect("campaigns:scenario", campaign.pk, scenario.pk)
        status = 400
    else:
        found = Forms(data)
        status = 200
    context = {
        **_preview(campaign, scenario, data, fields_ok=True),
        "whole": found.whole,
        "units": found.units,
        "places": found.places,
        "terrain_rows": found.terrains,
        "hexside_rows": found.hexsides,
        "terrains": _terrains(data),
        "terrain_tones": {kind: tone for kind, _label, tone in _terrains(data) if tone},
        "unit_types": _unit_types(campaign),
    }
    return render(request, "campaigns/scenario_editor.html", context, status=status)


def _refused(found: Forms) -> list[str]:
    """Each refused field as "label: why", for the check beside the map (the fields themselves
    show it once saved)."""
    out = []
    rows: list[tuple[str, Any]] = [("", found.whole)]
    parts = (
        (found.places, _("Place %(n)s")),
        (found.units, _("Unit %(n)s")),
        (found.terrains, _("Terrain %(n)s")),
        (found.hexsides, _("Hexside feature %(n)s")),
    )
    for formset, words in parts:
        rows += [(words % {"n": n + 1}, f) for n, f in enumerate(formset.forms)]
    for where, form in rows:
        for name, errors in form.errors.items():
            label = form.fields[name].label if name in form.fields else ""
            out += [" ".join(str(p) for p in (where, f"{label}: {e}") if p) for e in errors]
    return out


def _preview(
    campaign: Campaign, scenario: CampaignScenario, data: dict[str, Any], fields_ok: bool
) -> dict[str, Any]:
    found = draft.problem(data)
    sides = {side: 0 for side in draft.SIDES}
    for unit in data.get("units") or ():
        side = str(unit.get("side", "")).title()
        sides[side] = sides.get(side, 0) + 1
    scs = drawing(data)
    return {
        "campaign": campaign,
        "scenario": scenario,
        "scs": scs,
        "marks": _marks(data, scs["hexes"]),
        "problem": refusal(found) if found is not None else "",
        "fields_ok": fields_ok,
        "counts": [(sf.side_labels(data).get(side, side), n) for side, n in sides.items()],
    }


def _marks(data: dict[str, Any], hexes: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each unit's id on its set-up hex (a reinforcement's, "+id" on its first entry hex), one
    line under the other where several share a hex."""
    at = {h["id"]: (h["x"], h["y"]) for h in hexes}
    first = {
        str(a.get("unit")): (a.get("entry_hexes") or [""])[0]
        for a in (data.get("reinforcements") or {}).get("arrivals") or ()
        if isinstance(a, dict)
    }
    out: list[dict[str, Any]] = []
    used: dict[str, int] = {}
    for unit in data.get("units") or ():
        uid = str(unit.get("id", ""))
        setup = unit.get("setup") or {}
        where = str(setup.get("hex") or setup.get("default") or setup.get("anchor") or "")
        text = uid
        if uid in first:
            where, text = str(first[uid]), f"+{uid}"
        if where not in at:
            continue
        n = used.get(where, 0)
        used[where] = n + 1
        x, y = at[where]
        side = str(unit.get("side", "")).lower()
        out.append({"x": x, "y": round(y + 4 + 10 * n - 5, 1), "text": text, "side": side})
    return out


def _unit_types(campaign: Campaign) -> list[dict[str, Any]]:
    """The campaign library's unit types (vtt/library) as the unit rows' fields, to fill a row
    from one: its name as its reader reads it, type, movement, strengths, barrage range."""
    out = []
    for item in items(campaign, "unit_type"):
        data = item.data
        given = [s for s in data.get("steps") or () if isinstance(s, dict)]
        full, reduced = [*given, {}, {}][:2]
        fields = {
            "name": shown(str(data.get("name") or item.name)),
            "type": data.get("type", "infantry"),
            "move_class": data.get("move_class", "foot"),
            "exploit": bool(data.get("exploit")),
            "a": full.get("a"),
            "d": full.get("d"),
            "ma": full.get("ma"),
            "ra": reduced.get("a"),
            "rd": reduced.get("d"),
            "rma": reduced.get("ma"),
            "more": sf.steps_text(given[2:]),
            "support_range": (
                data.get("support_range") or 0 if data.get("attack_mode") == "support" else 0
            ),
        }
        out.append({"key": str(item.pk), "label": fields["name"], "fields": fields})
    return sorted(out, key=lambda t: str(t["label"]))


def _terrains(data: dict[str, Any]) -> list[tuple[str, str, str]]:
    """The hex terrains of the draft's terrain effects chart, as the painter's tools: each with
    its words and the tone a terrain the scenario names itself is drawn in."""
    from vtt.tables.scs_charts import WORDS, terrain_tones

    default = str(data.get("default_terrain") or "clear")
    kinds = sorted(
        ((data.get("tec") or {}).get("hex") or {default: {}}), key=lambda k: (k != default, k)
    )
    tones = terrain_tones(kinds)
    return [(str(k), str(WORDS.get(str(k), k)), tones.get(str(k), "")) for k in kinds]


@login_required
def scenario_export(request: HttpRequest, campaign_id: int, scenario_id: int) -> HttpResponse:
    """The scenario as a JSON file, the shape the import reads back."""
    campaign = _gm_campaign(request, campaign_id)
    scenario = _scenario(campaign, scenario_id)
    text = json.dumps(scenario.data, ensure_ascii=False, indent=1, sort_keys=True)
    response = HttpResponse(text, content_type="application/json; charset=utf-8")
    name = slugify(scenario.title) or "scenario"
    response["Content-Disposition"] = f'attachment; filename="{name}.scenario.json"'
    return response


@login_required
@require_POST
def scenario_delete(request: HttpRequest, campaign_id: int, scenario_id: int) -> HttpResponse:
    """The scenario gone; encounters started from it keep their own copy."""
    campaign = _gm_campaign(request, campaign_id)
    scenario = _scenario(campaign, scenario_id)
    scenario.delete()
    messages.success(request, _("%(title)s was deleted.") % {"title": scenario.title})
    return redirect("campaigns:scenarios", campaign.pk)
