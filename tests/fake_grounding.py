"""A tiny stand-in for ``workbench.grounding.engine.ground`` with the same ``to_dict()`` contract.

Each sentence of the answer is a claim, supported when every word of it occurs in the
source; a number that is not in the source is an issue. Expected values in the tests follow
from these two rules by hand.
"""

from __future__ import annotations

import re
from typing import Any


class FakeGrounding:
    def __init__(self, claims: list[dict[str, Any]]) -> None:
        self.claims = claims

    def to_dict(self) -> dict[str, Any]:
        n = len(self.claims)
        frac = sum(c["supported"] for c in self.claims) / n if n else 0.0
        return {"claims": self.claims, "supported_fraction": frac}


def _words(text: str) -> list[str]:
    return re.findall(r"[\w\"%-]+", text)


def fake_ground(answer: str, source: str) -> FakeGrounding:
    source_words = set(_words(source))
    claims = []
    for m in re.finditer(r"[^.]+\.?", answer):
        text = m.group().strip()
        if not text.strip("."):
            continue
        start = answer.index(text, m.start())
        words = _words(text)
        issues = [
            f"number {w} not found in source"
            for w in words
            if re.search(r"\d", w) and w not in source_words
        ]
        supported = bool(words) and all(w in source_words for w in words)
        claims.append(
            {
                "text": text,
                "start": start,
                "end": start + len(text),
                "verdict": "supported" if supported else "unsupported",
                "supported": supported,
                "score": 1.0 if supported else 0.0,
                "spans": [],
                "issues": issues,
                "issue_details": [
                    {"kind": "number_not_in_source", "message": m, "span": None} for m in issues
                ],
            }
        )
    return FakeGrounding(claims)
