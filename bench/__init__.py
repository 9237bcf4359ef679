"""Benchmarks that print figures, and the live-server helper the tests share (livestack.py)."""
