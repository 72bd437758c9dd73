"""Light Hebrew morphology: glued one-letter prefixes, inflection suffixes and consonant
root skeletons, so other forms of a word can still match (weakly).

Two readers of the proclitic (prefix) stack share ``PREFIXES``: ``strip_prefixes`` (stems
of two letters or more, every split: the grounding engine's matching) and the strict
``proclitic_stems`` (stems of three letters or more: the prefix-tolerant word metrics of
``workbench.scoring.hebrew_metrics``).
"""

from __future__ import annotations

from functools import lru_cache

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


PROCLITIC_MIN_STEM = 3


def _is_hebrew_letter(ch: str) -> bool:
    return "\u05d0" <= ch <= "\u05ea"


@lru_cache(maxsize=65536)
def proclitic_stems(word: str) -> tuple[str, ...]:
    """Stems of ``word`` behind a VALID proclitic stack, strictly: for word metrics.

    The stack is read as in ``strip_prefixes`` (``PREFIXES``: at most one ו, then a
    ש/כש/מש/לכש connective, then one of ב כ ל מ, then the article ה, which ב/כ/ל absorb),
    but the stem keeps at least ``PROCLITIC_MIN_STEM`` (3) letters, so ממשלה gives משלה
    (מ + משלה) and never שלה (ממ is no stack), and בית gives nothing (ית is too short).
    A stack glued to digits or a Latin word (ב1948, הgpt) gives that rest whatever its
    length. Final letters are expected folded already (as the QA normaliser does).
    """
    if len(word) < 2 or not _is_hebrew_letter(word[0]):
        return ()
    out = []
    for i in range(1, min(_MAX_PREFIX, len(word) - 1) + 1):
        if word[:i] not in PREFIXES:
            continue
        rest = word[i:]
        if _is_hebrew_letter(rest[0]):
            if len(rest) >= PROCLITIC_MIN_STEM and all(_is_hebrew_letter(c) for c in rest):
                out.append(rest)
        elif rest.isalnum() and not any(_is_hebrew_letter(c) for c in rest):
            out.append(rest)
    return tuple(out)


@lru_cache(maxsize=65536)
def proclitic_forms(word: str) -> frozenset[str]:
    """The word itself and its strict proclitic stems (``proclitic_stems``)."""
    return frozenset((word, *proclitic_stems(word)))


def same_word_through_proclitics(a: str, b: str) -> bool:
    """Whether two words are one word behind valid proclitic stacks: they share a form.

    הבית/בית, ובבית/בית, לירושלים/ירושלים, כשהגיע/הגיע match; ממשלה/שלה, הממשלה/משלה,
    בית/ית do not. The reader has no lexicon, so a word whose first letters are root
    letters can still meet a shorter word it happens to end with (שמים/מים).
    """
    return not proclitic_forms(a).isdisjoint(proclitic_forms(b))


# Inflection suffixes (finals folded): plural ים / ות, feminine ה / ת, construct and
# possessive י / ו / יה / יו / הם / הן / נו. Removing them gives a "soft" form used only
# for a weaker match (מכשירים ~ מכשירי ~ מכשיר).
SUFFIXES: tuple[str, ...] = ("יות", "ימ", "ות", "יה", "יו", "המ", "הנ", "נו", "ה", "ת", "ו", "י")
MIN_LEMMA = 3


def _by_end(affixes: tuple[str, ...], end: int) -> dict[str, tuple[str, ...]]:
    """The affixes grouped by their first (``end=0``) or last (``end=-1``) letter, in
    their order: only those can start / end a word with that letter (a faster scan)."""
    out: dict[str, tuple[str, ...]] = {}
    for a in affixes:
        out[a[end]] = (*out.get(a[end], ()), a)
    return out


_SUFFIXES_BY_LAST = _by_end(SUFFIXES, -1)


def strip_suffixes(word: str, stems: tuple[str, ...] = ()) -> tuple[str, ...]:
    """Forms of ``word`` and its prefix stems without one inflection suffix."""
    if not word or not ("\u05d0" <= word[0] <= "\u05ea"):
        return ()
    out: list[str] = []
    for form in (word, *stems):
        for suf in _SUFFIXES_BY_LAST.get(form[-1], ()):
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
_ROOT_SUFFIXES_BY_LAST = _by_end(ROOT_SUFFIXES, -1)
_BINYAN_PREFIXES_BY_FIRST = _by_end(BINYAN_PREFIXES, 0)


@lru_cache(maxsize=65536)
def root_forms(word: str, stems: tuple[str, ...] = ()) -> tuple[str, ...]:
    """Consonant skeletons of a Hebrew word: light, rule-based root extraction.

    For the word and each prefix stem, with and without one inflection suffix and one
    binyan / tense prefix, the skeleton (vowel letters ו / י dropped inside the word) is
    kept when it has exactly three letters, the common root length. It is deliberately
    loose (a weak match, see ``workbench.grounding.engine.ROOT``): different words can share a
    skeleton, so it only counts when nothing stronger matched.
    """
    if not word or not ("\u05d0" <= word[0] <= "\u05ea") or len(word) < MIN_ROOT:
        return ()
    out: list[str] = []
    suffixes, prefixes = _ROOT_SUFFIXES_BY_LAST, _BINYAN_PREFIXES_BY_FIRST
    for base in (word, *stems):
        room = len(base) - MIN_ROOT
        bodies = [base]
        for suf in suffixes.get(base[-1], ()):
            if len(suf) <= room and base.endswith(suf):
                bodies.append(base[: -len(suf)])
        for body in bodies:
            cands = [body]
            room = len(body) - MIN_ROOT
            for pre in prefixes.get(body[0], ()):
                if len(pre) <= room and body.startswith(pre):
                    cands.append(body[len(pre) :])
            for c in cands:
                # the skeleton: c without the vowel letters ו / י between its first and
                # last letters, kept when it has MIN_ROOT letters
                if len(c) > 3:
                    c = c[0] + c[1:-1].replace("ו", "").replace("י", "") + c[-1]
                if len(c) == MIN_ROOT and c not in out:
                    out.append(c)
                    if len(out) >= MAX_ROOTS:
                        return tuple(out)
    return tuple(out)


def construct_pair(forms: frozenset[str]) -> frozenset[str]:
    """``forms`` with each masculine plural's other state: a plural in -ים is bound in -י
    ("עצים" / "עצי הדר", "ערים" / "ערי פיתוח"), one noun either way. Needed where the
    stem is too short for a lemma of its own (``MIN_LEMMA``), so the two share no form.
    Words are stored with final letters folded ("עצימ")."""
    return forms | frozenset(
        f[:-1] if f.endswith("ימ") else f + "מ"
        for f in forms
        if (len(f) >= 4 and f.endswith("ימ")) or (len(f) >= 3 and f.endswith("י"))
    )
