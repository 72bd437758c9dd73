"""The fixed dev/test split of the HeQ pairs by paragraph (pure stdlib).

Rule: ``sha256(source.encode("utf-8"))``; if its first byte is even the paragraph is
``dev``, otherwise ``test``. Every item of a paragraph therefore lands in the same split.
Tuning code should keep only ``split_of(item["source"]) == "dev"``.

Run ``python data/heq/split.py FILE.json`` to print the paragraph and item counts per split.
"""

from __future__ import annotations

import hashlib
import json
import sys


def split_of(source: str) -> str:
    """``dev`` if the first byte of the source's sha256 is even, else ``test``."""
    return "dev" if hashlib.sha256(source.encode("utf-8")).digest()[0] % 2 == 0 else "test"


def main(argv: list[str]) -> int:
    for path in argv:
        with open(path, encoding="utf-8") as fh:
            items = json.load(fh)
        paragraphs: dict[str, set[str]] = {"dev": set(), "test": set()}
        counts = {"dev": 0, "test": 0}
        for it in items:
            s = split_of(it["source"])
            paragraphs[s].add(it["source"])
            counts[s] += 1
        for s in ("dev", "test"):
            print(f"{path}: {s}: {len(paragraphs[s])} paragraphs, {counts[s]} items")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
