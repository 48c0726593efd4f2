"""Rules layer: the conflict engine, split along its seams; this package exports its public API.

- :mod:`rules.conflict.engine`: apply one event, replay a log, draw missing dice, keyword API;
- :mod:`rules.conflict.turns`: initiative, exchanges, holding and resuming;
- :mod:`rules.conflict.rolls`: dice, invokes and tags, simple actions, attacks, fate points;
- :mod:`rules.conflict.harm`: hits on the tracks, consequences, concessions, taken out, recovery;
- :mod:`rules.conflict.tactics`: maneuvers, blocks, full defense;
- :mod:`rules.conflict.scene`: participants, aspects, zones, borders, movement, minion groups
  and companions;
- :mod:`rules.conflict.steps`: the engine's steps for a system's own actions;
- :mod:`rules.conflict.odds`: exact odds for the dice panel.

Every function takes the :class:`rules.conflict_rules.ConflictRules` to use (a system's
``conflict_rules(settings)``); nothing here names a game system.
"""

from __future__ import annotations

from rules.conflict.common import Result, group_size
from rules.conflict.engine import (
    add_aspect,
    add_participant,
    apply_event,
    apply_stress,
    attach,
    attack,
    block,
    concede,
    end_scene,
    fill_dice,
    full_defense,
    gm_override,
    grant_fate_point,
    hold,
    maneuver,
    move,
    next_exchange,
    next_turn,
    pass_block,
    recover,
    remove_aspect,
    remove_participant,
    replay,
    resume,
    roll,
    spend_fate_point,
    start,
    system_action,
    tag_aspect,
    take_consequence,
    take_out,
)
from rules.conflict.odds import contest_odds, protecting_block, reroll_odds, roll_bonus, roll_odds
from rules.conflict.pools import contest_pools, roll_pool
from rules.conflict.scene import companion, minion_group
from rules.conflict.turns import initiative_order, initiative_value

__all__ = [
    "Result", "add_aspect", "add_participant", "apply_event", "apply_stress", "attach", "attack",
    "block", "companion", "concede", "contest_odds", "contest_pools", "end_scene", "fill_dice",
    "full_defense",
    "gm_override", "grant_fate_point", "group_size", "hold", "initiative_order",
    "initiative_value", "maneuver",
    "minion_group", "move", "next_exchange", "next_turn", "pass_block", "protecting_block",
    "recover", "remove_aspect", "remove_participant", "replay", "reroll_odds", "resume", "roll",
    "roll_bonus", "roll_odds", "roll_pool", "spend_fate_point", "start", "system_action",
    "tag_aspect", "take_consequence", "take_out",
]  # fmt: skip
