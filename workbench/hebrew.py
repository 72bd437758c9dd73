"""Hebrew text handling for grounding: normalisation, tokens, numbers, sentences, turns.

Everything here keeps a map back to the original string, so a match found on normalised
text is always reported as ``original[start:end]``.

* ``normalize(text)``: Unicode NFKC, lower case, niqqud / cantillation / other combining
  marks and bidi controls removed (maqaf ־, paseq ׀ and sof pasuq ׃ are punctuation and
  stay), final letters folded (ך ם ן ף ץ -> כ מ נ פ צ), geresh / gershayim and their ASCII
  and typographic look-alikes unified to ``'`` / ``"`` and dropped inside a word (so צה"ל,
  צה״ל and צהל are the same string), dashes unified to ``-``, every space to `` ``.
* ``tokenize(text)``: words (Hebrew, Latin, numbers; one-letter words kept) with original
  offsets, a match key and the stems left after removing glued one-letter prefixes
  (ו ה ב כ ל מ ש and stacks such as וה, שב, מה, וכש; ה is not expected after ב/כ/ל, which
  absorb it). Numbers get a canonical key: 1,234 and 1234 -> ``1234``; 1.5 and 1,5 ->
  ``1.5``; ``%``, אחוז and אחוזים -> ``%``; small number words (שלושה, עשרים...) also carry
  their value as ``alt`` so "שלושה" matches "3".
* ``extract_numbers(tokens)``: the numbers, percentages and dates a text asserts, with
  scale words applied (``2.5 מיליון`` -> 2500000), for the number-consistency check.
* ``split_sentences(text)``: ``. ? ! ׃ …`` and newlines end a sentence, but not inside
  word-internal gershayim (already removed by normalisation), decimals (1.5), dates
  (15.9.2020), initials (י. א., J. K.), dotted names (geektime.com) or a short quotation.
* ``split_turns(text)``: dialogue speaker turns, a line that opens with ``name:``.
* ``root_forms(word)``: light root extraction (consonant skeletons) for a weak match of
  other inflections of a root; ``polarities(tokens)``: a hand-written lexicon of antonym
  and direction pairs; ``places`` / ``ordinals``: exclusive values a claim may swap.

All scans are single passes over the text; the only regular expressions are flat
character-class runs (no nested or overlapping quantifiers), so time is linear in the
input, which ``tests/test_hebrew.py`` checks on adversarial input.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from functools import lru_cache

import numpy as np

# --- normalisation -------------------------------------------------------------------

FINAL_LETTERS = {"ך": "כ", "ם": "מ", "ן": "נ", "ף": "פ", "ץ": "צ"}
_KEEP_HEBREW_PUNCT = {"\u05be", "\u05c0", "\u05c3", "\u05c6"}  # maqaf, paseq, sof pasuq, nun h.
_GERESH_LIKE = set("'\u05f3\u2018\u2019\u201a\u201b\u2032\u0060\u00b4\u02bc\u02b9\uff07")
_GERSHAYIM_LIKE = set('"\u05f4\u201c\u201d\u201e\u201f\u2033\u00ab\u00bb\u02ba\uff02')
_DASH_LIKE = set("\u2010\u2011\u2012\u2013\u2014\u2015\u2212\ufe58\ufe63\uff0d")
_DROP_CATEGORIES = {"Mn", "Me", "Cf"}  # combining marks (niqqud, cantillation), bidi controls


@dataclass(frozen=True)
class Normalized:
    """Normalised text plus, for each of its characters, the original [start, end)."""

    text: str
    starts: tuple[int, ...]
    ends: tuple[int, ...]
    original_length: int

    def to_original(self, start: int, end: int) -> tuple[int, int]:
        """Map a [start, end) range of the normalised text to the original text."""
        if end <= start:
            pos = self.starts[start] if start < len(self.starts) else self.original_length
            return pos, pos
        return self.starts[start], self.ends[end - 1]


@lru_cache(maxsize=8192)
def _map_char(ch: str) -> str:
    """What one original character becomes (zero, one or more characters)."""
    if ch in _GERSHAYIM_LIKE:
        return '"'
    if ch in _GERESH_LIKE:
        return "'"
    if ch in _DASH_LIKE:
        return "-"
    if ch in _KEEP_HEBREW_PUNCT:
        return ch
    if ch == "\r":
        return "\n"
    out = []
    for c in unicodedata.normalize("NFKC", ch).lower():
        if c in _GERSHAYIM_LIKE:
            out.append('"')
        elif c in _GERESH_LIKE:
            out.append("'")
        elif c in _DASH_LIKE:
            out.append("-")
        elif c in FINAL_LETTERS:
            out.append(FINAL_LETTERS[c])
        elif c == "\n" or c == "\u2028" or c == "\u2029":
            out.append("\n")
        elif c.isspace():
            out.append(" ")
        elif c in _KEEP_HEBREW_PUNCT:
            out.append(c)
        else:
            cat = unicodedata.category(c)
            if cat in _DROP_CATEGORIES:
                continue
            if cat == "Cc":
                out.append(" ")
            else:
                out.append(c)
    return "".join(out)


def _is_word_char(c: str) -> bool:
    return c.isalnum()


# A geresh / gershayim between two letters (after marks are gone) is part of a word.
_INNER_QUOTE_RE = re.compile(r"(?<=[^\W\d_])[\"'](?=[^\W\d_])")


def _char_table(text: str) -> tuple[dict[int, str], dict[int, int]]:
    """translate() table for the characters of ``text`` and each one's output length."""
    table: dict[int, str] = {}
    lengths: dict[int, int] = {}
    for ch in set(text):
        out = ch.lower() if (ch.isascii() and ch.isalnum()) else _map_char(ch)
        if out != ch:
            table[ord(ch)] = out
        lengths[ord(ch)] = len(out)
    return table, lengths


def normalize(text: str) -> Normalized:
    """Normalise ``text`` for matching, keeping a map back to the original offsets.

    Vectorised: one ``str.translate`` and, when some character is dropped or expands,
    one ``numpy.repeat`` for the offsets; then word-internal quotes are removed.
    """
    n = len(text)
    if n == 0:
        return Normalized("", (), (), 0)
    table, lengths = _char_table(text)
    mapped = text.translate(table)
    if all(v == 1 for v in lengths.values()):
        starts = np.arange(n, dtype=np.int64)
    else:
        cps = np.frombuffer(text.encode("utf-32-le", "surrogatepass"), dtype=np.uint32)
        keys = np.array(sorted(lengths), dtype=np.uint32)
        lens = np.array([lengths[int(k)] for k in keys], dtype=np.int64)
        starts = np.repeat(np.arange(n, dtype=np.int64), lens[np.searchsorted(keys, cps)])
    # Drop geresh / gershayim inside a word (letters on both sides): צה"ל == צהל,
    # ג'ירפה == גירפה. Marks were removed above, so neighbours are the real letters.
    drops = [m.start() for m in _INNER_QUOTE_RE.finditer(mapped)]
    if drops:
        pieces = []
        prev = 0
        for d in drops:
            pieces.append(mapped[prev:d])
            prev = d + 1
        pieces.append(mapped[prev:])
        mapped = "".join(pieces)
        starts = np.delete(starts, drops)
    return Normalized(mapped, tuple(starts.tolist()), tuple((starts + 1).tolist()), n)


def normalize_text(text: str) -> str:
    """Just the normalised string (see ``normalize``)."""
    return normalize(text).text


# --- words: stopwords, prefixes, number words ----------------------------------------


def _fold(word: str) -> str:
    return "".join(FINAL_LETTERS.get(c, c) for c in word)


def _fold_all(words: str) -> frozenset[str]:
    return frozenset(_fold(w) for w in words.split())


# Function words (pronouns, prepositions, conjunctions, auxiliaries, question words).
# They carry no content for support, so they weigh nothing in the match score.
STOPWORDS: frozenset[str] = _fold_all(
    """
    של את על עם אל מן עד כי אם או גם אבל אך אולם לכן כך כן לא אין יש זה זאת זו אלה אלו
    הוא היא הם הן אני אתה אנחנו אתם אתן הזה הזאת הזו האלה האלו כל כמו יותר פחות מאוד רק עוד
    כבר אשר מה מי כמה מתי איפה היכן איך כיצד למה מדוע איזה איזו אילו מהו מהי מהם מהן מיהו מיהי
    לאן מאין האם בין לפני אחרי תחת מול ליד אצל בלי ללא לפי כדי בגלל בזמן כאשר אז שם פה כאן
    היה היתה הייתה היו יהיה תהיה יהיו להיות הינו הינה הנו הנה אותו אותה אותם אותן אותי אותך
    לו לה להם להן לי לך לנו שלו שלה שלהם שלהן שלי שלך שלנו שלכם בו בה בהם בהן בי בך בנו
    ממנו ממנה מהם עליו עליה עליהם עליהן אליו אליה אליהם אחד אחת אף אבל ובכן אלא כלומר
    דרך תוך מאז בעוד וכן כגון למשל עצמו עצמה עצמם זהו זוהי הללו איננו אינו אינה אינם אינן
    the a an of in on and or to is are was were be been for by with as at from that this it
    its which who what when where why how not no yes
    """
)
# Verbal negations: a claim that negates what its span asserts is flagged. ("בלי" / "ללא"
# = "without" and "שום" (as in "משום ש" = because) are not negations of the claim.)
NEGATIONS: frozenset[str] = _fold_all("לא אין אינו אינה אינם אינן איננו מעולם not never")
# Question words: a question in a claim asks, it does not assert.
QUESTION_WORDS: frozenset[str] = _fold_all(
    "מה מי כמה מתי איפה היכן איך כיצד למה מדוע איזה איזו אילו מהו מהי מהם מהן מיהו מיהי לאן מאין האם"
)

_P1 = ("", "ו")
_P2 = ("", "ש", "כש", "מש", "לכש")
_P3 = ("", "ב", "כ", "ל", "מ")
_P4 = ("", "ה")


def _prefix_stacks() -> frozenset[str]:
    out = set()
    for a in _P1:
        for b in _P2:
            for c in _P3:
                for d in _P4:
                    if d and c in ("ב", "כ", "ל"):
                        continue  # ה is absorbed by ב/כ/ל: בבית = ב + הבית
                    p = a + b + c + d
                    if p:
                        out.add(p)
    return frozenset(out)


PREFIXES: frozenset[str] = _prefix_stacks()
_MAX_PREFIX = max(len(p) for p in PREFIXES)
MIN_STEM = 2

# Number words: value per spelling (finals folded). Only unambiguous words are checked
# for consistency (see CHECKED_NUMBER_WORDS); all of them match digits as a token.
_NUMBER_WORDS_SRC = {
    1: "אחד אחת",
    2: "שניים שתיים שני שתי שנתיים יומיים חודשיים שבועיים פעמיים",
    3: "שלוש שלושה שלושת שלש שלשה",
    4: "ארבע ארבעה ארבעת",
    5: "חמש חמישה חמשה חמשת",
    6: "שש שישה ששה ששת",
    7: "שבע שבעה שבעת",
    8: "שמונה שמונת",
    9: "תשע תשעה תשעת",
    10: "עשר עשרה עשרת עשור",
    20: "עשרים",
    30: "שלושים",
    40: "ארבעים",
    50: "חמישים",
    60: "שישים",
    70: "שבעים",
    80: "שמונים",
    90: "תשעים",
    100: "מאה",
    200: "מאתיים",
    1000: "אלף",
    2000: "אלפיים",
}
# Ordinals (השישי = the sixth) match digits too, but are never required.
_ORDINALS_SRC = {
    1: "ראשון ראשונה ראשונים ראשונות",
    3: "שלישי שלישית",
    4: "רביעי רביעית",
    5: "חמישי חמישית",
    6: "שישי שישית",
    7: "שביעי שביעית",
    8: "שמיני שמינית",
    9: "תשיעי תשיעית",
    10: "עשירי עשירית",
}
NUMBER_WORDS: dict[str, int] = {
    _fold(w): v
    for src in (_NUMBER_WORDS_SRC, _ORDINALS_SRC)
    for v, ws in src.items()
    for w in ws.split()
}
ORDINAL_WORDS: frozenset[str] = frozenset(
    _fold(w) for ws in _ORDINALS_SRC.values() for w in ws.split()
)
# "שבע" is left out: it is also the name באר שבע (and "satiated").
CHECKED_NUMBER_WORDS: frozenset[str] = frozenset(
    w
    for w, v in NUMBER_WORDS.items()
    if v >= 3 and v not in (100, 1000) and w not in ORDINAL_WORDS and w not in ("שבע", "עשור")
) | _fold_all("שניים שתיים")
# Duals (שנתיים, יומיים...) and עשור (a decade) match "2" / "10" but are never required:
# they are often derived ("1950, שנתיים אחרי 1948") rather than quoted.
# שנים / שתים (also "years") count as 2 only before עשר / עשרה: שנים עשר = 12.
TEEN_TWO: frozenset[str] = frozenset({"שנימ", "שתימ"})
# "וחצי" / "ורבע" after a number: 5 ורבע = 5.25, שנים עשר וחצי אלף = 12500.
FRACTION_WORDS: dict[str, str] = {"חצי": "0.5", "רבע": "0.25"}
SCALE_WORDS: dict[str, int] = {
    _fold(w): v
    for w, v in (
        ("מאות", 100),
        ("אלף", 1000),
        ("אלפים", 1000),
        ("אלפי", 1000),
        ("מיליון", 10**6),
        ("מיליונים", 10**6),
        ("מליון", 10**6),
        ("מיליארד", 10**9),
        ("מיליארדים", 10**9),
        ("מליארד", 10**9),
        ("טריליון", 10**12),
        ("thousand", 1000),
        ("million", 10**6),
        ("billion", 10**9),
        ("bn", 10**9),
        ("trillion", 10**12),
    )
}
PERCENT_WORDS: frozenset[str] = _fold_all("אחוז אחוזים האחוז האחוזים percent")
MONTHS: dict[str, int] = {
    _fold(w): i
    for i, ws in enumerate(
        (
            "ינואר",
            "פברואר",
            "מרץ מרס",
            "אפריל",
            "מאי",
            "יוני",
            "יולי",
            "אוגוסט",
            "ספטמבר",
            "אוקטובר",
            "נובמבר",
            "דצמבר",
        ),
        start=1,
    )
    for w in ws.split()
}


def strip_prefixes(word: str) -> tuple[str, ...]:
    """Stems left after removing a glued one-letter prefix stack, longest stem first.

    Only Hebrew words are stripped, and a stem keeps at least two letters (so של or מה
    are never reduced to one letter). Every legal split is returned: "וכשהבית" gives
    כשהבית (ו), שהבית (וכ), הבית (וכש) and בית (וכשה).
    """
    if not word or not ("\u05d0" <= word[0] <= "\u05ea"):
        return ()
    out = []
    for i in range(1, min(_MAX_PREFIX, len(word) - MIN_STEM) + 1):
        if word[:i] in PREFIXES:
            out.append(word[i:])
    return tuple(out)


# Inflection suffixes (finals folded): plural ים / ות, feminine ה / ת, construct and
# possessive י / ו / יה / יו / הם / הן / נו. Removing them gives a "soft" form used only
# for a weaker match (מכשירים ~ מכשירי ~ מכשיר).
SUFFIXES: tuple[str, ...] = ("יות", "ימ", "ות", "יה", "יו", "המ", "הנ", "נו", "ה", "ת", "ו", "י")
MIN_LEMMA = 3


def strip_suffixes(word: str, stems: tuple[str, ...] = ()) -> tuple[str, ...]:
    """Forms of ``word`` and its prefix stems without one inflection suffix."""
    if not word or not ("\u05d0" <= word[0] <= "\u05ea"):
        return ()
    out: list[str] = []
    for form in (word, *stems):
        for suf in SUFFIXES:
            if form.endswith(suf) and len(form) - len(suf) >= MIN_LEMMA:
                lemma = form[: -len(suf)]
                if lemma not in out:
                    out.append(lemma)
    return tuple(out)


# Binyan and tense prefixes (finals folded), longest first: hitpael הת / מת / נת / ית / תת,
# hophal / huphal הו / מו, then one letter: hifil / hufal ה, nifal נ, future י ת נ א,
# participle מ. Removing one of them, an inflection suffix and the vowel letters ו / י
# inside the word leaves a consonant skeleton, which is usually the root: הקטינה, קטנו and
# הוקטן -> קטנ; גידול, גדלו, הגדיל, הוגדל -> גדל; התנגד, מתנגדת, התנגדות -> נגד;
# תחלק, יחולק -> חלק; יימשך, נמשכו -> משכ.
BINYAN_PREFIXES: tuple[str, ...] = (
    "הת",
    "מת",
    "נת",
    "ית",
    "תת",
    "הו",
    "מו",
    "יי",
    "ה",
    "נ",
    "י",
    "ת",
    "א",
    "מ",
)
ROOT_SUFFIXES: tuple[str, ...] = (
    "ויות",
    "יות",
    "ות",
    "ימ",
    "ית",
    "תי",
    "תמ",
    "נו",
    "ה",
    "ת",
    "ו",
    "י",
)
MIN_ROOT = 3
MAX_ROOTS = 6


def _skeleton(form: str) -> str:
    """``form`` without the vowel letters ו / י between its first and last letters."""
    if len(form) <= 3:
        return form
    inner = form[1:-1].replace("ו", "").replace("י", "")
    return form[0] + inner + form[-1]


@lru_cache(maxsize=65536)
def root_forms(word: str, stems: tuple[str, ...] = ()) -> tuple[str, ...]:
    """Consonant skeletons of a Hebrew word: light, rule-based root extraction.

    For the word and each prefix stem, with and without one inflection suffix and one
    binyan / tense prefix, the skeleton (vowel letters ו / י dropped inside the word) is
    kept when it has exactly three letters, the common root length. It is deliberately
    loose (a weak match, see ``workbench.grounding.ROOT``): different words can share a
    skeleton, so it only counts when nothing stronger matched.
    """
    if not word or not ("\u05d0" <= word[0] <= "\u05ea") or len(word) < MIN_ROOT:
        return ()
    out: list[str] = []
    for base in (word, *stems):
        bodies = [base]
        for suf in ROOT_SUFFIXES:
            if base.endswith(suf) and len(base) - len(suf) >= MIN_ROOT:
                bodies.append(base[: -len(suf)])
        for body in bodies:
            cands = [body]
            for pre in BINYAN_PREFIXES:
                if body.startswith(pre) and len(body) - len(pre) >= MIN_ROOT:
                    cands.append(body[len(pre) :])
            for c in cands:
                sk = _skeleton(c)
                if len(sk) == MIN_ROOT and sk not in out:
                    out.append(sk)
                    if len(out) >= MAX_ROOTS:
                        return tuple(out)
    return tuple(out)


# --- tokens ----------------------------------------------------------------------------

# Flat alternation of character-class runs: linear, no backtracking blow-up.
# Runs are capped (64 letters, 30-digit groups) so an adversarial "word" of 200,000
# letters costs no more than many short ones.
_TOKEN_RE = re.compile(
    r"[0-9]{1,30}(?:[.,][0-9]{1,30}){0,6}|[\u05d0-\u05f2]{1,64}|[^\W\d_\u05d0-\u05f2]{1,64}|%"
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
    decimal comma), ``1.5`` -> 1.5, ``15.9.2020`` -> ``15.9.2020`` (a date), ``007`` -> 7.
    """
    if "," not in raw and "." not in raw:
        return _fmt(Decimal(raw)), False
    parts = re.split(r"[.,]", raw)
    seps = [c for c in raw if c in ".,"]
    if (
        len(parts) == 3
        and all(s == "." for s in seps)
        or (len(parts) == 3 and all(s == "/" for s in seps))
    ):
        d, m, y = parts
        if 1 <= int(d) <= 31 and 1 <= int(m) <= 12 and len(y) in (2, 4) and len(d) <= 2:
            return f"{int(d)}.{int(m)}.{int(y)}", True
    if all(s == "," for s in seps):
        if len(parts[0]) <= 3 and all(len(p) == 3 for p in parts[1:]):
            return _fmt(Decimal("".join(parts))), False
        if len(parts) == 2:
            return _fmt(Decimal(f"{parts[0]}.{parts[1]}")), False
        return _fmt(Decimal("".join(parts))), False
    if len(parts) == 2:  # one dot, or "1.234,5"-style mixtures reduced to the last separator
        return _fmt(Decimal(f"{parts[0]}.{parts[1]}")), False
    # Several separators of mixed kinds: the last is the decimal point.
    digits = "".join(parts[:-1])
    return _fmt(Decimal(f"{digits}.{parts[-1]}")), False


def _fmt(value: Decimal) -> str:
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
    lemmas = strip_suffixes(word, stems)
    roots = root_forms(word, stems)
    return word, stems, None if number is None else str(number), False, lemmas, roots


def _token_from_word(word: str, start: int, end: int) -> Token:
    key, stems, number, is_date, lemmas, roots = _analyze(word)
    return Token(key, start, end, stems, number, is_date, lemmas, roots)


def tokenize_normalized(norm: Normalized) -> list[Token]:
    """Tokens of an already normalised text, with offsets into the original."""
    out = []
    starts, ends = norm.starts, norm.ends
    for m in _TOKEN_RE.finditer(norm.text):
        s, e = m.span()
        out.append(_token_from_word(m.group(), starts[s], ends[e - 1]))
    return out


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
    if token.key in STOPWORDS:
        return True
    return any(s in STOPWORDS for s in token.stems)


# Light words: content words that a reworded claim adds or swaps without adding a fact,
# so their absence from the source is not "unexplained content". Discourse markers and
# attributions (לדברי, בהשוואה, משום, באמצעות), reporting verbs (אמר, טען, ציין), modal and
# aspect verbs (יכול, עשוי, צפוי, החל), copulas and light verbs (מהווה, נמצא, התקיים),
# time deixis (השנה, שעברה, הנוכחי), vague quantities (רוב, עשרות) and units (ש"ח, ק"מ).
# Matched on the word, its prefix stems and its suffix-stripped lemmas, never on roots.
LIGHT_WORDS: frozenset[str] = _fold_all(
    """
    לדברי לטענת לדעת לדבריו לדבריה לדבריהם בהתאם בהשוואה לעומת משום מפני שכן לפיכך
    בעקבות עקב בשל למרות אודות לגבי בנוגע באמצעות בעזרת ידי בקרב לצד פני
    היתר בעיקר בערך כמעט לפחות הפחות בסך סך הכל כולו כולה כולם כולן ובכללם ובהם
    בדרך כלל כלומר דהיינו בנוסף נוסף ואילו שבו שבה שבהם מצד אחר אחרת אחרים אחרות
    עכשיו כעת עתה היום אתמול מחר שעבר שעברה הבאה הבא הבאים הבאות הקודם הקודמת הקודמים
    האחרון האחרונה האחרונים האחרונות הנוכחי הנוכחית הנוכחיים כה מכן לאחר מאוחר בשנת שנת
    אמר אמרה אמרו יאמר טען טענה טענו סיפר סיפרה סיפרו הודיע הודיעה הודיעו ציין ציינה ציינו
    הסביר הסבירה הסבירו הוסיף הוסיפה הוסיפו מסר מסרה מסרו הבהיר הבהירה הדגיש הדגישה הדגישו
    ציטט דיווח דיווחה דיווחו פרסם פרסמה פרסמו כתב כתבה כתבו הצהיר הצהירה תיאר תיארה
    יכול יכולה יכולים יכולות עשוי עשויה עשויים עשויות עלול עלולה עלולים עלולות צפוי צפויה
    צפויים צפויות אמור אמורה אמורים אמורות רוצה רוצים רוצות מעוניין מעוניינת מסוגל מסוגלת
    מסוגלים מסוגלות צריך צריכה צריכים חייב חייבת חייבים נהג נהגה נוהג נוהגת המשיך המשיכה
    ממשיך ממשיכה ממשיכים החל החלה החלו עומד עומדת עומדים עומדות נמצא נמצאת נמצאים נמצאות
    מהווה מהווים מהוות היווה היוותה נחשב נחשבת נחשבים קיים קיימת קיימים קיימות נעשה נעשתה
    התקיים התקיימה יתקיים תתקיים מתקיים מתקיימת ביצע ביצעה בוצע בוצעה מדובר בסביבות
    אופן באופן צורה בצורה סוג מסוג סוגים עניין נושא אנשים
    רוב מרבית רבים רבות הרבה מעט מעטים מעטות מספר כמות עשרות מאות אלפי אלפים רבבות
    שח שקל שקלים דולר דולרים אירו קמ קילומטר קילומטרים מטר מטרים סמ קג קילוגרם קילוגרמים
    טון טונות דונם דונמים מעלות מעלה אחוז אחוזים נקודות נקודת
    """
)


def is_light(token: Token) -> bool:
    """A light word (``LIGHT_WORDS``): its absence from a source is not a new fact."""
    if token.key in LIGHT_WORDS:
        return True
    return any(s in LIGHT_WORDS for s in (*token.stems, *token.lemmas))


def is_negation(token: Token) -> bool:
    """לא, אין, אינו... possibly with a glued prefix (ולא, שאין)."""
    return token.key in NEGATIONS or any(s in NEGATIONS for s in token.stems)


def is_negation_key(key: str) -> bool:
    """``is_negation`` for a normalised word (a match key)."""
    return key in NEGATIONS or any(s in NEGATIONS for s in strip_prefixes(key))


def is_question_word(token: Token) -> bool:
    return token.key in QUESTION_WORDS or any(s in QUESTION_WORDS for s in token.stems)


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
    return tok.key in CHECKED_NUMBER_WORDS or any(s in CHECKED_NUMBER_WORDS for s in tok.stems)


def _is_ordinal(tok: Token) -> bool:
    return tok.key in ORDINAL_WORDS or any(s in ORDINAL_WORDS for s in tok.stems)


def _fraction_of(tok: Token) -> str | None:
    """The value of "וחצי" / "ורבע" (only with the conjunction ו glued on)."""
    if tok.key.startswith("ו") and tok.key[1:] in FRACTION_WORDS:
        return FRACTION_WORDS[tok.key[1:]]
    return None


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
            (t.key in TEEN_TWO or any(st in TEEN_TWO for st in t.stems))
            and i + 1 < n
            and tokens[i + 1].key in ("עשר", "עשרה")
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


# --- sentences and turns ---------------------------------------------------------------

_TERMINATORS = frozenset(".?!\u05c3\u2026")
_CLOSERS = frozenset("\"')]}")
_QUOTE_WINDOW = 400  # a quotation longer than this (or crossing a line) does not hold splits


_QUOTE_OR_NEWLINE_RE = re.compile(r'["\n]')
_BREAK_RE = re.compile(r"[.?!\u05c3\u2026\n]")


def _quote_spans(t: str) -> list[tuple[int, int]]:
    """Matched ``"..."`` pairs (after normalisation) short enough to hold a sentence."""
    spans = []
    open_at = -1
    n = len(t)
    for m in _QUOTE_OR_NEWLINE_RE.finditer(t):
        i = m.start()
        if t[i] == "\n":
            open_at = -1
            continue
        prev = t[i - 1] if i > 0 else " "
        nxt = t[i + 1] if i + 1 < n else " "
        opener = not _is_word_char(prev) and not nxt.isspace()
        closer = not prev.isspace()
        if open_at >= 0 and closer and i - open_at <= _QUOTE_WINDOW:
            spans.append((open_at, i))
            open_at = -1
        elif opener:
            open_at = i
    return spans


def _sentence_cuts(t: str) -> list[int]:
    """Positions (in normalised text) just after each sentence end."""
    n = len(t)
    quotes = _quote_spans(t)
    qi = 0
    cuts = []
    i = 0
    for m in _BREAK_RE.finditer(t):
        p = m.start()
        if p < i:
            continue  # inside a run already consumed
        c = t[p]
        if c == "\n":
            cuts.append(p)
            i = p + 1
            continue
        while qi < len(quotes) and quotes[qi][1] < p:
            qi += 1
        inside = qi < len(quotes) and quotes[qi][0] < p < quotes[qi][1]
        prev = t[p - 1] if p > 0 else " "
        if c == "." and not inside:
            nxt = t[p + 1] if p + 1 < n else " "
            if prev.isdigit() and nxt.isdigit():  # 1.5, 15.9.2020
                continue
            if prev.isalpha() and (p < 2 or not t[p - 2].isalnum()):  # initial: י. / J.
                continue
        # consume the run of terminators and closing quotes / brackets
        j = p + 1
        while j < n and (t[j] in _TERMINATORS or t[j] in _CLOSERS):
            j += 1
        i = j
        if inside or (j < n and not t[j].isspace()):
            continue  # a quotation, or "geektime.com" / "3.5x": no sentence end
        cuts.append(j)
    return cuts


def _spans_from_cuts(norm: Normalized, cuts: list[int], lo: int, hi: int) -> list[tuple[int, int]]:
    """Trimmed, non-empty [start, end) sentence spans in the original text."""
    out = []
    t = norm.text
    prev = lo
    for cut in [*cuts, hi]:
        if cut <= prev:
            continue
        s, e = prev, min(cut, hi)
        while s < e and t[s].isspace():
            s += 1
        while e > s and t[e - 1].isspace():
            e -= 1
        if e > s and any(_is_word_char(ch) for ch in t[s:e]):
            out.append(norm.to_original(s, e))
        elif e > s and out:
            # punctuation-only fragment: attach to the previous sentence
            ps, _ = out[-1]
            out[-1] = (ps, norm.to_original(s, e)[1])
        prev = cut
    return out


def split_sentences(text: str, norm: Normalized | None = None) -> list[tuple[int, int]]:
    """Sentences of ``text`` as [start, end) offsets into it, whitespace trimmed."""
    norm = norm or normalize(text)
    cuts = _sentence_cuts(norm.text)
    return _spans_from_cuts(norm, cuts, 0, len(norm.text))


@dataclass(frozen=True, slots=True)
class Turn:
    """A speaker turn: ``speaker`` (as written) and its [start, end) in the original."""

    start: int
    end: int
    speaker: str


_MAX_SPEAKER_CHARS = 80
_MAX_SPEAKER_WORDS = 10


def _speaker_at(t: str, i: int) -> int:
    """If the line at ``i`` opens with ``name:``, the index of that colon, else -1."""
    n = len(t)
    j = i
    words = 0
    in_word = False
    limit = min(n, i + _MAX_SPEAKER_CHARS + 1)
    while j < limit:
        c = t[j]
        if c == ":":
            if words == 0 or (j + 1 < n and not t[j + 1].isspace()):
                return -1
            return j
        if c == "\n" or c in "?!,;" or c.isdigit():
            return -1
        if c.isalpha():
            if not in_word:
                words += 1
                if words > _MAX_SPEAKER_WORDS:
                    return -1
            in_word = True
        else:
            in_word = False
        j += 1
    return -1


def split_turns(text: str, norm: Normalized | None = None) -> list[Turn]:
    """Speaker turns when ``text`` is a dialogue (two or more ``name:`` line openings).

    A turn runs from its speaker's line to the next speaker line; text before the first
    speaker is a turn with speaker ``""``. Returns ``[]`` for non-dialogue text.
    """
    norm = norm or normalize(text)
    t = norm.text
    heads: list[tuple[int, int]] = []  # (line start, colon) in normalised text
    i = 0
    n = len(t)
    while i < n:
        s = i
        while s < n and t[s] in " \t":
            s += 1
        colon = _speaker_at(t, s)
        if colon >= 0:
            heads.append((s, colon))
        nl = t.find("\n", i)
        if nl < 0:
            break
        i = nl + 1
    if len(heads) < 2:
        return []
    turns = []
    bounds = [h[0] for h in heads] + [n]
    if heads[0][0] > 0 and t[: heads[0][0]].strip():
        s, e = _trim(t, 0, heads[0][0])
        os_, oe = norm.to_original(s, e)
        turns.append(Turn(os_, oe, ""))
    for k, (s, colon) in enumerate(heads):
        s2, e2 = _trim(t, s, bounds[k + 1])
        if e2 <= s2:
            continue
        os_, oe = norm.to_original(s2, e2)
        sp_s, sp_e = norm.to_original(s, colon)
        turns.append(Turn(os_, oe, text[sp_s:sp_e].strip()))
    return turns


def _trim(t: str, s: int, e: int) -> tuple[int, int]:
    while s < e and t[s].isspace():
        s += 1
    while e > s and t[e - 1].isspace():
        e -= 1
    return s, e


def segment(text: str, norm: Normalized | None = None) -> tuple[list[tuple[int, int]], list[Turn]]:
    """Sentences and turns; in a dialogue no sentence crosses a turn boundary."""
    norm = norm or normalize(text)
    turns = split_turns(text, norm)
    if not turns:
        return split_sentences(text, norm), []
    cuts = _sentence_cuts(norm.text)
    # add the turn starts (in normalised coordinates) as cuts
    starts = np.asarray(norm.starts, dtype=np.int64)
    extra = [int(np.searchsorted(starts, t.start)) for t in turns]
    all_cuts = sorted(set(cuts) | set(extra))
    return _spans_from_cuts(norm, all_cuts, 0, len(norm.text)), turns


# --- polarity: antonym and direction pairs ---------------------------------------------

# Each family has two opposite poles; a claim that holds one pole where its supporting span
# holds only the other contradicts it (עלה / ירד, רווח / הפסד, תמך / התנגד...). Forms are
# listed in full (no stemming) because short roots of these verbs collide with other words;
# glued prefixes are still removed (שירדה, והתנגד). Words with a common unrelated sense are
# left out (צמח "plant", גבר "man", חום "fever", אחר "other", שני "two" / "Monday").
_POLAR_SRC: dict[str, tuple[str, str]] = {
    "increase/decrease": (
        "עלה עלתה עלו עולה עולים עולות יעלה תעלה יעלו לעלות עלייה עליה עליית עליות "
        "טיפס טיפסה טיפסו מטפס מטפסת זינק זינקה זינקו זינוק "
        "גדל גדלה גדלו גדלים גדלות יגדל תגדל יגדלו לגדול גידול "
        "הגדיל הגדילה הגדילו מגדיל מגדילה הוגדל הוגדלה הוגדלו הגדלה להגדיל "
        "התרחב התרחבה התרחבו צמיחה התייקר התייקרה התייקרו האמיר האמירה האמירו",
        "ירד ירדה ירדו יורד יורדת יורדים יורדות יירד תרד יירדו לרדת ירידה ירידת ירידות "
        "צנח צנחה צנחו צניחה קטנו הקטין הקטינה הקטינו מקטין מקטינה הוקטן הוקטנה הוקטנו "
        "פחת פחתה פחתו הצטמצם הצטמצמה הצטמצמו צמצם צמצמה צמצמו צומצם צומצמה צומצמו צמצום "
        "קיצץ קיצצה קיצצו קוצץ קוצצה קוצצו קיצוץ הוזיל הוזילה הוזילו הוזל הוזלה הוזלו "
        "התכווץ התכווצה התכווצו",
    ),
    "large/small": ("גדול גדולה גדולים גדולות", "קטן קטנה קטנים קטנות"),
    "high/low": ("גבוה גבוהה גבוהים גבוהות", "נמוך נמוכה נמוכים נמוכות"),
    "long/short": ("ארוך ארוכה ארוכים ארוכות", "קצר קצרה קצרים קצרות"),
    "more/less": ("יותר", "פחות"),
    "above/below": ("מעל", "מתחת"),
    "profit/loss": (
        "רווח רווחים רווחי רווחית הרוויח הרוויחה הרוויחו הרויח הרויחה הרויחו",
        "הפסד הפסדים הפסדי הפסיד הפסידה הפסידו מפסיד מפסידה מפסידים",
    ),
    "win/lose": (
        "ניצח ניצחה ניצחו ניצחון מנצח מנצחת גברה גברו",
        "הפסיד הפסידה הפסידו נוצח נוצחה נוצחו הובס הובסה הובסו תבוסה",
    ),
    "start/end": (
        "התחיל התחילה התחילו מתחיל מתחילה מתחילים יתחיל תתחיל יתחילו להתחיל התחלה התחלת",
        "הסתיים הסתיימה הסתיימו מסתיים מסתיימת יסתיים תסתיים יסתיימו להסתיים סיום",
    ),
    "open/close": (
        "נפתח נפתחה נפתחו ייפתח תיפתח ייפתחו פתיחה פתיחת פתוח פתוחה פתוחים פתוחות",
        "נסגר נסגרה נסגרו ייסגר תיסגר ייסגרו סגירה סגירת סגור סגורה סגורים סגורות",
    ),
    "approve/reject": (
        "אושר אושרה אושרו אישר אישרה אישרו מאשר מאשרת יאשר תאשר יאשרו אישור",
        "נדחה נדחתה נדחו דחה דחתה דחו דוחה דחייה",
    ),
    "advance/postpone": (
        "הוקדם הוקדמה הוקדמו הקדים הקדימה הקדימו הקדמה",
        "נדחה נדחתה נדחו נדחית דחה דחתה דחו דחייה התעכב התעכבה התעכבו עיכוב באיחור",
    ),
    "support/oppose": (
        "תמך תמכה תמכו תומך תומכת תומכים תומכות יתמוך תתמוך אתמוך נתמוך לתמוך תמיכה",
        "התנגד התנגדה התנגדו מתנגד מתנגדת מתנגדים מתנגדות יתנגד תתנגד אתנגד להתנגד התנגדות",
    ),
    "succeed/fail": (
        "הצליח הצליחה הצליחו מצליח מצליחה הצלחה",
        "נכשל נכשלה נכשלו נכשלים כישלון כשלון",
    ),
    "free/paid": ("חינם חופשי חופשית", "תשלום בתשלום גובים גובה"),
    # status: what is done against what is only expected or planned ("כבר נסגרה" where the
    # source says "צפויה להיסגר", "כבר נבנה" for "ייבנה בשנה הבאה")
    "done/planned": (
        "כבר הושלם הושלמה הושלמו",
        "צפוי צפויה צפויים צפויות עתיד עתידה עתידים עתידות מתוכנן מתוכננת מתוכננים "
        "מתוכננות מתכנן מתכננת מתכננים בעתיד טרם הבא הבאה הבאים הבאות",
    ),
    "hot/cold": ("חם חמה חמים חמות לוהט לוהטת", "קר קרה קרים קרות קריר קרירה קרירים צונן"),
    "north/south": ("צפון צפונה צפוני צפונית", "דרום דרומה דרומי דרומית"),
    "east/west": ("מזרח מזרחה מזרחי מזרחית", "מערב מערבה מערבי מערבית"),
    "right/left": ("ימין ימני ימנית", "שמאל שמאלי שמאלית"),
    "before/after": ("לפני קודם טרם", "אחרי אחריו אחריה אחריהם לאחר"),
    "early/late": ("מוקדם מוקדמת מוקדמים", "מאוחר מאוחרת מאוחרים"),
    "majority/minority": ("רוב רובם רובן", "מיעוט"),
    "first/last": ("ראשון ראשונה", "אחרון אחרונה"),
}
POLAR_WORDS: dict[str, tuple[tuple[str, int], ...]] = {}
for _family, (_a, _b) in _POLAR_SRC.items():
    for _pole, _words in ((0, _a), (1, _b)):
        for _w in _fold_all(_words):
            POLAR_WORDS[_w] = (*POLAR_WORDS.get(_w, ()), (_family, _pole))
# "גובה" is also "height": only as a pole when nothing else reads it. Kept: "גובים".
POLAR_WORDS.pop("גובה", None)
# Adjectives describe many things in one sentence ("כמויות גדולות" beside "הפרי קטן"), so
# these families count only in a comparison: next to ביותר / יותר / פחות ("הגדול ביותר").
COMPARATIVE_ONLY: frozenset[str] = frozenset({"large/small", "high/low", "long/short"})
_COMPARATIVES: frozenset[str] = _fold_all("ביותר יותר פחות")
# Negators that flip the pole of the next word or two: "ללא תשלום" = free, "לא עלה" ≠ rose.
_POLE_NEGATORS: frozenset[str] = _fold_all("לא ללא בלי אין אינו אינה אינם אינן איננו מעולם")
_NEGATION_REACH = 2


def _polar_of(tok: Token) -> tuple[tuple[str, int], ...]:
    got = POLAR_WORDS.get(tok.key)
    if got is not None:
        return got
    for s in tok.stems:
        got = POLAR_WORDS.get(s)
        if got is not None:
            return got
    return ()


def _is_pole_negator(tok: Token) -> bool:
    return tok.key in _POLE_NEGATORS or any(s in _POLE_NEGATORS for s in tok.stems)


def polarities(tokens: list[Token]) -> dict[str, frozenset[int]]:
    """Which pole(s) of each antonym family the tokens assert (0 or 1, see ``_POLAR_SRC``).

    A pole word right after a negator (within two words) counts as the opposite pole:
    "ללא תשלום" asserts "free", "לא ירדה" is not "decreased".
    """
    out: dict[str, set[int]] = {}
    last_neg = -10
    n = len(tokens)
    for i, t in enumerate(tokens):
        if _is_pole_negator(t):
            last_neg = i
            continue
        for family, pole in _polar_of(t):
            if family in COMPARATIVE_ONLY and not any(
                tokens[j].key in _COMPARATIVES for j in range(max(0, i - 1), min(n, i + 2))
            ):
                continue
            flipped = 1 - pole if i - last_neg <= _NEGATION_REACH else pole
            out.setdefault(family, set()).add(flipped)
    return {k: frozenset(v) for k, v in out.items()}


def polarity_conflicts(
    claim: dict[str, frozenset[int]], span: dict[str, frozenset[int]]
) -> list[str]:
    """Families where the claim asserts only one pole and the span only the other."""
    return [
        family
        for family, poles in claim.items()
        if len(poles) == 1 and family in span and len(span[family]) == 1 and span[family] != poles
    ]


def pole_word(family: str, pole: int) -> str:
    """A readable word for a pole, for messages: ("increase/decrease", 1) -> "decrease"."""
    return family.split("/")[pole]


# --- exclusive categories: ordinals and places -----------------------------------------

# A claim naming one value of a category (the third, Haifa) where its span names only other
# values of it (the second; Tel Aviv) contradicts it. Places: Israeli cities and regions,
# seas, and countries (ישראל itself is left out: nearly every text is set there; so are
# שרון and יהודה, which are also given names).
_PLACES_SRC = """
ירושלים תל_אביב חיפה באר_שבע אילת טבריה צפת נתניה הרצליה רעננה כפר_סבא הוד_השרון
פתח_תקווה ראשון_לציון רחובות נס_ציונה אשדוד אשקלון חולון בת_ים רמת_גן גבעתיים בני_ברק
רמלה לוד מודיעין בית_שמש קריית_שמונה עכו נהריה כרמיאל עפולה נצרת חדרה זכרון_יעקב קיסריה
יהוד אור_יהודה ראש_העין יוקנעם דימונה ערד מצפה_רמון שדרות נתיבות אופקים קריית_גת
קריית_אתא קריית_ביאליק טירת_כרמל אום_אל-פחם רהט סחנין שפרעם אריאל מעלה_אדומים
גליל נגב שפלה גולן רמת_הגולן ערבה עמק_יזרעאל בקעת_הירדן שומרון
ים_המלח הים_התיכון ים_סוף כנרת
ירדן מצרים לבנון סוריה עיראק איראן תימן מרוקו טורקיה קפריסין יוון איטליה צרפת גרמניה
ספרד פולין רוסיה אוקראינה ליטא רומניה הונגריה בריטניה אנגליה אירלנד הולנד בלגיה שוויץ
אוסטריה שוודיה נורווגיה דנמרק פינלנד ארצות_הברית אמריקה קנדה מקסיקו ברזיל ארגנטינה
הודו סין יפן קוריאה תאילנד אוסטרליה אתיופיה דרום_אפריקה ניו_יורק לונדון פריז ברלין
"""
PLACES: frozenset[str] = frozenset(
    " ".join(_fold(p) for p in w.split("_")) for w in _PLACES_SRC.split()
)
_PLACE_FIRST_WORDS: frozenset[str] = frozenset(p.split()[0] for p in PLACES)
ORDINAL_VALUES: dict[str, int] = {
    **{_fold(w): v for v, ws in _ORDINALS_SRC.items() for w in ws.split()},
    **{w: 2 for w in _fold_all("שנייה שניה")},
}
# "ראשון" / "שישי" / "חמישי" are also days of the week ("ביום ראשון"); a day is not an
# ordinal claim, so an ordinal right after "יום" is skipped.
_DAY_WORDS: frozenset[str] = _fold_all("יום ימי")


def _forms(tok: Token) -> tuple[str, ...]:
    return (tok.key, *tok.stems)


def places(tokens: list[Token]) -> frozenset[str]:
    """Place names (see ``PLACES``) the tokens name, two-word names included."""
    out: set[str] = set()
    n = len(tokens)
    for i, t in enumerate(tokens):
        for f in _forms(t):
            if f not in _PLACE_FIRST_WORDS:
                continue
            if f in PLACES:
                out.add(f)
            if i + 1 < n and tokens[i + 1].start - t.end <= 2:
                pair = f"{f} {tokens[i + 1].key}"
                if pair in PLACES:
                    out.add(pair)
                    out.discard(f)
    return frozenset(out)


def ordinals(tokens: list[Token]) -> frozenset[int]:
    """Ordinal values (הראשונה = 1, השנייה = 2...) the tokens name, days of week excluded."""
    out: set[int] = set()
    for i, t in enumerate(tokens):
        if t.key.endswith("השני") and "שני" in t.stems:
            out.add(2)  # "השני" = the second; a bare "שני" is also "two" or "Monday"
            continue
        for f in _forms(t):
            v = ORDINAL_VALUES.get(f)
            if v is not None:
                prev = tokens[i - 1] if i > 0 else None
                if prev is None or not any(p in _DAY_WORDS for p in _forms(prev)):
                    out.add(v)
                break
    return frozenset(out)
