"""The campaign library's pages: the items by kind, each made, edited, copied and deleted through
its kind's form (the system's schema, as a sheet's form is built), the starter library, and the
library as a JSON file out and in. The GM edits; players read (not the GM's NPC templates)."""

from __future__ import annotations

import json
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from rules.core.library import LibraryKind
from rules.core.registry import get_system
from vtt.campaigns.models import Campaign, Role
from vtt.campaigns.views import member_campaign
from vtt.characters import sheet_form
from vtt.characters.every_refusal import check_every
from vtt.characters.views import SheetEditor
from vtt.json_field import MAX_JSON_CHARS, MAX_JSON_DEPTH
from vtt.library import content
from vtt.library.models import LibraryItem
from vtt.safejson import storable, too_deep
from vtt.words import say, shown, stored

SUMMARY_PARTS = 5


def _specs(kind: LibraryKind) -> list[sheet_form.Spec]:
    entries = kind.schema.entries if kind.schema is not None else ()
    return [s for s in (sheet_form.spec_of(e) for e in entries) if s is not None]


def _value_words(entry: Any, value: Any) -> str:
    if entry.kind == "choice":
        for c in entry.choices:
            if str(c.value) == str(value):
                return c.label if isinstance(c.label, str) else say(c.label)
    if entry.kind == "bool":
        return "✓"
    return shown(str(value))


def summary(kind: LibraryKind, data: dict[str, Any]) -> str:
    """An item in one line: its first few fields that say something (not its name)."""
    if kind.schema is None:
        return ""
    parts = []
    for entry in kind.schema.entries:
        value = data.get(entry.key)
        if entry.key in ("name", "key") or entry.kind in ("list", "record"):
            continue
        if value in (None, "", False) or (entry.kind == "choice" and value == ""):
            continue
        label = entry.label if isinstance(entry.label, str) else say(entry.label)
        words = _value_words(entry, value)
        if words == shown(str(data.get("name") or "")):
            continue  # a vest named for its level says it once
        parts.append(f"{label} {words}")
        if len(parts) == SUMMARY_PARTS:
            break
    return " · ".join(parts)


def _kind_or_404(campaign: Campaign, key: str, role: str) -> LibraryKind:
    kind = content.kind(campaign, key)
    if kind is None or not content.may_read(kind, role):
        raise Http404
    return kind


@login_required
def library(request: HttpRequest, campaign_id: int) -> HttpResponse:
    """The library by kind; the GM's tools to add, copy, delete, fill and move it."""
    campaign, role = member_campaign(request, campaign_id)
    groups = []
    for kind in content.kinds(campaign):
        if not content.may_read(kind, role):
            continue
        rows = [
            {"item": item, "name": shown(item.name), "summary": summary(kind, item.data)}
            for item in content.items(campaign, kind.key)
        ]
        groups.append({"kind": kind, "label": say(kind.label()), "rows": rows})
    context = {"campaign": campaign, "groups": groups, "is_gm": role == Role.GM}
    return render(request, "library/library.html", context)


class ItemEditor:
    """One item's form: a kind's schema as the sheet form's fields, or a whole sheet (an NPC or
    monster template) as the character form edits one; every refusal beside its field."""

    def __init__(self, campaign: Campaign, kind: LibraryKind, data: dict[str, Any]) -> None:
        self.campaign = campaign
        self.kind = kind
        self.data = dict(data)
        self.errors: dict[str, str] = {}
        self.summary: list[str] = []
        self.sheet: SheetEditor | None = None
        self.specs: list[sheet_form.Spec] = []
        self.name = str(data.get("name") or "")
        self.name_error = ""  # a template's name, asked above its sheet
        if kind.is_sheet:
            self.sheet = SheetEditor(get_system(campaign.system), self.data)
        else:
            self.specs = _specs(kind)

    def read(self, post: Any) -> dict[str, Any] | None:
        """The item the form describes, checked by the rules, or None with every refusal noted."""
        if self.sheet is not None:
            name = self.name = stored(str(post.get("name") or "").strip()[:80])
            checked = self.sheet.read(post, name)
            if not name:  # said with the sheet's own refusals, not after they are fixed
                self.name_error = _("Give the template a name.")
                self.sheet.summary.insert(0, self.name_error)
            return None if checked is None or not name else {**checked, "name": name}
        raw = sheet_form.read_sheet(self.specs, post, self.data)
        self.data = raw
        if not storable(raw):
            self._refuse("", _("Text may not contain NUL or invalid characters."))
            return None
        # kept in its form's shape: the rules complete it wherever it is used (vtt/library)
        return raw if check_every(self.kind.check, raw, self._refuse) is not None else None

    def _refuse(self, path: str, words: str) -> None:
        self.errors[path] = words
        where = sheet_form.label_of(path, self.specs) if path and path != "item" else ""
        self.summary.append(
            _("%(field)s: %(problem)s") % {"field": where, "problem": words} if where else words
        )

    @property
    def problems(self) -> list[str]:
        return self.sheet.summary if self.sheet is not None else self.summary

    def sections(self) -> list[sheet_form.Section]:
        if self.sheet is not None:  # a template picks the library's own items as a sheet does
            found = self.campaign
            return self.sheet.sections([], content.pickers(found), content.choosers(found))
        return sheet_form.sections(self.specs, self.data, self.errors, {})


def _page(
    request: HttpRequest,
    campaign: Campaign,
    kind: LibraryKind,
    item: LibraryItem | None,
    editor: ItemEditor,
    role: str,
    status: int = 200,
) -> HttpResponse:
    context = {
        "campaign": campaign,
        "kind": kind,
        "kind_label": say(kind.label()),
        "item": item,
        "item_name": shown(item.name) if item is not None else "",
        "editor": editor,
        "sections": editor.sections(),
        "is_gm": role == Role.GM,
        "name_value": shown(editor.name),  # a built-in name ("New investigator") in their words
    }
    return render(request, "library/item_form.html", context, status=status)


def _gm_campaign(request: HttpRequest, campaign_id: int) -> tuple[Campaign, str]:
    campaign, role = member_campaign(request, campaign_id)
    if role != Role.GM:
        raise Http404
    return campaign, role


@login_required
def item_new(request: HttpRequest, campaign_id: int, kind_key: str) -> HttpResponse:
    """A new item of a kind, from its form's defaults (the GM's)."""
    campaign, role = _gm_campaign(request, campaign_id)
    kind = _kind_or_404(campaign, kind_key, role)
    if kind.is_sheet:
        base = dict(get_system(campaign.system).default_sheet)
    else:  # the form starts at the schema's defaults (a weapon's base range, its rate of fire)
        defaults = kind.schema.defaults() if kind.schema is not None else {}
        base = {k: v for k, v in defaults.items() if v is not None}
    editor = ItemEditor(campaign, kind, base)
    if request.method == "POST":
        data = editor.read(request.POST)
        if data is not None:
            item = LibraryItem.objects.create(
                campaign=campaign, kind=kind.key, name=str(data["name"])[:100], data=data
            )
            messages.success(request, _("%(name)s saved.") % {"name": item.name})
            return redirect("library:item", item.pk)
        return _page(request, campaign, kind, None, editor, role, status=400)
    return _page(request, campaign, kind, None, editor, role)


@login_required
def item_edit(request: HttpRequest, item_id: int) -> HttpResponse:
    """An item: the GM edits it, a player reads it (its form, nothing to send)."""
    item = get_object_or_404(LibraryItem, pk=item_id)
    campaign, role = member_campaign(request, item.campaign_id)
    kind = _kind_or_404(campaign, item.kind, role)
    editor = ItemEditor(campaign, kind, dict(item.data))
    if request.method == "POST":
        if role != Role.GM:
            raise Http404
        data = editor.read(request.POST)
        if data is not None:
            item.name, item.data = str(data["name"])[:100], data
            item.save()
            messages.success(request, _("%(name)s saved.") % {"name": item.name})
            return redirect("library:item", item.pk)
        return _page(request, campaign, kind, item, editor, role, status=400)
    return _page(request, campaign, kind, item, editor, role)


@login_required
@require_POST
def item_copy(request: HttpRequest, item_id: int) -> HttpResponse:
    """A copy of an item, named so, to edit (the GM's)."""
    item = get_object_or_404(LibraryItem, pk=item_id)
    campaign, _role = _gm_campaign(request, item.campaign_id)
    name = (_("%(name)s (copy)") % {"name": shown(item.name)})[:100]
    copy = LibraryItem.objects.create(
        campaign=campaign, kind=item.kind, name=name, data={**item.data, "name": name}
    )
    messages.success(request, _("%(name)s saved.") % {"name": copy.name})
    return redirect("library:item", copy.pk)


@login_required
@require_POST
def item_delete(request: HttpRequest, item_id: int) -> HttpResponse:
    """An item taken out of the library (sheets that carry it keep their own copy)."""
    item = get_object_or_404(LibraryItem, pk=item_id)
    campaign, _role = _gm_campaign(request, item.campaign_id)
    item.delete()
    messages.success(request, _("%(name)s deleted.") % {"name": shown(item.name)})
    return redirect("library:library", campaign.pk)


@login_required
@require_POST
def add_starters(request: HttpRequest, campaign_id: int) -> HttpResponse:
    """The system's starter library copied in (what the library already names is left)."""
    campaign, _role = _gm_campaign(request, campaign_id)
    added = content.add_starters(campaign)
    words = ngettext(
        "%(n)d item added from the starter library.",
        "%(n)d items added from the starter library.",
        added,
    )
    messages.success(request, words % {"n": added})
    return redirect("library:library", campaign.pk)


@login_required
def export_library(request: HttpRequest, campaign_id: int) -> HttpResponse:
    """The library (or one kind of it) as a JSON file: the kinds the member may read."""
    campaign, role = member_campaign(request, campaign_id)
    kind_key = request.GET.get("kind") or None
    if kind_key is not None:
        _kind_or_404(campaign, kind_key, role)
    data = content.export(campaign, kind_key)
    readable = {k.key for k in content.kinds(campaign) if content.may_read(k, role)}
    data["items"] = [row for row in data["items"] if row["kind"] in readable]
    response = JsonResponse(data, json_dumps_params={"ensure_ascii": False, "indent": 1})
    name = slugify(campaign.name) or "campaign"
    suffix = f"-{kind_key}" if kind_key else ""
    response["Content-Disposition"] = f'attachment; filename="{name}-library{suffix}.json"'
    return response


@login_required
@require_POST
def import_library(request: HttpRequest, campaign_id: int) -> HttpResponse:
    """A library file's items added, all or none, with the refusal in words."""
    campaign, _role = _gm_campaign(request, campaign_id)
    upload = request.FILES.get("file")
    if upload is None:
        messages.error(request, _("Choose a library file to import."))
        return redirect("library:library", campaign.pk)
    raw = upload.read(MAX_JSON_CHARS * 4 + 1)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        text = ""
    problem = ""
    if not text or len(text) > MAX_JSON_CHARS * 4:
        problem = _("The file is not a library file (JSON) or is too large.")
    elif too_deep(text, MAX_JSON_DEPTH):
        problem = _("The JSON is nested too deeply.")
    else:
        try:
            payload = json.loads(text)
        except ValueError:
            problem = _("The file is not a library file (JSON) or is too large.")
        else:
            if not storable(payload):
                problem = _("Text may not contain NUL or invalid characters.")
            else:
                try:
                    added = content.import_file(campaign, payload)
                except content.LibraryFileError as error:
                    problem = str(error)
    if problem:
        messages.error(request, _("Nothing was imported: %(problem)s") % {"problem": problem})
    else:
        words = ngettext("%(n)d item imported.", "%(n)d items imported.", added)
        messages.success(request, words % {"n": added})
    return redirect("library:library", campaign.pk)
