"""A fronted object puts the subject after the verb: "את X קנה Y" (Y bought X).

Hebrew fronts an object with את and then states the verb before its subject: "את רוב
השברים קנה הגאולוג ..., ועוזרו, הסטודנט ..., מיפה את המקומות". The words right after the
verb, up to the clause's end, are its subject. A claim that keeps the verb and the
fronted object ("הסטודנט ... קנה את רוב השברים") while its subject is none of those words,
but is named elsewhere in the source, gives the act to a neighbouring clause's person.

``fronted_object_subject`` is a loose rule, read last (``binding.LAST_RULES``), over the
sentences of the claim's frames. Written in round 19, widened in round 22 (the light verb,
the cleft, a shared family name), kept in round 25 with ``acts.agent_checks`` reading
the same fact for a person of the who-is-who table (docs/grounding.md, rule table). Round 47
(front47): a claim that fronts its own object ("את הלקוחות הביא נסים") is read too, its
subject being its words after the verb (``_claim_roles``).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from workbench.grounding.params import NAME_MAX
from workbench.grounding.prepare import Claim
from workbench.grounding.reading.index import SourceIndex, frame_forms
from workbench.grounding.reading.pieces import (
    Word,
    excerpt,
    has_prefix,
    is_content,
    same_word,
)
from workbench.grounding.reading.sentence_clauses import OBJECT_MARKERS, clause_at
from workbench.grounding.results import Issue, IssueKind
from workbench.grounding.roles.verb_agreement import MAX_WORDS, clause_starts, clause_subject
from workbench.hebrew import COPULAS, Token

FRONTED_MAX = 6  # words of a fronted object (את and its noun phrase) at most
SUBJECT_REACH = 5  # words after the verb read as its subject when its clause ends sooner
NAME_SENTENCES = 4  # sentences a name stands in at most (more: a common noun)
_LEADS = frozenset("ושהתינא")  # a glued particle, the article, a future / pattern prefix
_ENDINGS = ("ה", "ת", "ו", "ימ", "ות", "תה", "תי", "נו")
# light verbs: their object names the act, their subject does it ("עשה את התיקון")
_LIGHT = frozenset({"עש", "עשה", "בצע", "ערכ", "קבל", "שלח", "מסר"})


def _verb_subject(idx: SourceIndex, p: int, after: Sequence[Word]) -> list[frozenset[str]] | None:
    """The forms of the subject of the verb at flat position ``p`` when its clause opens
    with a fronted object (את) holding one of the claim's words ``after`` the verb, with
    the object's own forms (a claim naming them names no other subject); None when the
    clause fronts no object."""
    clause = clause_at(idx, p)
    dated = idx.flat[clause.lo : p]
    if (
        0 < len(dated) <= 2
        and dated[-1].number is not None
        and all(t.number is not None or len(t.key) == 1 for t in dated)
        and p + 2 < clause.hi
    ):
        # a fronted date ("מ-1982 ניהל את המטבח X"): the verb, its object, then X
        if idx.flat[p + 1].key != "את":
            return None
        q = p + 2
        while q < clause.hi and any(x.forms & frame_forms(idx.flat[q]) for x in after):
            q += 1
        if q == p + 2:
            return None
        p, fronted = q - 1, [frame_forms(t) for t in idx.flat[p + 2 : q]]
        after = [x for x in after if any(x.forms & f for f in fronted)]
    elif idx.flat[clause.lo].key not in OBJECT_MARKERS or not 1 < p - clause.lo <= FRONTED_MAX:
        return None
    else:
        fronted = [frame_forms(t) for t in idx.flat[clause.lo + 1 : p]]
    # the verb follows its object right away, and its subject follows it: a noun, not a
    # prepositional phrase or an infinitive ("את השאר אנסה לגייס מקרן")
    if not any(x.forms & f for x in after for f in fronted[-2:]):
        return None
    subject = _subject_after(idx, p, clause.hi)
    return None if subject is None else subject + fronted


def _subject_after(
    idx: SourceIndex, p: int, hi: int, preps: str = "בלמ"
) -> list[frozenset[str]] | None:
    """The forms of the subject standing right after the verb at flat position ``p`` (its
    clause ending at ``hi``), with its apposition; None when a noun does not follow the
    verb or the subject holds no name."""
    nxt = idx.flat[p + 1] if p + 1 < hi else None
    if (
        nxt is None
        or not is_content(nxt)
        or nxt.number is not None
        or any(has_prefix(nxt, c) for c in preps)
    ):
        return None
    # the subject with its apposition ("אחיו, מנחם"), past a comma the clause ends at
    last = idx.sent_flat[idx.flat_sent[p]][1]
    end = min(max(hi, p + 1 + SUBJECT_REACH), last)
    # it ends at a function word opening a phrase of its own ("הצלם X עבור הגלריה של
    # הצייר Y": Y is no subject)
    stop = next((q for q in range(p + 2, hi) if not is_content(idx.flat[q])), None)
    span = list(idx.flat[p + 1 : end if stop is None else stop])
    if hi < last:
        # a short clause past the comma, not opened by ו, names the subject described
        # at length ("ראש המחלקה לביולוגיה של מים מתוקים, ד"ר אורי שפירא,")
        nxt_clause = clause_at(idx, hi)
        if nxt_clause.hi - nxt_clause.lo <= NAME_MAX + 1 and not has_prefix(idx.flat[hi], "ו"):
            span += idx.flat[max(hi, p + 1 + len(span)) : nxt_clause.hi]
    toks = [t for t in span if is_content(t)]
    # a description ("אביו", "המורה") may be the claim's person; another name is not
    if not any(_rare(idx, t) and not has_prefix(t, "ה") for t in toks):
        return None
    return [frame_forms(t) for t in toks]


def word_cores(key: str) -> set[str]:
    """The word's letters without the vowel letters ו / י, with up to two leading
    particles or future / pattern prefixes and an ending stripped: a verb and the action
    noun of its root meet there ("תיקנו" / "התיקון", "שהחליטה" / "ההחלטה", "תתפור" /
    "תפירת")."""
    bare = key.replace("ו", "").replace("י", "")
    heads = {bare} | {bare[a:] for a in (1, 2) if all(c in _LEADS for c in bare[:a])}
    out = set()
    for h in heads:
        out.add(h)
        out |= {h[: -len(e)] for e in _ENDINGS if h.endswith(e) and len(h) - len(e) >= 2}
    return {c for c in out if len(c) >= 2}


def _light_subject(
    idx: SourceIndex, sent: int, verb: Word
) -> tuple[int, list[frozenset[str]]] | None:
    """A clause of sentence ``sent`` that fronts the action noun of the claim's ``verb``
    and gives it a light verb ("ואת התיקון עשו X", "את ההחלטה קיבל X"): the flat position
    of the light verb and its subject's forms. Its subject did the act the noun names."""
    mine = {c for c in word_cores(verb.tok.key) if len(c) >= 3}
    lo, hi = idx.sent_flat[sent]
    for q in range(lo, hi - 2):
        noun = idx.flat[q + 1].key
        if idx.flat[q].key not in OBJECT_MARKERS or verb.tok.key.lstrip("ו") in (noun, noun[1:]):
            continue  # the claim keeps the noun itself
        if not mine & {c for c in word_cores(idx.flat[q + 1].key) if len(c) >= 3}:
            continue
        clause = clause_at(idx, q)
        if any(is_content(t) for t in idx.flat[clause.lo : q]):
            continue  # the object opens its clause, after a conjunction at most ("אבל את")
        for p in range(q + 2, min(clause.hi, q + 1 + FRONTED_MAX)):
            t = idx.flat[p]
            if not is_content(t) or t.number is not None or t.key[0] in "הבלמ":
                continue
            if not word_cores(t.key) & _LIGHT:
                break
            # the subject may follow the verb's indirect object ("שלח לעובדים X")
            r = p
            while r + 1 < clause.hi and r < p + 2 and idx.flat[r + 1].key[0] in "בל":
                r += 1
            subject = _subject_after(idx, r, clause.hi, "בל")  # "מנכ"ל" is no מ + noun
            if subject is not None:
                fronted = [frame_forms(u) for u in idx.flat[q + 1 : p]]
                return p, subject + fronted
            break
    return None


def _rare(idx: SourceIndex, t: Token) -> bool:
    """A word the source may name someone by: it stands in one or two of its sentences."""
    got = {i for f in frame_forms(t) for i in idx.loose.get(f, ())}
    return 0 < len(got) <= NAME_SENTENCES


def _other_bearer(idx: SourceIndex, sent: int, names: list[Word], missing: list[Word]) -> bool:
    """The source's subject shares a word of the claim's subject (a family name, a role),
    but sentence ``sent`` names someone else by two of the claim's words in a row, the first
    not the subject's ("ואת חלונות הוויטראז' עיצב בנה, האמן יואב טננבלום" against the
    subject "זיוה טננבלום")."""
    lo, hi = idx.sent_flat[sent]
    for a, b in zip(names, names[1:], strict=False):
        if a in missing:
            for q in range(lo, hi - 1):
                if a.forms & frame_forms(idx.flat[q]) and b.forms & frame_forms(idx.flat[q + 1]):
                    return True
    return False


def _cleft(claim: Claim, verb: Word) -> bool:
    """A cleft "X הוא ש-VERB" ("עדי היא שהחליטה"): X, all of it, is the verb's subject."""
    before = [t for t in claim.tokens if t.end <= verb.tok.start]
    return verb.tok.key.startswith("ש") and bool(before) and before[-1].key in COPULAS


def _fronts(claim: Claim, first: Word, verb: Word) -> bool:
    """The claim fronts an object itself ("את X קנה Y"): its subject is no subject."""
    return any(
        t.key in OBJECT_MARKERS and first.tok.start - 4 <= t.start < verb.tok.start
        for t in claim.tokens
    )


def _claim_roles(
    claim: Claim, k: int, starts: list[int]
) -> tuple[list[Word], Sequence[Word]] | None:
    """The subject of the claim's verb ``claim.words[k]`` and the words it binds as its
    object: in "את X VERB Y" (round 47) Y after the verb and X before it, otherwise the
    subject before the verb and the words after it; None when the word is no such verb."""
    cw = claim.words
    if _opens_with_object(claim, starts[k]):  # "את X VERB Y": Y is the subject
        if has_prefix(cw[k].tok, "ו"):
            return None  # "את הבשר והגבינות": a conjunct of the object, no verb
        return _after_verb(claim, k, starts), cw[starts[k] : k]
    mine = _claim_subject(claim, k, starts)
    return None if mine is None else (mine, cw[k + 1 :])


def _claim_subject(claim: Claim, k: int, starts: list[int]) -> list[Word] | None:
    """The subject of the claim's verb ``claim.words[k]`` read before it (a cleft's whole
    "X הוא ש"), or None when the claim fronts an object before a subject of its own."""
    cw = claim.words
    mine = clause_subject(claim, k, starts[k])
    if _cleft(claim, cw[k]):
        mine = [w for w in cw[starts[k] : k] if w.number is None]
    if mine and _fronts(claim, mine[0], cw[k]):
        return None
    return mine


def _opens_with_object(claim: Claim, lo: int) -> bool:
    """Whether the claim's clause opening at word ``lo`` opens with את: its object is
    fronted, and its subject follows the verb (round 47)."""
    start = claim.words[lo].tok.start
    before = [t for t in claim.tokens if t.end <= start]
    return bool(before) and before[-1].key in OBJECT_MARKERS


def _after_verb(claim: Claim, k: int, starts: list[int]) -> list[Word]:
    """The claim's words after its verb ``claim.words[k]`` up to its clause's end, the
    subject of a fronted object's verb ("את הלקוחות הביא נסים ראובנוב")."""
    cw = claim.words
    end = next((j for j in range(k + 1, len(starts)) if starts[j] != starts[k]), len(cw))
    return [w for w in cw[k + 1 : end] if w.number is None]


def _doers(
    idx: SourceIndex, frames: Sequence[tuple[int, list[Word]]], x: Word, after: Sequence[Word]
) -> Iterator[tuple[int, int, list[frozenset[str]]]]:
    """Each clause of the frames that states the claim verb ``x`` after a fronted object
    (the verb itself, or a light verb after its action noun): sentence, flat position of
    the verb, and the forms of its subject and object."""
    for i, fw in frames:
        for y in fw:
            if same_word(x, y):
                p = idx.flat_at(y.tok.start)
                theirs = _verb_subject(idx, p, after)
                if theirs is not None:
                    yield i, p, theirs
        light = _light_subject(idx, i, x)
        if light is not None:
            yield i, *light


def fronted_object_subject(
    claim: Claim, idx: SourceIndex, frames: Sequence[tuple[int, list[Word]]], sent: int
) -> Issue | None:
    """A claim verb whose source clause fronts its object, the claim's subject standing
    neither after that verb nor nowhere in the source."""
    cw = claim.words
    if claim.question_end >= 0:
        return None  # an answer is read by the question checks
    starts = clause_starts(claim) if len(cw) <= MAX_WORDS else []
    for k, x in enumerate(cw[: len(starts)]):
        if k == 0 or x.number is not None:
            continue
        read = _claim_roles(claim, k, starts)
        if read is None:
            continue
        mine, after = read
        # a name, not a definite role noun ("הסוכן"), which two people may share
        names = [w for w in mine if _rare(idx, w.tok) and not has_prefix(w.tok, "ה")]
        if not names:
            continue
        for i, p, theirs in _doers(idx, frames, x, after):
            # a name the source's subject lacks ("יואב טננבלום" for "זיוה טננבלום")
            missing = [w for w in names if not any(w.forms & f for f in theirs)]
            if not missing or (
                len(missing) < len(names) and not _other_bearer(idx, i, names, missing)
            ):
                continue
            roles = [w for w in mine if has_prefix(w.tok, "ה")]
            here = any(i in idx.loose.get(f, ()) for w in missing for f in w.forms)
            if not here and not any(w.forms & f for w in roles for f in theirs):
                # named neither in another clause of this sentence nor by the role the
                # source's doer holds ("הסוכן X" for "הסוכן Y"): maybe the same person
                continue
            s, e = idx.sentences[i]
            verb = idx.source[idx.flat[p].start : idx.flat[p].end]
            msg = (
                f"{verb}: in the source its subject follows it, after the fronted object, "
                f"and is not the claim's: «{excerpt(idx, i)}» (source [{s}:{e}])"
            )
            return Issue(IssueKind.BOUND_ELSEWHERE, msg, (s, e))
    return None
