"""Fuzzing: hostile command-line arguments (see docs/fuzzing.md).

Numbers past every bound (``fate2 quick-npc --phases 51``, ``--ranks 100000000``, ``art roll``
rows, dice counts) and texts no file holds: very long ones (up to the 128 KiB one argument may
hold), control characters, and bytes that are not UTF-8, which Python turns into lone
surrogates (``\\udcff``) in ``sys.argv``. Each
generator returns (what it did, the command's arguments); a string argument with a lone
surrogate reaches the child as the raw byte (``os.fsencode``).
"""

from __future__ import annotations

import random
from collections.abc import Callable

ArgsMaker = Callable[[random.Random], tuple[str, list[str]]]

NUMBERS = [
    "0",
    "-1",
    "51",
    "100",
    "101",
    "100000000",
    str(2**31),
    str(2**63),
    str(10**30),
    "9" * 5000,
    "1e3",
    "0x10",
    "3_4",
    "+1",
    " 7",
    "\u0663",  # Arabic-Indic 3
    "",
]

TEXTS = [
    "caf\udce9",  # the Latin-1 byte 0xE9 on a UTF-8 command line: a lone surrogate in argv
    "\udcff\udcfe",
    "\udced\udca0\udcbd",  # a surrogate encoded as UTF-8 (not valid UTF-8)
    "\x1b[2J\x1b[31m",
    "line\rforged",
    "A" * 120_000,  # one argument holds at most 128 KiB (Linux MAX_ARG_STRLEN)
    "Word " * 24_000,
    "\u202e",
    "",
    " ",
    ",,,",
    "[",
]


def quick_npc(rng: random.Random) -> tuple[str, list[str]]:
    """``fate2 quick-npc`` with hostile phases, ranks and skill names."""
    args = ["fate2", "quick-npc", "--phases", rng.choice([*NUMBERS, "5", "10"])]
    what = f"quick-npc --phases {args[-1][:20]!r}"
    if rng.random() < 0.6:
        args += ["--ranks", rng.choice(NUMBERS)]
        what += f" --ranks {args[-1][:20]!r}"
    if rng.random() < 0.4:
        skills = ",".join(rng.choice([*TEXTS, "Fists", "Guns"]) for _ in range(rng.choice([1, 3])))
        args += ["--skills", skills]
        what += " --skills (hostile)"
    args += rng.sample(["--column", "--json"], rng.randint(0, 2))
    return f"args-{what}", args


def art_roll(rng: random.Random) -> tuple[str, list[str]]:
    """``art roll ROW --seed S`` with hostile numbers."""
    row, seed = rng.choice(NUMBERS), rng.choice([*NUMBERS, "1"])
    return f"args-art-roll {row[:20]!r} --seed {seed[:20]!r}", [
        "art", "roll", row, "--seed", seed, "--json"
    ]  # fmt: skip


def dice(rng: random.Random) -> tuple[str, list[str]]:
    """``roll DICE`` with huge counts, sides and bonuses."""
    count = rng.choice(["4", "0", "100000000", str(2**63), "9" * 400])
    kind = rng.choice(["dF", "d6", "d0", "d100000000", f"d{2**63}"])
    bonus = rng.choice(["", "+3", "-99999999999999999999", "+" + "1" * 5000])
    expression = rng.choice([f"{count}{kind}{bonus}", rng.choice(TEXTS), "4dF" * 2000])
    return f"args-roll {expression[:30]!r}", ["roll", expression]


def trapping_label(rng: random.Random) -> tuple[str, list[str]]:
    """``trapping-cost`` with hostile trapping labels (and details)."""
    count = rng.choice([1, 2, 40])
    texts = TEXTS if count < 10 else [t for t in TEXTS if len(t) < 100]  # ARG_MAX: 2 MiB in all
    labels = [
        rng.choice(
            [
                "Networking",
                "Environment [" + rng.choice(texts) + "]",
                "Variable [Scene, Session, Scene]",
                "Minions [" * 50,
                rng.choice(texts),
            ]
        )
        for _ in range(count)
    ]
    return f"args-trapping-cost {len(labels)} labels", ["trapping-cost", *labels]


def aspect_cards(rng: random.Random) -> tuple[str, list[str]]:
    """``sheet --kind aspect-cards --aspect TEXT`` with hostile aspects."""
    count = rng.choice([1, 3, 200])
    texts = TEXTS if count < 10 else [t for t in TEXTS if len(t) < 100]  # ARG_MAX: 2 MiB in all
    aspects = [a for _ in range(count) for a in ("--aspect", rng.choice(texts))]
    return f"args-aspect-cards {len(aspects) // 2} aspects", [
        "sheet", "--kind", "aspect-cards", "-o", "out.pdf", *aspects
    ]  # fmt: skip


def export_name(rng: random.Random) -> tuple[str, list[str]]:
    """``library export-character NAME`` with a hostile name (the library is a copy)."""
    name = rng.choice(TEXTS)
    return f"args-export-character {name[:20]!r}", [
        "library", "export-character", name, "-o", "out.fatesmith.json"
    ]  # fmt: skip


ARGUMENT_MAKERS: dict[str, ArgsMaker] = {
    "args-quick-npc": quick_npc,
    "args-art-roll": art_roll,
    "args-roll": dice,
    "args-trapping-cost": trapping_label,
    "args-aspect-cards": aspect_cards,
    "args-export-character": export_name,
}
"""The command-line argument families; ``quick-npc`` is dealt twice a round (most options)."""
