"""How often the derivation hint (``grounding.derivation_hint``) points somewhere, and how
often it points wrongly: over every dev pair set, the claims with a figure the source
does not write (``number_not_in_source``), split by label, and the numbers stress
variants (``tools/stress_numbers.py``: every figure changed to v+1, v-1, 2v, v+10), where
a hint the original claim did not have is a false pointer. Counts only: the check sets of
the round (``--check``) are counted apart and never listed. The hint changes no verdict.

Run: ``PYTHONPATH=. python tools/derivation_hints.py [--rules all|NAME,...] [--sets a,b]``.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from dataclasses import replace
from decimal import Decimal
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import stress_numbers as sn  # noqa: E402
import tune_grounding as tg  # noqa: E402

from workbench.grounding.results import Issue  # noqa: E402
from workbench.grounding.values import derivation_hint as dh  # noqa: E402

_NO_PRODUCT = frozenset({"difference", "sum", "ratio", "share"})
_ALL = dh.HintRule(
    elided=True,
    trivial=True,
    least=Decimal(0),
    ops=frozenset(dh.OPS),
    same_unit=False,
    cue=False,
    about=True,
)
# The restriction ladder of the trade-off table, loosest first; "shipped" is HINT_RULE.
RULES: dict[str, dh.HintRule] = {
    "any two figures of the region": _ALL,
    "same noun": replace(_ALL, same_unit=True),
    "same noun + exact": replace(_ALL, same_unit=True, about=False),
    "same noun + one sentence": replace(_ALL, same_unit=True, one_sentence=True),
    "same noun + cue": replace(_ALL, same_unit=True, cue=True),
    "same noun + cue + one sentence": replace(_ALL, same_unit=True, cue=True, one_sentence=True),
    "same noun, no elided": replace(_ALL, same_unit=True, elided=False),
    "same noun, no 1 / v+v": replace(_ALL, same_unit=True, trivial=False),
    "both same noun, no 1 / v+v": replace(_ALL, same_unit=True, elided=False, trivial=False),
    "both same noun, no 1 / v+v, no product": replace(
        _ALL, same_unit=True, elided=False, trivial=False, ops=_NO_PRODUCT
    ),
    "same noun, no 1 / v+v, no product": replace(
        _ALL, same_unit=True, trivial=False, ops=_NO_PRODUCT
    ),
    "same noun, no 1 / v+v, no product, one sentence": replace(
        _ALL, same_unit=True, trivial=False, ops=_NO_PRODUCT, one_sentence=True
    ),
    "same noun, no 1 / v+v, no product, v >= 10": replace(
        _ALL, same_unit=True, trivial=False, ops=_NO_PRODUCT, least=Decimal(10)
    ),
    "shipped": dh.HINT_RULE,
}
CHECK_SETS = ("heldout16", "heldout17")


def _hints(issues: list[Issue]) -> int:
    """How many of ``issues`` carry a derivation hint (operand spans)."""
    return sum(1 for i in issues if i.operands)


def _group(label: str, kind: str) -> str:
    if label != "supported":
        return "wrong claims"
    return "true paraphrases" if kind.startswith("true paraphrase") else "other true claims"


def measure(names: list[str]) -> Counter[tuple[str, str, str]]:
    """(set group, row, count) -> n: claims with a not-written figure and those with a
    hint, per label group; stress variants with such a figure and those with a new hint."""
    from workbench.grounding import IssueKind, ground_claim

    got: Counter[tuple[str, str, str]] = Counter()
    for name in names:
        where = "check" if name in CHECK_SETS else "other dev"
        for it in tg.load_set(name, "dev"):
            r = ground_claim(it.claim, it.source)
            row = _group(it.label, it.kind)
            if any(i.kind is IssueKind.NUMBER_NOT_IN_SOURCE for i in r.issues):
                got[(where, row, "not written")] += 1
                got[(where, row, "hint")] += _hints(r.issues) > 0
            base = _hints(r.issues)
            for text, _new in sn.unwritten_variants(it.claim, it.source):
                v = ground_claim(text, it.source)
                if any(i.kind is IssueKind.NUMBER_NOT_IN_SOURCE for i in v.issues):
                    got[(where, "stress variants", "not written")] += 1
                    got[(where, "stress variants", "hint")] += _hints(v.issues) > base
    return got


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--sets", default=sn.DEFAULT_SETS)
    ap.add_argument("--rules", default="shipped", help="'all' or names of RULES, separated by ';'")
    args = ap.parse_args(argv)
    names = args.sets.split(",")
    chosen = list(RULES) if args.rules == "all" else args.rules.split(";")
    rows = ("true paraphrases", "other true claims", "wrong claims", "stress variants")
    for rule in chosen:
        dh.HINT_RULE = RULES[rule]
        got = measure(names)
        for where in ("other dev", "check"):
            cells = [
                f"{row} {got[(where, row, 'hint')]}/{got[(where, row, 'not written')]}"
                for row in rows
            ]
            print(f"{rule:32} {where:9} " + "  ".join(cells))
    return 0


if __name__ == "__main__":
    sys.exit(main())
