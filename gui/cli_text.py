"""GUI layer (command line): user text made safe to print on a terminal.

A name, an aspect, a campaign or a file name may hold control characters: ESC drives the
terminal, CR and LF forge a line of output, a C1 control such as U+009B is an 8-bit CSI, a
bidirectional override (U+202E) shows what follows backwards, and a lone surrogate cannot be
written at all. Every human-readable line the command line prints passes through
:func:`printable`, which shows each of them as a visible escape (``\\x1b``, ``\\r``, ``\\n``,
``\\u202e``); :func:`json_line` keeps ``--json`` output exact (``json.loads`` gives the very
text back) with those characters written as JSON escapes.
"""

from __future__ import annotations

import json
import re
from typing import Any

__all__ = ["json_line", "printable"]

_UNSAFE = re.compile(
    "[\x00-\x1f\x7f-\x9f"  # C0 controls, DEL, C1 controls
    "\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069"  # bidirectional marks and overrides
    "\u2028\u2029"  # line and paragraph separators
    "\ud800-\udfff]"  # lone surrogates (cannot be encoded)
)
"""What :func:`printable` escapes."""

_SHORT = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def _escape(match: re.Match[str]) -> str:
    char = match.group()
    if char in _SHORT:
        return _SHORT[char]
    code = ord(char)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def printable(text: object) -> str:
    """``text`` with every control character, bidirectional override and lone surrogate shown
    as a visible escape (``\\x1b``, ``\\r``, ``\\n``, ``\\t``, ``\\u202e``); other text, accents
    and emoji included, is left as it is."""
    return _UNSAFE.sub(_escape, str(text))


def _json_escape(match: re.Match[str]) -> str:
    return f"\\u{ord(match.group()):04x}"


def json_line(data: Any) -> str:
    """``data`` as one line of JSON, non-ASCII text kept as it is, except the characters
    :func:`printable` escapes, which are JSON escapes (``json.dumps`` already escapes C0
    controls; this adds DEL, C1, bidirectional overrides and lone surrogates). The same data
    after ``json.loads``: those characters occur only inside JSON strings."""
    return _UNSAFE.sub(_json_escape, json.dumps(data, ensure_ascii=False))
