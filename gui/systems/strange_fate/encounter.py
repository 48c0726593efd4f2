"""GUI layer: what Strange Fate's cast dialogs ask beyond the generic ones: the Power Tier of
an inline NPC's or a minion group's skills (L1137-L1166, L4465-L4535), an NPC's role
(adversary or villain, L4537-L4578) and its side's group consequences (L4580-L4597), each
stored in ``Participant.options`` (:mod:`rules.systems.strange_fate.conflict_options`)."""

from __future__ import annotations

from gui.encounter.prompts import OptionField
from gui.encounter.system_prompts import GenericEncounterPrompts
from rules.systems.strange_fate.conflict import GROUP_CONSEQUENCES
from rules.systems.strange_fate.conflict_options import GROUP_MIDDLING, GROUP_TRIFLING, ROLE, TIER
from rules.systems.strange_fate.creation import TIERS

TIER_FIELD = OptionField(
    "Power Tier",
    tuple((name, {TIER: i} if i else {}) for i, name in enumerate(TIERS)),
    "The tier of every skill it rolls (a minion group's scopes): a Fudge die becomes a d6 per "
    "tier of difference against a lower-tier opponent (L1153)",
)
ROLE_FIELD = OptionField(
    "Role",
    (
        ("Named NPC (its own consequences)", {}),
        ("Adversary (the group consequences)", {ROLE: "adversary"}),
        ("Villain (its own, then the group's)", {ROLE: "villain"}),
    ),
    "Adversaries take no personal consequences, only their side's group consequences; a "
    "villain has its own and then what the adversaries left (L4537-L4578)",
)
POOL_FIELD = OptionField(
    "Group consequences",
    (
        ("none named here", {}),
        *(
            (
                f"{trifling} Trifling, {middling} Middling ({fewest}"
                + ("+" if fewest == 7 else f"-{fewest + 1}")
                + " adversaries)",
                {GROUP_TRIFLING: trifling, GROUP_MIDDLING: middling},
            )
            for fewest, trifling, middling in reversed(GROUP_CONSEQUENCES)
        ),
    ),
    "The pool the side's adversaries and villains share, by the adversaries in the story arc "
    "(L4580-L4597); name it on one of them",
)


def encounter_prompts() -> GenericEncounterPrompts:
    """The generic cast dialogs with Strange Fate's questions."""
    return GenericEncounterPrompts(
        npc_fields=(TIER_FIELD, ROLE_FIELD, POOL_FIELD), minion_fields=(TIER_FIELD,)
    )
