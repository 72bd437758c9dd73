"""Build ``hebrew_paraphrase_pairs.json`` from the hand-written sources and claims.

Run from the repository root: ``.venv/bin/python data/grounding_pairs/build_pairs.py``.

The sources and claims are in ``sources_a.py`` and ``sources_b.py`` (written for the
project, CC BY-SA 4.0). Each claim names one or more anchors, short exact substrings of
its source; this script finds the sentence holding each anchor with its own simple
splitter (a sentence ends at . ? ! followed by a space or the end, or at a newline), so
the gold spans do not depend on the engine being measured. Every anchor must occur
exactly once, and a claim must not be a substring of its source (claims are reworded).

Output items: ``{id, source, claim, label, support_spans, claim_kind, split, genre,
source_id, evidence_spans}``. ``support_spans`` are the supporting sentences of a
``paraphrase`` (empty for the other kinds, whose claims nothing supports);
``evidence_spans`` are the sentences a contradicted claim contradicts (for reading only).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))  # data/gold_sentences.py

from gold_sentences import sentences  # noqa: E402
from sources_a import SOURCES_A, C, P, S, U  # noqa: E402
from sources_b import SOURCES_B  # noqa: E402

LABEL = {P: "supported", C: "contradicted", S: "contradicted", U: "unsupported"}
OUT = HERE / "hebrew_paraphrase_pairs.json"


def sentence_of(text: str, anchor: str, where: str) -> list[int]:
    """The [start, end] of the sentence holding ``anchor`` (which must occur once)."""
    at = text.find(anchor)
    if at < 0 or text.find(anchor, at + 1) >= 0:
        raise SystemExit(f"{where}: anchor {anchor!r} must occur exactly once in the source")
    for s, e in sentences(text):
        if s <= at and at + len(anchor) <= e:
            return [s, e]
    raise SystemExit(f"{where}: anchor {anchor!r} crosses a sentence boundary")


def build() -> list[dict]:
    items = []
    for sid, genre, split, text, claims in SOURCES_A + SOURCES_B:
        if not 600 <= len(text) <= 1500:
            raise SystemExit(f"{sid}: source has {len(text)} characters, expected 600-1500")
        for k, (kind, claim, anchors) in enumerate(claims, start=1):
            where = f"{sid} claim {k}"
            if claim in text:
                raise SystemExit(f"{where}: the claim is a verbatim substring of the source")
            spans = sorted({tuple(sentence_of(text, a, where)) for a in anchors})
            label = LABEL[kind]
            if kind == P and not spans:
                raise SystemExit(f"{where}: a paraphrase needs an anchor")
            items.append(
                {
                    "id": f"{sid}-{k:02d}",
                    "source": text,
                    "claim": claim,
                    "label": label,
                    "support_spans": [list(s) for s in spans] if label == "supported" else [],
                    "claim_kind": kind,
                    "split": split,
                    "genre": genre,
                    "source_id": sid,
                    "evidence_spans": [list(s) for s in spans] if label == "contradicted" else [],
                }
            )
    return items


def main() -> None:
    items = build()
    OUT.write_text(json.dumps(items, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    by = {}
    for it in items:
        key = (it["split"], it["claim_kind"])
        by[key] = by.get(key, 0) + 1
    print(f"wrote {len(items)} items to {OUT}")
    for key, n in sorted(by.items()):
        print(f"  {key[0]:5} {key[1]:26} {n}")


if __name__ == "__main__":
    main()
