"""Quantifier scope: a claim must not say of all what the source says of part.

Ways a half-true claim widens the source's statement, the first four read in the part of
the claim's frame sentence (``binding``) that the claim follows:

* it drops a restriction: "חלק מהרפתנים", "רק ברחובות הראשיים", "רובם", or "בחלק מהשטח",
  which restricts its whole clause
  (``dropped_restriction``);
* it drops a restricting phrase with its adverb: "מותר רק בסיורים מודרכים", "רק אם
  ייחתם ההסכם" between or right after the words it keeps (``dropped_restricting_phrase``);
* it drops a part: a count, share or fraction of a whole ("58% מהמטופלים",
  "שמונה מהם", "מחצית מהסכום") that the claim states of the whole
  (``dropped_part``);
* it adds a universal (כל, כולם, תמיד, לגמרי) that the source does not say there
  (``added_universal``);
* it says "all" (כל in any form) of what its frame sentence limits: an exception, "only",
  a majority, or a contrast clause with a negation (``limited_universal``, read whatever
  share of the claim the frame aligns);
* it joins another sentence to its frame and keeps a restricted noun of that sentence
  with the word after it, dropping the restriction ("רק חלק מהשרטוטים נסרקו" ->
  "השרטוטים בארכיון ... נסרקו"; ``restricted_elsewhere``, read whatever share of the
  claim the frame aligns).

Each is an ``Issue`` of kind ``generalised`` whose span is the source's restricting
word or part (or, for an added universal with nothing to point at, the part copied).
"""

from __future__ import annotations

from collections.abc import Sequence

from workbench.grounding.params import MIN_ANCHORS
from workbench.grounding.prepare import Claim
from workbench.grounding.reading.index import SourceIndex, frame_forms
from workbench.grounding.reading.pieces import Word, clip, has_form, has_prefix, is_content
from workbench.grounding.reading.sentence_clauses import Cut, clause_at, sentence_clauses
from workbench.grounding.results import Issue, IssueKind
from workbench.hebrew import (
    CONDITIONS,
    EXCEPTIONS,
    ONLY_WORDS,
    PART_WORDS,
    PARTITIVE_PRONOUNS,
    PERCENT_WORDS,
    RESTRICTING_ADVERBS,
    RESTRICTORS,
    SCALE_WORDS,
    UNIVERSALS,
    Token,
    is_clause_opener,
    is_negation,
    kol_idiom,
)

Pairs = list[tuple[int, int]]


def _region(idx: SourceIndex, fw: list[Word], pairs: Pairs) -> tuple[int, int, int]:
    """Flat positions [lo, hi) of the frame part the claim follows, and its sentence."""
    a, b = fw[pairs[0][1]].tok.start, fw[pairs[-1][1]].tok.end
    lo = idx.flat_at(a)
    hi = idx.flat_at(b)
    return lo, hi, idx.flat_sent[lo]


def _issue(
    idx: SourceIndex, s: int, e: int, what: str, lead: str = "the source restricts this"
) -> Issue:
    msg = f"{lead} («{clip(idx.source[max(0, s - 20) : e + 30])}», source [{s}:{e}]); the claim {what}"
    return Issue(IssueKind.GENERALISED, msg, (s, e))


def _claim_restricts(claim: Claim) -> bool:
    return any(has_form(t, RESTRICTORS) for t in claim.tokens if claim.asserts(t))


def _claim_conditions(claim: Claim) -> bool:
    """Whether the claim restricts, or states a condition (אם, בתנאי, התנתה)."""
    said = [t for t in claim.tokens if claim.asserts(t)]
    return _claim_restricts(claim) or any(has_form(t, CONDITIONS) for t in said)


def _restrictor(idx: SourceIndex, p: int) -> bool:
    """Flat token ``p`` restricts: one of ``hebrew.RESTRICTORS``, not after a negation
    ("לא רק", not only, says more)."""
    return has_form(idx.flat[p], RESTRICTORS) and not (p and is_negation(idx.flat[p - 1]))


def dropped_restriction(
    claim: Claim, idx: SourceIndex, fw: list[Word], pairs: Pairs
) -> Issue | None:
    """A restriction of the frame (חלק מ, רק, רובם, 40 מתוך 130) inside the part the
    claim follows, which the claim drops: the claim says of all what the source says of
    some."""
    if _claim_restricts(claim):
        return None
    aligned = {fw[j].tok.start for _, j in pairs}
    lo, hi, sent = _region(idx, fw, pairs)
    first = max(0, lo - 1)
    for p in range(clause_at(idx, first).lo, hi):
        t = idx.flat[p]
        if idx.flat_sent[p] != sent or not _restrictor(idx, p):
            continue
        clause = _clause_restrictor(t)
        if p < first and not clause:
            continue
        if (clause and _clause_kept(idx, p, aligned)) or _restricts_kept(claim, idx, p, aligned):
            return _issue(idx, t.start, t.end, f"drops {idx.source[t.start : t.end]}")
    return None


# Majority quantifiers before their noun ("רוב החשמל", "מרבית הנוסעים"). The pronoun forms
# ("רובם", after the noun) are not read: the word after them is no noun they restrict.
_MAJORITY = frozenset({"רוב", "מרבית"})


def restricted_elsewhere(
    claim: Claim, idx: SourceIndex, fw: list[Word], pairs: Pairs
) -> Issue | None:
    """A restriction in another sentence than the frame, on a noun the claim keeps
    together with the word that follows it there ("רק חלק מהשרטוטים נסרקו" ->
    "השרטוטים ... נסרקו"; "רוב החשמל יימכר" -> "החשמל ... יימכר"): the claim joins that
    sentence to its frame and drops its restriction. A frame sentence that holds the noun
    and that word itself gives them unrestricted, so the claim joins nothing (a verbatim
    copy of a sentence stays a copy).

    Round 21 (halftrue18b's ``majority-in-frame``): the frame's own majority word
    restricts too ("רוב הדירות בבניין שופצו" -> "הדירות בבניין שופצו"), unless the frame
    gives the noun and its word again outside that word's clause; other restrictors of
    the frame ("רק", "חלק") stay with ``dropped_restriction``."""
    if _claim_conditions(claim):
        return None
    said = [w.forms for w in claim.words]  # the one reader: no "מקרה" of "בכל מקרה"
    sent = _region(idx, fw, pairs)[2]
    lo, hi = idx.sent_flat[sent]
    own = [frame_forms(t) for t in idx.flat[lo:hi]]
    for p, u, v in _restricted_pairs(idx):
        rest = own
        if idx.flat_sent[p] == sent:  # the frame's own majority: its pair elsewhere in it
            if not has_form(idx.flat[p], _MAJORITY):
                continue
            end = clause_at(idx, p).hi
            rest = [f for q, f in enumerate(own, lo) if not p < q < end]
        if _holds_pair(rest, u, v):
            continue
        at = [i for i, c in enumerate(said) if c & u]
        if at and any(c & v for c in said[at[0] + 1 :]):
            t = idx.flat[p]
            return _issue(idx, t.start, t.end, f"drops {idx.source[t.start : t.end]}")
    return None


def _holds_pair(forms: list[frozenset[str]], u: frozenset[str], v: frozenset[str]) -> bool:
    """Whether a sentence's words (``forms``) hold the restricted noun ``u`` and, after it,
    its word ``v`` unrestricted: a claim may take the pair from its own frame sentence
    ("...עוד אמצעי מובנה למשתמשי iOS"), not from the restricted one."""
    at = [i for i, f in enumerate(forms) if f & u]
    return bool(at) and any(f & v for f in forms[at[0] + 1 :])


def _restricted_pairs(idx: SourceIndex) -> list[tuple[int, frozenset[str], frozenset[str]]]:
    """Each restrictor of the source (flat position) with the forms of the noun it
    restricts and of the word after it (``_restricted_pair``; once per source)."""
    got = idx.derived.get(("restricted pairs", 0))
    if got is None:
        found = []
        for p in range(len(idx.flat)):
            pair = _restricted_pair(idx, p) if _restrictor(idx, p) else None
            if pair is not None:
                found.append((p, frame_forms(pair[0]), frame_forms(pair[1])))
        got = idx.derived[("restricted pairs", 0)] = found
    return got  # type: ignore[return-value]


def _restricted_pair(idx: SourceIndex, p: int) -> tuple[Token, Token] | None:
    """The noun a restrictor at flat position ``p`` restricts (its next content word that
    is not itself a restrictor or a number) and the content word right after it in the
    same clause (its predicate)."""
    got: list[Token] = []
    end = clause_at(idx, p).hi
    for q in range(p + 1, min(p + 6, len(idx.flat))):
        u = idx.flat[q]
        if q >= end:
            return None
        if not is_content(u) or u.number is not None or (not got and has_form(u, RESTRICTORS)):
            continue
        got.append(u)
        if len(got) == 2:
            return got[0], got[1]
    return None


def _clause_restrictor(t: Token) -> bool:
    """A restrictor with a glued ב ("בחלק מהשטח", "ורק בחלק מהכוורות"): an adverbial of
    place or time that restricts its whole clause, not only the noun after it."""
    key = t.key[1:] if t.key.startswith("וב") else t.key
    return key[:1] == "ב" and key[1:] in RESTRICTORS and key[1:] in t.stems


def _clause_kept(idx: SourceIndex, p: int, aligned: set[int]) -> bool:
    """Whether the claim keeps a word of the clause a clause restrictor at flat position
    ``p`` opens: one after its noun, up to the clause's end."""
    if p + 1 >= idx.sent_flat[idx.flat_sent[p]][1]:
        return False
    noun = clause_at(idx, p + 1)
    return any(u.start in aligned for u in idx.flat[p + 2 : noun.hi])


def _restricts_kept(claim: Claim, idx: SourceIndex, p: int, aligned: set[int]) -> bool:
    """Whether the restrictor at flat position ``p`` restricts a word the claim follows:
    the next content word, past a count the claim does not state ("רק כ-50 מגיעים",
    "שש מתוך 40 ההפלגות": the count is the restriction, the noun after it what the
    claim keeps). A restricting adverb's count that the claim states is the part itself,
    kept with its figure ("נותרו רק 600 אלף שקל" -> "נותרו 600 אלף שקל")."""
    adverb = has_form(idx.flat[p], RESTRICTING_ADVERBS)
    for k, u in enumerate(idx.flat[p + 1 : p + 4]):
        if not is_content(u):
            continue
        if u.number is not None and not _claim_has(claim, u):
            continue
        if (
            adverb
            and (u.number is not None or k)
            and _claim_says(claim, idx.flat[p + 1 : p + 2 + k])
        ):
            return False  # the adverb's count or bound, which the claim states
        return u.start in aligned
    return False


def _claim_says(claim: Claim, phrase: Sequence[Token]) -> bool:
    """Whether the claim states ``phrase`` word after word ("עד גבול", "600")."""
    said = [t for t in claim.tokens if claim.asserts(t)]
    n = len(phrase)
    return any(
        all(_same(a, b) for a, b in zip(said[i : i + n], phrase, strict=True))
        for i in range(len(said) - n + 1)
    )


def _same(a: Token, b: Token) -> bool:
    return a.key == b.key or (a.number is not None and a.number == b.number)


def dropped_restricting_phrase(
    claim: Claim, idx: SourceIndex, fw: list[Word], pairs: Pairs
) -> Issue | None:
    """A restrictor with the phrase it opens, between words the claim follows or right
    after the last of them, all dropped by the claim: "מותר רק בסיורים מודרכים בימי
    שישי" -> "מותר בימי שישי", "מוכנים לשלם יותר רק אם יראו שיפור" -> "מוכנים לשלם
    יותר": the claim states without its condition what the source states with one."""
    if _claim_conditions(claim):
        return None
    cw = claim.words
    lo, hi, sent = _region(idx, fw, pairs)
    end = hi  # right after the claim's last word, function words ("יותר") aside
    while end < len(idx.flat) and not is_content(idx.flat[end]):
        end += 1
    for p in range(lo + 1, min(end + 1, len(idx.flat))):
        t = idx.flat[p]
        if idx.flat_sent[p] != sent or t.key not in RESTRICTING_ADVERBS:
            continue  # "ורק", "שלרוב" open a clause of their own; "חלק ניכר מ" a noun's
        if not _restrictor(idx, p):
            continue
        if clause_at(idx, p).lo == p:
            continue  # ", רובן על סלילי מגנט" after the claim's words: another statement
        phrase = _phrase_after(idx, p, {fw[j].tok.start for _, j in pairs})
        if phrase and not any(x.forms & frame_forms(u) for u in phrase for x in cw):
            e = phrase[-1].end
            return _issue(idx, t.start, e, f"drops {idx.source[t.start : e]}")
    return None


def _phrase_after(idx: SourceIndex, p: int, aligned: set[int]) -> list[Token]:
    """The content words after flat position ``p`` up to a punctuation mark, a word the
    claim's alignment pairs (where the claim resumes) or the end of its sentence (a
    number aside): the phrase a restrictor opens."""
    out: list[Token] = []
    for u in idx.flat[p + 1 : clause_at(idx, p).hi]:
        if u.start in aligned:
            break
        if is_content(u) and u.number is None and not has_form(u, RESTRICTORS):
            out.append(u)
    return out


def _partitive_after(idx: SourceIndex, p: int) -> Token | None:
    """The "of" word of a part whose count is flat token ``p``: "מהם" / "מהן" or a word
    with the prefix מה ("58% מהמטופלים", "מחצית מהסכום"), one or two words on (a "%",
    a percent word or a scale word may stand between)."""
    for q in (p + 1, p + 2):
        if q >= len(idx.flat) or idx.flat_sent[q] != idx.flat_sent[p]:
            return None
        u = idx.flat[q]
        if u.key in PARTITIVE_PRONOUNS or (u.key.startswith("מה") and u.key[1:] in u.stems):
            return u
        if u.number is not None and u.key.startswith("מ") and u.key[1:] in u.stems:
            return u  # "שלושה מארבעת המקפיאים": of a counted whole
        if not (u.key == "%" or u.key in PERCENT_WORDS or u.key in SCALE_WORDS):
            return None
    return None


def _claim_has(claim: Claim, t: Token) -> bool:
    """Whether the claim states token ``t`` (the same word, or the same number, also one
    the claim writes in several words: "אחד עשר" for "11")."""
    if t.number is not None and any(m.value == t.number for m in claim.numbers):
        return True
    for u in claim.tokens:
        if not claim.asserts(u):
            continue
        if u.key == t.key or (t.number is not None and u.number == t.number):
            return True
    return False


def dropped_part(claim: Claim, idx: SourceIndex, fw: list[Word], pairs: Pairs) -> Issue | None:
    """A count, share or fraction of a whole in the part the claim follows (or up to two
    words before it: the count and its "of them") that the claim drops, stating of the
    whole what the source says of a part ("58% מהמטופלים אמרו" -> "המטופלים אמרו",
    "40 מהן יהיו פתוחות" -> "כל החניות", "שניים מהם מוצגים" -> "הלוחות מוצגים")."""
    if _claim_restricts(claim):
        return None
    lo, hi, sent = _region(idx, fw, pairs)
    for p in range(max(0, lo - 2), min(hi + 1, len(idx.flat))):
        t = idx.flat[p]
        if idx.flat_sent[p] != sent or not (t.number is not None or has_form(t, PART_WORDS)):
            continue
        of = _partitive_after(idx, p)
        if of is None or _claim_has(claim, t) or _claim_has(claim, of):
            continue
        return _issue(idx, t.start, of.end, f"drops {idx.source[t.start : of.end]}")
    return None


def _definite(t: Token) -> bool:
    """A word with the article ה ("המגדלים"), or a number ("כל 300 החניות")."""
    return t.number is not None or has_prefix(t, "ה")


def definite_universal(claim: Claim) -> Token | None:
    """The claim's universal: "כל" before a definite noun, a number or a construct chain
    ("כל המגדלים", "כל 12 השחיינים", "כל בתי המעברה"), or כולם / תמיד / לגמרי alone.
    Distributive "כל יום", "לכל תלמיד" and idioms with a prefix (ככל, לכל הפחות) are
    not universals over the claim's subject."""
    toks = [t for t in claim.tokens if claim.asserts(t)]
    for i, t in enumerate(toks):
        key = _unprefixed(t)
        if key != t.key and kol_idiom([u.key for u in toks[i + 1 : i + 3]]):
            continue  # "לכל הפחות", "בכל זאת"
        if key == "כל":
            # a prefixed כל takes its definite noun right after it ("לכל המבקרים"; "לכל
            # תלמיד הוא" is distributive)
            reach = 3 if key == t.key else 2
            if any(_definite(u) for u in toks[i + 1 : i + reach]):
                return t
        elif key in UNIVERSALS:
            return t
    return None


def _unprefixed(t: Token) -> str:
    """A word's key without one glued prefix of ב, ל, מ, ו ("לכולם", "לכל המבקרים": round
    33), where the rest is a word of its own."""
    if t.key[:1] in "בלמו" and has_prefix(t, t.key[0]):
        return t.key[1:]
    return t.key


def added_universal(claim: Claim, idx: SourceIndex, fw: list[Word], pairs: Pairs) -> Issue | None:
    """A universal of the claim (כל, כולם, תמיד, לגמרי) where the part of the source it
    follows has none: the source says it of the ones it names, not of all."""
    said = definite_universal(claim)
    if said is None:
        return None
    lo, hi, sent = _region(idx, fw, pairs)
    near = range(max(0, lo - 2), min(hi + 2, len(idx.flat)))
    if any(idx.flat_sent[p] == sent and has_form(idx.flat[p], UNIVERSALS) for p in near):
        return None
    s, e = idx.flat[lo].start, idx.flat[hi - 1].end
    word = claim.text[said.start : said.end]
    lead = "the source says this without a universal"
    return _issue(idx, s, e, f"adds {word}, which the source does not say here", lead)


def any_universal(claim: Claim) -> Token | None:
    """The claim's "all" in any use: כל alone or after ב, ל, מ, ו, ש ("בכל שעות היממה",
    "מכל הסוגים", "על כל יום"), or כולם / תמיד / לגמרי; not ככל ("the more"), לכל
    היותר / לכל הפחות, nor an idiom (``hebrew.kol_idiom``: "בכל זאת", "כל כך")."""
    toks = [t for t in claim.tokens if claim.asserts(t)]
    for i, t in enumerate(toks):
        if kol_idiom([u.key for u in toks[i + 1 : i + 3]]):
            continue
        if i and toks[i - 1].key == "כמעט":
            continue  # "כמעט לגמרי", "כמעט כל": almost all is not all
        prefixed = t.key[1:] == "כל" and t.key[0] in "בלמוש" and has_prefix(t, t.key[0])
        if t.key in UNIVERSALS or prefixed:
            return t
    return None


def claim_limits(claim: Claim) -> bool:
    """Whether the claim states a limit of its own: a negation, a restrictor, a
    condition, an exception, an "only" (the words ``_limits_at`` reads as limits in the
    source: a claim keeping the source's "בלבד" keeps its limit) or a clause opener (it
    may keep the source's "but")."""
    said = [t for t in claim.tokens if claim.asserts(t)]
    limits = RESTRICTORS | CONDITIONS | EXCEPTIONS | ONLY_WORDS
    return any(is_negation(t) or is_clause_opener(t) or has_form(t, limits) for t in said)


def _limits_at(idx: SourceIndex, p: int, aligned: Sequence[int]) -> bool:
    """Whether flat token ``p`` limits what the claim follows (``aligned``: the flat
    positions its words pair with): an exception word (חוץ מ, מלבד, למעט) or an "only"
    (רק, בלבד; not "לא רק") after words the claim follows ("..., ורק אחרי החגים",
    "לשבוע הראשון בלבד"), or a restrictor (רוב, רובם, ברובו, חלק, רק) before a word of
    its clause the claim follows ("48 מיליון דולר, רובם מקרן אופק")."""
    t = idx.flat[p]
    if _restrictor(idx, p) and any(p < a < clause_at(idx, p).hi for a in aligned):
        return True
    if sum(1 for a in aligned if a < p) < MIN_ANCHORS:
        return False
    only = has_form(t, ONLY_WORDS) and not (p and is_negation(idx.flat[p - 1]))
    return only or has_form(t, EXCEPTIONS)


def _limit_of(idx: SourceIndex, sent: int, aligned: Sequence[int]) -> Token | None:
    """Where sentence ``sent`` limits what the claim follows of it: a limiting word
    (``_limits_at``), or a clause a contrast opener opens (אבל, אך, ואילו; not לעומת,
    which sets a second case beside the first) after words the claim follows, that
    holds a negation or a restricting adverb ("..., אבל לא את הסוג ש")."""
    for cl in sentence_clauses(idx, sent, Cut.OPENER):
        for k, t in enumerate(cl.toks):
            if _limits_at(idx, cl.lo + k, aligned):
                return t
        head, before = cl.toks[0], sum(1 for a in aligned if a < cl.lo)
        if is_clause_opener(head) and head.key != "לעומת" and before >= MIN_ANCHORS:
            if any(is_negation(t) or has_form(t, RESTRICTING_ADVERBS) for t in cl.toks[1:]):
                return head
    return None


def limited_universal(claim: Claim, idx: SourceIndex, fw: list[Word], pairs: Pairs) -> Issue | None:
    """A claim saying "all" ("כל", "בכל", "מכל") of what its frame sentence says and
    limits: "X, אבל רק / לא Y", "X חוץ מ-Y", "X, ורק Y", "X בלבד", "רובם X". The source
    states X of part, or of all but the part its limit names; a claim with no limit of
    its own (negation, restrictor, condition, exception, opener) says it of all ("המכון
    יממן 200 אלף בכל אחת מהשנים" for "המכון יוסיף 200 אלף, אבל רק לשנתיים הראשונות"),
    even where the source's X has its own "כל" (which ``added_universal`` accepts).
    Read whatever share of the claim the frame aligns: a claim saying "all" rewords."""
    said = any_universal(claim)
    if said is None or claim_limits(claim) or len(pairs) < MIN_ANCHORS:
        return None
    aligned = [idx.flat_at(fw[j].tok.start) for _, j in pairs]
    t = _limit_of(idx, _region(idx, fw, pairs)[2], aligned)
    if t is None:
        return None
    word = claim.text[said.start : said.end]
    return _issue(idx, t.start, t.end, f"says {word} without that limit")
