"""Stress test of the number checks: every figure of every dev claim changed to v+1,
v-1, 2v and v+10, each variant grounded against the claim's own source. A variant that
still comes out ``supported`` (or with no number issue) is a figure the engine would let
through although the source never gives it: a number rule (a derived figure, a reworded
value) must not raise these counts. Prints counts per group of sets only (the check sets
of a round are counted, never listed); deterministic.

A digit figure keeps its surface ("1,200" -> "1,201"); a figure in words is replaced by
digits, after its one-letter prefix if it has one ("כארבעה" -> "כ-5"). Dates are left
alone, and so is a variant whose new figure the source itself writes.

Run: ``PYTHONPATH=. python tools/stress_numbers.py [--sets a,b] [--list SET]``;
``--list`` prints the variants of one set that pass (use it on the sets you may read).
"""

from __future__ import annotations

import argparse
import re
import sys
from collections import Counter
from collections.abc import Callable
from decimal import Decimal, InvalidOperation
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import tune_grounding as tg  # noqa: E402

PREFIXES = "בכלמוהש"
_DIGITS = re.compile(r"\d[\d,]*(?:\.\d+)?")


def variants(claim: str) -> list[tuple[str, str]]:
    """(variant, changed figure) for each figure of ``claim`` and each of v+1, v-1, 2v,
    v+10 (positive whole values only)."""
    from workbench.hebrew import extract_numbers

    out = []
    for m in extract_numbers(claim):
        if m.is_date or not m.checked:
            continue
        try:
            v = Decimal(m.value)
        except InvalidOperation:
            continue
        digits = _DIGITS.search(m.text)
        for nv in (v + 1, v - 1, 2 * v, v + 10):
            if nv <= 0 or nv != nv.to_integral_value():
                continue
            new = str(int(nv))
            if digits is not None and digits.group().replace(",", "") == m.value:
                shown = f"{int(nv):,}" if "," in digits.group() else new
                text = m.text[: digits.start()] + shown + m.text[digits.end() :]
            elif digits is None:
                pre = m.text[0] if m.text[:1] in PREFIXES and len(m.text) > 3 else ""
                text = f"{pre}-{new}" if pre else new
            else:
                continue
            out.append((claim[: m.start] + text + claim[m.end :], new))
    return out


def unwritten_variants(claim: str, source: str) -> list[tuple[str, str]]:
    """``variants`` whose changed figure the source does not write, in digits or in words
    (a variant that lands on another figure of the source is no invented figure: "5
    עובדים" where the source says "חמישה עובדים" is true)."""
    from workbench.grounding.reading.index import index_source

    bare = source.replace(",", "")
    words = index_source(source).all_values
    return [
        (text, new)
        for text, new in variants(claim)
        if not re.search(rf"(?<![\d,.]){re.escape(new)}(?![\d])", bare)
        and new.replace(",", "") not in words
    ]


# The sets both stress tools read by default: every dev set.
DEFAULT_SETS = ",".join(
    ["demo", "paraphrase", "binding", "heq", "heq-hard", *tg.DEV_FROM_LATER_ROUNDS]
)


Variants = Callable[[str, str, list[tuple[int, int]]], list[tuple[str, str]]]


def stress_true_claims(
    names: list[str], make: Variants, listed: str | None = None
) -> Counter[tuple[str, str]]:
    """The stress loop of the wrong-combination tools (``stress_negation``,
    ``stress_swaps``): for every true dev claim the engine supports (a question's claims
    left out), ``make(claim, source, spans)`` gives (variant, kind) pairs; counts per set
    and kind, variants and variants still supported (``--list`` prints those of one set)."""
    from workbench.grounding import ground_claim

    got: Counter[tuple[str, str]] = Counter()
    for name in names:
        for it in tg.load_set(name, "dev"):
            if it.label != "supported" or "?" in it.claim:
                continue
            base = ground_claim(it.claim, it.source)
            if base.verdict != "supported":
                continue
            for text, kind in make(it.claim, it.source, [(s.start, s.end) for s in base.spans]):
                got[(name, kind)] += 1
                if ground_claim(text, it.source).verdict == "supported":
                    got[(name, kind + " supported")] += 1
                    if name == listed:
                        print(f"{it.id} ({kind}): {text}")
    return got


def print_counts(names: list[str], got: Counter[tuple[str, str]], columns: list[tuple[str, str]]) -> None:
    """One row per set and one for all of them: for each (label, kind) of ``columns`` the
    variants of that kind and how many of them were still supported."""
    rows = {n: [(got[(n, k)], got[(n, k + " supported")]) for _, k in columns] for n in names}
    rows["all"] = [
        (sum(r[i][0] for r in rows.values()), sum(r[i][1] for r in rows.values()))
        for i in range(len(columns))
    ]
    for name, cells in rows.items():
        text = "   ".join(
            f"{label} {n:5}  supported {ok:4}"
            for (label, _), (n, ok) in zip(columns, cells, strict=True)
        )
        print(f"{name:10} {text}")


def stress(names: list[str], listed: str | None = None) -> Counter[tuple[str, str]]:
    """Counts per set: variants, variants with no number issue, variants supported."""
    from workbench.grounding import IssueKind, ground_claim

    number_kinds = {IssueKind.NUMBER_NOT_IN_SOURCE, IssueKind.NUMBER_NOT_IN_SUPPORT}
    got: Counter[tuple[str, str]] = Counter()
    for name in names:
        for it in tg.load_set(name, "dev"):
            for text, _new in unwritten_variants(it.claim, it.source):
                r = ground_claim(text, it.source)
                got[(name, "variants")] += 1
                if any(i.kind in number_kinds for i in r.issues):
                    continue
                got[(name, "no number issue")] += 1
                if r.verdict == "supported":
                    got[(name, "supported")] += 1
                    if name == listed:
                        print(f"{it.id}: {text}")
    return got


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--sets", default=DEFAULT_SETS)
    ap.add_argument("--list", default=None, help="print the supported variants of this set")
    args = ap.parse_args(argv)
    names = args.sets.split(",")
    got = stress(names, args.list)
    for name in names:
        print(
            f"{name:10} variants {got[(name, 'variants')]:5}  no number issue "
            f"{got[(name, 'no number issue')]:4}  supported {got[(name, 'supported')]:4}"
        )
    total = {
        k: sum(n for (_, kk), n in got.items() if kk == k)
        for k in ("variants", "no number issue", "supported")
    }
    print(
        f"{'all':10} variants {total['variants']:5}  no number issue {total['no number issue']:4}  supported {total['supported']:4}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
