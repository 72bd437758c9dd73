"""Figures a claim derives from the source's figures, in words that say how.

Every derivation a number check accepts is here, beside the constraints they share
(``_Ask``, the clause sentences), so the table ``DERIVATIONS`` and what each entry may
combine are read in one place. The operands, the figures a source sentence states (and
the years it states in relative form, ``stated_values``), are read in ``source_figures``.

A claim may state a figure the source never writes but gives by arithmetic: a change
("גדל ב-33" for 74 and 41; "7,000 כרטיסים פחות" for 38 and 45 thousand; "חזקים ב-10
קמ"ש מהסף" for 70 and 60), a total in words that say so ("בסך הכול 11,300" for 9,800 and
1,500 stated in one sentence), a span of years ("שש שנים אחרי שהציור נגנב" for 2013 and
2019; "פעלה 35 שנים" for "בין 1924 ל-1959" in the sentence holding the claim's words),
days between two days of a month ("שבעה ימים אחרי ש..." for "ב-9 בפברואר ... ב-16
בחודש") or the decade of a year ("בשנות השמונים" for 1987). ``derived_figure`` accepts such a figure only when the claim's words
state the derivation and its operands are figures of the supporting spans: in one
sentence, or in two measuring the same unit; the years of a span of years are the
span's and those of the sentence holding the claim's "after ..." clause. A figure merely
stated, without such words, stays a false number, however many differences of the
source's figures it equals. The rest of a whole the source states in parts ("27 אוניות,
ו-9 מהן הופנו") is derived when the claim states the complement: it negates ("18 לא
הופנו": the negation then says which part it counts, ``negated_rest``) or names the rest
("האחרים"), or the source names it ("ואילו השאר"). A bound of a stated figure ("פחות
משישים שקל" for 58 שקל; round 43) is derived when a figure of the supporting sentences, in
the claim figure's unit and stated as a value (not itself a bound: "יותר מ-30 כוורות" is a
threshold), lies on the bound's side within ``MORE_THAN_CEILING``. Years from a stated year
to the present ("פועלת כבר יותר מחמישים שנה" for "פועלת מ-1968"; round 43) read the text
as current: the present is ``PRESENT_YEAR``, the year of the check, or the one before.

Round 8 also wrote a total of a figure before two nouns ("670 כלבים וחתולים"), a
per-period figure times a stretch ("לאורך 25 שנה"), a ratio ("פי שניים"), a ratio's
N-th part and a percentage of an amount ("40% ממנו"); round 16 measured each again on
seven sets never read (docs/grounding.md, "Tried and removed"): the noun-pair total and
the product let v+1 / 2v variants through, the others moved at most one such item, so
they stay removed. Products and ratios therefore stay false numbers.

``difference_pairs`` gives the two figures of a gap the claim states (round 32): such a
claim compares two values, which ``values.comparisons`` checks for direction."""

from __future__ import annotations

import bisect
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from datetime import date
from decimal import Decimal
from functools import cached_property
from itertools import takewhile

from workbench.grounding.prepare import Claim
from workbench.grounding.reading.index import SourceIndex, frame_forms
from workbench.grounding.reading.meaning import negation_groups, word_forms
from workbench.grounding.reading.pieces import has_form, is_content
from workbench.grounding.reading.sentence_clauses import claim_clause, mark_segments
from workbench.grounding.results import Issue, IssueKind
from workbench.grounding.values.bound_numbers import kind_of
from workbench.grounding.values.complement import rest_across
from workbench.grounding.values.gap_words import GapForm, claim_gap, source_gap
from workbench.grounding.values.share_rest import negated_share_rest
from workbench.grounding.values.source_figures import (
    Figure,
    figures,
    parts,
    past_years,
    sentence_of,
    to_decimal,
)
from workbench.hebrew import (
    AFTER_WORDS,
    BEFORE_WORDS,
    CHANGE_VERBS,
    COMPARATIVE_WORDS,
    REST_WORDS,
    SUM_WORDS,
    YEAR_UNITS,
    NumberMention,
    Token,
    glued_form,
    month_values,
    normalize,
    number_found,
)

# "יותר משמונים שנה": more than N years is above N and at most this multiple of it.
MORE_THAN_CEILING = Decimal("1.25")


# --- figures the claim derives, in words that say how ----------------------------------


def derived_figure(claim: Claim, mention: NumberMention, idx: SourceIndex, ids: list[int]) -> bool:
    """Whether the claim's words state how ``mention`` is derived from figures of the
    supporting sentences ``ids``, and the arithmetic holds."""
    ask = _ask(claim, mention, idx, ids)
    return ask is not None and any(rule(ask) for rule in DERIVATIONS.values())


def difference_pairs(
    claim: Claim, mention: NumberMention, idx: SourceIndex, ids: list[int]
) -> list[tuple[Figure, Figure]]:
    """The pairs (larger, smaller) of figures of sentences ``ids`` whose gap ``mention``
    is, when the claim states it as one ("עולה 170 שקל יותר מ...", "גדל ב-33"): a
    comparison of two values, which joins what the source may state in two clauses
    ("420 שקל, ואילו של זכר 250"). Empty when the claim states no such gap."""
    ask = _ask(claim, mention, idx, ids)
    if ask is None or not _difference(ask):
        return []
    return [(a, b) for a, b in ask.pairs if a.value - b.value == ask.v]


def negated_rest(claim: Claim, idx: SourceIndex, ids: list[int]) -> bool:
    """Whether the claim negates and one of its figures is the rest of a whole that
    sentences ``ids`` state in parts: "18 לא הופנו" for "27 אוניות, ו-9 מהן הופנו". The
    negation then says which part the figure counts; it does not deny the source."""
    if not claim.negated:
        return False
    values, months = idx.span_values(ids)
    for m in claim.numbers:
        ask = None if number_found(m, values, months) else _ask(claim, m, idx, ids)
        if ask is not None and (_rest(ask) or _rest_across(ask)):
            return True
    return negated_share_rest(claim, idx, ids)  # "רוב ... אינם" of "כעשירית מהם" (round 46)


def _ask(claim: Claim, mention: NumberMention, idx: SourceIndex, ids: list[int]) -> _Ask | None:
    v = to_decimal(mention.value)
    if v is None or v <= 0 or mention.is_date:
        return None
    toks = [t for t in claim.tokens if claim.asserts(t)]
    at = [i for i, t in enumerate(toks) if mention.start <= t.start < mention.end]
    if not at:
        return None
    kind = kind_of(mention)
    if kind == "figure" and _points(toks, at[-1]):
        kind = "percent"
    return _Ask(claim, toks, at[0], at[-1], v, kind, idx, ids)


def _points(toks: list[Token], j: int) -> bool:
    """Whether the figure counts percentage points ("23 נקודות אחוז"): a difference of
    two percentages, so its operands are percentages."""
    return j + 2 < len(toks) and toks[j + 1].key == "נקודות" and toks[j + 2].key in ("%", "אחוז")


@dataclass(frozen=True)
class _Ask:
    """A claim figure to derive: the asserted tokens, the figure's first and last token,
    its value and kind, and the supporting sentences."""

    claim: Claim
    toks: list[Token]
    i: int
    j: int
    v: Decimal
    kind: str
    idx: SourceIndex
    ids: list[int]

    @property
    def at(self) -> tuple[list[Token], int, int]:
        """The asserted tokens and the figure's first and last token among them."""
        return self.toks, self.i, self.j

    @cached_property
    def pairs(self) -> list[tuple[Figure, Figure]]:
        """Ordered pairs of the supporting figures of the claim figure's kind (not years)
        that one derivation may combine."""
        if self.kind == "year":
            return []
        figs = [f for s in self.ids for f in figures(self.idx, s) if f.kind == self.kind]
        return [(a, b) for a in figs for b in figs if a is not b and _paired(a, b)]


def _paired(a: Figure, b: Figure) -> bool:
    """Operands of one derivation: stated in one sentence, or measuring the same unit."""
    return a.sent == b.sent or bool(a.unit & b.unit)


def _difference(ask: _Ask) -> bool:
    """The gap between two figures: "גדל ב-33", "ירד בכ-1,700" (a change BY the figure),
    "7,000 כרטיסים פחות" or "חזקים ב-10 קמ"ש מהסף" (BY the figure, its unit, then THAN
    a מ-word: a comparison, whatever the adjective)."""
    toks, i, j = ask.toks, ask.i, ask.j
    by = i > 0 and toks[i - 1].key in ("ב", "בכ") or toks[i].key.startswith("ב")
    change = by and any(has_form(t, CHANGE_VERBS) for t in toks[:i])
    # the comparative right after the figure or its unit, not one after a next figure
    # ("12, שלושה פחות": פחות is the 3's; round 45)
    after = list(takewhile(lambda t: t.number is None, toks[j + 1 : j + 3]))
    compared = any(glued_form(t, COMPARATIVE_WORDS) for t in after)
    than = by and _than(toks, j, ask.claim.text) is not None
    if not (change or compared or than):
        return False
    return any(a.value - b.value == ask.v for a, b in ask.pairs)


def level_as_difference(claim: Claim, idx: SourceIndex, ids: list[int]) -> Issue | None:
    """A figure the claim states as a gap that the source writes only as a level, and that
    no derivation gives either: found by value, it stands for something else there (round
    29, found by the swap stress test). Two forms: a difference ("יהיו לחברה 900 מטר
    יותר", "ירדה ב-85 נקודות" for the new offices' whole 900 metres, November's 85%) and
    a time between two events ("החאן הורחב 48 שנה אחרי שנבנה" for 48 rooms)."""
    for m in claim.numbers:
        ask = None if m.start < claim.question_end else _ask(claim, m, idx, ids)
        form = None if ask is None or ask.kind == "year" else claim_gap(*ask.at, claim.text)
        sents = sorted(set(idx.exact.get(m.value, ())))
        if ask is None or form is None or not sents:
            continue
        if any(_gap_in(idx, s, m.value, form) for s in sents):
            continue
        told = sorted({*ids, *_clause_sentences(claim, ask.toks, idx)})
        if any(rule(x) for x in (ask, replace(ask, ids=told)) for rule in DERIVATIONS.values()):
            continue
        a, b = idx.sentences[sents[0]]
        msg = (
            f"{m.text.strip()} appears in the source (source [{a}:{b}]), but not as {form.value}, "
            "as the claim states it"
        )
        return Issue(IssueKind.BOUND_ELSEWHERE, msg, (a, b))
    return None


def _gap_in(idx: SourceIndex, sent: int, value: str, form: GapForm) -> bool:
    """Whether source sentence ``sent`` says a figure of ``value`` as a gap of ``form``."""
    toks, mentions = sentence_of(idx, sent)
    for m in mentions:
        at = [k for k, t in enumerate(toks) if m.start <= t.start < m.end]
        if m.value == value and at and source_gap(toks, at[0], at[-1], idx.source, form):
            return True
    return False


# Forms of a derivation the tuning measures one by one (round 16).
DIFFERENCE_THAN = "by N than"
DERIVATION_FORMS: set[str] = {DIFFERENCE_THAN}


def _than(toks: list[Token], j: int, text: str) -> int | None:
    """Where the "than" word stands after a figure said BY ("ב-10 קמ"ש מהסף"): a מ-word
    one to three tokens after the figure (a unit between; "ב-40 מהפירות", a part, has
    none) in the figure's clause, else None: "ב-6 השבועות הראשונים, שישים מהחולים" is a
    time and then another clause's part, no comparison."""
    if DIFFERENCE_THAN not in DERIVATION_FORMS:
        return None
    for k in range(j + 2, min(j + 5, len(toks))):
        t = toks[k]
        if any(c in ",;:" for c in text[toks[j].end : t.start]):
            return None
        if t.number is None and t.key.startswith("מ") and len(t.key) > 2 and t.stems:
            return k
    return None


def _duration(ask: _Ask) -> bool:
    """The years between two clauses ("שש שנים אחרי שהציור נגנב"): between a year of the
    supporting sentences (or of those holding the main clause's words) and a year of the
    sentences holding the "after" clause's words (later by N for אחרי, earlier for לפני);
    "יותר מ-N שנים" takes a gap above N (up to ``MORE_THAN_CEILING`` times N)."""
    claim, toks, i, j, n, idx = ask.claim, ask.toks, ask.i, ask.j, ask.v, ask.idx
    d = past_years(toks, i, j + 1)
    if d is None:
        return False
    if d + 1 >= len(toks) or not toks[d + 1].key.startswith("ש"):
        return False
    after = has_form(toks[d], AFTER_WORDS)
    if not after and not has_form(toks[d], BEFORE_WORDS):
        return False
    more = i > 0 and toks[i - 1].key == "יותר" or i > 1 and toks[i - 2].key == "יותר"
    main = _years(idx, [*ask.ids, *_clause_sentences(claim, toks[:i], idx)])
    other = _years(idx, _clause_sentences(claim, claim_clause(claim.text, toks[d + 1 :]), idx))
    for a in main:
        for b in other:
            gap = a - b if after else b - a
            if gap == n or (more and n < gap <= MORE_THAN_CEILING * n):
                return True
    return False


def _span_of_years(ask: _Ask) -> bool:
    """A number of years two years of one sentence span, in the sentence that holds the
    claim's other words: "התחנה פעלה 35 שנים" for "שפעלה בין 1924 ל-1959" when the spans
    the claim is matched to are another sentence (``hebrew.derived_duration`` reads two
    years of the spans themselves). Not a number said before or after a clause
    (``_duration`` reads those)."""
    toks, i, j = ask.toks, ask.i, ask.j
    d = past_years(toks, i, j + 1)
    if d is None:
        return False
    if d < len(toks) and (has_form(toks[d], AFTER_WORDS) or has_form(toks[d], BEFORE_WORDS)):
        return False
    words = [t for k, t in enumerate(toks) if not i <= k < d]
    for s in _clause_sentences(ask.claim, words, ask.idx):
        years = sorted({f.value for f in figures(ask.idx, s) if f.kind == "year"})
        if any(b - a == ask.v for a in years for b in years):
            return True
    return False


_DAY_UNITS = frozenset(normalize(w).text for w in ("ימים", "יום"))  # keys fold final letters
_MONTH_DAYS = (31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31)


def _days_between(ask: _Ask) -> bool:
    """Days between two days of a month: "שמונה עשר ימים אחרי שהתחילו להימכר" for "מ-3
    במאי ... ב-21 במאי", the days
    between a day of a month the supporting sentences (or those holding the main clause's
    words) name and one the sentences holding the "after" clause's words name (or, when
    no sentence holds them, another day of the first), later by N for אחרי, earlier for
    לפני; "ב-16 בחודש" is the month named before it."""
    claim, toks, i, j, n, idx = ask.claim, ask.toks, ask.i, ask.j, ask.v, ask.idx
    if not (j + 1 < len(toks) and toks[j + 1].key in _DAY_UNITS):
        return False
    d = j + 2
    if d + 1 >= len(toks) or not toks[d + 1].key.startswith("ש"):
        return False
    after = has_form(toks[d], AFTER_WORDS)
    if not after and not has_form(toks[d], BEFORE_WORDS):
        return False
    main = _days(idx, [*ask.ids, *_clause_sentences(claim, toks[:i], idx)])
    clause = _clause_sentences(claim, claim_clause(claim.text, toks[d + 1 :]), idx)
    other = _days(idx, clause) if clause else main
    return any((a - b if after else b - a) == n for a in main for b in other)


def _days(idx: SourceIndex, ids: Sequence[int]) -> set[int]:
    """The days of the year (no leap year) that sentences ``ids`` name as a figure then a
    month ("ב-9 בפברואר", and "ב-16 בחודש" for the month last named)."""
    out: set[int] = set()
    for s in sorted(set(ids)):
        toks, mentions = sentence_of(idx, s)
        starts = [t.start for t in toks]
        month = None
        for m in mentions:
            at = bisect.bisect_left(starts, m.end)
            if m.is_date or at >= len(toks):
                continue
            got = month_values([toks[at]])
            if got:
                month = int(next(iter(got)))
            elif toks[at].key != "בחודש" or month is None:
                continue
            day = to_decimal(m.value)
            if day is not None and day == day.to_integral_value() and 1 <= day <= 31:
                out.add(sum(_MONTH_DAYS[: month - 1]) + int(day))
    return out


def _decade(ask: _Ask) -> bool:
    """A decade ("בשנות השמונים", "באמצע שנות ה-80") holding a year the supporting
    sentences state (1987 is in the eighties)."""
    toks, i, v = ask.toks, ask.i, ask.v
    k = i - 1 if i > 0 and toks[i - 1].key != "ה" else i - 2
    if k < 0 or not toks[k].key.endswith("שנות") or v % 10 or not 10 <= v <= 90:
        return False
    return any(y % 100 // 10 * 10 == v for y in _years(ask.idx, ask.ids))


def _rest(ask: _Ask) -> bool:
    """The rest of a whole the source states in parts: "27 אוניות, ו-9 מהן הופנו" gives
    18 that were not ("18 לא הופנו") or the rest ("השאר", "האחרים"). The claim states the
    complement (it negates a word of the part's clause, or names the rest without saying of
    it what the part's clause says: "ו-57 האחרים הועברו" for "ושבעה מהם הועברו" gives the
    rest the part's act, round 28), or the source names the rest after the part ("ו-95
    מהם יפוטרו, ואילו השאר יעברו")."""
    if ask.kind != "figure":
        return False
    rest = any(has_form(t, REST_WORDS) for t in ask.toks)
    negated = _negated_forms(ask.claim)
    said = {  # what the claim's clause of the figure says of it, unnegated
        f
        for g, t in negation_groups(_clause_of(ask), ask.claim.text)
        if g < 0 and ask.claim.asserts(t) and t.number is None
        for f in word_forms(t)
    }
    return any(
        p.whole - p.part == ask.v
        and (p.named or not negated.isdisjoint(p.said) or (rest and said.isdisjoint(p.said)))
        for s in ask.ids
        for p in parts(ask.idx, s)
    )


def _rest_across(ask: _Ask) -> bool:
    """The complement of a part stated apart from its whole (``complement.rest_across``):
    "כ-17 אלף מהמסמכים עוד לא נסרקו" for 38 thousand and, in another sentence, 21
    thousand scanned."""
    return ask.kind == "figure" and rest_across(ask.claim, ask.toks, ask.j, ask.v, ask.idx)


def _negated_forms(claim: Claim) -> frozenset[str]:
    """The forms of the words the claim negates ("לא הופנו": הופנו)."""
    if not claim.negated:
        return frozenset()
    groups = negation_groups(claim.tokens, claim.text)
    return frozenset(f for g, t in groups if g >= 0 and claim.asserts(t) for f in word_forms(t))


def _sum(ask: _Ask) -> bool:
    """A total ("בסך הכול", "יחד" in the figure's clause) of two figures one supporting
    sentence states. (Round 8 also read "670 כלבים וחתולים", a figure before two nouns,
    as a total: it let a v+1 / 2v / v+10 variant through on the round-16 stress; removed.)"""
    if not any(has_form(t, SUM_WORDS) for t in _clause_of(ask)):
        return False
    return any(a.sent == b.sent and a.value + b.value == ask.v for a, b in ask.pairs)


def _clause_of(ask: _Ask) -> list[Token]:
    """The claim's clause holding the figure: its tokens between clause marks."""
    segs = mark_segments(ask.claim.text, ask.toks)
    start = ask.toks[ask.i].start
    return next((seg for seg in segs if seg and seg[0].start <= start <= seg[-1].start), ask.toks)


_REST = "the rest of a whole"

Derivation = Callable[[_Ask], bool]
# The derivations a claim may state, in order (the tuning tool switches each off in turn:
# ``tools/tune_grounding.py --ablate``).
_LESS = frozenset(normalize(w).text for w in ("פחות", "מתחת"))
_MORE = frozenset(normalize(w).text for w in ("יותר", "מעל"))


def _bound(ask: _Ask) -> bool:
    """A bound of a stated figure (round 43): "פחות משישים שקל" for 58 שקל, "יותר מ-400
    מטר" for 430: a figure of the supporting sentences of the claim figure's kind and
    unit, on the bound's side of it and within ``MORE_THAN_CEILING`` of it (the bound a
    writer rounds to, not any larger number)."""
    toks, i, j, n = ask.toks, ask.i, ask.j, ask.v
    word = _word_before(toks, i)
    if word not in _LESS and word not in _MORE:
        return False
    less = word in _LESS
    nxt = toks[j + 1] if j + 1 < len(toks) else None
    unit = frame_forms(nxt) if nxt is not None and nxt.number is None else frozenset()
    for s in ask.ids:
        for f in figures(ask.idx, s):
            if f.kind != ask.kind or (unit and not unit & f.unit):
                continue
            if _bounded(ask.idx, f):
                continue  # "יותר מ-30 כוורות" is a threshold, not a value to bound again
            if less and n / MORE_THAN_CEILING <= f.value < n:
                return True
            if not less and n < f.value <= n * MORE_THAN_CEILING:
                return True
    return False


_BOUNDS = _LESS | _MORE | frozenset(normalize(w).text for w in ("לפחות", "עד", "כמעט"))


def _bounded(idx: SourceIndex, f: Figure) -> bool:
    """Whether the source states figure ``f`` as a bound itself ("יותר מ-30", "מעל 20",
    "עד 50"), by the word before it (a preposition aside)."""
    return _word_before(idx.flat, idx.flat_at(f.mention.start)) in _BOUNDS


def _word_before(toks: Sequence[Token], i: int) -> str:
    """The word before position ``i`` of ``toks``, a preposition "מ" / "ל" / "כ" aside
    ("פחות מ-60", "מעל ל-20"): the one reader of a figure's bound word; "" when none."""
    before = [t.key for t in toks[max(0, i - 2) : i] if t.key not in ("מ", "ל", "כ")]
    return before[-1] if before else ""


# The present a span of years to "now" ends in: the year of the check, or the one before
# (a text is read as current; round 43). Tests set it.
PRESENT_YEAR = date.today().year
_ALREADY = normalize("כבר").text


def _to_present(ask: _Ask) -> bool:
    """Years from a year the supporting sentences state to the present (round 43):
    "פועלת כבר יותר מחמישים שנה" for "פועלת מ-1968", "נוסדה לפני יותר משישים שנה" for
    "נוסדה ב-1958", "משדרת כבר כשלושים שנה" for "מ-1996". The text states no present
    year, so the text is read as current: the present is ``PRESENT_YEAR`` or the year
    before. The claim says "כבר" or "לפני" (not "לפני ש...", a clause ``_duration``
    reads) before the figure. The span begins at the earliest year of the supporting
    sentences (a state's start, not a later event told beside it: "פועל מ-1979 ... ב-2011
    דלפו" gives no "כבר כ-15 שנה"); "יותר מ" / "פחות מ" take a gap within
    ``MORE_THAN_CEILING`` on their side, "כ" one within a tenth (at least a year)."""
    toks, i, j, n = ask.toks, ask.i, ask.j, ask.v
    d = past_years(toks, i, j + 1)
    if d is None or d < len(toks) and (has_form(toks[d], AFTER_WORDS) or toks[d].key == "ש"):
        return False
    lead = toks[max(0, i - 3) : i]
    if not any(t.key == _ALREADY or has_form(t, BEFORE_WORDS) for t in lead):
        return False
    word = _word_before(toks, i)
    about = i > 0 and toks[i - 1].key == "כ" or toks[i].key.startswith("כ")
    years = _years(ask.idx, ask.ids)
    if not years:
        return False
    first = min(years)  # where the state began: not a later event of the same sentences
    for gap in (PRESENT_YEAR - first, PRESENT_YEAR - 1 - first):
        if word in _MORE and n < gap <= n * MORE_THAN_CEILING:
            return True
        if word in _LESS and n / MORE_THAN_CEILING <= gap < n:
            return True
        slack = max(Decimal(1), n / 10) if about else Decimal(0)
        if word not in _MORE | _LESS and abs(gap - n) <= slack:
            return True
    return False


DERIVATIONS: dict[str, Derivation] = {
    "a bound of a stated figure": _bound,
    "years between two clauses": _duration,
    "years from a stated year to the present": _to_present,
    "a change by / less than": _difference,
    _REST: _rest,
    "the rest of a part stated apart from its whole": _rest_across,
    "a total": _sum,
    "years two years of the claim's sentence span": _span_of_years,
    "days between two days of a month": _days_between,
    "the decade of a stated year": _decade,
}


def span_units(claim: Claim, derived: frozenset[int]) -> set[int]:
    """The start offsets of the units of derived spans of years ("פעל עשרים ושמונה שנים"
    for "בין 1951 ל-1979"): part of the figure no sentence states, not a word moved from
    another sentence that says "שנים". A relative time ("ארבע שנים אחרי 1990") dates its
    event instead, and keeps its words."""
    toks = [t for t in claim.tokens if claim.asserts(t)]
    out = set()
    for k in range(len(toks) - 1):
        nxt = toks[k + 2] if k + 2 < len(toks) else None
        if toks[k].start in derived and has_form(toks[k + 1], YEAR_UNITS):
            if nxt is None or not (has_form(nxt, AFTER_WORDS) or has_form(nxt, BEFORE_WORDS)):
                out.add(toks[k + 1].start)
    return out


def _years(idx: SourceIndex, ids: Sequence[int]) -> set[Decimal]:
    return {f.value for s in ids for f in figures(idx, s) if f.kind == "year"}


def _clause_sentences(claim: Claim, words: list[Token], idx: SourceIndex) -> list[int]:
    """The sentences holding two of the content words ``words`` (or the one there is), by
    their forms or their roots: where the source states what that clause says."""
    hits: dict[int, int] = {}
    content = [t for t in words if is_content(t) and t.number is None and claim.asserts(t)]
    for t in content:
        sents = {idx.flat_sent[p] for f in frame_forms(t) for p in idx.form_pos.get(f, ())}
        for r in t.roots:
            sents.update(idx.root.get(r, ()))
        for s in sents:
            hits[s] = hits.get(s, 0) + 1
    need = min(2, len(content))
    return sorted(s for s, n in hits.items() if n >= need)
