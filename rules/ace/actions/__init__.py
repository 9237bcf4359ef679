"""Ace Evolution actions, one module per group of kinds; `ACTIONS` joins their specs."""
