"""Verb agreement: a Hebrew verb's inflection names its subject's gender and number.

A third-person verb agrees with its subject: past ערך / ערכה / ערכו, present מממן /
מממנת / מממנים, future יצרף / תצרף / יצרפו. A claim that tells the source's predicate with
the same verb in another agreement ("עוזי ברגמן ערך את העיתון 26 שנה" for "חנה ברגמן,
שערכה אותו 26 שנה, ... לבנה, עוזי ברגמן") gives it to a subject the source's verb does
not agree with: the person named in the neighbouring clause.

``disagreeing_verb`` (a loose rule, read last in ``binding.LAST_RULES``): a claim word
that is, in the sentence of the claim's frames holding it, the same verb in another
third-person agreement, while the claim's words before it (its subject) all stand in
that sentence and its own form stands nowhere in the source. First and second person
forms (ביקשתי, נממן) are not read: a speaker's "I" is told in the third person.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from workbench.grounding.prepare import Claim
from workbench.grounding.reading.index import SourceIndex
from workbench.grounding.reading.pieces import Word, excerpt, same_word
from workbench.grounding.reading.sentence_clauses import OBJECT_MARKERS
from workbench.grounding.results import Issue, IssueKind
from workbench.hebrew import FINAL_LETTERS, Token

_FINALS = str.maketrans(FINAL_LETTERS)  # the normaliser's one table
# glued particles a verb may carry: ו (and), ש / כש (that, when)
_PARTICLES = ("וכש", "וש", "כש", "ש", "ו")
# a claim verb opening a relative clause agrees with its head noun, not the claim's subject
_RELATIVE = ("ש", "וש", "כש")
# glued prepositions: a word (or a clause) opening with one is no verb (no subject)
_PREPOSITIONS = ("ב", "ל")
# a longer "claim" (a pasted paragraph) is not read word by word: the rule is quadratic
MAX_WORDS = 80


def _plain(text: str) -> str:
    """The word's letters with final forms written as medial ones."""
    return text.translate(_FINALS)


def _bases(word: str) -> set[str]:
    """The word and the word without a glued particle."""
    out = {word}
    for p in _PARTICLES:
        if word.startswith(p) and len(word) - len(p) >= 3:
            out.add(word[len(p) :])
    return out


@lru_cache(maxsize=4096)
def _readings(word: str) -> frozenset[tuple[str, str, str]]:
    """(tense, stem, agreement) readings of ``word`` as a third-person verb form. The
    masculine plural participle (-ים) is not read: it is every noun's plural too
    ("מענק" / "מענקים")."""
    out: set[tuple[str, str, str]] = set()
    for w in _bases(_plain(word)):
        if len(w) >= 3 and not w.endswith("ו"):  # no third-person singular ends in ו
            out |= {("past", w, "ms")} | (set() if w.startswith("ה") else {("pres", w, "ms")})
        for suf, tense, agr in (
            ("ה", "past", "fs"),
            ("ו", "past", "pl"),
            ("ת", "pres", "fs"),
            ("ה", "pres", "fs"),
            ("ות", "pres", "fpl"),
            ("תה", "pastlh", "fs"),
        ):
            stem = w[: -len(suf)]
            if tense == "pres" and w.startswith("ה"):  # ה + participle: an adjective
                continue
            if w.endswith(suf) and len(stem) >= (2 if tense == "pastlh" else 3):
                out.add((tense, stem, agr))
        if w.endswith("ה") and len(w) >= 3:  # a ל"ה verb: פנה / פנתה / פנו
            out.add(("pastlh", w[:-1], "ms"))
        if len(w) >= 3 and w[0] in "יית":
            stem = w[2:] if w.startswith("יי") else w[1:]
            if stem.endswith("ו") and w[0] == "י":
                out.add(("fut", stem[:-1], "pl"))
            out.add(("fut", stem, "ms" if w[0] == "י" else "fs"))
    return frozenset(out)


def agreements_differ(a: str, b: str) -> bool:
    """Whether ``a`` and ``b`` read as one verb in two third-person agreements."""
    ra, rb = _readings(a), _readings(b)
    stems = {(t, s) for t, s, _ in ra} & {(t, s) for t, s, _ in rb}
    for t, s in stems:
        ga = {g for tt, ss, g in ra if (tt, ss) == (t, s)}
        gb = {g for tt, ss, g in rb if (tt, ss) == (t, s)}
        if not ga & gb:
            return True
    return False


def _subject_at(subject: list[Word], fw: list[Word]) -> int | None:
    """Where the first of the subject's words that the sentence ``fw`` holds first stands
    (a verb before it may agree with another subject; one after it may be its own)."""
    for w in subject:
        at = next((m for m, y in enumerate(fw) if same_word(w, y)), None)
        if at is not None:
            return at
    return None


def _after_et(tokens: Sequence[Token], i: int) -> bool:
    """Whether token ``i`` follows the object marker את (or ואת): a noun ("כתב את ספרו",
    "הוביל את עבודתו"), whose possessive ending reads like a verb's. Read on the tokens,
    so niqqud, marks and spaces between do not hide it."""
    return i > 0 and tokens[i - 1].key in OBJECT_MARKERS


def clause_starts(claim: Claim) -> list[int]:
    """For each claim word, the index of the first word of its clause: after the claim's
    last comma before the word before it (a word right after a comma is read with the
    clause before it, as the rule was measured), computed once per claim."""
    cw, lo, out = claim.words, 0, [0] * len(claim.words)
    for m in range(1, len(cw)):
        out[m] = lo  # a comma right before a word opens the next word's clause
        if "," in claim.text[cw[m - 1].tok.end : cw[m].tok.start]:
            lo = m
    return out


def clause_subject(claim: Claim, k: int, lo: int) -> list[Word]:
    """The claim's words before ``claim.words[k]`` in its clause (from word ``lo``, the
    claim's start or its last comma), none when the clause opens with a function word or a
    preposition: a fronted adverbial ("במהלך הרבעון גדל X", "ובשנת 2026 ייפתח X") puts the
    subject after the verb. A relative verb (ש + verb) agrees with its head, the word
    before it."""
    cw = claim.words
    if cw[k].tok.key.startswith(_RELATIVE):
        return [cw[k - 1]] if cw[k - 1].number is None else []
    start = cw[lo].tok.start
    first = next((t for t in claim.tokens if t.start >= start), None)
    if first is None or first.start != start or first.key.lstrip("ו").startswith(_PREPOSITIONS):
        return []
    return [w for w in cw[lo:k] if w.number is None]


def _surface(idx: SourceIndex) -> set[str]:
    """Every word of the source, with and without a glued particle, final letters medial
    (computed once per source, in ``idx.derived``)."""
    got = idx.derived.get(("agreement surface", 0))
    if got is None:
        got = idx.derived[("agreement surface", 0)] = {
            b for t in idx.flat for b in _bases(_plain(t.key))
        }
    return got  # type: ignore[return-value]


def _verb_key(key: str) -> bool:
    """Whether a claim word may be a verb: not glued to ב / ל, also after a relative ש
    ("בראש" for "שבראשו", "שבמקום" for "במקומה" are nouns)."""
    for p in _RELATIVE:
        if key.startswith(p):
            key = key[len(p) :]
            break
    return not key.startswith(_PREPOSITIONS)


def disagreeing_verb(
    claim: Claim, idx: SourceIndex, frames: Sequence[tuple[int, list[Word]]], sent: int
) -> Issue | None:
    """A claim verb that a sentence of the claim's frames (``frames``: id and words)
    states in another agreement, the claim's subject standing after that verb in it."""
    cw = claim.words
    seen = _surface(idx)
    starts = clause_starts(claim) if len(cw) <= MAX_WORDS else []
    at_tok = {t.start: i for i, t in enumerate(claim.tokens)}
    for k, x in enumerate(cw[: len(starts)]):
        key = x.tok.key
        if k == 0 or x.number is not None or _plain(key) in seen or not _verb_key(key):
            continue
        subject = clause_subject(claim, k, starts[k])
        if not subject or _after_et(claim.tokens, at_tok.get(x.tok.start, 0)):
            continue
        relative = key.startswith(_RELATIVE)
        for i, fw in frames:
            at = _subject_at(subject, fw)
            # a relative verb before a count agrees with the count, and its head may be the
            # count's apposition ("נמדדו 46 מעלות, הטמפרטורה" -> "הטמפרטורה שנמדדה")
            last_count = max((m for m in range(at or 0) if fw[m].number is not None), default=-1)
            for j, y in enumerate(fw[: at or 0]):
                if y.number is not None or (relative and last_count > j):
                    continue
                if _after_et(idx.flat, idx.flat_at(y.tok.start)):
                    continue
                if agreements_differ(key, y.tok.key):
                    said = claim.text[x.tok.start : x.tok.end]
                    theirs = idx.source[y.tok.start : y.tok.end]
                    s, e = idx.sentences[i]
                    msg = (
                        f"{said}: the source's verb {theirs} agrees with another subject: "
                        f"«{excerpt(idx, i)}» (source [{s}:{e}])"
                    )
                    return Issue(IssueKind.BOUND_ELSEWHERE, msg, (s, e))
    return None
