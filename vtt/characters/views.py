"""Create, edit and read characters through the system's sheet form; derived values live."""

from __future__ import annotations

import json
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from rules.core.errors import RulesError
from rules.core.registry import get_system
from rules.core.system import GameSystem
from vtt.badinput import whole_number
from vtt.campaigns.models import Campaign, Role
from vtt.campaigns.views import me, member_campaign
from vtt.characters import sheet_form
from vtt.characters.every_refusal import check_every
from vtt.characters.forms import CharacterForm
from vtt.characters.models import Character
from vtt.characters.starters import starter_sheet, starters
from vtt.json_field import MAX_JSON_CHARS, MAX_JSON_DEPTH
from vtt.library.content import choosers, pickers
from vtt.safejson import storable, too_deep
from vtt.words import say, shown


class SheetEditor:
    """One sheet being edited: its system, the sheet now, the fields and what was refused."""

    def __init__(self, system: GameSystem, sheet: dict[str, Any]) -> None:
        self.system = system
        self.base = dict(sheet)
        self.sheet = dict(sheet)
        self.has_form = system.sheet_schema is not None
        shown = sheet_form.blank_auto_fields(system, sheet) if self.has_form else sheet
        self.shown = shown
        # the character's name is asked once, above the sheet
        specs = sheet_form.specs_for(system, sheet) if self.has_form else []
        self.specs = [s for s in specs if s.key != "name"]
        self.errors: dict[str, str] = {}
        self.summary: list[str] = []
        self.json_text = json.dumps(sheet, indent=2, ensure_ascii=False)

    def read(self, post: Any, name: str) -> dict[str, Any] | None:
        """The validated sheet the request describes, or None with the errors noted."""
        if "use_json" in post or not self.has_form:
            self.json_text = post.get("sheet", "")
            # checked before json.loads (a few thousand brackets exhaust its recursion)
            if len(self.json_text) > MAX_JSON_CHARS:
                self._refuse(
                    "sheet", _("At most %(n)d characters of JSON.") % {"n": MAX_JSON_CHARS}
                )
                return None
            if too_deep(self.json_text, MAX_JSON_DEPTH):
                self._refuse("sheet", _("The JSON is nested too deeply."))
                return None
            try:
                raw = json.loads(self.json_text)
            except ValueError as exc:
                self._refuse("sheet", _("The sheet is not valid JSON: %(error)s") % {"error": exc})
                return None
            if not isinstance(raw, dict):
                self._refuse("sheet", _("The sheet must be a JSON object."))
                return None
            if not storable(raw):
                self._refuse("sheet", _("Text may not contain NUL or invalid characters."))
                return None
        else:
            raw = sheet_form.read_sheet(self.specs, post, self.base)
        if name and (self.system.sheet_schema is None or _has_name(self.system)):
            raw["name"] = name
        if not storable(raw):  # NUL and lone surrogates cannot be stored: refused, not a 500
            self._refuse("sheet", _("Text may not contain NUL or invalid characters."))
            return None
        self.shown = raw
        self.sheet = raw
        checked: dict[str, Any] | None = check_every(self.system.validate_sheet, raw, self._refuse)
        return checked

    def _refuse(self, path: str, words: str) -> None:
        self.errors[path] = words
        where = sheet_form.label_of(path, self.specs) if path and path != "sheet" else ""
        self.summary.append(
            _("%(field)s: %(problem)s") % {"field": where, "problem": words} if where else words
        )

    def sections(
        self,
        templates: list[dict[str, Any]],
        library: dict[str, list[tuple[str, str]]] | None = None,
        choices: dict[str, list[tuple[str, str]]] | None = None,
    ) -> list[sheet_form.Section]:
        """The form's sections with values and errors; the pick lists offer the campaign
        library's items first, then the built-in ones it does not name (vtt/library)."""
        built_in = sheet_form.catalogues_of(templates, self.specs, self.system.validate_sheet)
        lists = {key: list(items) for key, items in (library or {}).items()}
        for key, items in built_in.items():
            named = {label for label, _record in lists.get(key, [])}
            lists.setdefault(key, []).extend(i for i in items if i[0] not in named)
        return sheet_form.sections(self.specs, self.shown, self.errors, lists, choices)


def _has_name(system: GameSystem) -> bool:
    try:
        system.sheet_schema.entry("name")
    except KeyError:
        return False
    return True


def _page(
    request: HttpRequest,
    campaign: Campaign,
    character: Character | None,
    form: CharacterForm | None,
    editor: SheetEditor,
    *,
    start: str = "",
    status: int = 200,
) -> HttpResponse:
    found = starters(editor.system)
    context = {
        "campaign": campaign,
        "character": character,
        "form": form,
        "editor": editor,
        "sections": (
            editor.sections(found, pickers(campaign), choosers(campaign)) if editor.has_form else []
        ),
        # a demo combatant by its name in the reader's language (its sheet keeps it as written)
        "starters": [(str(n), shown(str(s["name"]))) for n, s in enumerate(found)],
        "start": start,
        "derived": _derived(editor.system, editor.shown),
        "system": editor.system,
    }
    return render(request, "characters/character_form.html", context, status=status)


def _derived(system: GameSystem, sheet: dict[str, Any]) -> list[dict[str, Any]]:
    if system.derive is None:
        return []
    try:
        lines = system.derive(sheet)
    except (RulesError, TypeError, ValueError, KeyError):
        return []
    return [
        {"label": say(line.label), "value": line.value, "why": say(line.explanation)}
        for line in lines
    ]


def _save(
    request: HttpRequest,
    campaign: Campaign,
    character: Character,
    is_gm: bool,
    editor: SheetEditor,
    start: str = "",
) -> HttpResponse:
    form = CharacterForm(request.POST or None, instance=character, is_gm=is_gm)
    if request.method == "POST":
        name = request.POST.get("name", "").strip()
        sheet = editor.read(request.POST, name)
        if form.is_valid() and sheet is not None:
            with transaction.atomic():
                saved = form.save(commit=False)
                saved.sheet = sheet
                saved.save()
            messages.success(request, _("%(name)s saved.") % {"name": saved.name})
            return redirect("characters:edit", saved.pk)
        shown = character if character.pk else None
        return _page(request, campaign, shown, form, editor, start=start, status=400)
    return _page(request, campaign, character if character.pk else None, form, editor, start=start)


@login_required
def character_new(request: HttpRequest, campaign_id: int) -> HttpResponse:
    """A player's character, or (for the GM) an NPC, from a blank sheet or a ready-made one."""
    campaign, role = member_campaign(request, campaign_id)
    if role == Role.OBSERVER:
        raise Http404
    system = get_system(campaign.system)
    start = request.POST.get("start") or request.GET.get("start") or ""
    sheet = starter_sheet(system, start) or dict(system.default_sheet)
    character = Character(campaign=campaign, owner_id=me(request), system=campaign.system)
    if request.method == "GET" and start:
        character.name = str(sheet.get("name") or "")
    return _save(request, campaign, character, role == Role.GM, SheetEditor(system, sheet), start)


def may_open(character: Character, user_id: int, role: str) -> bool:
    """Whether a member may open a character's sheet: the GM any, a player their own. A sheet
    holds what the table does not know (a GM NPC's whole sheet, a pilot's hidden notes), so
    nobody else reads it, not even in part."""
    return role == Role.GM or (character.owner_id == user_id and role == Role.PLAYER)


@login_required
def character_edit(request: HttpRequest, character_id: int) -> HttpResponse:
    """Its owner or the GM edits a character; for everyone else it is not there (a 404)."""
    character = get_object_or_404(Character, pk=character_id)
    campaign, role = member_campaign(request, character.campaign_id)
    if not may_open(character, me(request), role):
        raise Http404
    editor = SheetEditor(get_system(character.system), dict(character.sheet))
    return _save(request, campaign, character, role == Role.GM, editor)


@login_required
@require_POST
def character_derive(request: HttpRequest, campaign_id: int) -> HttpResponse:
    """The derived values of the sheet as typed so far, explained (fetched as the form changes)."""
    campaign, role = member_campaign(request, campaign_id)
    system = get_system(campaign.system)
    editor = SheetEditor(system, dict(system.default_sheet))
    base_id = whole_number(request.POST.get("character"))
    if base_id is not None:
        base = Character.objects.filter(pk=base_id, campaign=campaign).first()
        # the fields not posted are the base's: only a sheet the member may open is a base
        if base is None or not may_open(base, me(request), role):
            raise Http404
        editor = SheetEditor(system, dict(base.sheet))
    elif start := request.POST.get("start"):
        editor = SheetEditor(system, starter_sheet(system, start) or dict(system.default_sheet))
    sheet = editor.read(request.POST, request.POST.get("name", "").strip())
    context = {
        "derived": _derived(system, editor.sheet) if sheet is not None else [],
        "problems": editor.summary,
    }
    return render(request, "characters/_derived.html", context)
