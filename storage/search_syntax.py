"""Storage layer: the search box's little language, and the searchable text it runs over.

Pure functions (no database, no Qt), shared by :meth:`storage.library.Library.list_characters`
and the GUI's in-memory search index. A search is plain words and phrases, all of which must
appear (any case) anywhere in a character's text, combined with field terms that must appear
in one part of it::

    ada "slow clouds" skill:Guns stunt:"Danger Sense" tag:villain system:sotc

Field prefixes (any case; plural spellings too): ``name``, ``player``, ``system``,
``description``, ``aspect``, ``skill``, ``stunt``, ``tag`` and ``campaign``. A field term
matches when its value appears inside one of that field's entries (``skill:gun`` finds
"Guns"). An unknown prefix is part of a plain word (``10:30`` searches for "10:30"); a
quoted word is always plain (``"skill:guns"``); a field with nothing after it yet is ignored,
so filtering while typing never flashes an empty list.

The searchable text (:func:`search_blob`) is one entry per line, case-folded, each line
starting with its field's mark, a control character that typed text never contains (it is
stripped from queries), so plain words still match anywhere while field terms can tell a
skill from an aspect.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

FIELD_MARKS: dict[str, str] = {
    "name": "\x01",
    "player": "\x02",
    "system": "\x03",
    "description": "\x04",
    "aspect": "\x05",
    "skill": "\x06",
    "stunt": "\x07",
    "tag": "\x08",
    "campaign": "\x0e",
}
"""The mark that starts each line of a search blob, by field (no character that Python's
``splitlines`` or ``split()`` treats as a break or a space)."""

FIELDS: tuple[str, ...] = tuple(FIELD_MARKS)
_MARKS = frozenset(FIELD_MARKS.values())
_ALIASES: dict[str, str] = {
    **{field: field for field in FIELDS},
    **{f"{field}s": field for field in ("name", "player", "aspect", "skill", "stunt", "tag")},
    "systems": "system",
    "campaigns": "campaign",
}
_PREFIX = re.compile(r'([^\s:"]+):')
_CONTROL = re.compile(r"[\x00-\x1f\x7f]")


@dataclass(frozen=True, slots=True)
class FieldTerm:
    """A ``field:value`` search term; ``value`` is case-folded, spaces collapsed."""

    field: str
    value: str


@dataclass(frozen=True, slots=True)
class ParsedSearch:
    """A parsed search: plain words or phrases, and field terms (all must match).

    Attributes:
        words: Case-folded words and quoted phrases to find anywhere.
        fields: Terms to find in one field's entries.
    """

    words: tuple[str, ...] = ()
    fields: tuple[FieldTerm, ...] = ()

    @property
    def empty(self) -> bool:
        """Whether nothing is being searched for (everything matches)."""
        return not self.words and not self.fields


def _clean(text: str) -> str:
    """Case-folded, control characters dropped, runs of white space made one space."""
    return " ".join(_CONTROL.sub(" ", text).casefold().split())


def _quoted(text: str, start: int) -> tuple[str, int]:
    """The text between the quote at ``start`` and the next one (or the end), and the
    position after it. An unclosed quote runs to the end: the user is still typing."""
    end = text.find('"', start + 1)
    if end < 0:
        return text[start + 1 :], len(text)
    return text[start + 1 : end], end + 1


def _bare(text: str, start: int) -> tuple[str, int]:
    """The text from ``start`` to the next white space, and the position there."""
    end = start
    while end < len(text) and not text[end].isspace():
        end += 1
    return text[start:end], end


def parse_search(text: str) -> ParsedSearch:
    """Split search-box text into plain words/phrases and field terms (see module docstring).

    ``'Ada skill:Guns stunt:"Danger Sense" x:y'`` gives the words ``ada`` and ``x:y`` and the
    field terms ``skill: guns`` and ``stunt: danger sense``.
    """
    words: list[str] = []
    fields: list[FieldTerm] = []
    i, n = 0, len(text)
    while i < n:
        if text[i].isspace():
            i += 1
            continue
        if text[i] == '"':
            phrase, i = _quoted(text, i)
            words.append(_clean(phrase))
            continue
        prefix = _PREFIX.match(text, i)
        if prefix is None:
            word, i = _bare(text, i)
            words.append(_clean(word))
            continue
        j = prefix.end()
        value, i = _quoted(text, j) if j < n and text[j] == '"' else _bare(text, j)
        field = _ALIASES.get(prefix.group(1).casefold())
        if field is None:  # not a field: the whole thing is a plain word
            words.append(_clean(f"{prefix.group(1)}:{value}"))
        else:
            fields.append(FieldTerm(field, _clean(value)))
    return ParsedSearch(
        words=tuple(w for w in words if w),
        fields=tuple(f for f in fields if f.value),
    )


def search_line(field: str, text: str) -> str:
    """One line of a search blob: ``field``'s mark and ``text`` case-folded (no line breaks)."""
    return FIELD_MARKS[field] + " ".join(_CONTROL.sub(" ", text).split()).casefold()


def search_blob(entries: Iterable[tuple[str, str]]) -> str:
    """The searchable text of ``(field, text)`` entries, one marked line each (blanks left out).

    Raises:
        KeyError: for a field not in :data:`FIELD_MARKS`.
    """
    return "\n".join(search_line(field, text) for field, text in entries if text and text.strip())


def is_marked(blob: str) -> bool:
    """Whether ``blob`` has field marks (an older library's search text has none)."""
    return bool(blob) and blob[0] in _MARKS


def blob_matches(search: ParsedSearch, blob: str) -> bool:
    """Whether a search blob (from :func:`search_blob`) satisfies every term of ``search``.

    A blob without field marks (written before fields existed) is matched with its field terms
    taken as plain words.
    """
    for word in search.words:
        if word not in blob:
            return False
    if not search.fields:
        return True
    if not is_marked(blob):
        return all(term.value in blob for term in search.fields)
    return all(_in_field(blob, FIELD_MARKS[term.field], term.value) for term in search.fields)


def _in_field(blob: str, mark: str, value: str) -> bool:
    """Whether ``value`` (which holds no line break) occurs in a line starting with ``mark``.

    Finds each occurrence and looks back to its line's mark, rather than splitting the blob:
    this runs once per candidate row while the user types.
    """
    found = blob.find(value)
    while found >= 0:
        if blob[blob.rfind("\n", 0, found) + 1] == mark:
            return True
        found = blob.find(value, found + 1)
    return False
