"""Django's `{% translate %}` with the words of a constant kept per language once drawn.

Django looks a constant's translation up afresh at every render: a lazy string made, then the
active language found through a context-local, the catalogue asked, the result escaped. A table
view draws forty-odd of them, every view after every event (about a tenth of a mech view's
render). A tag whose words are a constant, with no filter, no `as` and no `context`, now keeps
what it drew by language and autoescaping; the catalogues do not change while the process runs.
Every other form is Django's own node. `install` (called when the encounters app is ready, before
any template is parsed) puts the tag into Django's own i18n library, so `{% load i18n %}` gives
it everywhere; a second library under the name i18n would be a clash Django's checks report.
"""

from __future__ import annotations

from typing import Any

from django import template
from django.templatetags import i18n
from django.utils import translation


class KeptTranslateNode(i18n.TranslateNode):
    """A `{% translate %}` whose words are a constant: drawn once per language."""

    def __init__(self, node: i18n.TranslateNode) -> None:
        super().__init__(node.filter_expression, node.noop, node.asvar, node.message_context)
        self.kept: dict[tuple[str, bool], Any] = {}

    def render(self, context: template.Context) -> Any:
        # the language at this tag, not the template's: a {% language %} block may change it
        key = (translation.get_language() or "", context.autoescape)
        found = self.kept.get(key)
        if found is None:
            found = self.kept[key] = super().render(context)
        return found


def _constant(node: i18n.TranslateNode) -> bool:
    """Whether the tag's words are a quoted constant, shown as they are (nothing to resolve)."""
    expression = node.filter_expression
    variable = expression.var
    return (
        not node.noop
        and node.asvar is None
        and node.message_context is None
        and not expression.filters
        and isinstance(variable, template.Variable)
        and isinstance(variable.literal, str)
    )


def do_translate(parser: template.base.Parser, token: template.base.Token) -> template.Node:
    """Django's `{% translate %}`; a constant one keeps its words per language."""
    node = i18n.do_translate(parser, token)
    if isinstance(node, i18n.TranslateNode) and _constant(node):
        return KeptTranslateNode(node)
    return node


def install() -> None:
    """`{% translate %}` and `{% trans %}` of `{% load i18n %}` are `do_translate` from now on."""
    i18n.register.tag("translate", do_translate)
    i18n.register.tag("trans", do_translate)
