"""The append-only log: one row per rules Event, numbered per encounter."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import models

from rules.core.system import Event as RulesEvent


class AppendOnly(Exception):
    """An event row was about to be changed; corrections are new events."""


class Event(models.Model):
    """Something that happened at a table, with every die that decided it."""

    # no index of its own: `one_event_per_seq` (encounter, seq) serves every lookup by encounter,
    # and each insert would maintain a second index for nothing
    # named, not imported: the log lies below the tables that write it (vtt/encounters)
    encounter = models.ForeignKey(
        "encounters.Encounter", on_delete=models.CASCADE, related_name="events", db_index=False
    )
    seq = models.PositiveIntegerField()
    entry = (
        models.PositiveIntegerField()
    )  # the Entry index; dice come from derive_seed(seed, entry)
    kind = models.CharField(max_length=60)
    payload: models.JSONField[dict[str, Any]] = models.JSONField(default=dict)
    text = models.TextField(blank=True, default="")
    dice: models.JSONField[list[dict[str, Any]]] = models.JSONField(default=list)
    audience = models.CharField(max_length=80, default="all")
    redacted_text = models.TextField(null=True, blank=True)  # noqa: DJ001  (None: hidden entirely)
    # The line as a message id with parameters, rendered in each reader's language (rules.core.
    # messages); None for events stored before messages, which show their English `text`.
    msg: models.JSONField[dict[str, Any] | None] = models.JSONField(null=True, blank=True)
    redacted_msg: models.JSONField[dict[str, Any] | None] = models.JSONField(null=True, blank=True)
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    idempotency_key = models.CharField(max_length=64, null=True, blank=True)  # noqa: DJ001  (unique if set)
    action: models.JSONField[dict[str, Any] | None] = models.JSONField(null=True, blank=True)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["encounter", "seq"]
        constraints = [
            models.UniqueConstraint(fields=["encounter", "seq"], name="one_event_per_seq"),
            # keys are the sender's: another user's key never answers (or blocks) this one
            models.UniqueConstraint(
                fields=["encounter", "actor", "idempotency_key"],
                condition=models.Q(idempotency_key__isnull=False),
                name="one_entry_per_sender_key",
            ),
        ]

    def __str__(self) -> str:
        return f"#{self.seq} {self.kind}"

    def save(self, *args: Any, **kwargs: Any) -> None:
        """Insert only: an existing row is never updated (the audit trail stays whole)."""
        if not self._state.adding or kwargs.get("force_update"):
            raise AppendOnly(f"event #{self.seq} is already in the log; append a new event instead")
        kwargs["force_insert"] = True
        super().save(*args, **kwargs)

    def to_rules(self) -> RulesEvent:
        """The rules-engine Event this row holds."""
        return RulesEvent.from_json(
            {
                "kind": self.kind,
                "payload": self.payload,
                "text": self.text,
                "dice": self.dice,
                "audience": self.audience,
                "redacted_text": self.redacted_text,
                "msg": self.msg,
                "redacted_msg": self.redacted_msg,
            }
        )
