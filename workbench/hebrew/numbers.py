"""Numbers, percentages and dates a text asserts, for the number-consistency check.

``extract_numbers(text)`` applies scale words (``2.5 מיליון`` -> 2500000) and combines
number words as Hebrew writes them (עשרים וחמישה = 25).
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from workbench.hebrew.lexicon import (
    CHECKED_NUMBER_WORDS,
    FRACTION_WORDS,
    MONTHS,
    ORDINAL_WORDS,
    SCALE_WORDS,
    TEEN_TWO,
)
from workbench.hebrew.tokens import Token, _fmt, tokenize

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


def _scale_of(tok: Token) -> int | None:
    scale = SCALE_WORDS.get(tok.key)
    if scale is None:
        for s in tok.stems:
            if s in SCALE_WORDS:
                return SCALE_WORDS[s]
    return scale


def _is_checked_word(tok: Token) -> bool:
    return tok.key in CHECKED_NUMBER_WORDS or not CHECKED_NUMBER_WORDS.isdisjoint(tok.stems)


def _is_ordinal(tok: Token) -> bool:
    return tok.key in ORDINAL_WORDS or not ORDINAL_WORDS.isdisjoint(tok.stems)


def _fraction_of(tok: Token) -> str | None:
    """The value of "וחצי" / "ורבע" (only with the conjunction ו glued on)."""
    if tok.key.startswith("ו") and tok.key[1:] in FRACTION_WORDS:
        return FRACTION_WORDS[tok.key[1:]]
    return None


_TEN = ("עשר", "עשרה")


def extract_numbers(text: str, tokens: list[Token] | None = None) -> list[NumberMention]:
    """Numbers in ``text``: digits (with scale words and %), dates, number words.

    Number words combine as Hebrew writes them: עשרים וחמישה = 25, שלושה עשר = 13,
    אלף ומאתיים = 1200, אלפיים ושלוש מאות = 2300, חמשת אלפים = 5000, שנים עשר וחצי אלף =
    12500; digits take a fraction or scale word (5 ורבע = 5.25, 2.5 מיליון = 2500000).
    Unambiguous words (שלושה, עשרים...) and compounds are checked; a lone אחד, שני, מאה,
    אלף or an ordinal, which also mean "a", "second", "century", "Aleph" or "the sixth",
    matches as a value but is not required, so it never triggers a false "number not
    found" flag.
    """
    if tokens is None:
        tokens = tokenize(text)
    out: list[NumberMention] = []
    n = len(tokens)
    i = 0
    while i < n:
        t = tokens[i]
        if t.number is None and not (
            i + 1 < n
            and tokens[i + 1].key in _TEN
            and (t.key in TEEN_TWO or not TEEN_TWO.isdisjoint(t.stems))
        ):
            i += 1
            continue
        is_digit = "0" <= t.key[0] <= "9"
        start, end = t.start, t.end
        if t.is_date:
            out.append(
                NumberMention(
                    t.number,
                    start,
                    end,
                    text[start:end],
                    False,
                    True,
                    frozenset({t.number, *t.number.split(".")}),
                    True,
                )
            )
            i += 1
            continue
        first = Decimal(t.number or "2")
        total = Decimal(0)  # flushed thousands / millions
        current = Decimal(0)  # the part below the last scale
        if first >= 1000 and not is_digit:
            total, last = first, first  # אלף, אלפיים
        else:
            current, last = first, first
        parts = 1
        checked = is_digit or _is_checked_word(t)
        j = i + 1
        while j < n and tokens[j].start - end <= 2:
            nx = tokens[j]
            scale = _scale_of(nx)
            frac = _fraction_of(nx)
            nx_word = nx.number is not None and not ("0" <= nx.key[0] <= "9")
            if scale is not None and 0 < current < scale:
                if scale >= 1000:
                    total += current * scale
                    current = Decimal(0)
                else:
                    current *= scale
                last = Decimal(scale)
            elif frac is not None and current > 0:
                current += Decimal(frac)
                last = Decimal(frac)
            elif nx_word and not is_digit and not _is_ordinal(nx) and not _is_ordinal(t):
                v = Decimal(nx.number)
                if v == 10 and 0 < current < 10:
                    current += 10
                elif v < last:
                    if v >= 1000:
                        total += v
                    else:
                        current += v
                else:
                    break
                last = v
            else:
                break
            parts += 1
            end = nx.end
            j += 1
        value = _fmt(total + current)
        forms = {value}
        if is_digit and parts > 1:
            forms.add(t.number)  # "2.5 מיליון" or "5 ורבע" may be quoted as "2.5" / "5"
        if parts > 1:
            checked = True
        percent = False
        if j < n and tokens[j].key == "%" and tokens[j].start - end <= 2:
            percent = True
            end = tokens[j].end
            j += 1
        elif i > 0 and tokens[i - 1].key == "%" and tokens[i - 1].end == t.start:
            percent = True  # "%15", typed in visual order
            start = tokens[i - 1].start
        out.append(
            NumberMention(
                value, start, end, text[start:end], percent, False, frozenset(forms), checked
            )
        )
        i = j
    return out


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


def number_found(m: NumberMention, values: frozenset[str], months: frozenset[str]) -> bool:
    """Whether mention ``m`` appears among ``values`` (a span's number values)."""
    if m.value in values:
        return True
    if m.is_date:
        d, mo, y = m.value.split(".")
        return d in values and y in values and (mo in values or mo in months)
    return False
