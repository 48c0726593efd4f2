"""Rules layer: a FATE 2.0 campaign's settings resolved against the bundled data.

The settings may leave the skill list to the book (None); :class:`Resolved` fills it in and
answers the questions every check asks: a skill's default, whether it is on the list, whether an
extra counts in the pyramid, and the replayed phase history.
"""

from __future__ import annotations

from rules.systems.fate2.character import Fate2Character
from rules.systems.fate2.history import PhaseState, key, replay
from rules.systems.fate2.pyramid import MAIN
from rules.systems.fate2.settings import MEDIOCRE, Fate2Settings, SkillDef


class Resolved:
    """Settings plus the skill list in force.

    Attributes:
        settings: The campaign's settings.
        skills: The skill list in force (the GM's, else the book's sample list).
    """

    def __init__(self, settings: Fate2Settings, book_list: tuple[SkillDef, ...]) -> None:
        self.settings = settings
        self.skills = settings.skills if settings.skills is not None else book_list
        self._by_key = {key(s.name): s for s in self.skills}
        self._own_defaults: dict[str, int] = {}

    def for_character(self, character: Fate2Character) -> Resolved:
        """A copy that also knows ``character``'s own difficult-skill defaults."""
        bound = Resolved(self.settings, self.skills)
        bound._own_defaults = {key(n): v for n, v in character.skill_defaults.items()}
        return bound

    def on_list(self, name: str) -> bool:
        """Whether ``name`` is on the campaign's skill list."""
        return key(name) in self._by_key

    def default_of(self, name: str) -> int:
        """Where ``name`` starts untrained: Mediocre, or its difficult-skill default when the
        campaign uses difficult skills (the character's own default first, then the list's)."""
        if not self.settings.difficult_skills:
            return MEDIOCRE
        k = key(name)
        own = self._own_defaults.get(k)
        if own is not None and -4 <= own <= MEDIOCRE:
            return own
        listed = self._by_key.get(k)
        return listed.default if listed is not None else MEDIOCRE

    def extra_in_pyramid(self, character: Fate2Character, name: str) -> bool:
        """Whether the extra ``name`` counts in the pyramid (its own choice, else the
        campaign's; §5 Extras and the Pyramid)."""
        extra = character.extra(name)
        if extra is not None and extra.in_pyramid is not None:
            return extra.in_pyramid
        return self.settings.extras_in_pyramid

    def pyramid_of(self, name: str) -> str | None:
        """The pyramid ``name`` counts in: the list's say (a special skill's own pyramid, or
        None for none, §5 Special Skills and the Pyramid), else the main one ("")."""
        listed = self._by_key.get(key(name))
        return listed.pyramid if listed is not None else MAIN

    def replay(self, character: Fate2Character) -> tuple[PhaseState, ...]:
        """The state after each of ``character``'s recorded phases."""
        return replay(
            character,
            self.settings,
            self.default_of,
            lambda name: self.extra_in_pyramid(character, name),
            self.pyramid_of,
        )
