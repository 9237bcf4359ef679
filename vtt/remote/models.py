"""A game's time control: each side's bank of time, as of the moment its clock last stopped."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from vtt.encounters.models import Encounter


class TimeControl(models.Model):
    """The Rally the Troops pattern: each side starts with a bank of time; while the table waits
    for a side its clock runs; when it stops waiting (the side has moved) the side gains the
    increment, up to the cap. A side whose bank runs dry pauses the game until the opponent
    accepts a forfeit or extends its time (vtt/remote/clock.py does the sums)."""

    encounter = models.OneToOneField(
        Encounter, on_delete=models.CASCADE, related_name="time_control"
    )
    bank_seconds = models.PositiveIntegerField()
    increment_seconds = models.PositiveIntegerField()
    cap_seconds = models.PositiveIntegerField()
    # side -> seconds left when its clock last stopped (or started, for a running one)
    left = models.JSONField(default=dict)
    # side -> ISO time its clock started running (the table waits for that side since then)
    running = models.JSONField(default=dict)
    # what happened to the clocks: [{"at", "what": set|extended|forfeit|conceded, "side", ...}]
    history = models.JSONField(default=list)
    set_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )

    def __str__(self) -> str:
        return f"time control of encounter {self.encounter_id}"


class Result(models.Model):
    """How a game without a GM ended off the board: a side conceded, or forfeited on time."""

    CONCEDED = "conceded"
    FORFEIT = "forfeit"

    encounter = models.OneToOneField(Encounter, on_delete=models.CASCADE, related_name="result")
    winner = models.CharField(max_length=40)
    loser = models.CharField(max_length=40)
    how = models.CharField(max_length=20)
    at = models.DateTimeField()

    def __str__(self) -> str:
        return f"{self.winner} over {self.loser} ({self.how})"
