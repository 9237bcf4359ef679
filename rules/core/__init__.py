"""Dice, errors, the game-system contract and the registry every system stands on."""

from __future__ import annotations
