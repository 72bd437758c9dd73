"""Tokenisation: words (Hebrew, Latin, numbers) with original offsets, match keys, prefix
stems, lemmas, roots and number values, and predicates on tokens (function word, light
word, negation, question word).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, fields
from decimal import Decimal, InvalidOperation
from functools import lru_cache

from workbench.hebrew.lexicon import (
    AFTER_PREPOSITION_LETTERS,
    ANYWAY_WORD,
    CLAUSE_OPENERS,
    CLITIC_ONLY_WORDS,
    KOL_IDIOM_NOUNS,
    KOL_IDIOM_WORDS,
    LIGHT_WORDS,
    NEGATIONS,
    NUMBER_WORDS,
    PERCENT_WORDS,
    QUESTION_WORDS,
    STOPWORDS,
)
from workbench.hebrew.morphology import root_forms, strip_prefixes, strip_suffixes
from workbench.hebrew.normalization import Normalized, normalize

# --- tokens ----------------------------------------------------------------------------

# Flat alternation of character-class runs: linear, no backtracking blow-up.
# Runs are capped (64 letters, 30-digit groups) so an adversarial "word" of 200,000
# letters costs no more than many short ones.
# A clock time ("22:35", "7:05") is one token, read as one value like a date: its hour and
# minutes are no two figures ("אחרי 23:30" is not found by a 23 and a 30 of other clocks).
_TOKEN_RE = re.compile(
    r"(?:[01]?[0-9]|2[0-4]):[0-5][0-9](?![0-9:])|[0-9]{1,2}/[0-9]{1,2}/(?:[0-9]{4}|[0-9]{2})(?![0-9/])"
    r"|[0-9]{1,30}(?:[.,][0-9]{1,30}){0,6}|[\u05d0-\u05f2]{1,64}|[^\W\d_\u05d0-\u05f2]{1,64}|%"
)


@dataclass(frozen=True, slots=True)
class Token:
    """One word of a text: match key, original offsets, prefix stems, number value."""

    key: str
    start: int
    end: int
    stems: tuple[str, ...] = ()
    number: str | None = None  # canonical value for digit tokens and number words
    is_date: bool = False
    lemmas: tuple[str, ...] = ()  # word and stems without an inflection suffix (soft match)
    roots: tuple[str, ...] = ()  # consonant skeletons (root-aware match, weakest)

    @property
    def keys(self) -> tuple[str, ...]:
        """Every form this token may match: itself, its number value, its stems."""
        base = (
            (self.key,)
            if self.number is None or self.number == self.key
            else (
                self.key,
                self.number,
            )
        )
        return base + self.stems


def canonical_number(raw: str) -> tuple[str, bool]:
    """Canonical value of a digit group and whether it is a date.

    ``1,234`` -> 1234 (comma groups of three are thousands), ``1,5`` -> 1.5 (otherwise a
    decimal comma), ``1.5`` -> 1.5, ``15.9.2020`` -> ``15.9.2020`` (a date), ``007`` -> 7,
    ``07:05`` -> ``7:05`` (a clock time, read as a date is: one value, no arithmetic),
    ``15/3/2024`` -> ``15.3.2024`` (a date).
    """
    if ":" in raw:  # a clock time, "07:05" -> "7:05"
        hour, minutes = raw.split(":")
        return f"{int(hour)}:{minutes}", True
    if "/" in raw:  # a date written with slashes, "15/3/2024" -> "15.3.2024"
        return ".".join(str(int(p)) for p in raw.split("/")), True
    if "," not in raw and "." not in raw:
        return format_number(Decimal(raw)), False
    parts = re.split(r"[.,]", raw)
    seps = [c for c in raw if c in ".,"]
    if (
        len(parts) == 3
        and all(s == "." for s in seps)
    ):
        d, m, y = parts
        if 1 <= int(d) <= 31 and 1 <= int(m) <= 12 and len(y) in (2, 4) and len(d) <= 2:
            return f"{int(d)}.{int(m)}.{int(y)}", True
    if all(s == "," for s in seps):
        if len(parts[0]) <= 3 and all(len(p) == 3 for p in parts[1:]):
            return format_number(Decimal("".join(parts))), False
        if len(parts) == 2:
            return format_number(Decimal(f"{parts[0]}.{parts[1]}")), False
        return format_number(Decimal("".join(parts))), False
    if len(parts) == 2:  # one dot, or "1.234,5"-style mixtures reduced to the last separator
        return format_number(Decimal(f"{parts[0]}.{parts[1]}")), False
    # Several separators of mixed kinds: the last is the decimal point.
    digits = "".join(parts[:-1])
    return format_number(Decimal(f"{digits}.{parts[-1]}")), False


def format_number(value: Decimal) -> str:
    """A number's canonical text: no exponent, no trailing zeros (1.50 -> "1.5")."""
    try:
        value = value.normalize()
    except InvalidOperation:  # pragma: no cover - digits only reach here
        return str(value)
    text = format(value, "f")
    return text


@lru_cache(maxsize=65536)
def _analyze(
    word: str,
) -> tuple[str, tuple[str, ...], str | None, bool, tuple[str, ...], tuple[str, ...]]:
    """(key, stems, number, is_date, lemmas, roots) of one normalised word (cached)."""
    c = word[0]
    if "0" <= c <= "9":
        value, is_date = canonical_number(word)
        return value, (), value, is_date, (), ()
    if word == "%" or word in PERCENT_WORDS:
        return "%", (), None, False, (), ()
    stems = strip_prefixes(word)
    number = NUMBER_WORDS.get(word)
    if number is None:
        for s in stems:
            if s in NUMBER_WORDS:
                number = NUMBER_WORDS[s]
                break
            if s[:1] == "כ" and s[1:] in NUMBER_WORDS and word[0] in "בלמ":
                # the "about" כ after a preposition: בכארבעים, לכשלושים, מכחמישים
                number = NUMBER_WORDS[s[1:]]
                break
    lemmas = strip_suffixes(word, stems)
    roots = root_forms(word, stems)
    return word, stems, None if number is None else str(number), False, lemmas, roots


# Each field's slot setter, to build tokens in bulk without the frozen dataclass's
# ``__init__`` (which goes through ``object.__setattr__`` per field, twice as slow); the
# objects are the same: all fields set, nothing else.
_SETTERS = tuple(getattr(Token, f.name).__set__ for f in fields(Token))
assert [f.name for f in fields(Token)] == [
    "key",
    "start",
    "end",
    "stems",
    "number",
    "is_date",
    "lemmas",
    "roots",
]
_SET_STEMS = _SETTERS[3]


def tokenize_normalized(norm: Normalized) -> list[Token]:
    """Tokens of an already normalised text, with offsets into the original."""
    starts, ends = norm.starts, norm.ends
    analyze, new, cls = _analyze, object.__new__, Token
    s_key, s_start, s_end, s_stems, s_number, s_date, s_lemmas, s_roots = _SETTERS
    out: list[Token] = []
    append = out.append
    prev_end = 0
    for m in _TOKEN_RE.finditer(norm.text):
        s, e = m.span()
        key, stems, number, is_date, lemmas, roots = analyze(m.group())
        t = new(cls)
        s_key(t, key)
        s_start(t, starts[s])
        s_end(t, ends[e - 1])
        s_stems(t, stems)
        s_number(t, number)
        s_date(t, is_date)
        s_lemmas(t, lemmas)
        s_roots(t, roots)
        append(t)
        if key in _EI_NEXT_KEYS and len(out) > 1:
            _read_ei(out[-2], norm.text[prev_end:s])
        prev_end = e
    return out


# "אי אפשר", "שאי אפשרי": before אפשר the particle אי means לא, so it is read as one (a stem
# לא, which every negation reader sees). Only there: as a word אי is also an island (אי
# תנועה) and part of "אי פעם" (ever), "אי שם", "אי לכך"; "מאי" is May, "באי" on an island.
_EI_KEYS = frozenset({"אי", "ואי", "שאי", "כשאי"})
_EI_NEXT = frozenset({"אפשר", "אפשרי", "אפשרית", "אפשריים", "אפשריות"})


def _read_ei(t: Token, between: str) -> None:
    """Give ``t``, the token before a form of אפשר, the stem לא when it is אי and only a
    space or a hyphen stands between them (a fresh token, changed in place): "מול החוף יש
    אי. אפשר לשחות" is an island and a sentence, not a negation."""
    if t.key in _EI_KEYS and between.strip(" \t\u00a0") in ("", "-", "\u05be"):
        _SET_STEMS(t, (*t.stems, "לא"))


def shifted(tokens: Iterable[Token], offset: int) -> list[Token]:
    """``tokens`` moved ``offset`` characters along (each start and end + ``offset``, all
    else the same), built as ``tokenize_normalized`` builds tokens."""
    new, cls = object.__new__, Token
    s_key, s_start, s_end, s_stems, s_number, s_date, s_lemmas, s_roots = _SETTERS
    out: list[Token] = []
    for t in tokens:
        u = new(cls)
        s_key(u, t.key)
        s_start(u, t.start + offset)
        s_end(u, t.end + offset)
        s_stems(u, t.stems)
        s_number(u, t.number)
        s_date(u, t.is_date)
        s_lemmas(u, t.lemmas)
        s_roots(u, t.roots)
        out.append(u)
    return out


_EI_NEXT_KEYS = frozenset(normalize(w).text for w in _EI_NEXT)


def tokenize(text: str) -> list[Token]:
    """Tokens of ``text`` (see the module docstring), offsets into ``text``."""
    return tokenize_normalized(normalize(text))


def match_keys(text: str) -> list[str]:
    """The tokens' match keys: two texts that should match compare equal here."""
    return [t.key for t in tokenize(text)]


def is_stopword(token: Token) -> bool:
    """A function word (or a one-letter word), possibly with glued prefixes."""
    if len(token.key) <= 1 and token.number is None:
        return True
    return token.key in STOPWORDS or glued_stem(token.key, token.stems, STOPWORDS)


def glued_stem(key: str, stems: Iterable[str], words: frozenset[str]) -> bool:
    """Whether one of ``stems`` (prefix stems of the word ``key``) is one of the function
    words ``words`` behind a prefix stack Hebrew glues to it (``glues_to_function_word``):
    the one reader of "prefix + function word" ("ולא", "שאין", "ולמה" yes; "מלא" full,
    "כלא" prison, "שמה" her name no)."""
    return any(s in words and glues_to_function_word(s, key[: len(key) - len(s)]) for s in stems)


def glues_to_function_word(stem: str, prefix: str) -> bool:
    """Whether ``prefix`` can glue onto the function word ``stem`` in Hebrew.

    The article ה never precedes a function word ("האולם" is "the hall") but לא negating
    an adjective ("הלא נכון"), nor does the clause connective מש ("since": "משפחות" is
    "families"); a pronoun, negation or focus word takes ב/כ/ל/מ/ה only as
    ``AFTER_PREPOSITION_LETTERS`` says; a question word takes no relative ש ("שלמה" is a
    name); ו opens a stack, so it never follows one ("מוכן" is not מ + וכן).
    """
    if "ה" in prefix and "ה" not in AFTER_PREPOSITION_LETTERS.get(stem, ""):
        return False
    if "מש" in prefix or stem[:1] == "ו":
        return False
    if stem == "מנ":  # the literary מן takes the conjunction only: "שמן" is oil
        return prefix == "ו"
    rest = prefix.replace("כש", "").replace("ו", "").replace("ש", "")
    if stem in CLITIC_ONLY_WORDS or stem in AFTER_PREPOSITION_LETTERS:
        return all(c in AFTER_PREPOSITION_LETTERS.get(stem, "") for c in rest)
    return not (stem in QUESTION_WORDS and "ש" in prefix)


def is_light(token: Token) -> bool:
    """A light word (``LIGHT_WORDS``): its absence from a source is not a new fact."""
    if token.key in LIGHT_WORDS or not LIGHT_WORDS.isdisjoint(token.lemmas):
        return True
    if glued_stem(token.key, token.stems, _LIGHT_FUNCTION_WORDS):
        return True
    return not _LIGHT_CONTENT_WORDS.isdisjoint(token.stems)


# The light words that are function words (כלומר) glue to a prefix only as a function word
# does; the rest are content words (reporting verbs, time words, modals), which take any
# prefix stack, the article included ("ואמר", "כשאמר", "הנוסף", "האחרים").
_LIGHT_FUNCTION_WORDS = LIGHT_WORDS & STOPWORDS
_LIGHT_CONTENT_WORDS = LIGHT_WORDS - STOPWORDS


def has_form(t: Token, words: frozenset[str]) -> bool:
    """Whether ``t`` (or one of its prefix stems) is one of ``words``: the one reader of
    "this word, prefixed or not, is in that list" (grounding's ``pieces.has_form`` and the
    number reader's year/amount words alike)."""
    return t.key in words or not words.isdisjoint(t.stems)


def is_negation(token: Token) -> bool:
    """לא, אין, אינו... possibly behind a prefix stack Hebrew glues to it (ולא, שאין,
    ללא, בלא): "מלא" (full) and "כלא" (prison) are no negations (``glued_stem``; round 28,
    after round 26's fix26 had left them for one check item they had caught by accident)."""
    return glued_form(token, NEGATIONS)


def glued_form(token: Token, words: frozenset[str]) -> bool:
    """Whether ``token`` is one of the function words ``words``, alone or behind a prefix
    stack Hebrew glues to a function word (``glued_stem``): "ופחות" is "and less", but
    "משפחות" is "families", not מש + פחות (round 44; ``has_form`` reads any stack)."""
    return token.key in words or glued_stem(token.key, token.stems, words)


def is_negation_key(key: str) -> bool:
    """``is_negation`` for a normalised word (a match key)."""
    return key in NEGATIONS or glued_stem(key, strip_prefixes(key), NEGATIONS)


def is_clause_opener(token: Token) -> bool:
    """A clause opener (``CLAUSE_OPENERS``: ואילו, אבל, אולם...), alone or after the
    conjunction ו (ובעוד, ולעומת) only: "האולם" is "the hall", not ה + אולם ("however"),
    and no other prefix (ב, ל, מ, ש...) glues to a conjunction."""
    key = token.key
    return key in CLAUSE_OPENERS or (key[:1] == "ו" and key[1:] in CLAUSE_OPENERS)


def kol_idiom(after: Sequence[str]) -> bool:
    """Whether the words (match keys) ``after`` a כל make it a bound or an idiom, not
    "all": "לכל היותר", "בכל זאת", "כל כך", "בכל אופן", "בכל מקרה" (anyway; "בכל מקרה
    של" is "in every case of")."""
    if not after:
        return False
    first = after[0]
    return first in KOL_IDIOM_WORDS or (first == ANYWAY_WORD and list(after[1:2]) != ["של"])


def is_kol_idiom_noun(tokens: Sequence[Token], i: int) -> bool:
    """Whether ``tokens[i]`` is the noun of a כל idiom ("מקרה" in "בכל מקרה", "אופן" in
    "בכל אופן", "פנים" in "על כל פנים"): an adverb of the sentence, not a noun it speaks
    of, so no content word to find in the source (round 28)."""
    key = tokens[i].key
    if i == 0 or tokens[i - 1].key != KOL_IDIOM_NOUNS.get(key):
        return False
    if key == ANYWAY_WORD:  # "בכל מקרה של תקלה": in every case of a fault
        return not (i + 1 < len(tokens) and tokens[i + 1].key == "של")
    return tokens[i - 1].key != "כל" or (i >= 2 and tokens[i - 2].key == "על")


def is_question_word(token: Token) -> bool:
    """מה, מי, כמה, למה... possibly with a glued prefix that Hebrew glues to a question
    word ("ומה", "ולמי"; not "שמה", her name, nor "שמי", my name)."""
    return token.key in QUESTION_WORDS or glued_stem(token.key, token.stems, QUESTION_WORDS)
