"""Validator: every promise of the card's field reference, each problem named precisely."""

from __future__ import annotations

from typing import Any

import pytest

from workbench.data.validate import validate_records


def problems_of(records: list[dict[str, Any]]) -> list[str]:
    problems = validate_records(records, file="f.json").problems
    return [p.message_line() for p in problems]


def test_clean_fixture_has_no_problems(records) -> None:
    valid, problems, _, _ = validate_records(records, file="f.json")
    assert problems == [] and len(valid) == 3


CASES = [
    # (mutation, JSON path named in the message, words of the message)
    (lambda r: r[0].pop("question"), "records[0].question", "required field is missing"),
    (
        lambda r: r[0].update(difficulty="1"),
        "records[0].difficulty",
        "expected integer, got string",
    ),
    (lambda r: r[0].update(difficulty=True), "records[0].difficulty", "got boolean"),
    (lambda r: r[0].update(difficulty=3), "records[0].difficulty", "not one of 0, 1, 2"),
    (lambda r: r[0].update(genre="poetry"), "records[0].genre", "'poetry' is not one of"),
    (lambda r: r[2].update(id="r1"), "records[2].id", "duplicate id (first used by records[0])"),
    (
        lambda r: r[1]["claims"][1].update(claim_id=5),
        "records[1].claims[1].claim_id",
        "is 5 but the claim is at position 1",
    ),
    (
        lambda r: r[1]["claims"][1]["attribution"][1].update(end_char=999),
        "records[1].claims[1].attribution[1].end_char",
        "past the end of source_text",
    ),
    (
        lambda r: r[1]["claims"][1]["attribution"][1].update(start_char=-1),
        "records[1].claims[1].attribution[1].start_char",
        "negative",
    ),
    (
        lambda r: r[0]["claims"][0]["attribution"][0].update(
            end_char=r[0]["claims"][0]["attribution"][0]["start_char"]
        ),
        "records[0].claims[0].attribution[0].end_char",
        "not after start_char",
    ),
    (
        lambda r: r[0]["claims"][0]["attribution"][0].update(
            start_char=r[0]["claims"][0]["attribution"][0]["start_char"] + 1
        ),
        "records[0].claims[0].attribution[0].source_excerpt",
        "although the stored verified flag is true",
    ),
    (
        lambda r: r[0]["claims"][0].update(attribution=[]),
        "records[0].claims[0].attribution",
        "at least one support span",
    ),
    (
        lambda r: r[0]["human_ratings"][0]["scores"].pop("coherence"),
        "records[0].human_ratings[0].scores.coherence",
        "required score is missing",
    ),
    (
        lambda r: r[0]["human_ratings"][0]["scores"].update(fluency=2),
        "records[0].human_ratings[0].scores.fluency",
        "unknown score key",
    ),
    (
        lambda r: r[0]["human_ratings"][0]["scores"].update(relevance=3),
        "records[0].human_ratings[0].scores.relevance",
        "outside the 0-2 scale",
    ),
    (
        lambda r: r[0]["human_ratings"][0]["scores"].update(relevance=1.5),
        "records[0].human_ratings[0].scores.relevance",
        "expected integer 0-2, got number",
    ),
    (
        lambda r: r[0]["human_ratings"][1].update(annotator_id="annotator_1"),
        "records[0].human_ratings[1].annotator_id",
        "rates this record twice",
    ),
    (
        lambda r: r[0]["human_ratings"][1].pop("annotator_id"),
        "records[0].human_ratings[1].annotator_id",
        "required field is missing",
    ),
    (lambda r: r.__setitem__(1, "not a record"), "records[1]", "expected object, got string"),
    # the optional reviewed ``fact`` is read as text by scoring and export-fmeval
    (lambda r: r[0].update(fact=5), "records[0].fact", "expected string, got integer"),
    (lambda r: r[0].update(fact=["a"]), "records[0].fact", "expected string, got array"),
]


@pytest.mark.parametrize(("mutate", "path", "words"), CASES)
def test_each_problem_is_named(records, mutate, path: str, words: str) -> None:
    mutate(records)
    lines = problems_of(records)
    assert len(lines) == 1, lines
    assert f"at {path}:" in lines[0]
    assert words in lines[0]
    assert lines[0].startswith("f.json: record ")


def test_all_problems_collected_not_just_first(records) -> None:
    records[0]["genre"] = "x"
    records[0]["claims"][0]["claim_id"] = 3
    records[2]["human_ratings"][0]["scores"]["faithfulness"] = -1
    assert len(problems_of(records)) == 3


def test_verified_flag_is_not_trusted(records) -> None:
    """A span whose stored flag says false but whose text matches is fine, and vice versa."""
    records[0]["claims"][0]["attribution"][0]["verified"] = False
    assert problems_of(records) == []


def test_optional_fact_may_be_text_or_null(records) -> None:
    records[0]["fact"] = "12%"
    records[1]["fact"] = None
    assert problems_of(records) == []
