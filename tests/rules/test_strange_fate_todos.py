"""Strange Fate: what a character still lacks is named (issue 23).

«Buy Skills»: a character starts with 30 skill points to buy skills with; points left over are
skills not yet bought, a to-do. «Types of Aspects»: each of the eight personal aspects is named
when it is blank (the Archetype aspect, the Social Class aspect, the Conviction, and each Free
aspect by the question it answers), not "This aspect is blank." eight times.
"""

from __future__ import annotations

from rules.systems.strange_fate.character import Aspect, FiveAnswers
from rules.validation import Severity
from tests.rules.strange_fate_builders import professor, system

QUESTIONS = ("humble_beginnings", "follies_of_youth", "first_awakenings",
             "mysterious_origins", "great_failing")  # fmt: skip


def test_the_professor_has_no_points_left() -> None:
    c = professor()
    derived = system().derive(c)
    assert derived.skill_points_left == 0
    assert not [p for p in system().validate(c) if p.code == "SF-V01-points-left"]


def test_unspent_skill_points_are_a_to_do() -> None:
    c = professor()
    name = next(n for n, v in c.skills.items() if n not in c.designed and v >= 2)
    fewer = c.model_copy(update={"skills": {**c.skills, name: c.skills[name] - 1}})
    problems = [p for p in system().validate(fewer) if p.code == "SF-V01-points-left"]
    assert [(p.severity, p.path) for p in problems] == [(Severity.ERROR, "skills")]
    assert "1 of the 30 skill points is still to spend" in problems[0].message


def test_a_blank_characters_aspects_are_each_named() -> None:
    aspects = (
        Aspect(kind="archetype"),
        Aspect(kind="social-class"),
        Aspect(kind="conviction"),
        *(Aspect(kind="free", question=q) for q in QUESTIONS),  # type: ignore[arg-type]
    )
    c = professor().model_copy(update={"aspects": aspects})
    blank = [p.message for p in system().validate(c) if p.code == "SF-V05-blank"]
    assert blank == [
        "The Archetype aspect is blank.",
        "The Social Class aspect is blank.",
        "The Conviction aspect is blank.",
        "The Free aspect answering Humble Beginnings is blank.",
        "The Free aspect answering Follies of Youth is blank.",
        "The Free aspect answering First Awakenings is blank.",
        "The Free aspect answering Mysterious Origins is blank.",
        "The Free aspect answering Great Failing is blank.",
    ]
    assert len(set(blank)) == 8


def test_unanswered_questions_use_the_books_headings() -> None:
    """«The Five Questions»: "Follies of Youth", not "Follies Of Youth"."""
    c = professor().model_copy(update={"answers": FiveAnswers()})
    (message,) = [p.message for p in system().validate(c) if p.code == "SF-questions"]
    assert "Humble Beginnings, Follies of Youth, First Awakenings" in message
