"""Numbers, percentages and dates a text asserts, for the number-consistency check.

``extract_numbers(text)`` applies scale words (``2.5 מיליון`` -> 2500000) and combines
number words as Hebrew writes them (עשרים וחמישה = 25).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from decimal import Decimal

from workbench.hebrew.lexicon import (
    CHECKED_NUMBER_WORDS,
    DATE_RELATION_WORDS,
    DECADE_UNITS,
    FRACTION_PLURALS,
    FRACTION_WORDS,
    MONTHS,
    ORDINAL_WORDS,
    PEOPLE_COUNT_WORDS,
    PLACES,
    SCALE_WORDS,
    SHARED_RELATION_WORDS,
    TEEN_TWO,
    TIME_PARTS,
    YEAR_UNITS,
)
from workbench.hebrew.normalization import normalize
from workbench.hebrew.tokens import Token, format_number, has_form, is_stopword, tokenize
from workbench.hebrew.units import UNIT_WORDS

# --- numbers -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class NumberMention:
    """A number, percentage or date asserted by a text.

    ``value`` is canonical (scale words applied); ``forms`` are every value under which
    it may appear elsewhere (the unscaled figure, the date's parts); ``text`` is the
    original surface, used in messages ("number 15% not found in source").
    """

    value: str
    start: int
    end: int
    text: str
    percent: bool = False
    is_date: bool = False
    forms: frozenset[str] = frozenset()
    checked: bool = True
    share: bool = False  # a fraction's plural (שלושה רבעים): a part word, never required
    amount: bool = False  # four digits counting a noun or measured in a unit: no year
    dated: bool = False  # four digits after a year's preposition or time word: a year


def _scale_of(tok: Token) -> int | None:
    scale = SCALE_WORDS.get(tok.key)
    if scale is None:
        for s in tok.stems:
            if s in SCALE_WORDS:
                return SCALE_WORDS[s]
    return scale


def _is_checked_word(tok: Token) -> bool:
    return tok.key in CHECKED_NUMBER_WORDS or not CHECKED_NUMBER_WORDS.isdisjoint(tok.stems)


# Words after which an ambiguous number word ("שבע", "שני") can only be a count: "רק שבע",
# "עוד שני", "לפחות שתי" (round 38)
_COUNT_PARTICLES = frozenset({"רק", "עוד", "לפחות", "כמעט", "בערך"})


def _after_particle(tokens: list[Token], i: int) -> bool:
    """Whether the number word at ``i`` follows a particle that makes it a count."""
    if i == 0 or tokens[i].key in ("אחד", "אחת"):
        return False
    before = tokens[i - 1]
    return before.key in _COUNT_PARTICLES or not _COUNT_PARTICLES.isdisjoint(before.stems)


def _is_ordinal(tok: Token) -> bool:
    return tok.key in ORDINAL_WORDS or not ORDINAL_WORDS.isdisjoint(tok.stems)


def _fraction_of(tok: Token) -> str | None:
    """The value of "וחצי" / "ורבע" (only with the conjunction ו glued on)."""
    if tok.key.startswith("ו") and tok.key[1:] in FRACTION_WORDS:
        return FRACTION_WORDS[tok.key[1:]]
    return None


_TEN = ("עשר", "עשרה")
_INSIDE = " \t\n\u00a0-\u05be"  # what may stand between two words of one number


def _teen_two(t: Token) -> bool:
    """The שנים / שתים that is two only before עשר / עשרה (otherwise "years")."""
    return t.key in TEEN_TWO or not TEEN_TWO.isdisjoint(t.stems)


def _opens_number(tokens: list[Token], i: int) -> bool:
    """Whether token ``i`` opens a number: it has a value, or it is the שנים / שתים of a
    teen (שתים עשרה)."""
    t = tokens[i]
    if t.number is not None:
        return not _in_place_name(tokens, i)
    return (
        i + 1 < len(tokens)
        and tokens[i + 1].key in _TEN
        and _teen_two(t)
    )


def _in_place_name(tokens: list[Token], i: int) -> bool:
    """Whether number word ``i`` is the second word of a place's name ("קריית שמונה", "באר
    שבע", with a prefix: "מקריית שמונה"): a name, no number (round 45)."""
    if i == 0 or "0" <= tokens[i].key[:1] <= "9":
        return False
    prev = tokens[i - 1]
    return any(f"{f} {tokens[i].key}" in PLACES for f in (prev.key, *prev.stems))


def _date_mention(t: Token, text: str) -> NumberMention:
    value = t.number or ""
    return NumberMention(
        value,
        t.start,
        t.end,
        text[t.start : t.end],
        False,
        True,
        frozenset({value, *value.split(".")}),
        True,
    )


class _Sum:
    """The running value of a number read word by word (עשרים וחמישה אלף...)."""

    def __init__(self, first: Decimal, is_digit: bool) -> None:
        self.total = Decimal(0)  # flushed thousands / millions
        self.current = Decimal(0)  # the part below the last scale
        if first >= 1000 and not is_digit:
            self.total = first  # אלף, אלפיים
        else:
            self.current = first
        self.last = first

    def take(self, t: Token, nx: Token, is_digit: bool, then: Token | None = None) -> bool:
        """Add the next token ``nx`` (after ``t``, the number's first word; ``then`` the
        token after ``nx``) if it continues the number; False when it does not."""
        scale = _scale_of(nx)
        frac = _fraction_of(nx)
        if scale is not None and 0 < self.current < scale:
            if scale >= 1000:
                self.total += self.current * scale
                self.current = Decimal(0)
            else:
                self.current *= scale
            self.last = Decimal(scale)
            return True
        if frac is not None and self.last >= 100:  # "מאה וחצי" 150, "מיליון וחצי" 1.5M
            unit = _unit_of(self.last)
            if unit >= 1000:
                self.total += Decimal(frac) * unit
            else:
                self.current += Decimal(frac) * unit
            self.last = Decimal(frac)
            return True
        if frac is not None and self.current > 0:  # "שלושה וחצי" 3.5
            self.current += Decimal(frac)
            self.last = Decimal(frac)
            return True
        nx_word = nx.number is not None and not ("0" <= nx.key[0] <= "9")
        if nx_word and not is_digit and not _is_ordinal(nx) and not _is_ordinal(t):
            return self._add_word(Decimal(nx.number or "0"))
        if not is_digit and then is not None and then.key in _TEN and _teen_two(nx):
            return self._add_word(Decimal(2))  # מאה ושנים עשר, שלוש מאות ושתים עשרה
        return False

    def _add_word(self, v: Decimal) -> bool:
        if v == 10 and 0 < self.last < 10 and self.current % 100 < 10:
            self.current += 10  # a teen: שלושה עשר, מאה וארבעה עשר
        elif self.last < 20:
            # Hebrew joins a word only after a tens word, a hundred or a thousand (עשרים
            # ושבע, מאה ושלוש): a units word, עשר or a teen ends the number, so "שבע וחמש" is
            # two numbers (a time, 7:05), not 12, and "שלושה עשר וחמישה" is 13 and 5
            return False
        elif v < self.last:
            if v >= 1000:
                self.total += v
            else:
                self.current += v
        else:
            return False
        self.last = v
        return True


def _unit_of(last: Decimal) -> Decimal:
    """What a "וחצי" after ``last`` halves: the hundred of "מאתיים וחצי" (250), the
    thousand of "אלפיים וחצי" (2,500), the million of "שני מיליון וחצי" (2.5 million)."""
    unit = Decimal(100)
    for scale in (Decimal(1000), Decimal(10**6), Decimal(10**9)):
        if last >= scale:
            unit = scale
    return unit


def _fraction_of_scale(tokens: list[Token], i: int, text: str) -> NumberMention | None:
    """"חצי מיליון" (500,000), "רבע מיליון" (250,000), "מיליון וחצי" (1.5 million): a
    fraction word before a bare scale of a thousand or more, or after one, one number;
    None when token ``i`` opens no such number."""
    t = tokens[i]
    frac = next((FRACTION_WORDS[k] for k in (t.key, *t.stems) if k in FRACTION_WORDS), None)
    after = None if t.number is not None or t.key.endswith("ימ") else _scale_of(t)
    nxt = tokens[i + 1] if i + 1 < len(tokens) else None
    # most words are neither: leave before slicing the text (this runs on every token)
    if (frac is None and after is None) or nxt is None or text[t.end : nxt.start].strip(_INSIDE):
        return None
    scale = _scale_of(nxt)  # "חצי מיליון", "כרבע מיליון"
    value = None if frac is None or scale is None else Decimal(frac) * scale
    if value is None and after and (more := _fraction_of(nxt)):  # "מיליון וחצי"
        scale, value = after, after * (1 + Decimal(more))
    if value is None or scale is None or scale < 1000:
        return None
    v = format_number(value)
    return NumberMention(v, t.start, nxt.end, text[t.start : nxt.end], forms=frozenset({v}))


def _denominator(tokens: list[Token], j: int, end: int) -> int | None:
    """The denominator of a fraction's plural right after a count (שלושה רבעים: 4)."""
    if j >= len(tokens) or tokens[j].start - end > 2:
        return None
    t = tokens[j]
    return FRACTION_PLURALS.get(t.key)


def _read_number(text: str, tokens: list[Token], i: int) -> tuple[NumberMention, int]:
    """The number that token ``i`` opens (words and scales combined, a % after or before
    it), and the index of the first token after it."""
    t = tokens[i]
    n = len(tokens)
    is_digit = "0" <= t.key[0] <= "9"
    start, end = t.start, t.end
    acc = _Sum(Decimal(t.number or "2"), is_digit)
    parts = 1
    checked = is_digit or _is_checked_word(t) or _after_particle(tokens, i)
    j = i + 1
    # a mark ends a number: "משישים, ושלושה מהם" is 60 and then 3, not 63; "עשר. בשתיים"
    # is 10 and 2 (only spaces or a hyphen may stand inside a number: חמש-עשרה)
    while (
        j < n
        and tokens[j].start - end <= 2
        and not text[end : tokens[j].start].strip(_INSIDE)
        and acc.take(t, tokens[j], is_digit, tokens[j + 1] if j + 1 < n else None)
    ):
        parts += 1
        end = tokens[j].end
        j += 1
    denominator = _denominator(tokens, j, end) if not is_digit and parts == 1 else None
    if denominator is not None:  # שלושה רבעים: a share, 0.75, a part word never required
        end = tokens[j].end
        value = format_number(Decimal(t.number or "0") / denominator)
        surface = text[start:end]
        mention = NumberMention(
            value, start, end, surface, False, False, frozenset({value}), False, True
        )
        return mention, j + 1
    value = format_number(acc.total + acc.current)
    forms = {value}
    if is_digit and parts > 1 and t.number is not None:
        forms.add(t.number)  # "2.5 מיליון" or "5 ורבע" may be quoted as "2.5" / "5"
    percent = False
    if j < n and tokens[j].key == "%" and tokens[j].start - end <= 2:
        percent = True
        end = tokens[j].end
        j += 1
    elif i > 0 and tokens[i - 1].key == "%" and tokens[i - 1].end == t.start:
        percent = True  # "%15", typed in visual order
        start = tokens[i - 1].start
    mention = NumberMention(
        value, start, end, text[start:end], percent, False, frozenset(forms), checked or parts > 1
    )
    return mention, j


def extract_numbers(
    text: str, tokens: list[Token] | None = None, *, clocks: bool = True
) -> list[NumberMention]:
    """Numbers in ``text``: digits (with scale words and %), dates, number words.

    Number words combine as Hebrew writes them: עשרים וחמישה = 25, שלושה עשר = 13,
    אלף ומאתיים = 1200, אלפיים ושלוש מאות = 2300, חמשת אלפים = 5000, שנים עשר וחצי אלף =
    12500; digits take a fraction or scale word (5 ורבע = 5.25, 2.5 מיליון = 2500000).
    Unambiguous words (שלושה, עשרים...) and compounds are checked; a lone אחד, שני, מאה,
    אלף or an ordinal, which also mean "a", "second", "century", "Aleph" or "the sixth",
    matches as a value but is not required, so it never triggers a false "number not
    found" flag. An hour with its part of the day ("מארבע אחר הצהריים") is the clock
    time it names ("16:00", ``clock_in_words``); ``clocks=False`` leaves it its bare hour.
    """
    if tokens is None:
        tokens = tokenize(text)
    out: list[NumberMention] = []
    n = len(tokens)
    i = 0
    while i < n:
        if share := _fraction_of_scale(tokens, i, text):
            out.append(share)
            i += 2
        elif not _opens_number(tokens, i):
            i += 1
        elif tokens[i].is_date:
            out.append(_date_mention(tokens[i], text))
            i += 1
        else:
            at = i
            mention, i = _read_number(text, tokens, at)
            reading = _four_digit_reading(mention, tokens, at, i)
            if reading != "amount-unit" and _joined_to_year(out, tokens, at):
                reading = "year"  # "בשנים 2020 ו-2021 עובדים רבים פוטרו" (review27b)
            reading = reading.removesuffix("-unit")
            if reading:
                mention = replace(mention, amount=reading == "amount", dated=reading == "year")
            clock = _clock_at(mention, tokens, i, text) if clocks else None
            if clock is not None:
                mention, i = clock
            out.append(mention)
    return out


def _hours(a: int, b: int) -> frozenset[int]:
    return frozenset(range(a, b))


# A part of the day after an hour ("בארבע אחר הצהריים", "ב-11 בלילה"): the hours it takes
# (as written) and what it adds to them; round 43. Keys are folded (final letters).
_DAY_PARTS: dict[tuple[str, ...], tuple[frozenset[int], int]] = {
    ("בבוקר",): (_hours(1, 12), 0),
    ("לפנות", "בוקר"): (_hours(1, 7), 0),
    ("בצהריימ",): (_hours(12, 13) | _hours(1, 4), 12),
    ("אחר", "הצהריימ"): (_hours(1, 8), 12),
    ("אחרי", "הצהריימ"): (_hours(1, 8), 12),
    ("אחהצ",): (_hours(1, 8), 12),
    ("לפנות", "ערב"): (_hours(4, 8), 12),
    ("בערב",): (_hours(4, 12), 12),
    ("בלילה",): (_hours(8, 12), 12),
}
_MASCULINE = frozenset(
    normalize(w).text for w in "אחד שניים שלושה ארבעה חמישה שישה שבעה תשעה עשרה".split()
)
_MINUTES = {Decimal(0): "00", Decimal("0.25"): "15", Decimal("0.5"): "30", Decimal("0.75"): "45"}


def clock_in_words(m: NumberMention, tokens: list[Token], text: str) -> str | None:
    """The clock time ``m``, a bare hour read with ``clocks=False``, names with the part
    of the day after it ("בשש בבוקר": "6:00"), or None."""
    after = next((k for k, t in enumerate(tokens) if t.start >= m.end), len(tokens))
    got = _clock_at(m, tokens, after, text)
    return got[0].value if got is not None else None


def _clock_at(
    m: NumberMention, tokens: list[Token], after: int, text: str
) -> tuple[NumberMention, int] | None:
    """An hour said with its part of the day ("מארבע אחר הצהריים", "עד אחת עשרה בלילה",
    "בשמונה וחצי בערב") as the clock time it names ("16:00", "23:00", "20:30"), so it
    meets the source's digits and stands as one value, as a clock in digits does; the
    part of the day joins the mention. None when no part of the day follows, the hour is
    not one it takes ("שתיים בערב"), or the word is a masculine count ("שלושה בבוקר" counts
    people: an hour is feminine, "שלוש")."""
    if m.percent or m.is_date or not re.fullmatch(r"\d+(\.\d+)?", m.value):
        return None
    first = next(t for t in tokens if t.start >= m.start)
    if not first.key[0].isdigit() and not _MASCULINE.isdisjoint({first.key, *first.stems}):
        return None
    v = Decimal(m.value)
    hour, frac = int(v), v - int(v)
    if frac not in _MINUTES:
        return None
    for words, (hours, add) in _DAY_PARTS.items():
        end = after + len(words)
        if end > len(tokens) or tuple(t.key for t in tokens[after:end]) != words:
            continue
        if hour not in hours or any(
            text[a.end : b.start].strip()
            for a, b in zip(tokens[after - 1 : end - 1], tokens[after:end], strict=True)
        ):
            return None
        value = f"{hour + add if hour < 12 else hour}:{_MINUTES[frac]}"
        stop = tokens[end - 1].end
        surface = text[m.start : stop]
        clock = replace(
            m,
            value=value,
            end=stop,
            text=surface,
            is_date=True,
            forms=frozenset({value, m.value}),  # a bare "בעשר" names the hour too
            checked=True,
        )
        return clock, end
    return None


def plural_noun(t: Token) -> bool:
    """Whether ``t`` reads as a plural noun a figure may count ("מיטות", "עובדים"): its
    plural ending, neither a month nor a unit of years (the one reading of it: a bare
    four-digit figure before one is an amount, ``extract_numbers``; the counted noun of
    "כמה NOUN" in ``grounding.answer_counts``)."""
    return t.key.endswith(("ימ", "ות")) and not month_values([t]) and not has_form(t, YEAR_UNITS)


_THOUSANDS = re.compile(r"\d,\d{3}")


def _four_digit_reading(m: NumberMention, tokens: list[Token], first: int, after: int) -> str:
    """How four digits that may be a year read by the words around them (rounds 25, 27):
    "amount", "year" or "" (either: "המחיר: 2000").

    * an amount: a thousands comma ("2,000"); a unit or currency straight after ("2000
      שקל", "ב-2000 שקל": for 2000 shekels), or a unit of years ("לפני 2000 שנה"); a plural noun it counts ("1200 מיטות") or
      "איש" / "נפש" ("2000 איש": ``PEOPLE_COUNT_WORDS``) straight after, with no
      year's word before it;
    * a year: after "שנת", a unit of years or "מאז" ("בשנת 1948", "מאז 1990 איש לא
      ביקר": since 1990 nobody visited), or after a word that takes a year or an amount
      when no counted noun follows ("עד 2030 תבנה", "ב-1948 הגיעו": the hyphen makes
      "ב" a token of its own);
    * either, after such a word before a counted noun: "עד 2000 אנשים" is up to 2000
      people, "לפני 2000 צופים" in front of them, "תמכה ב-2000 משפחות" supported that
      many families, yet "ב-1948 עולים רבים הגיעו" is a year (review27).
    """
    if not is_year(m.value):
        return ""
    if _THOUSANDS.fullmatch(m.text):
        return "amount-unit"  # "2,000": nobody writes a year with a thousands comma
    if not m.text.isdigit():
        return ""
    t = tokens[after] if after < len(tokens) else None
    if t is not None and (t.start - m.end > 1 or t.number is not None):
        t = None
    if t is not None and (has_form(t, UNIT_WORDS) or has_form(t, _YEARS_COUNTED)):
        return "amount-unit"  # "2000 שקל"; "פעלה 1934 שנה", "לפני 2000 שנה": years counted
    counts = t is not None and (t.key in PEOPLE_COUNT_WORDS or _counted_plural(t))
    if first and tokens[first - 1].key == _BETWEEN and _year_range_end(tokens, after):
        return "year"  # "בין 1934 ל-1967, ...": a range of years (round 28)
    before = _year_word(m, tokens[first - 1]) if first else ""
    if before == "shared":
        return "" if counts else "year"
    return "year" if before else "amount" if counts else ""


_BETWEEN = "בינ"  # "בין", final letter folded


def _year_range_end(tokens: list[Token], after: int) -> bool:
    """Whether ``tokens[after:]`` go on "ל-YYYY" with four digits that count nothing after
    them: "בין 1934 ל-1967, וסיפקה" is a range of years, "בין 1500 ל-2000 איש" of people."""
    if after + 1 >= len(tokens) or tokens[after].key != "ל":
        return False
    end = tokens[after + 1]
    if end.number is None or not is_year(end.number) or not end.key.isdigit():
        return False
    t = tokens[after + 2] if after + 2 < len(tokens) else None
    if t is None or t.number is not None:
        return True
    return not (
        has_form(t, UNIT_WORDS)
        or has_form(t, _YEARS_COUNTED)
        or t.key in PEOPLE_COUNT_WORDS
        or _counted_plural(t)
    )


def _counted_plural(t: Token) -> bool:
    """A plural noun a figure counts, no function word ("מיטות", not "אותם")."""
    return not is_stopword(t) and plural_noun(t)


def _year_word(m: NumberMention, prev: Token) -> str:
    """How ``prev``, the word before four digits, places them: "year" after "שנת" or
    "מאז"; "shared" after a time word that also takes an amount (עד, לפני, אחרי:
    ``SHARED_RELATION_WORDS``) or a hyphened "ב-", which is a year's ("ב-1948 הגיעו") or a
    verb's preposition ("תמכה ב-2000 משפחות", "גדל ב-1200 תושבים": review27); "shared"
    too after a time a fronted adverbial names, which a counted subject may follow: a
    unit of years, a part of a time, a season or a month ("השנה 2025 תלמידים לומדים",
    "במהלך 2020 עסקים רבים נסגרו", "בקיץ 2018 מתנדבים ניקו": review27b); "" otherwise."""
    if has_form(prev, SHARED_RELATION_WORDS) or (prev.key == "ב" and m.start - prev.end <= 1):
        return "shared"
    if prev.key.endswith("שנת") or has_form(prev, DATE_RELATION_WORDS):
        return "year"
    fronted = (
        has_form(prev, YEAR_UNITS)
        or has_form(prev, TIME_PARTS)
        or has_form(prev, _TIME_NAMES)
        or bool(month_values([prev]))
    )
    return "shared" if fronted else ""


# A unit of years after four digits counts years ("לפני 2000 שנה", "פעלה 1934 שנה"); the
# construct "שנות" opens a decade ("שנות ה-90") and stays out (round 28).
_YEARS_COUNTED: frozenset[str] = frozenset(normalize(w).text for w in "שנה שנים".split())

# Seasons and spans a year names in a fronted time adverbial ("בקיץ 2018", "במהלך 2020",
# "עונת 2023"): four digits after one read as a year unless a counted noun follows.
_TIME_NAMES: frozenset[str] = frozenset(
    normalize(w).text for w in "אביב קיץ סתיו חורף מהלך עונת".split()
)


def _joined_to_year(out: list[NumberMention], tokens: list[Token], at: int) -> bool:
    """Whether the figure at token ``at`` is joined by a hyphened "ו-" to a figure read as
    a year just before it ("בשנים 2020 ו-2021 עובדים רבים פוטרו": both are years), or by a
    hyphened "ל-" straight after one ("בין 1934 ל-1967": a range of years, round 28)."""
    if at < 2 or not out or not out[-1].dated:
        return False
    conj = tokens[at - 1]
    if tokens[at].start - conj.end > 1 or out[-1].end > conj.start:
        return False
    return conj.key == "ו" or (conj.key == "ל" and tokens[at - 2].end == out[-1].end)


def number_values(mentions: list[NumberMention]) -> frozenset[str]:
    """Every value under which these mentions may be matched."""
    out: set[str] = set()
    for m in mentions:
        out |= m.forms
    return frozenset(out)


def month_values(tokens: list[Token]) -> frozenset[str]:
    """Month numbers named in words (ספטמבר -> "9"), for matching dates."""
    out = set()
    for t in tokens:
        if t.key in MONTHS:
            out.add(str(MONTHS[t.key]))
        else:
            for s in t.stems:
                if s in MONTHS:
                    out.add(str(MONTHS[s]))
                    break
    return frozenset(out)


def is_clock(m: NumberMention) -> bool:
    """Whether ``m`` is a clock time ("22:35"; read as one value, as a date is)."""
    return m.is_date and ":" in m.value


def number_found(m: NumberMention, values: frozenset[str], months: frozenset[str]) -> bool:
    """Whether mention ``m`` appears among ``values`` (a span's number values)."""
    if m.value in values:
        return True
    if is_clock(m):  # an hour in words ("בעשר בבוקר") also meets a bare "בעשר"
        return not m.forms.isdisjoint(values)
    if m.is_date:  # a day, a month and a year
        d, mo, y = m.value.split(".")
        return d in values and y in values and (mo in values or mo in months)
    return False


def _years_of(values: frozenset[str]) -> list[int]:
    return sorted({int(v) for v in values if is_year(v)})


def derived_duration(m: NumberMention, tokens: list[Token], values: frozenset[str]) -> bool:
    """Whether ``m`` is a duration in years that ``values`` (a span's numbers) give in
    another form: the gap between two of its years ("חמש שנים קודם לכן" for 2009 and
    2014), or decades as years ("שלושה עשורים" for "שלושים שנה")."""
    after = next((t for t in tokens if t.start >= m.end), None)
    if after is None or m.percent or m.is_date:
        return False
    forms = {after.key, *after.stems}
    decades = not DECADE_UNITS.isdisjoint(forms)
    if not decades and YEAR_UNITS.isdisjoint(forms):
        return False
    try:
        n = Decimal(m.value) * (10 if decades else 1)
    except ArithmeticError:
        return False
    if decades and format_number(n) in values:
        return True
    years = _years_of(values)
    return any(b - a == n for i, a in enumerate(years) for b in years[i + 1 :])


def is_year(value: str) -> bool:
    """Whether a number's value reads as a year: four digits, 1000-2100 (the one year
    test of the engine)."""
    return len(value) == 4 and value.isdigit() and 1000 <= int(value) <= 2100
