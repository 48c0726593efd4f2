"""Storage layer (PDF): the paper size a user expects by default, from their locale.

Printers in the United States, Canada, Mexico, the Philippines and a few countries of Central
and South America load US Letter; the rest of the world loads A4. The locale's territory is
read the way the C library reads ``LC_PAPER``: ``LC_ALL`` wins, then ``LC_PAPER``, then
``LANG``. Pure functions of the environment given, so both the app and the command line take
the same default (and the user can still choose the other size).
"""

from __future__ import annotations

import os
from collections.abc import Mapping

from storage.pdf.styles import Paper

LETTER_TERRITORIES = frozenset(
    {"US", "CA", "MX", "PH", "PR", "CL", "CO", "CR", "DO", "GT", "NI", "PA", "SV", "VE", "BZ"}
)
"""Territories whose locales use US Letter paper (glibc's ``LC_PAPER`` data, and Canada)."""


def locale_territory(locale: str) -> str:
    """The territory of a POSIX locale name (``"en_US.UTF-8"`` -> ``"US"``), or ""."""
    name = locale.split(".", 1)[0].split("@", 1)[0]
    _, _, territory = name.partition("_")
    return territory.upper() if territory.isalpha() else ""


def paper_for_locale(locale: str) -> Paper:
    """``"letter"`` for a locale of a Letter territory, ``"a4"`` for any other (C included)."""
    return "letter" if locale_territory(locale) in LETTER_TERRITORIES else "a4"


def default_paper(environ: Mapping[str, str] | None = None) -> Paper:
    """The paper size the user's locale expects (``environ``: default ``os.environ``).

    The first of ``LC_ALL``, ``LC_PAPER`` and ``LANG`` that is set and not empty names the
    locale, as the C library decides.
    """
    env = os.environ if environ is None else environ
    for variable in ("LC_ALL", "LC_PAPER", "LANG"):
        value = env.get(variable, "").strip()
        if value:
            return paper_for_locale(value)
    return "a4"
