"""Stress test of the negation checks: every true claim of every dev set that the engine
calls ``supported`` and that holds no negation, with "לא" put before one of its content
words (the second to the fourth), each variant grounded against the claim's own source;
and every such claim that holds a negation, with that negation taken out. A variant that
still comes out ``supported`` is a claim that denies (or asserts) what its true form
asserts (or denies), passed as true: a negation rule must not raise these counts. Prints
counts per set; deterministic. Some inserted negations read oddly ("לא החיפושית"), but
each denies a word of a true claim, so none should pass.

Run: ``PYTHONPATH=. python tools/stress_negation.py [--sets a,b] [--list SET]``;
``--list`` prints the variants of one set that pass (use it on the sets you may read).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import stress_numbers as sn  # noqa: E402

# the content words (by order, the first left alone: often the subject) a "לא" goes before
POSITIONS = slice(1, 4)


def variants(claim: str) -> list[tuple[str, str]]:
    """(variant, kind): the claim's first negation taken out ("drop"), or, when it has
    none, "לא" put before each content word at ``POSITIONS`` ("insert")."""
    from workbench.hebrew import is_negation, is_stopword, tokenize

    toks = tokenize(claim)
    negs = [t for t in toks if is_negation(t)]
    if negs:
        t = negs[0]
        return [((claim[: t.start] + claim[t.end :]).replace("  ", " ").strip(), "drop")]
    content = [t for t in toks if not is_stopword(t) and t.number is None][POSITIONS]
    return [(claim[: t.start] + "לא " + claim[t.start :], "insert") for t in content]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--sets", default=sn.DEFAULT_SETS)
    ap.add_argument("--list", default=None, help="print the supported variants of this set")
    args = ap.parse_args(argv)
    names = args.sets.split(",")
    got = sn.stress_true_claims(names, lambda claim, _s, _sp: variants(claim), args.list)
    sn.print_counts(names, got, [("inserted", "insert"), ("dropped", "drop")])
    return 0


if __name__ == "__main__":
    sys.exit(main())
