"""Start-up warm-up (vtt/warmup.py): the templates are compiled and the start-up heap frozen."""

from __future__ import annotations

import gc

from vtt import warmup


def test_warm_up_compiles_every_template_and_freezes_the_heap() -> None:
    names = warmup.template_names()
    assert "encounters/_table.html" in names
    assert "systems/delta_green/parts/gm-tools.html" in names
    try:
        warmup.warm_up()
        assert gc.get_freeze_count() > 1000
    finally:
        gc.unfreeze()  # the test process goes on collecting as before
