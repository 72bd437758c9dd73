"""Shared fixtures: small hand-made datasets whose counts are known by construction, and
the one loader of the repository's scripts (tools/) as modules."""

from __future__ import annotations

import copy
import importlib.util
import json
import sys
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from workbench.data.schema import DIMENSIONS

SOURCE_A = "משפט ראשון על הכנסת. משפט שני על התקציב של 12% גידול.\nמשפט שלישי."
SOURCE_B = 'דנה: שלום לכולם.\nיוסי: צה"ל הודיע היום על תרגיל.\nדנה: תודה.'


def span(source: str, excerpt: str, sentence_id: int = 0) -> dict[str, Any]:
    """An attribution span cut from ``source`` (so offsets are right by construction)."""
    start = source.index(excerpt)
    return {
        "sentence_id": sentence_id,
        "source_excerpt": excerpt,
        "start_char": start,
        "end_char": start + len(excerpt),
        "verified": True,
        "verification_method": "auto",
    }


def ratings(*rows: list[int]) -> list[dict[str, Any]]:
    return [
        {"annotator_id": f"annotator_{i + 1}", "scores": dict(zip(DIMENSIONS, r, strict=True))}
        for i, r in enumerate(rows)
    ]


def make_records() -> list[dict[str, Any]]:
    """Three records: 4 claims, 5 spans, 3 + 4 + 2 = 9 rating entries (known by hand)."""
    return [
        {
            "id": "r1",
            "source_task_id": "t1",
            "genre": "encyclopedic",
            "difficulty": 0,
            "document_id": "d1",
            "question": "מה גדל?",
            "source_text": SOURCE_A,
            "reference_answer": "התקציב גדל ב-12%.",
            "claims": [
                {
                    "claim_id": 0,
                    "text": "התקציב גדל ב-12%.",
                    "attribution": [span(SOURCE_A, "משפט שני על התקציב של 12% גידול.", 1)],
                }
            ],
            "human_ratings": ratings([2, 2, 2, 2, 2], [2, 2, 2, 2, 2], [2, 1, 2, 2, 2]),
        },
        {
            "id": "r2",
            "source_task_id": "t2",
            "genre": "dialogue",
            "difficulty": 2,
            "document_id": "d2",
            "question": 'מה הודיע צה"ל?',
            "source_text": SOURCE_B,
            "reference_answer": 'צה"ל הודיע על תרגיל. דנה הודתה.',
            "claims": [
                {
                    "claim_id": 0,
                    "text": 'צה"ל הודיע על תרגיל.',
                    "attribution": [span(SOURCE_B, 'צה"ל הודיע היום על תרגיל.', 1)],
                },
                {
                    "claim_id": 1,
                    "text": "דנה פתחה וסגרה.",
                    "attribution": [
                        span(SOURCE_B, "שלום לכולם.", 0),
                        span(SOURCE_B, "תודה.", 2),
                    ],
                },
            ],
            "human_ratings": ratings(
                [2, 2, 2, 2, 2], [2, 2, 2, 2, 2], [2, 2, 2, 2, 2], [2, 2, 2, 2, 2]
            ),
        },
        {
            "id": "r3",
            "source_task_id": "t3",
            "genre": "encyclopedic",
            "difficulty": 1,
            "document_id": "d1",
            "question": "מה השלישי?",
            "source_text": SOURCE_A,
            "reference_answer": "יש משפט שלישי.",
            "claims": [
                {
                    "claim_id": 0,
                    "text": "יש משפט שלישי.",
                    "attribution": [span(SOURCE_A, "משפט שלישי.", 2)],
                }
            ],
            "human_ratings": ratings([1, 2, 0, 2, 2], [2, 2, 2, 2, 1]),
        },
    ]


@pytest.fixture
def records() -> list[dict[str, Any]]:
    return make_records()


@pytest.fixture
def write_json(tmp_path: Path):
    """Write a JSON value (or raw bytes/str) to a file under tmp_path and return its path."""

    def _write(value: Any, name: str = "data.json") -> Path:
        path = tmp_path / name
        if isinstance(value, bytes):
            path.write_bytes(value)
        elif isinstance(value, str):
            path.write_text(value, encoding="utf-8")
        else:
            path.write_text(json.dumps(value, ensure_ascii=False), encoding="utf-8")
        return path

    return _write


@pytest.fixture
def dataset_file(write_json, records) -> Path:
    return write_json(records)


def mutate(records: list[dict[str, Any]], fn) -> list[dict[str, Any]]:
    out = copy.deepcopy(records)
    fn(out)
    return out


@pytest.fixture
def load_tool() -> Callable[[str], ModuleType]:
    """``load_tool("stress_numbers")``: the script ``tools/NAME.py`` as a module (its folder
    on the path, as when it runs, for the tools it imports)."""
    tools = Path(__file__).resolve().parents[1] / "tools"

    def load(name: str) -> ModuleType:
        sys.path.insert(0, str(tools))
        spec = importlib.util.spec_from_file_location(name, tools / f"{name}.py")
        assert spec is not None and spec.loader is not None
        mod = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(mod)
        return mod

    return load
