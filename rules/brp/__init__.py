"""The Basic Roleplaying percentile rules `delta_green` and `coc` share, written once: `core`
(rounding, percentile and resistance rolls, impale, range, half DEX and surprise, light),
`hazards`, `firearms` and `melee`. The systems differ only by the parameters and settings they
pass (docs/rules/coc.md lists where and why)."""

from __future__ import annotations
