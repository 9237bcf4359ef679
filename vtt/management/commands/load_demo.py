"""`manage.py load_demo`: demo users, and a demo campaign and encounter per rule system (on a
small scene map for the systems that play on one: rules/scene/demo.py)."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand
from django.db import transaction

from rules.core.errors import SheetError
from rules.core.registry import get_system, system_keys
from rules.scene.demo import with_demo_map
from vtt.campaigns.models import Campaign, Membership, Role, new_invite_token
from vtt.campaigns.services import invite_expiry
from vtt.characters.models import Character
from vtt.encounters.services import start_encounter

DEMO_PASSWORD = "tabula-demo"
DEMO_USERS = ("gm", "player1", "player2")


class Command(BaseCommand):
    """Idempotent: running it twice changes nothing; systems that land later get their demo."""

    help = "Create the demo users (gm, player1, player2) and one demo campaign per rule system."

    def handle(self, *args: Any, **options: Any) -> None:
        users = {name: self.demo_user(name) for name in DEMO_USERS}
        for key in system_keys():
            system = get_system(key)
            if system.demo is None:
                continue
            try:
                created = self.demo_campaign(key, users)
            except Exception as exc:  # one broken system must not keep the others from the demo
                self.stderr.write(f"demo for {key} failed: {type(exc).__name__}: {exc}")
                continue
            self.stdout.write(f"{'created' if created else 'kept'} demo campaign for {key}")
        self.stdout.write(
            "Demo logins: " + ", ".join(f"{name} / {DEMO_PASSWORD}" for name in DEMO_USERS)
        )

    def demo_user(self, name: str) -> Any:
        user, created = get_user_model().objects.get_or_create(username=name)
        if created:
            user.set_password(DEMO_PASSWORD)
            user.save()
        return user

    @transaction.atomic
    def demo_campaign(self, key: str, users: dict[str, Any]) -> bool:
        """The demo campaign of one system; False when it already exists."""
        system = get_system(key)
        assert system.demo is not None
        name = f"Demo: {system.title}"
        gm = users["gm"]
        campaign, created = Campaign.objects.get_or_create(
            name=name,
            owner=gm,
            defaults={
                "system": key,
                "invite_token": new_invite_token(),
                "invite_expires": invite_expiry(),
            },
        )
        for username, role in (("gm", Role.GM), ("player1", Role.PLAYER), ("player2", Role.PLAYER)):
            Membership.objects.get_or_create(
                campaign=campaign, user=users[username], defaults={"role": role}
            )
        if campaign.encounters.exists():
            return created
        setup = with_demo_map(system, system.demo())
        seats: dict[str, int] = {}
        for combatant in setup.get("combatants") or ():
            controller = str(combatant.get("controller", "gm"))
            if controller in users:
                seats[str(combatant["id"])] = users[controller].pk
            if controller in ("player1", "player2"):
                self.demo_character(campaign, key, combatant, users[controller])
        for actor, controller in (setup.get("seats") or {}).items():
            if controller in users:
                seats[str(actor)] = users[controller].pk
        start_encounter(
            campaign.pk, gm.pk, str(setup.get("title") or system.title), setup, seats, key
        )
        return True

    def demo_character(
        self, campaign: Campaign, key: str, combatant: dict[str, Any], user: Any
    ) -> None:
        sheet = dict(combatant.get("sheet") or {})
        sheet.setdefault("name", str(combatant.get("name") or combatant["id"]))
        try:
            sheet = get_system(key).validate_sheet(sheet)
        except SheetError as exc:
            self.stderr.write(f"demo sheet of {combatant.get('id')} in {key}: {exc}")
        Character.objects.get_or_create(
            campaign=campaign,
            actor_id=str(combatant["id"]),
            defaults={
                "owner": user,
                # named as its sheet is ("Agnes Walsh"), never by its id ("walsh")
                "name": str(combatant.get("name") or sheet.get("name") or combatant["id"]),
                "system": key,
                "sheet": sheet,
            },
        )
