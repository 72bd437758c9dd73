"""docs/grounding.md states counts of the engine's word lists and the issue kinds: they
are read from the doc and compared with the code, so the doc cannot drift."""

from __future__ import annotations

import re
from pathlib import Path

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


def test_binding_word_list_counts() -> None:
    from workbench.hebrew import QUANTITY_WORDS, RESTRICTORS, ROLE_WORDS

    assert _stated(r"`hebrew.ROLE_WORDS` \((\d+)\s+forms") == len(ROLE_WORDS)
    assert _stated(r"`hebrew.RESTRICTORS`, (\d+)\s+forms") == len(RESTRICTORS)
    assert _stated(r"`hebrew.QUANTITY_WORDS`, (\d+)\s+forms") == len(QUANTITY_WORDS)


def test_scope_and_clause_word_list_counts() -> None:
    from workbench.hebrew import (
        CLAUSE_OPENERS,
        ERA_WORDS,
        PART_WORDS,
        PARTITIVE_PRONOUNS,
        TIME_PARTS,
        UNIVERSALS,
    )

    assert _stated(r"`hebrew.PART_WORDS`, (\d+)\s+forms") == len(PART_WORDS)
    assert _stated(r"`hebrew.PARTITIVE_PRONOUNS`, (\d+)\s+forms") == len(PARTITIVE_PRONOUNS)
    assert _stated(r"`hebrew.UNIVERSALS`, (\d+)\s+forms") == len(UNIVERSALS)
    assert _stated(r"`hebrew.CLAUSE_OPENERS`, (\d+)\s+forms") == len(CLAUSE_OPENERS)
    assert _stated(r"`hebrew.ERA_WORDS` \((\d+)\s+forms") == len(ERA_WORDS)
    assert _stated(r"`hebrew.TIME_PARTS`, (\d+)\s+forms") == len(TIME_PARTS)


def test_restricting_phrase_word_list_counts() -> None:
    from workbench.hebrew import CONDITIONS, RESTRICTING_ADVERBS

    assert _stated(r"`hebrew.RESTRICTING_ADVERBS`, (\d+)\s+forms") == len(RESTRICTING_ADVERBS)
    assert _stated(r"`hebrew.CONDITIONS`, (\d+)\s+forms") == len(CONDITIONS)


def test_answer_type_word_list_counts() -> None:
    from workbench.hebrew import (
        PERSON_QUESTIONS,
        PLACE_NOUNS,
        PLACE_QUESTIONS,
        REASON_OPENERS,
        TIME_NOUNS,
        TIME_WORDS,
    )

    assert _stated(r"`hebrew.PERSON_QUESTIONS`, (\d+) forms") == len(PERSON_QUESTIONS)
    assert _stated(r"`hebrew.PLACE_QUESTIONS`, (\d+) forms") == len(PLACE_QUESTIONS)
    assert _stated(r"`hebrew.TIME_NOUNS`, (\d+) forms") == len(TIME_NOUNS)
    assert _stated(r"`hebrew.PLACE_NOUNS`, (\d+) forms") == len(PLACE_NOUNS)
    assert _stated(r"`hebrew.TIME_WORDS`, (\d+) forms") == len(TIME_WORDS)
    assert _stated(r"`hebrew.REASON_OPENERS`, (\d+) forms") == len(REASON_OPENERS)
