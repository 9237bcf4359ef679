"""The Basic Roleplaying percentile core shared by `delta_green` and (later) `coc`."""

from __future__ import annotations
