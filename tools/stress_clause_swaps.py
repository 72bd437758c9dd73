"""Stress test of the clause binding: every source sentence of two clauses cut at an opener
(ואילו, אבל, בעוד...), grounded against its own source twice: as written, and with the
first word of its first clause swapped with the first word after the opener ("עמותת ...
מבקשת X, ואילו המשטרה טוענת Y" -> "המשטרה ... מבקשת X, ואילו עמותת טוענת Y"). The swap joins
each clause's predicate to the other clause's opening word (most often its subject): every
word of it is in the source, in one sentence, and none of it is said so. A swapped sentence
that comes out ``supported`` passed a neighbouring-clause subject; the sentence as written
must stay ``supported``. Only content words are swapped (no figure, no function word), and
each source is read once. Prints counts per set; deterministic.

Run: ``PYTHONPATH=. python tools/stress_clause_swaps.py [--sets a,b] [--list SET]``;
``--list`` prints the swapped sentences of one set that pass (use it on the sets you may
read). Round 40 wrote it to measure ``roles/swapped_clauses.py`` on sentences no rule was
written from.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import stress_numbers as sn  # noqa: E402


def swapped(source: str) -> list[tuple[str, str]]:
    """(sentence as written, sentence with the two clause openings swapped) for each
    sentence of ``source`` with two opener clauses whose opening words are content words."""
    from workbench.grounding.reading.index import index_source
    from workbench.grounding.reading.sentence_clauses import Cut, sentence_clauses
    from workbench.hebrew import is_clause_opener, is_stopword

    idx = index_source(source)
    out = []
    for s, (ss, se) in enumerate(idx.sentences):
        clauses = sentence_clauses(idx, s, Cut.OPENER)
        if len(clauses) != 2:
            continue
        a, b = clauses
        if len(a.toks) < 3 or len(b.toks) < 3 or not is_clause_opener(b.toks[0]):
            continue
        x, y = a.toks[0], b.toks[1]
        if any(is_stopword(t) or t.number is not None for t in (x, y)) or x.key == y.key:
            continue
        text = source[ss:se]
        pieces = (source[ss : x.start], source[y.start : y.end], source[x.end : y.start])
        out.append((text, "".join((*pieces, source[x.start : x.end], source[y.end : se]))))
    return out


def stress(names: list[str], listed: str | None = None) -> Counter[tuple[str, str]]:
    """Per set: sentences, and how many come out ``supported`` as written and swapped."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from tune_grounding import load_set

    from workbench.grounding import ground_claim

    got: Counter[tuple[str, str]] = Counter()
    seen: set[str] = set()
    for name in names:
        for item in load_set(name, "all"):
            if item.source in seen:
                continue
            seen.add(item.source)
            for text, swap in swapped(item.source):
                got[(name, "n")] += 1
                got[(name, "as written")] += ground_claim(text, item.source).verdict == "supported"
                passed = ground_claim(swap, item.source).verdict == "supported"
                got[(name, "swapped")] += passed
                if passed and name == listed:
                    print(f"{name}: {swap}")
    return got


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--sets", default=sn.DEFAULT_SETS)
    ap.add_argument(
        "--list", default=None, help="print the swapped sentences of this set that pass"
    )
    args = ap.parse_args(argv)
    names = args.sets.split(",")
    got = stress(names, args.list)
    for name in [*names, "all"]:
        pick = names if name == "all" else [name]
        n, kept, passed = (sum(got[(m, k)] for m in pick) for k in ("n", "as written", "swapped"))
        print(
            f"{name:10} sentences {n:5}   as written supported {kept:5}   swapped supported {passed:5}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
