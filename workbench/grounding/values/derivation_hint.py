"""A pointer for the reader: which two source figures a claim's unwritten figure may be
computed from.

A claim may state a figure the source never writes but gives by arithmetic (a gap, a
total, a ratio "פי N", a share in percent, a span of years). When the claim's words do
not say how (``derived.derived_figure`` accepts only those that do), the number check
flags it as ``number_not_in_source`` and the verdict stays ``partial``. This module does
not change that: it only looks, in the claim's lead region (its supporting sentences and
the sentences next to them), for two figures a, b with the claim's figure v = a - b,
a + b, a * b, a / b or a / b * 100 (exactly, or within the claim's own rounding when it
says "כ-" / "בערך" / "בסביבות" / "כמעט"), so the issue can say "it equals 6,200 − 4,700"
and carry the operands' spans for the views to mark. A pointer, not a permission: the
researcher checks the arithmetic and whether the claim means it.

The figures are ``source_figures.figures`` (the engine's one number reader, per sentence), the
claim's noun is ``bound_numbers.counted``. ``HINT_RULE`` holds the restrictions; their
trade-off (hints on true paraphrases against hints on the numbers stress variants v+1,
v-1, 2v, v+10, where a hint is a false pointer) is measured by
``tools/derivation_hints.py`` and tabled in docs/grounding.md ("Explanations").
"""

from __future__ import annotations

import bisect
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation

from workbench.grounding.prepare import Claim
from workbench.grounding.reading.index import SourceIndex
from workbench.grounding.reading.pieces import has_form
from workbench.grounding.values.bound_numbers import counted, elided_noun_is, kind_of
from workbench.grounding.values.source_figures import Figure, figures, parts
from workbench.hebrew import (
    ABOUT_AFTER_WORDS,
    ABOUT_BEFORE_WORDS,
    ALMOST_WORDS,
    CHANGE_VERBS,
    COMPARATIVE_WORDS,
    GAP_WORDS,
    RATIO_WORDS,
    REST_WORDS,
    SUM_WORDS,
    YEAR_UNITS,
    NumberMention,
    Token,
)

# The operations a hint may name: how each reads and computes (``None``: not defined).
OPS: dict[str, tuple[str, Callable[[Decimal, Decimal], Decimal | None]]] = {
    "difference": ("{a} − {b}", lambda a, b: a - b if a > b else None),
    "sum": ("{a} + {b}", lambda a, b: a + b),
    "product": ("{a} × {b}", lambda a, b: a * b),
    "ratio": ("{a} ÷ {b}", lambda a, b: a / b if a > b else None),
    "share": ("{a} ÷ {b} × 100", lambda a, b: a / b * 100 if 0 < a < b else None),
}
# For each operation, the values b may take beside a for ``a op b`` to fall in [lo, hi]
# (``None``: no bound): a superset, so the pair search looks up b by value instead of
# trying every pair; ``OPS`` then computes each candidate exactly.
_B_RANGE: dict[str, Callable[[Decimal, Decimal, Decimal], tuple[Decimal, Decimal | None]]] = {
    "difference": lambda a, lo, hi: (a - hi, a - lo),
    "sum": lambda a, lo, hi: (lo - a, hi - a),
    "product": lambda a, lo, hi: (lo / a, hi / a),
    "ratio": lambda a, lo, hi: (a / hi, a / lo if lo > 0 else None),
    "share": lambda a, lo, hi: (a * 100 / hi, a * 100 / lo if lo > 0 else None),
}
# Slack of a divided bound (a quotient is rounded to 28 digits): keeps the range a superset.
_SLACK = Decimal("1e-12")
# The most the claim's own rounding may be off, as a share of its figure: "כ-2,000" is
# 1,800 to 2,200, not every value that rounds to it (1,500 is not "about 2,000").
_ROUNDING_SHARE = Decimal("0.1")


@dataclass(frozen=True, slots=True)
class HintRule:
    """The restrictions a hint must meet (each measured on the stress variants).

    ``same_unit``: both operands count the claim figure's noun, or one does and the other
    names none in the same sentence (an elided noun); a ratio's or a share's operands
    count one noun. ``one_sentence``: both operands in one sentence. ``cue``: the claim's
    words name the operation (a change, "יותר / פחות", a rest, a gap; "יחד / בסך הכול";
    "פי"; a percentage is its own cue for a share; a year unit for a span of years).
    ``ops``: the operations tried. ``reach``: sentences next to the supporting ones.
    ``about``: accept the claim's own rounding after "כ-" / "בערך". ``elided``: let an
    operand that names no noun stand beside one counting the claim's (same sentence).
    ``trivial``: let an operand 1, or two equal operands (v + v), derive a figure.
    ``least``: the smallest claim figure pointed at (a small figure is some difference
    or sum of almost any two small figures of a paragraph, by chance)."""

    same_unit: bool = True
    elided: bool = True
    trivial: bool = False
    least: Decimal = Decimal(10)
    one_sentence: bool = False
    cue: bool = False
    ops: frozenset[str] = frozenset({"difference", "sum", "ratio", "share"})
    reach: int = 1
    about: bool = True


# The shipped restrictions (docs/grounding.md, "Explanations": on the dev sets a hint on
# 16 of 128 true paraphrases with a figure the source does not write, 0 of 128 wrong
# claims, 38 of 9,935 stress variants; 42 before review22). A product (a rate times a
# count) is left out: it pointed at 2v variants ("× 2") 30 times for one true paraphrase.
HINT_RULE = HintRule()


@dataclass(frozen=True, slots=True)
class Arithmetic:
    """Two source figures and the operation that gives the claim's figure: ``a`` op ``b``
    equals ``result`` (exactly, or within the claim's stated rounding when ``about``)."""

    op: str
    a: Figure
    b: Figure
    result: Decimal
    about: bool

    @property
    def spans(self) -> tuple[tuple[int, int], ...]:
        """The operands' [start, end) offsets in the source."""
        a, b = self.a.mention, self.b.mention
        return ((a.start, a.end), (b.start, b.end))

    def describe(self) -> str:
        """The pointer's words: "it equals 6,200 − 4,700 (source [s:e], [s:e]): check the
        arithmetic" ("it is about 6,200 − 4,700 = 1,480 ..." when the claim rounds it); a
        year as the source writes it ("2015 − 1995"), a percentage with its sign."""
        said = OPS[self.op][0].format(a=_figure_shown(self.a), b=_figure_shown(self.b))
        if self.about:
            percent = self.op == "share" or self.a.kind == "percent"
            said = f"is about {said} = {_shown(self.result)}{'%' if percent else ''}"
        else:
            said = f"equals {said}"
        where = ", ".join(f"[{s}:{e}]" for s, e in self.spans)
        return f"it {said} (source {where}): check the arithmetic"


def _shown(v: Decimal) -> str:
    """A value as the message writes it: thousands separated, at most two decimals."""
    q = v if v == v.to_integral_value() else v.quantize(Decimal("0.01")).normalize()
    return format(q, ",f")


def _figure_shown(f: Figure) -> str:
    """An operand as the message writes it: a year without a thousands separator, a
    percentage with its sign, another figure as ``_shown``."""
    if f.kind == "year":
        return format(f.value, "f")
    return _shown(f.value) + ("%" if f.kind == "percent" else "")


def derivation_hint(
    claim: Claim,
    mention: NumberMention,
    idx: SourceIndex,
    ids: list[int],
    rule: HintRule | None = None,
) -> Arithmetic | None:
    """The first derivation of claim figure ``mention`` from two figures of the lead
    region of supporting sentences ``ids`` that ``rule`` (``HINT_RULE``) allows, operands
    counting the claim's noun tried first; ``None`` when there is none."""
    rule = rule or HINT_RULE
    try:
        v = Decimal(mention.value)
    except (InvalidOperation, ValueError):
        return None
    if v <= 0 or v < rule.least or mention.is_date or kind_of(mention) == "year":
        return None
    toks = [t for t in claim.tokens if claim.asserts(t)]
    at = [k for k, t in enumerate(toks) if mention.start <= t.start < mention.end]
    if not at:
        return None
    noun = counted(claim.text, toks, mention)
    below, above = _rounding(v, toks, at[0], at[-1]) if rule.about else (Decimal(0), Decimal(0))
    for op, kind in _ops(mention, noun, toks, at[0], at[-1], rule):
        for a, b, got in operand_pairs(idx, ids, kind, noun, op, rule, (v - below, v + above)):
            return Arithmetic(op, a, b, got, got != v)
    return None


def _rounding(v: Decimal, toks: list[Token], i: int, j: int) -> tuple[Decimal, Decimal]:
    """How far below and above ``v`` a value may be when the claim says it is about ``v``:
    half its last non-zero place ("כ-1,500": 50; "כ-1,510": 5), at most a tenth of ``v``
    ("כ-2,000": 200), and nothing above it after "כמעט"; (0, 0) when the claim does not
    say so."""
    before = toks[i - 1].key if i > 0 else ""
    after = toks[j + 1].key if j + 1 < len(toks) else ""
    word = toks[i]
    prefixed = word.number is not None and not word.key[:1].isdigit() and "כ" in word.key[:2]
    exponent = v.normalize().as_tuple().exponent
    if not (
        before in ABOUT_BEFORE_WORDS or after in ABOUT_AFTER_WORDS or prefixed
    ) or not isinstance(exponent, int):
        return Decimal(0), Decimal(0)
    tol = min(Decimal(1).scaleb(exponent) / 2, v * _ROUNDING_SHARE)
    return tol, Decimal(0) if before in ALMOST_WORDS else tol


def _ops(
    mention: NumberMention,
    noun: frozenset[str],
    toks: list[Token],
    i: int,
    j: int,
    rule: HintRule,
) -> Iterator[tuple[str, str]]:
    """(operation, kind of its operands) the claim figure may be, in the order tried."""
    if noun & YEAR_UNITS:
        wanted = [("difference", "year")]
    elif mention.percent:
        wanted = [("share", "figure"), ("difference", "percent"), ("sum", "percent")]
    else:
        wanted = [(op, "figure") for op in ("difference", "sum", "ratio", "product")]
    cued = _cued(toks, i, j, mention.percent) if rule.cue else None
    for op, kind in wanted:
        if op in rule.ops and (cued is None or op in cued or kind == "year"):
            yield op, kind


def _cued(toks: list[Token], i: int, j: int, percent: bool) -> set[str]:
    """The operations the claim's words name around its figure."""
    out: set[str] = set()
    if any(has_form(t, CHANGE_VERBS) or has_form(t, REST_WORDS) for t in toks):
        out.add("difference")
    if any(t.key in COMPARATIVE_WORDS or t.key in GAP_WORDS for t in toks[max(0, i - 2) : j + 4]):
        out.add("difference")
    if any(has_form(t, SUM_WORDS) for t in toks):
        out.add("sum")
    if i > 0 and toks[i - 1].key in RATIO_WORDS:
        out.add("ratio")
    if percent:
        out.add("share")
    return out


def operand_pairs(
    idx: SourceIndex,
    ids: list[int],
    kind: str,
    noun: frozenset[str],
    op: str,
    rule: HintRule,
    within: tuple[Decimal, Decimal],
) -> Iterator[tuple[Figure, Figure, Decimal]]:
    """Ordered pairs (a, b) of figures of the lead region (``ids`` and ``rule.reach``
    sentences either side) that ``rule`` lets combine and whose ``a op b`` falls
    ``within`` [lo, hi], with that value: pairs with more operands counting the claim's
    noun first, then in the source's order. b is looked up by value (``_B_RANGE``), so a
    region of n figures costs n log n plus the pairs that hit, not n * n: it must find
    what trying every pair with ``may_combine`` finds, in that order."""
    n = len(idx.sentences)
    region = sorted(
        {s + d for s in ids for d in range(-rule.reach, rule.reach + 1) if 0 <= s + d < n}
    )
    figs = [f for s in region for f in figures(idx, s) if f.kind == kind and f.value > 0]
    by_value = sorted(range(len(figs)), key=lambda k: figs[k].value)
    values = [figs[k].value for k in by_value]
    lo, hi = within
    hits: list[tuple[int, int, int, Decimal]] = []
    for i, a in enumerate(figs):
        b_lo, b_hi = _B_RANGE[op](a.value, lo, hi)
        start = bisect.bisect_left(values, b_lo * (1 - _SLACK))
        stop = len(values) if b_hi is None else bisect.bisect_right(values, b_hi * (1 + _SLACK))
        for j in sorted(by_value[start:stop]):
            b = figs[j]
            got = OPS[op][1](a.value, b.value)
            if got is not None and lo <= got <= hi and may_combine(idx, a, b, noun, op, rule):
                hits.append((-(bool(a.unit & noun) + bool(b.unit & noun)), i, j, got))
    for _, i, j, got in sorted(hits, key=lambda h: h[:3]):
        yield figs[i], figs[j], got


def may_combine(
    idx: SourceIndex, a: Figure, b: Figure, noun: frozenset[str], op: str, rule: HintRule
) -> bool:
    """Whether ``rule`` lets ``a op b`` stand for the claim's figure: two figures (a sum or
    a product once per pair), in one sentence when it says so, counting the claim's noun
    (``_same_unit``), neither 1 nor equal unless trivial ones are allowed, and never a
    whole plus its own part ("140 עובדים, ו-95 מהם": 235 counts nobody)."""
    return (
        a is not b
        and (op not in ("sum", "product") or a.mention.start < b.mention.start)
        and (not rule.one_sentence or a.sent == b.sent)
        and (not rule.same_unit or _same_unit(idx, a, b, noun, op, rule.elided))
        and (rule.trivial or a.value != b.value and 1 not in (a.value, b.value))
        and (op != "sum" or not _whole_and_part(idx, a, b))
    )


def _whole_and_part(idx: SourceIndex, a: Figure, b: Figure) -> bool:
    """Whether one of ``a``, ``b`` is a part of the other (``source_figures.parts``:
    "140 עובדים, ו-95 מהם")."""
    return a.sent == b.sent and any(
        {p.whole, p.part} == {a.value, b.value} for p in parts(idx, a.sent)
    )


def _same_unit(
    idx: SourceIndex, a: Figure, b: Figure, noun: frozenset[str], op: str, elided: bool
) -> bool:
    """Whether ``a`` and ``b`` count what the claim's figure counts: both its noun, or one
    its noun and the other that noun by ellipsis (``bound_numbers.elided_noun_is``: "140
    עובדים, ו-95 מהם"); a ratio or a share compares two counts of one noun; a span of
    years takes any two years. A ratio of two counts of the claim's own noun is a
    multiple, not a count of it ("240 מהנדסים" / "20 מהנדסים" is no "12 מהנדסים")."""
    if a.kind == "year":
        return True
    if op == "ratio" and noun & a.unit & b.unit:
        return False
    if op in ("ratio", "share") or not noun:
        noun = a.unit & b.unit or a.unit or b.unit
        if not noun:
            return False
    has_a = bool(a.unit & noun) or elided and _by_ellipsis(idx, a, noun)
    return has_a and (bool(b.unit & noun) or elided and _by_ellipsis(idx, b, noun))


def _by_ellipsis(idx: SourceIndex, f: Figure, noun: frozenset[str]) -> bool:
    """Whether figure ``f``, naming no noun of its own, counts ``noun`` by ellipsis."""
    return not f.unit and elided_noun_is(idx, f.sent, f.mention, noun)
