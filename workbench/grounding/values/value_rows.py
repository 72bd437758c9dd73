"""A value of another row: one sentence, parallel clauses, each with its own value.

"הספרייה פתוחה בימים א'-ה' מ-9:00 עד 19:00, וביום ו' מ-8:00 עד 13:00" is two rows; so is
"הכניסה לתושבי העיר חינם, ולאחרים 20 שקל". A claim that takes a word only the second
row has ("ביום ו'") and the value of the first ("ב-19:00") joins two rows, every word of
it in the source (round 30). Read where the word stands in exactly one sentence, among the
first words of a later clause (cut at marks, openers and ", ו": the second row's own
contrast, "וביום ו'", not the subject both rows share) that states a value of the claim
value's kind and not the claim's value, and the claim's value stands in an earlier clause; the claim keeps the word and the value in one clause of its own, and
states no value of the word's row itself (a claim giving both rows is read elsewhere).
"""

from __future__ import annotations

from workbench.grounding.prepare import Claim
from workbench.grounding.reading.index import SourceIndex, frame_forms
from workbench.grounding.reading.pieces import (
    clip,
    has_form,
    has_prefix,
    is_content,
    sentence_numbers,
)
from workbench.grounding.reading.sentence_clauses import Clause, marked, sentence_clauses
from workbench.grounding.results import Issue, IssueKind
from workbench.grounding.values.bound_numbers import (
    POINTS_AT_WHOLE,
    ROW_OPENERS,
    counted,
    kind_of,
    next_word_in,
    same_value,
)
from workbench.hebrew import TIME_WORDS, NumberMention, Token, is_light, is_question_word

# The row's own word opens its clause: "וביום ו'", "ולאחרים" (its first two words).
_HEAD = 2


def value_of_another_row(claim: Claim, idx: SourceIndex) -> list[Issue]:
    """``bound_elsewhere`` for a claim joining a word of one row to the value of another
    row of the same sentence, pointing at the value the word's row states; or a share word
    of one clause to the predicate of another (``_crossed_share``)."""
    return _crossed_values(claim, idx) or _crossed_share(claim, idx)


# Words that state a share of a whole ("רוב העובדים", "כשליש מהם"), matched by their forms.
SHARE_WORDS = frozenset({"רוב", "מרבית", "מחצית", "שליש", "רבע", "מיעוט"})


def _crossed_share(claim: Claim, idx: SourceIndex) -> list[Issue]:
    """A share word of the claim that the source says, in one sentence, only in a clause
    without the claim's predicate word, while the clause holding that word states another
    share: "רוב עובדי המפעל הן נשים" for "רוב העובדים במפעל הם תושבי דימונה, וכשליש מהם
    נשים" (round 31). The predicate word stands in that sentence only (a rare word)."""
    toks = [t for t in claim.tokens if claim.asserts(t)]
    shares = [t for t in toks if has_form(t, SHARE_WORDS)]
    words = [t for t in toks if t.number is None and is_content(t) and not is_light(t)]
    for q in shares:
        for w in words:
            forms = frame_forms(w)
            if w is q or forms & frame_forms(q):
                continue
            sents = {idx.flat_sent[p] for f in forms for p in idx.form_pos.get(f, ())}
            if len(sents) != 1:
                continue
            sent = next(iter(sents))
            clauses = sentence_clauses(idx, sent)
            mine = [cl for cl in clauses if any(_same_share(q, t) for t in cl.toks)]
            row = [cl for cl in clauses if any(forms & frame_forms(t) for t in cl.toks)]
            if not mine or len(row) != 1 or row[0] in mine:
                continue
            other = [t for t in row[0].toks if has_form(t, SHARE_WORDS) and not _same_share(q, t)]
            if other:
                said = claim.text[q.start : q.end]
                theirs = idx.source[other[0].start : other[0].end]
                msg = (
                    f"{said} is said of «{clip(idx.source[mine[0].start : mine[0].end])}»; of "
                    f"«{claim.text[w.start : w.end]}» the source says {theirs}"
                )
                return [Issue(IssueKind.BOUND_ELSEWHERE, msg, (other[0].start, other[0].end))]
    return []


def _same_share(a: Token, b: Token) -> bool:
    """Whether two words are the same share word (by its forms: "רוב" / "ברוב")."""
    return bool(SHARE_WORDS & frame_forms(a) & frame_forms(b))


def _crossed_values(claim: Claim, idx: SourceIndex) -> list[Issue]:
    """A claim value joined to the fronted phrase of another row (see the module). In
    "question? answer" the question's words are the answer's partners: the question binds
    them to its answer's value across its "?" (round 40: "מה הייתה הטמפרטורה בתל אביב? 47
    מעלות" for "הטמפרטורה בבית שאן הגיעה ל-47 מעלות, ובתל אביב ל-36")."""
    toks = list(claim.tokens)
    words = [t for t in toks if t.number is None and is_content(t) and not is_light(t)]
    q = claim.question_end
    for m in claim.numbers:
        if m.start < q:
            continue
        for w in words:
            if w.start < q:
                if is_question_word(w):
                    continue
            elif marked(claim.text, *sorted((w, _token_at(toks, m)), key=lambda t: t.start)):
                continue  # the claim keeps them in two clauses of its own
            got = _crossed(claim, idx, m, w, asked=w.start < q)
            if got is not None:
                return [got]
    return []


def _token_at(toks: list[Token], m: NumberMention) -> Token:
    return next(t for t in toks if m.start <= t.start < m.end)


def _crossed(
    claim: Claim, idx: SourceIndex, m: NumberMention, w: Token, *, asked: bool = False
) -> Issue | None:
    """The issue of claim value ``m`` joined to the row of word ``w``. A question's word
    (``asked``) is read in a later row only: a question takes its words from the first
    row's subject and the value from a part after it ("כמה אנשי צוות קיבלו תוספת לילה?
    שמונה" for "22 אנשי צוות קיבלו שעות נוספות, ושמונה מהם ... תוספת לילה")."""
    forms = frame_forms(w)
    sents = {idx.flat_sent[p] for f in forms for p in idx.form_pos.get(f, ())}
    if len(sents) != 1:
        return None
    sent = next(iter(sents))
    clauses = sentence_clauses(idx, sent)
    numbers = [(cl, _numbers(idx, sent, cl)) for cl in clauses]
    mine = [cl for cl, ns in numbers if any(same_value(m, n) for n in ns)]
    strict = frozenset({w.key, *w.stems})
    row = [cl for cl in clauses if _opens_row(cl, forms, strict)]
    if (
        not row
        and not asked
        and mine
        and mine[0] is not clauses[0]
        and _new_subject(mine[0])
        and not _part(mine[0])
        and not any(next_word_in(idx, n, POINTS_AT_WHOLE) for n in _numbers(idx, sent, mine[0]))
    ):
        # the first row's own words, the value of a row after it ("הוועד ביקש 400 אלף, והעירייה
        # אישרה 150 אלף" -> "הוועד ביקש 150 אלף"; round 34)
        head = clauses[0].toks[:_HEAD]
        row = [clauses[0]] if any(forms & frame_forms(t) for t in head) else []
    elif (
        row
        and mine
        and row[0].lo < mine[0].lo
        and (asked or not (_part(row[0]) and _part(mine[0])))
    ):
        return None  # a row follows the clause it mirrors; listed parts go either way
    if not mine or len(row) != 1 or row[0] in mine:
        return None
    if _new_subject(row[0]) and any(t.key == w.key for t in mine[0].toks):
        return None  # the word, as written, stands in the value's clause ("ביקש מהעירייה")
    noun = counted(claim.text, claim.tokens, m)
    theirs = [
        n
        for n in _numbers(idx, sent, row[0])
        if kind_of(n) == kind_of(m) and not same_value(m, n) and _counts(idx, sent, n, noun)
    ]
    said = {n.value for n in claim.numbers}
    if not theirs or any(n.value in said for n in theirs):
        return None
    word = claim.text[w.start : w.end]
    there, cl = theirs[0], row[0]
    msg = (
        f"{m.text.strip()} is stated for «{clip(idx.source[mine[0].start : mine[0].end])}»; "
        f"for «{word}» («{clip(idx.source[cl.start : cl.end])}») the source says {there.text.strip()}"
    )
    return Issue(IssueKind.BOUND_ELSEWHERE, msg, (there.start, there.end))


def _part(cl: Clause) -> bool:
    """Whether clause ``cl`` is a listed part: it opens with its figure ("7 מהם תמכו",
    "4 התנגדו")."""
    return bool(cl.toks) and cl.toks[0].number is not None


def _opens_row(cl: Clause, forms: frozenset[str], strict: frozenset[str]) -> bool:
    """Whether clause ``cl`` opens with "ו" and a fronted phrase holding the word (forms
    ``forms``): "וביום ו' ...", "ולאחרים ..." (a row whose verb is gapped), or a new
    subject, "והעירייה אישרה 150 אלף" (round 34: its word by written form and stems only,
    ``strict``: "חודשו" is no "חודשים")."""
    head = cl.toks[:_HEAD]
    if head and head[0].key[:2] in ROW_OPENERS:
        return any(forms & frame_forms(t) for t in head)
    if _new_subject(cl):
        return any(strict & {t.key, *t.stems} for t in head)
    # a listed part: ", 4 התנגדו ואחד נמנע" after "7 מהם תמכו" (round 31)
    if cl.toks and cl.toks[0].number is not None:
        return any(forms & frame_forms(t) for t in cl.toks[1 : 1 + _HEAD])
    return False


def _new_subject(cl: Clause) -> bool:
    """Whether clause ``cl`` opens with "ו" and a definite noun, a subject of its own with
    its own verb ("והעירייה אישרה 150 אלף"; not a verb before its infinitive, "והחלה
    לייצא", and/begin to export): the words of the row before it are that row's alone, as
    a gapped row ("וביום ו' ...") shares them."""
    head = cl.toks[:_HEAD]
    if not head or not has_prefix(head[0], "וה") or head[0].key[2:] in TIME_WORDS:
        return False  # "והשנה הוא התייקר": a time, not a subject
    return not (len(head) > 1 and head[1].key[:1] == "ל")


def _counts(idx: SourceIndex, sent: int, n: NumberMention, noun: frozenset[str]) -> bool:
    """Whether source number ``n`` counts the claim value's noun, or neither names one
    (read within its sentence: "ב-7:30. מנוי" counts no subscription)."""
    lo, hi = idx.sent_flat[sent]
    if _elided(idx, n):
        return True  # a listed part ("..., 4 התנגדו") counts the whole's noun
    theirs = counted(idx.source, idx.flat[lo:hi], n)
    return bool(theirs & noun) if theirs and noun else not theirs and not noun


def _elided(idx: SourceIndex, n: NumberMention) -> bool:
    """Whether source figure ``n`` names no noun of its own: it opens its clause as a part
    of a list ("..., 4 התנגדו"), points at its whole ("7 מהם תמכו") or ends its clause."""
    if next_word_in(idx, n, POINTS_AT_WHOLE):
        return True
    at = idx.flat_at(n.start)
    after = idx.flat_at(n.end)
    if after >= len(idx.flat) or any(
        c in ".,;:" for c in idx.source[n.end : idx.flat[after].start]
    ):
        return True  # "והעירייה אישרה 150 אלף.": the row ends with its figure (round 34)
    return at > 0 and any(c in "," for c in idx.source[idx.flat[at - 1].end : n.start])


def _numbers(idx: SourceIndex, sent: int, cl: Clause) -> list[NumberMention]:
    """The checked numbers the engine's one number reader finds in clause ``cl``."""
    return [n for n in sentence_numbers(idx, sent) if n.checked and cl.start <= n.start < cl.end]
