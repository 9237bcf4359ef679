"""Writes locale/engine.pot from every system's catalogue and merges it into each engine.po."""

from __future__ import annotations

import shutil
import subprocess
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand

from rules.core.pot import pot
from vtt.words import catalogue


class Command(BaseCommand):
    help = (
        "Update locale/engine.pot and merge it into locale/*/LC_MESSAGES/engine.po, then compile."
    )

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument(
            "--template-only",
            action="store_true",
            help="write locale/engine.pot alone (the .po files are edited by hand, then compiled)",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        locale = settings.BASE_DIR / "locale"
        template = locale / "engine.pot"
        template.write_text(pot(catalogue()), encoding="utf-8")
        self.stdout.write(f"{template}: {len(catalogue())} messages")
        if options["template_only"]:
            return
        if shutil.which("msgmerge") is None:
            self.stderr.write("msgmerge not found (Debian package gettext): .po files not merged")
            return
        for po in sorted(locale.glob("*/LC_MESSAGES/engine.po")):
            subprocess.run(
                [
                    "msgmerge",
                    "--quiet",
                    "--update",
                    "--backup=none",
                    "--no-fuzzy-matching",
                    str(po),
                    str(template),
                ],
                check=True,
            )
            subprocess.run(
                ["msgfmt", "--check", "-o", str(po.with_suffix(".mo")), str(po)], check=True
            )
            self.stdout.write(f"{po}: merged and compiled")
