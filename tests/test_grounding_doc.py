"""docs/grounding.md states counts of the engine's word lists and the issue kinds: they
are read from the doc and compared with the code, so the doc cannot drift."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from workbench.grounding import IssueKind
from workbench.hebrew import LIGHT_WORDS, PLACES, POLAR_WORDS

DOC = (Path(__file__).resolve().parents[1] / "docs" / "grounding.md").read_text(encoding="utf-8")


def _stated(pattern: str) -> int:
    found = {int(n) for n in re.findall(pattern, DOC)}
    assert len(found) == 1, (pattern, found)  # stated, and stated once the same way
    return found.pop()


def test_antonym_family_count() -> None:
    families = {fam for pairs in POLAR_WORDS.values() for fam, _ in pairs}
    assert _stated(r"holds (\d+) families") == len(families)


def test_place_count() -> None:
    assert _stated(r"`hebrew.PLACES`\) is general: (\d+)") == len(PLACES)


def test_light_word_count() -> None:
    assert _stated(r"`hebrew.LIGHT_WORDS`, (\d+) forms") == len(LIGHT_WORDS)


def test_every_issue_kind_is_documented() -> None:
    table = set(re.findall(r"^\| `([a-z_]+)` \|", DOC, flags=re.M))
    assert table == {k.value for k in IssueKind}


# each word list the doc names with its size: (name, how the doc states the count)
WORD_LISTS = [
    ("ROLE_WORDS", r" \((\d+)\s+forms"),
    ("RESTRICTORS", r", (\d+)\s+forms"),
    ("QUANTITY_WORDS", r", (\d+)\s+forms"),
    ("PART_WORDS", r", (\d+)\s+forms"),
    ("PARTITIVE_PRONOUNS", r", (\d+)\s+forms"),
    ("UNIVERSALS", r", (\d+)\s+forms"),
    ("CLAUSE_OPENERS", r", (\d+)\s+forms"),
    ("ERA_WORDS", r" \((\d+)\s+forms"),
    ("TIME_PARTS", r", (\d+)\s+forms"),
    ("RESTRICTING_ADVERBS", r", (\d+)\s+forms"),
    ("CONDITIONS", r", (\d+)\s+forms"),
    ("PERSON_QUESTIONS", r", (\d+) forms"),
    ("PLACE_QUESTIONS", r", (\d+) forms"),
    ("TIME_NOUNS", r", (\d+) forms"),
    ("PLACE_NOUNS", r", (\d+) forms"),
    ("TIME_WORDS", r", (\d+) forms"),
    ("REASON_OPENERS", r", (\d+) forms"),
]


@pytest.mark.parametrize(("name", "stated"), WORD_LISTS)
def test_word_list_counts(name: str, stated: str) -> None:
    import workbench.hebrew as hebrew

    assert _stated(rf"`hebrew.{name}`" + stated) == len(getattr(hebrew, name))
