"""Square and hex grids: distance, neighbours, lines, areas, cheapest paths, reachable cells."""

from __future__ import annotations
