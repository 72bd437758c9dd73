"""A list answer to a who-question names each of its people as an answer (round 27).

"מי השתתף בטקס? דנה כהן ויוסי לוי" says that Dana took part AND that Yossi took part: each
name of the list answers the question by itself. The question-aware checks place an answer
as one piece, so a list whose first name stands where the question points let a second
name through though the source gives that person another act ("את האירוע צילם יוסי לוי").

A list is names joined by commas and a last ו ("דנה, רון ויוסי לוי"; "דנה ויוסי לוי"):
every item one to three words, none a function word, a number or a noun with the
article (a coordinated noun phrase, "נציגי העירייה והמשטרה", is no list of people, and an
apposition, "יואב קרמר, אחיו של האמן", holds a function word); a title's abbreviation
mark is part of its word ("ד"ר רונית לוי ופרופ' אבי שגיא", review27b). Each item is read as the
answer of its own "question? NAME" claim by ``answer_place`` and ``answer_name_checks``
(the list's other names are no rivals of it, and a dialogue speaker of the list may be
placed by a co-speaker's turn naming them: "דוד ואני נארגן"); the first item that fails
is the answer's issue, with the item named in its message.
"""

from __future__ import annotations

from workbench.grounding.answers.answer_names import answer_name_checks
from workbench.grounding.answers.answer_types import AnswerType, asked_type
from workbench.grounding.answers.question import answer_place
from workbench.grounding.candidates import match_matrix, term_weights
from workbench.grounding.prepare import Claim, prepare_claim
from workbench.grounding.reading.index import SourceIndex
from workbench.grounding.reading.pieces import has_prefix
from workbench.grounding.results import Issue
from workbench.hebrew import Token, is_stopword

ITEM_WORDS = 3  # the longest item of a list of names ("יוסי בן דוד")
# The mark that ends a title's abbreviation ("פרופ' אבי שגיא", "גב' לוי"): part of the word,
# no mark between a list's words (review27b).
ABBREVIATION_MARKS = "'\u05f3"


def list_items(claim: Claim, idx: SourceIndex) -> list[tuple[int, int]]:
    """The items of a who-question's list answer, as (start, end) offsets of each name
    without its joining ו; ``[]`` when the answer is no list of names. A word opening
    with ו joins a new name only where the source writes it without the ו ("ודנה": the
    source names "דנה") or never writes it after the word before, since a name may open
    with the letter ("ז'ק ונדנברוק"); the list ends at its ו-item (", בחצר ביתו" after
    it says where, not who)."""
    q = claim.question_end
    asked = [t for t in claim.tokens if t.start < q]
    answer = [t for t in claim.tokens if t.start > q]
    if q < 0 or len(answer) < 2 or asked_type(asked) is not AnswerType.PERSON:
        return []
    groups: list[list[Token]] = [[answer[0]]]
    joined = False
    for a, b in zip(answer, answer[1:], strict=False):
        gap = claim.text[a.end : b.start].lstrip(ABBREVIATION_MARKS)  # "פרופ' אבי"
        if "," in gap and joined:
            break  # what follows the list's last name is no name of it
        if "," in gap or (has_prefix(b, "ו") and _joins(a, b, idx)):
            joined = joined or "," not in gap
            groups.append([b])
        elif gap.strip():
            return []  # another mark inside the answer: not a plain list
        else:
            groups[-1].append(b)
    if not joined or len(groups) < 2 or not all(_name_like(g) for g in groups):
        return []
    return [(_item_start(g[0]), g[-1].end) for g in groups]


def _joins(a: Token, b: Token, idx: SourceIndex) -> bool:
    """Whether ``b``'s opening ו joins a new name after ``a``: the source writes the name
    without it, or never writes ``b`` right after ``a`` as one name ("ז'ק ונדנברוק"). Read
    from the index's own tables (``exact``: the source's words; ``form_pos``: where each
    word stands)."""
    if b.key[1:] in idx.exact:
        return True
    flat = idx.flat
    return not any(
        flat[p].key == a.key and p + 1 < len(flat) and flat[p + 1].key == b.key
        for p in idx.form_pos.get(a.key, ())
    )


def _name_like(group: list[Token]) -> bool:
    """Whether ``group`` may be a name: one to ``ITEM_WORDS`` words, none a function word,
    a number or a word with the article."""
    if not 1 <= len(group) <= ITEM_WORDS:
        return False
    words = [_bare(t) for t in group]
    return all(
        t.number is None and not is_stopword(t) and not has_prefix(t, "ה") and len(k) > 1
        for t, k in zip(group, words, strict=True)
    )


def _bare(t: Token) -> str:
    """The word without its joining ו."""
    return t.key[1:] if has_prefix(t, "ו") else t.key


def _item_start(t: Token) -> int:
    """Where the name of item word ``t`` starts: past its joining ו."""
    return t.start + 1 if has_prefix(t, "ו") else t.start


def list_answer_checks(claim: Claim, idx: SourceIndex) -> list[Issue]:
    """Each name of a who-question's list answer placed and bound as an answer of its own
    (see the module docstring)."""
    items = list_items(claim, idx)
    if not items:
        return []
    asked = claim.text[: claim.question_end + 1]
    answer = [t for t in claim.tokens if t.start > claim.question_end]
    for start, end in items:
        one = prepare_claim(f"{asked} {claim.text[start:end]}")
        w = term_weights(match_matrix(one, idx))
        rest = [t for t in answer if not start <= t.start < end]
        placed = answer_place(one, idx, w)[1]
        if placed and _named_by_other(one, idx, rest):
            placed = []
        found = placed or answer_name_checks(one, idx, w, (claim.text, rest))
        if found:
            name = claim.text[start:end]
            first = found[0]
            msg = f"{name}, one of the answer's names: {first.message}"
            return [Issue(first.kind, msg, first.span)]
    return []


def _named_by_other(one: Claim, idx: SourceIndex, rest: list[Token]) -> bool:
    """Whether a dialogue speaker that ``one`` answers with is named, by a word of their
    name, in a turn of another speaker of the list ("דוד ואני נארגן" said by Merav, for
    "דוד אלון ומירב גל"): a speaker is placed by their own turns, and a list answer
    also by the turn of the speaker who says "X and I"."""
    item = [t for t in one.tokens if t.start > one.question_end]
    forms = {f for t in item for f in (t.key, *t.stems)}
    theirs = {f for t in rest for f in (t.key, *t.stems)}
    if not any(ws and ws <= forms for ws in idx.speakers):
        return False
    mine = {item[0].key, *item[0].stems}
    for sent, k in enumerate(idx.sent_speaker):
        if k >= 0 and idx.speakers[k] and idx.speakers[k] <= theirs:
            lo, hi = idx.sent_flat[sent]
            if any(mine & {t.key, *t.stems} for t in idx.flat[lo:hi]):
                return True
    return False
