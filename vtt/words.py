"""The engine's messages in the reader's language: gettext looks each up by id and English."""

from __future__ import annotations

import gettext
import re
import string
from collections.abc import Mapping
from functools import cache
from typing import Any

from django.conf import settings
from django.utils.translation import get_language, to_locale

from rules.core.errors import RulesError
from rules.core.kit import KIT
from rules.core.library import messages_for as library_messages
from rules.core.messages import Catalogue, Message, Msg
from rules.core.registry import get_system, system_keys, title


@cache
def _engine_catalogue(language: str) -> gettext.NullTranslations:
    """The engine's own gettext domain (locale/<lang>/LC_MESSAGES/engine.mo), apart from Django's
    so `makemessages` never drops messages it cannot find in the source."""
    return gettext.translation(
        "engine", settings.BASE_DIR / "locale", languages=[to_locale(language)], fallback=True
    )


def translate(ident: str, english: str, plural: str, count: int) -> str:
    """The template in the active language: the message id is gettext's context."""
    text: str = _translator(get_language() or settings.LANGUAGE_CODE)(ident, english, plural, count)
    return text


@cache
def _translator(language: str) -> Any:
    """`translate` for one language, so a message and its parts look the language up once."""
    translations = _engine_catalogue(language)

    def translate_in(ident: str, english: str, plural: str, count: int) -> str:
        if plural:
            return translations.npgettext(ident, english, plural, count)
        return translations.pgettext(ident, english)

    return translate_in


@cache
def catalogue(keys: tuple[str, ...] | None = None) -> Catalogue:
    """Every message of every registered system (ids are namespaced by system, so they merge),
    and the systems' titles; of the systems `keys` alone if given."""
    keys = tuple(system_keys()) if keys is None else keys
    merged = KIT.merged(Catalogue([title(key) for key in keys]))
    for key in keys:
        merged = merged.merged(get_system(key).messages)
        merged = merged.merged(Catalogue(library_messages(key)))  # its campaign library's words
    return merged


def say(
    value: Msg | Mapping[str, Any] | str | None,
    sides: Mapping[str, Mapping[str, str]] | None = None,
) -> str:
    """A message (or its stored JSON) in the active language; plain text is shown as it is.
    `sides`: the names a scenario gives its sides now, by side key and language (`sides_in`):
    a side the line names reads by them, whatever names it was written with (issue 36)."""
    if value is None:
        return ""
    if isinstance(value, str):
        return value
    msg = value if isinstance(value, Msg) else Msg.from_json(value)
    if sides:
        msg = _sided(msg, sides, msg.id.split(".", 1)[0])
    language = get_language() or settings.LANGUAGE_CODE
    if not language.startswith("en"):  # a built-in name it names reads in the reader's words
        msg = _named(msg)
    return catalogue().render(msg, _translator(language))


@cache
def _names() -> dict[str, Message]:
    """The built-in names of every system's catalogue and demo (`<system>.name.<key>`: "Cultist
    with a shotgun", "K-12 Service Carbine", "Halden") by their English."""
    found: dict[str, Message] = {}
    for message in catalogue():
        if ".name." in message.id:
            found.setdefault(message.english, message)
    return found


def shown(text: str) -> str:
    """A name as its reader reads it: a built-in name stored as its English default ("Cultist
    with a shotgun") in the active language (持散弹枪的邪教徒); a name a group typed, or a
    built-in one it renamed, as typed. Names are stored as typed and translated only here, when
    shown, so one stored encounter reads in each viewer's own language."""
    return _names_in(get_language() or settings.LANGUAGE_CODE).get(text, text)


@cache
def _names_in(language: str) -> dict[str, str]:
    """Each built-in name's English -> its words in `language`, made once per language."""
    translate = _translator(language)
    return {english: catalogue().render(m(), translate) for english, m in _names().items()}


def stored(text: str) -> str:
    """The name to store for one a form shows: a built-in name as the reader's language shows it
    (持散弹枪的邪教徒) is stored as its English default, so it reads in each viewer's language
    again (`shown`); anything else as typed. Undoes `shown` for a form's inputs."""
    return _stored_in(get_language() or settings.LANGUAGE_CODE).get(text, text)


@cache
def _stored_in(language: str) -> dict[str, str]:
    """`_names_in` read backwards, leaving out words two built-in names share."""
    found: dict[str, str | None] = {}
    for english, words in _names_in(language).items():
        if words != english:
            found[words] = None if words in found else english
    return {words: english for words, english in found.items() if english is not None}


def shown_all(value: Any) -> Any:
    """A view's JSON with each built-in name in it (any text that is one whole) `shown`: a copy,
    the view itself untouched; in English, the view itself (its names are already English)."""
    language = get_language() or settings.LANGUAGE_CODE
    if language.startswith("en"):
        return value
    return _shown_all(value, _names_in(language))


def _shown_all(value: Any, names: Mapping[str, str]) -> Any:
    kind = type(value)  # a view is JSON: exact types first, an ABC check only for the rare rest
    if kind is str:
        return names.get(value, value)
    if kind is dict:
        return {key: _shown_all(item, names) for key, item in value.items()}
    if kind is list:
        return [_shown_all(item, names) for item in value]
    if kind in (int, float, bool) or value is None:
        return value
    if kind is tuple:
        return tuple(_shown_all(item, names) for item in value)
    if isinstance(value, Mapping):
        return {key: _shown_all(item, names) for key, item in value.items()}
    return value


def _named(msg: Msg) -> Msg:
    """The message with its parameters that are built-in names shown in the active language,
    and a side its scenario names itself (`<system>.own_side`) by its name in that language."""
    if msg.id.endswith(".own_side"):
        side, labels = str(msg.params.get("side") or ""), msg.params.get("names")
        return Msg(msg.id, {**msg.params, "name": own_side_name(labels, side)}, msg.source)
    names = _names_in(get_language() or settings.LANGUAGE_CODE)

    def value(item: Any) -> Any:
        if isinstance(item, str):
            return names.get(item, item)
        if isinstance(item, Msg):
            return _named(item)
        if isinstance(item, list | tuple):
            return [value(part) for part in item]
        return item

    return Msg(msg.id, {key: value(item) for key, item in msg.params.items()}, msg.source)


def sides_in(setup: Any) -> dict[str, dict[str, str]]:
    """The names an encounter's scenario gives its sides (`side_names`, issue 36), by side key
    ("blue") and language ({"en": "Wehrmacht", "zh-Hans": "国防军"}); {} when it names none."""
    scenario = setup.get("scenario") if isinstance(setup, Mapping) else None
    if isinstance(scenario, Mapping) and isinstance(scenario.get("scenario"), Mapping):
        scenario = scenario["scenario"]  # the shipped files' shape
    given = scenario.get("side_names") if isinstance(scenario, Mapping) else None
    out: dict[str, dict[str, str]] = {}
    for key, names in (given or {}).items() if isinstance(given, Mapping) else ():
        labels = names if isinstance(names, Mapping) else {"en": names}
        kept = {str(code): str(text).strip() for code, text in labels.items() if text}
        if kept:
            out[str(key).lower()] = kept
    return out


def sides_now(setup: Any, state: Any) -> dict[str, dict[str, str]]:
    """The names an encounter's sides have now: those the GM gave them in play (SCS-ENG-4: the
    state's `overrides` carry the scenario's whole `side_names` from the first rename on),
    else those of the scenario it started from (`sides_in`)."""
    overrides = state.get("overrides") if isinstance(state, Mapping) else None
    if isinstance(overrides, Mapping) and "side_names" in overrides:
        return sides_in({"scenario": overrides})
    return sides_in(setup)


def _sided(msg: Msg, sides: Mapping[str, Mapping[str, str]], system: str) -> Msg:
    """The message with each side it names by the names its scenario gives the side now: a
    side message (`<system>.own_side`) by its key, and a side's name written as plain text (a
    line stored before sides were messages) as that side's message, so each reader reads
    the side in their own language, and a line written before a rename reads the new name
    (a side's colour written before it had a name of its own too: "Blue"). A side as it was
    named then (`then`: the old name in a rename's line, SCS-ENG-4) keeps the names it has."""
    if msg.id.endswith(".own_side") and msg.params.get("then"):
        return msg
    if msg.id.endswith(".own_side"):
        side = str(msg.params.get("side") or "")
        labels = sides.get(side) or {}
        return Msg(
            msg.id, {**msg.params, "names": dict(labels), "name": own_side_name(labels, side)}
        )
    own = f"{system}.own_side"
    if own not in catalogue():
        return msg
    by_name = {text: side for side, labels in sides.items() for text in labels.values()}
    for side in sides:
        by_name.setdefault(side.replace("_", " ").title(), side)

    def value(item: Any) -> Any:
        if isinstance(item, str) and item in by_name:
            side = by_name[item]
            labels = dict(sides[side])
            return Msg(own, {"name": own_side_name(labels, side), "side": side, "names": labels})
        if isinstance(item, Msg):
            return _sided(item, sides, system)
        if isinstance(item, list | tuple):
            return [value(part) for part in item]
        return item

    return Msg(msg.id, {key: value(item) for key, item in msg.params.items()}, msg.source)


@cache
def _side_messages() -> dict[str, Message]:
    """Side ids some system names by a message (`<system>.side.<id>`), e.g. a demo's factions."""
    return {m.id.rsplit(".side.", 1)[1]: m for m in catalogue() if ".side." in m.id}


def side_name(side: str) -> str:
    """A side as people read it: its declared name in the active language, else the id titled."""
    message = _side_messages().get(side)
    return say(message()) if message is not None else side.replace("_", " ").title()


def own_side_name(labels: Any, side: str) -> str:
    """A side the scenario (or the GM) named (issue 36), `labels` its names by language
    ({"en": "Germans", "zh-Hans": "德军"}): the one of the active language, else the English,
    else any; a side without a name of its own, as `side_name` says it."""
    if isinstance(labels, Mapping) and labels:
        by_code = {str(code).lower(): str(text) for code, text in labels.items() if text}
        language = (get_language() or settings.LANGUAGE_CODE).lower()
        for code in (language, language.split("-")[0], "en"):
            if code in by_code:
                return by_code[code]
        if by_code:
            return next(iter(by_code.values()))
    return side_name(side)


def refusal(error: RulesError) -> str:
    """A rules error for the person who caused it, in their language, with its rule ID."""
    words = say(error.msg)
    return f"{words} ({error.rule})" if error.rule else words


@cache
def _purposes(marker: str = ".purpose.") -> tuple[tuple[re.Pattern[str], Message], ...]:
    """Every declared die purpose (a message id with `.purpose.`; or with `marker`, `.odds.` for
    a preview's words) as a pattern of its English, the most specific first (the most fixed
    words): "{label} impale damage {expr}" is tried before "{label} damage {expr}"."""
    found = []
    for message in catalogue():
        if marker in message.id:
            parts = list(string.Formatter().parse(message.english))
            pattern = "".join(
                re.escape(text) + (f"(?P<{name}>.+?)" if name else "") for text, name, _, _ in parts
            )
            fixed = sum(len(text) for text, _, _, _ in parts)
            found.append((fixed, re.compile(f"{pattern}$"), message))
    found.sort(key=lambda item: -item[0])
    return tuple((pattern, message) for _, pattern, message in found)


@cache
def _words_of(system: str) -> dict[str, Message]:
    """A system's fixed words (messages without braces) by their English, for what fills a
    purpose's braces ("first aid" in "first aid d100"), and by that English as a key is written
    ("spot_hidden" for "Spot Hidden", "con" for "CON")."""
    found: dict[str, Message] = {}
    for message in catalogue():
        if message.id.startswith(f"{system}.") and "{" not in message.english:
            found.setdefault(message.english, message)
    for english, message in list(found.items()):
        found.setdefault(english.lower().replace(" ", "_"), message)
    # a key as the rules write it, by the id's last part: "spot_hidden" is coc.skill.spot_hidden
    kinds = (".skill.", ".attr.", ".attribute.", ".condition.", ".poison.", ".hazard.", ".effect.")
    for kind in (*kinds, ".word."):
        for message in catalogue():
            if (
                message.id.startswith(f"{system}.")
                and kind in message.id
                and "{" not in (message.english)
            ):
                found.setdefault(message.id.rsplit(".", 1)[1], message)
    return found


_ID = re.compile(r"[A-Za-z0-9_]+")


def names_in(setup: Any) -> dict[str, str]:
    """What a group calls what it set up: each id or key in an encounter's setup (a combatant's
    "mara", a weapon's "revolver") that has a name, by that id. Rules write ids into what a die
    was rolled for; a reader is shown the names."""
    found: dict[str, str] = {}
    stack = [setup]
    while stack:
        value = stack.pop()
        if isinstance(value, Mapping):
            name = value.get("name")
            sheet = value.get("sheet")
            if name is None and isinstance(sheet, Mapping):
                name = sheet.get("name")  # a combatant named by its sheet (Call of Cthulhu)
            for field in ("id", "key"):
                ident = value.get(field)
                if isinstance(ident, str) and isinstance(name, str) and name and ident != "gm":
                    found.setdefault(ident, name)
            stack.extend(reversed(list(value.values())))
        elif isinstance(value, list):
            stack.extend(reversed(value))
    return found


def purpose(text: str, within: str | None = None, names: Mapping[str, str] | None = None) -> str:
    """What a die was rolled for, in the active language: a die stores its purpose as English, so
    it is matched against the declared purposes. What fills its braces is a name when it is an id
    the encounter names (`names`, from `names_in`) and no word of the system, else itself read as
    a purpose ("bullet 2" in "bullet 2 damage 2d6") or as one of the system's words ("first aid"
    in "first aid d100", "spot_hidden", "knife"), else kept (a name, a number, dice). An
    undeclared one is shown as it is, its ids replaced by their names."""
    if within is not None and names and text in names and text not in _words_of(within):
        return shown(names[text])  # a key the system has a word for reads as that word ("knife")
    for pattern, message in _purposes():
        if matched := pattern.match(text):
            if within is not None:
                return say(message(**matched.groupdict()))
            system = message.id.split(".", 1)[0]
            params = {
                name: purpose(value, system, names) for name, value in matched.groupdict().items()
            }
            return say(message(**params))
    if within is not None and (word := _words_of(within).get(text)) is not None:
        return say(word())
    if names:  # undeclared: its English, but a reader's names for the ids in it
        return _ID.sub(lambda found: shown(names.get(found.group(), found.group())), text)
    return text


def word(text: str, system: str) -> str:
    """A preview's words given as their English (its summary, an outcome's label: "impale",
    "Walsh: 2d6 - down to 0 HP or less") in the active language: one of the system's fixed words,
    or one of its `<system>.odds.*` messages (`PREVIEW_WORDS`) with what fills its braces read
    the same way (names, numbers and dice kept); anything else is shown as it is."""
    found = _words_of(system).get(text)
    if found is not None:
        return say(found())
    for marker in PREVIEW_WORDS:
        for pattern, message in _purposes(f"{system}{marker}"):
            if matched := pattern.match(text):
                params = {name: word(value, system) for name, value in matched.groupdict().items()}
                return say(message(**params))
    return text


def fixed_word(text: str, system: str) -> str:
    """A text field's default that is one of the system's fixed words, as its key or English
    ("luck", "str", "Spot Hidden"), in the active language (幸运, 力量, 侦察), so a form offers the
    reader's word, which a check by name understands as well; anything else as it is."""
    found = _words_of(system).get(text) if system else None
    return text if found is None else say(found())


# The messages a preview's English is read back as: its odds, and a mech's accuracy notes.
PREVIEW_WORDS = (".odds.", ".acc.")
