"""`python -m rules`: the rules engine's command line (see docs/rules/README.md)."""

from __future__ import annotations

from rules.cli import main

raise SystemExit(main())
