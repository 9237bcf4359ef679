"""Call of Cthulhu campaign settings: every proposed default and ambiguity choice of the digest."""

from __future__ import annotations

from dataclasses import dataclass

from rules.core.kit import Message, setting

ROUND = Message("coc.group.round", "Round")
CHECKS = Message("coc.group.checks", "Checks")
FIREARMS = Message("coc.group.firearms", "Firearms")
HAZARDS = Message("coc.group.hazards", "Hazards")
WOUNDS = Message("coc.group.wounds", "Wounds")

LABELS: list[Message] = []  # every setting's label and choice, for the catalogue


def _m(key: str, english: str) -> Message:
    message = Message(f"coc.setting.{key}", english)
    LABELS.append(message)
    return message


@dataclass(frozen=True)
class CocSettings:
    """The Keeper's choices for one campaign, read by the engine as a frozen object."""

    auto_fail_00: bool = setting(
        "coc.auto_fail_00",
        _m("auto_fail_00", "A roll of 00 always fails")(),
        False,
        "COC-GEN-1",
        group=CHECKS(),
    )
    tie_rule: str = setting(
        "coc.tie_rule",
        _m("tie_rule", "Equal DEX")(),
        "simultaneous",
        "COC-ROUND-1",
        choices=[("simultaneous", _m("tie.simultaneous", "act simultaneously")())],
        group=ROUND(),
    )
    rounds_per_minute: int = setting(
        "coc.rounds_per_minute",
        _m("rounds_per_minute", "Combat rounds in a minute")(),
        5,
        "COC-KO-3",
        min=1,
        max=60,
        group=ROUND(),
    )
    dodge_forfeits_attack: bool = setting(
        "coc.dodge_forfeits_attack",
        _m("dodge_forfeits", "Who dodges may not attack that round")(),
        True,
        "COC-DODGE-4",
        group=ROUND(),
    )
    dodge_timing: str = setting(
        "coc.dodge_timing",
        _m("dodge_timing", "When a dodge is declared")(),
        "when_attacked",
        "COC-DODGE-4",
        choices=[
            ("when_attacked", _m("dodge.when_attacked", "when the attack comes (asked)")()),
            ("declared", _m("dodge.declared", "ahead, against the next attack")()),
        ],
        group=ROUND(),
    )
    dodge_timer: int = setting(
        "coc.dodge_timer",
        _m("dodge_timer", "Seconds to answer a dodge (0: no limit)")(),
        60,
        "COC-DODGE-4",
        min=0,
        max=600,
        group=ROUND(),
    )
    attack_and_parry: str = setting(
        "coc.attack_and_parry",
        _m("attack_and_parry", "Attack and parry in one round")(),
        "swords_only",
        "COC-PARRY-7",
        choices=[
            ("swords_only", _m("ap.swords", "swords (or two weapons) only")()),
            ("any", _m("ap.any", "any melee weapon")()),
        ],
        group=ROUND(),
    )
    parry_timing: str = setting(
        "coc.parry_timing",
        _m("parry_timing", "Parries are declared")(),
        "round_start",
        "COC-PARRY-3",
        choices=[
            (
                "round_start",
                _m("parry.round_start", "at the start of the round, before any action")(),
            ),
            ("before_attack", _m("parry.before_attack", "any time before that attack")()),
        ],
        group=ROUND(),
    )
    parry_object_wear: bool = setting(
        "coc.parry_object_wear",
        _m("parry_wear", "A parrying object loses the HP it absorbs")(),
        False,
        "COC-PARRY-4",
        group=ROUND(),
    )
    # AMB-COC-08 and AMB-COC-09: the impale threshold and its damage bonus.
    impale_base: str = setting(
        "coc.impale_base",
        _m("impale_base", "Impale on a fifth of")(),
        "modified",
        "COC-IMPALE-2",
        choices=[
            ("modified", _m("impale.modified", "the final chance")()),
            ("skill", _m("impale.skill", "the raw skill")()),
        ],
        group=CHECKS(),
    )
    impale_db: str = setting(
        "coc.impale_db",
        _m("impale_db", "Damage bonus on an impale")(),
        "once",
        "COC-IMPALE-3",
        choices=[
            ("once", _m("db.once", "added once")()),
            ("twice", _m("db.twice", "added twice")()),
        ],
        group=CHECKS(),
    )
    dim_light: str = setting(
        "coc.dim_light",
        _m("dim_light", "Dim light")(),
        "half",
        "COC-DARK-1",
        choices=[("half", _m("dim.half", "halves every skill chance")())],
        group=CHECKS(),
    )
    ko_uses: str = setting(
        "coc.ko_uses",
        _m("ko_uses", "Knockout resists against")(),
        "current_hp",
        "COC-KO-2",
        choices=[
            ("current_hp", _m("ko.current", "current HP")()),
            ("max_hp", _m("ko.max", "maximum HP")()),
        ],
        group=CHECKS(),
    )
    ko_minutes: str = setting(
        "coc.ko_duration",
        _m("ko_duration", "Knocked out for (minutes)")(),
        "1d6",
        "COC-KO-3",
        group=CHECKS(),
    )
    shock_rule: bool = setting(
        "coc.shock_rule",
        _m("shock_rule", "Shock: losing half the HP in one wound")(),
        True,
        "COC-HP-2",
        group=WOUNDS(),
    )
    burst_sizes: str = setting(
        "coc.burst_sizes",
        _m("burst_sizes", "Shots in a burst")(),
        "any",
        "COC-AUTO-5",
        choices=[
            ("any", _m("burst.any", "any number")()),
            ("dice_only", _m("burst.dice", "real die sizes only")()),
        ],
        group=FIREARMS(),
    )
    two_guns_double_each: bool = setting(
        "coc.two_guns_double_each",
        _m("two_guns", "Each of two guns doubles its shots")(),
        True,
        "COC-TWOGUN-1",
        group=FIREARMS(),
    )
    silencer_high_power_wear: int = setting(
        "coc.silencer_high_power_wear",
        _m("silencer_wear", "Silencer wear per powerful shot")(),
        2,
        "COC-SILENCER-2",
        min=1,
        max=10,
        group=FIREARMS(),
    )
    jam_time: str = setting(
        "coc.jam_time",
        _m("jam_time", "Jam clearing time")(),
        "per_attempt",
        "COC-MAL-4",
        choices=[("per_attempt", _m("jam.per_attempt", "1d6 rounds per attempt")())],
        group=FIREARMS(),
    )
    drown_strict_less: bool = setting(
        "coc.drown_strict_less",
        _m("drown_strict", "Breath rolls must be under CON x N")(),
        True,
        "COC-DROWN-2",
        group=HAZARDS(),
    )
    poison_fail: str = setting(
        "coc.poison_fail",
        _m("poison_fail", "A resisted poison costs")(),
        "half",
        "COC-POISON-3",
        choices=[
            ("half", _m("poison.half", "half its POT")()),
            ("nothing", _m("poison.nothing", "nothing")()),
        ],
        group=HAZARDS(),
    )
    burn_stat_loss: bool = setting(
        "coc.burn_stat_loss",
        _m("burn_loss", "Severe burns: Luck or lose 1D3 CON and APP")(),
        True,
        "COC-FIRE-2",
        group=HAZARDS(),
    )


DEFAULTS = CocSettings()
