"""The values a text states and the clauses of a source sentence that hold them: the
material ``answer_values`` (and ``reference_values``) bind an answer's value with.

``read_values`` reads a text's values (checked figures, percentages, years, dates, months
named alone; round 16: a date's day is part of it, so "7 במרץ" and "12 במרץ" are two
dates). ``value_clauses`` gives a source sentence's clauses, cut by the clause
reader (``sentence_clauses``, ``FULL``: at marks, not before a relative "ש..." word; at
openers; at a "ו" predicate after a value and a "ו" value), with their words' forms and
values. A clause counting a part ("ו-7 מהם כבר זוהו") also holds the words of the
clause that states the whole before it ("בדירה נמצאו עוד 23 פריטים גנובים"): the part is
one of those items; in a dialogue turn a first-person verb also holds its third-person
forms (``said_forms``). Computed once per source sentence (kept in
``SourceIndex.derived``). ``cover`` and ``bound_issue`` are the shared measure and issue
of the answer-value rules (``answer_values``, ``answer_counts``, ``answer_names``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from workbench.grounding.reading.index import SourceIndex, frame_forms
from workbench.grounding.reading.pieces import clip
from workbench.grounding.reading.sentence_clauses import FULL, sentence_clauses
from workbench.grounding.results import Issue, IssueKind
from workbench.grounding.values.bound_numbers import counted, counted_word, glued, kind_of
from workbench.grounding.values.source_figures import relative_values
from workbench.hebrew import (
    PART_OPENERS,
    PARTITIVE_PRONOUNS,
    QUANTITY_WORDS,
    TIME_SPANS,
    UNITS,
    NumberMention,
    Token,
    clock_in_words,
    extract_numbers,
    is_clock,
    is_stopword,
    month_values,
    normalize,
    ordinals,
)
from workbench.hebrew.tokens import format_number


@dataclass(frozen=True, slots=True)
class Value:
    """A value a text states: its kind ("time", "percent" or "figure"), the keys it
    matches under (a time's "y:1987" / "m:11", a figure's values) and where it is."""

    kind: str
    keys: frozenset[str]
    start: int
    end: int
    text: str
    noun: frozenset[str] = frozenset()  # a figure's counted word ("620 תלמידים"), if any
    dual: bool = False  # a dual word ("יומיים"): a duration, never a bare figure's rival
    ordinal: bool = False  # "בפעם השתים עשרה": it orders its noun, a rival only of its counts

    @property
    def counts_time(self) -> bool:
        """Whether the figure measures a span of time ("שלוש שעות", "14 חודשים", "יומיים")."""
        return self.kind == "figure" and (self.dual or not self.noun.isdisjoint(TIME_SPANS))

    def same(self, other: Value) -> bool:
        """The same value: of one kind, with a key in common (two days of a month, "7
        במרץ" and "12 במרץ", by their day)."""
        return self.kind == other.kind and bool(self._shared(other))

    def _shared(self, other: Value) -> frozenset[str]:
        """The keys both hold, by day when both name one."""
        days = {k for k in self.keys if k.startswith("d:")}
        theirs = {k for k in other.keys if k.startswith("d:")}
        if days and theirs:
            return frozenset(days & theirs)
        return self.keys & other.keys

    def competes(self, other: Value) -> bool:
        """Another value of the same kind: no key in common (for a time, in a part both
        state: a month does not compete with a year)."""
        if self.kind != other.kind or self._shared(other):
            return False
        if self.kind == "figure":
            return self._counts_alike(other)
        if self.kind != "time":
            return True
        return any(
            any(k.startswith(p) for k in self.keys) and any(k.startswith(p) for k in other.keys)
            for p in ("y:", "m:", "d:", "w:", "c:")
        )

    def _counts_alike(self, other: Value) -> bool:
        """Figures that may count one thing: one is bare, or both count the same word, or
        both count amounts (units of time, orders of magnitude: "25 דקות", "ארבעה
        חודשים"); "1,200 מתנדבים" and "שש שנים" do not compete."""
        a, b = self.noun, other.noun
        if (self.dual and not b) or (other.dual and not a):
            return False  # "שנתיים" is no rival of a bare "420" (a count)
        if self.ordinal or other.ordinal:
            return bool(a & b)  # "בפעם השתים עשרה" is no rival of a bare "230" (round 42)
        if not a or not b or a & b:
            return True
        return bool(a & QUANTITY_WORDS) and bool(b & QUANTITY_WORDS)


def _time_keys(value: str) -> frozenset[str]:
    """A date's year and month keys ("12.1.2024" -> y:2024, m:1), a year's own."""
    parts = value.split(".")
    if len(parts) == 3 and all(p.isdigit() for p in parts):
        return frozenset({f"y:{int(parts[2])}", f"m:{int(parts[1])}"})
    return frozenset({f"y:{value}"})


def read_values(text: str, toks: Sequence[Token], *, counts: bool = False) -> list[Value]:
    """The values of ``toks``: checked numbers (a day before a month is the month's
    date, "ב-1 בנובמבר"), years and dates, and months named alone; in text order. With
    ``counts`` (the answer to a כמה question, which asks no year) a bare four-digit figure
    is a count, as one followed by a unit or a plural noun is anywhere (``NumberMention.amount``)."""
    months = {i: ms for i, t in enumerate(toks) if (ms := month_values([t]))}
    out = _centuries(text, toks)
    inside = [(v.start, v.end) for v in out]
    # an hour in words with its part of the day ("בשש בבוקר") is read as its bare hour, as
    # a figure, and also matches the clock it names ("6:00"; round 43)
    tokens = list(toks)
    for m in extract_numbers(text, tokens, clocks=False):
        if any(s <= m.start < e for s, e in inside):
            continue
        if _weekday(toks, m):  # "ביום שני": Monday, a time, not a figure (round 33)
            out.append(Value("time", frozenset({f"w:{m.value}"}), m.start, m.end, m.text))
            continue
        dual = _DUALS.get(normalize(m.text.strip()).text)
        if dual is not None:  # "יומיים": two days, a duration, checked or not (round 37)
            keys = frozenset({_dual_key(dual)})
            out.append(Value("figure", keys, m.start, m.end, m.text, dual, True))
            continue
        if not (m.checked or _spans_time(toks, m)) or glued(text, m):  # not "אחד" nor M4A1's 4
            continue
        if is_clock(m):  # "2:11 שעות", "7:05": one value, counting what its minutes count
            noun = counted(text, toks, m)
            out.append(Value("figure", frozenset({m.value}), m.start, m.end, m.text, noun))
            continue
        nxt = next((i for i, t in enumerate(toks) if t.start >= m.end), None)
        if nxt in months and _is_day(m, toks[nxt]):
            ms, end = months.pop(nxt), toks[nxt].end
            days = frozenset(f"d:{int(m.value)}.{v}" for v in ms)
            out.append(Value("time", _month_keys(ms) | days, m.start, end, text[m.start : end]))
        elif kind_of(m) == "year" and not (counts and m.text.isdigit()):
            out.append(Value("time", _time_keys(m.value), m.start, m.end, m.text))
        else:
            clock = clock_in_words(m, tokens, text)
            keys = frozenset({m.value, *m.forms, *([clock] if clock else [])})
            noun, order = counted_word(text, toks, m)
            if m.value == "2":  # "2 שנים" is a dual's value too
                keys |= {_dual_key(d) for d in _DUALS.values() if d & noun}
            kind = "figure" if kind_of(m) == "year" else kind_of(m)  # a count's bare 2019
            out.append(Value(kind, keys, m.start, m.end, m.text, noun, ordinal=order))
    for i, ms in months.items():
        t = toks[i]
        out.append(Value("time", _month_keys(ms), t.start, t.end, text[t.start : t.end]))
    return _ranges_counted(text, sorted(out, key=lambda v: v.start))


def _spans_time(toks: Sequence[Token], m: NumberMention) -> bool:
    """Whether an unchecked number word counts a span of time right after it ("שבע שנים",
    "שני שבועות": a value to bind, though "שבע" alone may be no number)."""
    nxt = next((t for t in toks if t.start >= m.end), None)
    return nxt is not None and m.value != "1" and nxt.key in TIME_SPANS


def _centuries(text: str, toks: Sequence[Token]) -> list[Value]:
    """Centuries, as times: "בסוף המאה החמישית", "במאה ה-19", "המאה העשרים" (key "c:5"):
    a century dates an event as a year does, and its ordinal is no figure (round 42)."""
    out: list[Value] = []
    for i, t in enumerate(toks[:-1]):
        if "מאה" not in (t.key, *t.stems):
            continue
        nxt = toks[i + 1]
        n: int | str | None = next(iter(ordinals([nxt])), None)
        end = nxt.end
        if n is None and nxt.key == "ה" and i + 2 < len(toks) and toks[i + 2].key.isdigit():
            n, end = toks[i + 2].key, toks[i + 2].end
        elif n is None and nxt.number is not None and nxt.key.startswith("ה"):
            n = nxt.number  # "המאה העשרים"
        if n is not None:
            out.append(Value("time", frozenset({f"c:{int(n)}"}), t.start, end, text[t.start : end]))
    return out


# A dual names two of its unit: read as a figure counting that unit ("שבועיים" is "2 שבועות"),
# so a duration answer competes with the durations the source binds to the question.
_DUALS: dict[str, frozenset[str]] = {
    normalize(dual).text: frozenset(normalize(w).text for w in (dual, *units.split()))
    for dual, units in (
        ("יומיים", "יום ימים"),
        ("שבועיים", "שבוע שבועות"),
        ("חודשיים", "חודש חודשים"),
        ("שנתיים", "שנה שנים"),
        ("שעתיים", "שעה שעות"),
    )
}


def _dual_key(unit: frozenset[str]) -> str:
    """The key a dual of ``unit`` matches under: two of that unit, not a bare 2."""
    return "2 " + min(unit)


# What stands between the two figures of a range or an alternative ("3,000 עד 5,000 שקל",
# "בין 20 ל-30 עובדים", "40-50 דונם", "שניים או שלושה ימים"), marks and spaces aside.
_RANGE_JOINS = frozenset({"", "עד", "ל", "או", "ועד"})


def _ranges_counted(text: str, values: list[Value]) -> list[Value]:
    """The first figure of a range counts what its second counts: "3,000 עד 5,000 שקל" is
    two amounts of shekels, not a bare 3,000 (round 36)."""
    out = list(values)
    for i in range(len(out) - 1):
        a, b = out[i], out[i + 1]
        if a.kind != "figure" or b.kind != "figure" or a.noun or not b.noun:
            continue
        if text[a.end : b.start].strip(" -–־") in _RANGE_JOINS:
            out[i] = Value(a.kind, a.keys, a.start, a.end, a.text, b.noun)
    return out


def _weekday(toks: Sequence[Token], m: NumberMention) -> bool:
    """Whether ``m`` names a day of the week: an ordinal word from ראשון to שישי right
    after "יום" ("ביום שני", "מיום ראשון"; "ביום השני", with the article, is the second
    day of something)."""
    if normalize(m.text.strip()).text not in _WEEKDAYS:
        return False
    before = [t for t in toks if t.end <= m.start][-1:]
    return bool(before) and before[0].key in _DAY_WORDS


# The days of the week by their ordinals, and "יום" with the prefixes it takes before them
# ("היום", today, is no such word: "עובדים היום חמישה עובדים").
_WEEKDAYS = frozenset(normalize(w).text for w in "ראשון שני שלישי רביעי חמישי שישי".split())
_DAY_WORDS = frozenset(normalize(w).text for w in "יום ביום מיום וביום ומיום ליום".split())


def _month_keys(months: frozenset[str]) -> frozenset[str]:
    return frozenset(f"m:{v}" for v in months)


def _is_day(m: NumberMention, month: Token) -> bool:
    """Whether ``m`` is the day of the month named right after it ("1 בנובמבר")."""
    day = m.value.isdigit() and 1 <= int(m.value) <= 31
    return day and not m.is_date and month.start - m.end <= 2


@dataclass(frozen=True, slots=True)
class ValueClause:
    """A clause of a source sentence (``sentence_clauses``) with its words' forms and
    its values."""

    start: int
    end: int
    forms: frozenset[str]
    values: tuple[Value, ...]
    toks: tuple[Token, ...]
    part: bool = False  # it counts a part of a whole stated before ("ו-7 מהם כבר זוהו")


_WITHOUT = frozenset({"בלי", "ללא"})


def _cut(idx: SourceIndex, sent: int) -> list[ValueClause]:
    clauses = sentence_clauses(idx, sent, FULL)
    if not clauses:
        return []
    lo, hi = idx.sent_flat[sent]
    values = [*read_values(idx.source, idx.flat[lo:hi]), *_relative_times(idx, sent)]
    out: list[ValueClause] = []
    whole: frozenset[str] = frozenset()  # the words of the last clause stating a figure
    turn = idx.sent_speaker[sent] >= 0 if idx.speakers else False
    for cl in clauses:
        g, s, e = cl.toks, cl.start, cl.end
        forms = frozenset().union(
            *(value_forms(t) | (said_forms(t) if turn else set()) for t in _present(g))
        )
        figure = any(t.number is not None for t in g)
        part = bool(whole) and _of_them(g)
        if part:
            forms |= whole  # the part is of the whole the earlier clause describes
        whole = forms if figure else whole
        vals = tuple(v for v in values if s <= v.start < e)
        prev = out[-1] if out else None
        if prev is not None and _bare_figure(g, vals) and not prev.values:
            # ", 15 שקל," after a clause with no value: an apposition of its noun (round 41)
            out[-1] = ValueClause(
                prev.start, e, prev.forms | forms, vals, prev.toks + g, prev.part
            )
            continue
        out.append(ValueClause(s, e, forms, vals, g, part))
    return out


def _relative_times(idx: SourceIndex, sent: int) -> list[Value]:
    """The years sentence ``sent`` states relative to another ("ב-1996 נסגרה, ושש שנים אחר
    כך נבנתה": 2002), as times of the clause that states them (round 44): that clause's
    predicate is dated, and another clause's year is no date of it."""
    out = []
    for m, year in relative_values(idx, sent):
        said = f"{format_number(year)}, reckoned from «{m.text.strip()}»"
        out.append(Value("time", _time_keys(format_number(year)), m.start, m.end, said))
    return out


def _present(toks: Sequence[Token]) -> list[Token]:
    """The words a clause states as present: not the noun after "בלי" / "ללא" ("בלי
    האלבום המחיר יורד ל-5,200" does not describe the price with the album; round 42)."""
    return [t for i, t in enumerate(toks) if not (i and toks[i - 1].key in _WITHOUT)]


def _bare_figure(toks: Sequence[Token], vals: tuple[Value, ...]) -> bool:
    """Whether a clause is a figure alone: numbers, units and function words only ("15
    שקל", "כ-300 דולר"); not a year or a time (", ב-1965," dates the clause after it) nor
    a percentage."""
    if not vals or any(v.kind != "figure" for v in vals):
        return False
    return all(t.number is not None or t.key in UNITS or is_stopword(t) for t in toks)


def said_forms(t: Token) -> frozenset[str]:
    """The third-person forms of a first-person verb in a speaker's turn: the speaker says
    "ביטלתי" where a question about them says "ביטל" ("עבדתי" / "עבדה", "גיליתי" /
    "גילתה", a hif'il "הזמנתי" / "הזמין"), and "אקרא" where it says "יקרא". A turn is its
    speaker's talk (``turn_speaker``), so its "I" is the speaker."""
    k = t.key
    out: set[str] = set()
    if k.endswith("תי") and len(k) >= 5:
        base = k[:-2]
        out.add(base)
        if base.endswith("י"):  # ל"ה: גיליתי -> גילת(ה), גילה
            out |= {base[:-1] + "ת", base[:-1] + "ה"}
        if base.startswith("ה") and len(base) in (3, 4):  # hif'il: הזמנ -> הזמינ
            out.add(base[:-1] + "י" + base[-1])
    elif k.startswith("א") and len(k) >= 4 and not t.stems:
        out |= {"י" + k[1:], "ת" + k[1:]}
    return frozenset(out)


def turn_speaker(idx: SourceIndex, sent: int) -> frozenset[str]:
    """The name words of the speaker of sentence ``sent`` in a dialogue (none outside one):
    a turn is its speaker's talk, so a question naming the speaker ("בתו של רוני בכר")
    points at each sentence of the speaker's turns ("הבת שלי... ומגיעה אחרי 50 דקות")."""
    if idx.speakers and idx.sent_speaker[sent] >= 0:
        return idx.speakers[idx.sent_speaker[sent]]
    return frozenset()


def _of_them(g: Sequence[Token]) -> bool:
    """Whether a clause counts part of a whole stated before it: a figure followed by
    "of them" ("ו-7 מהם כבר זוהו", "תשעה מהם ברחוב הגפן"), or after "among them" ("ובהם
    64 ספות", "מתוכם 12": ``PART_OPENERS``, round 32)."""
    return any(
        t.number is not None and u.key in PARTITIVE_PRONOUNS
        or u.number is not None and t.key in PART_OPENERS
        for t, u in zip(g, g[1:], strict=False)
    )


def value_clauses(idx: SourceIndex, sent: int) -> list[ValueClause]:
    """The clauses of sentence ``sent`` with their forms and values (computed once per
    source sentence)."""
    got = idx.derived.get(("answer clauses", sent))
    if got is None:
        got = idx.derived[("answer clauses", sent)] = _cut(idx, sent)
    return got  # type: ignore[return-value]


def value_sentence(idx: SourceIndex, v: Value) -> int:
    """The sentence of the source stating value ``v``."""
    return idx.flat_sent[min(idx.flat_at(v.start), len(idx.flat) - 1)]


def nearest_value(idx: SourceIndex, p: int, values: Sequence[Value]) -> Value | None:
    """The value strictly nearest to flat word ``p`` (in words); ``None`` when there is
    none or two are equally near: the word's own value, as a verb's figure or date."""
    spots = sorted((abs(idx.flat_at(v.start) - p), v.start, v) for v in values)
    if not spots or (len(spots) > 1 and spots[1][0] == spots[0][0]):
        return None
    return spots[0][2]


def value_forms(t: Token) -> frozenset[str]:
    """The forms a word matches under, its number value included."""
    return frame_forms(t) | ({t.number} if t.number is not None else frozenset())


Rows = list[tuple[float, frozenset[str]]]  # the question's words: weight, forms


def cover(forms: frozenset[str], rows: Rows, total: float) -> float:
    """The weighted share of the question's words (``rows``) among ``forms``."""
    return sum(wt for wt, fs in rows if fs & forms) / total


def bound_issue(
    idx: SourceIndex,
    said: Value,
    where: ValueClause,
    other: Value,
    cl: ValueClause,
    *,
    statement: bool = False,
) -> Issue:
    """``bound_elsewhere``, pointing at the rival value the question's predicate has (with
    ``statement``, the predicate a statement dates: ``claim_dates``)."""
    mine = idx.source[said.start : said.end]
    whose, what = ("the claim", "says") if statement else ("the question", "asks")
    if where is cl:
        msg = (
            f"{mine} is in «{clip(idx.source[cl.start : cl.end])}», but {whose}'s "
            f"words stand next to {other.text} there"
        )
    else:
        msg = (
            f"{mine} is what the source gives for «{clip(idx.source[where.start : where.end])}»; "
            f"for what {whose} {what} («{clip(idx.source[cl.start : cl.end])}») it gives "
            f"{other.text}"
        )
    return Issue(IssueKind.BOUND_ELSEWHERE, msg, (other.start, other.end))
