"""The doer a who-question asks: in "מי VERB...? NAME", the answer must name the doer of
the question's verb where the source names it (question-aware grounding, ``question``).

* ``answer_agent`` (round 8): where the source states the verb opening its clause after an
  apposition ("בעלה, הצייר משה גרוס, עיצב את התפאורה"), the doer is named there;
* ``answer_doer`` (round 16): where the verb does not open its clause (an object, an
  adverb or the subject stands before it: "ואת המשדרים תכנן המהנדס אליאב דקל", "אך ארגון
  האחיות דרש"), Hebrew states the doer in that clause, before the verb or right after it,
  with an apposition after a comma; an answer none of whose words stand there, while the
  clause names someone, names the doer of another act. Round 18b: an answer whose whole
  name (two words or more) the source states together outside the doer clause names that
  person, even when the doer clause holds one of its words: brothers share a family name
  ("ואת הכרמים נטע אחיו, יצחק ברזילי" is not "משה ברזילי").

Both give ``answer_elsewhere``, pointing at where the source names the doer.
"""

from __future__ import annotations

from workbench.grounding.answers.answer_types import type_clash
from workbench.grounding.answers.answer_values import plural_only, subject_zone, verb_positions
from workbench.grounding.prepare import Claim
from workbench.grounding.reading.index import SourceIndex, frame_forms
from workbench.grounding.reading.pieces import clip, has_form
from workbench.grounding.reading.sentence_clauses import EVERY, OBJECT_MARKERS, sentence_clauses
from workbench.grounding.results import Issue, IssueKind
from workbench.grounding.roles.reported_speech import answers_speaker
from workbench.hebrew import (
    KINSHIP_WORDS,
    PERSON_QUESTIONS,
    STOPWORDS,
    TITLES,
    Token,
    is_clause_opener,
)

APPOSITION_MAX = 4  # words of an apposition after the doer ("רופאת המחוז, ד\"ר תמר וייסגלס,")
COMPLEMENTIZERS = frozenset({"כי", "אשר"})  # "והודיע כי יתרום": the verb opens its clause


def asked_person_verb(claim: Claim) -> Token | None:
    """The verb of a who-question: the first content word after its question word ("מי
    יכול לאשר" -> יכול, "מי תכנן את..." -> תכנן)."""
    asked = [t for t in claim.tokens if t.start < claim.question_end]
    head = next((i for i, t in enumerate(asked[:3]) if has_form(t, PERSON_QUESTIONS)), None)
    if head is None:
        return None
    return next((t for t in asked[head + 1 :] if t.number is None and t.key not in STOPWORDS), None)


def name_forms(t: Token) -> frozenset[str]:
    """An answer word's own forms: itself, its lemmas, and its prefix stems of three
    letters or more ("בנה" is not "ב" + "נה")."""
    return frozenset({t.key, *t.lemmas, *(s for s in t.stems if len(s) >= 3)})


def holds_any(idx: SourceIndex, p: int, words: list[frozenset[str]]) -> bool:
    """Whether the sentence of flat word ``p`` holds one of ``words`` (the question's
    other words: "אמר" is said of many, "מי אמר שהעובדים יפתחו בשביתה" of one)."""
    lo, hi = idx.sent_flat[idx.flat_sent[p]]
    return any(fs & frame_forms(t) for t in idx.flat[lo:hi] for fs in words)


def head_end(claim: Claim) -> int:
    """Where the answer's head ends: at its first comma between two of its words ("יואב
    קרמר, אחיו של האמן דן קרמר": the name it gives, then an apposition describing the
    one named), else at the end of the claim. An answer that opens with its source ("לפי
    הסקר, היבול צפוי לרדת...", "לדברי המנהל, ...") has its head after that comma: the
    attribution is no head the rest describes (round 28)."""
    answer = [t for t in claim.tokens if t.start > claim.question_end]
    cuts = [
        b.start
        for a, b in zip(answer, answer[1:], strict=False)
        if "," in claim.text[a.end : b.start]
    ]
    if cuts and answer and _attributes(answer):
        cuts = cuts[1:]
    return cuts[0] if cuts else len(claim.text)


def _attributes(answer: list[Token]) -> bool:
    """Whether the answer opens with whose word it gives: "לפי", "לדברי", "על פי"."""
    first = answer[0].key
    return first in _ATTRIBUTION or (
        first == "על" and len(answer) > 1 and answer[1].key == "פי"
    )


_ATTRIBUTION = frozenset({"לפי", "לדברי", "ולפי", "ולדברי"})


def answer_words(
    claim: Claim, idx: SourceIndex, verb: Token
) -> tuple[list[frozenset[str]], list[frozenset[str]]]:
    """The answer's content words the source holds (each by its own forms), and the forms
    of the question's words other than its verb ``verb``."""
    q = claim.question_end
    words = [
        name_forms(t)
        for t in claim.tokens
        if t.start > q and t.number is None and t.key not in STOPWORDS
    ]
    found = [fs for fs in words if any(f in idx.form_pos for f in fs)]
    others = [
        frame_forms(t)
        for t in claim.terms
        if t.start < q and t.key != verb.key and t.number is None
    ]
    return found, others


def answer_agent(claim: Claim, idx: SourceIndex) -> list[Issue]:
    """A who-question's answer must name the doer of the question's verb. Where the source
    states the verb opening its clause after an apposition ("בעלה, הצייר משה גרוס, עיצב
    את התפאורה"), the doer is named there: an answer with a word the source holds, but
    never there, names someone else ("נעמי גרוס", of another sentence). Where the verb
    does not open its clause, its doer may stand anywhere before: nothing is said."""
    if claim.question_end < 0 or idx.speakers:
        return []
    verb = asked_person_verb(claim)
    if verb is None or answers_speaker(claim, idx):
        return []  # "לפי NAME, ..." names who said it without the verb (round 41)
    found, others = answer_words(claim, idx, verb)
    zones = [
        z
        for p in verb_positions(verb, idx, inflected=True)
        if (z := subject_zone(idx, p)) is not None
        and holds_any(idx, p, others)
        and (z[0].key in OBJECT_MARKERS or not plural_only(verb, idx.flat[p]))  # "בנו דוד": his son
    ]
    if not found or not zones:
        return []
    # the answer's head, before an apposition's comma, names the doer: "רחל, אחותו של אהרן
    # בירנצווייג" is Rachel, her brother named in relation to her (round 35)
    end = head_end(claim)
    q = claim.question_end
    head = [fs for t in claim.tokens if q < t.start < end and (fs := name_forms(t)) in found]
    for z in zones:
        forms = {f for t in z for f in frame_forms(t)}
        if all(fs & forms for fs in head or found):
            return []
    return [_doer_issue(claim, idx, verb, zones[0])]


def _doer_zone(idx: SourceIndex, p: int) -> list[Token] | None:
    """The words that name the doer of the verb at flat word ``p`` when something stands
    before it in its clause (``EVERY``): Hebrew states the subject in the verb's own
    clause, before it ("אך ארגון האחיות דרש") or, after a fronted object or adverb, right
    after it ("ואת המשדרים תכנן המהנדס אליאב דקל"), with an apposition after a comma
    ("קיבלה רופאת המחוז, ד\"ר תמר וייסגלס,"). ``None`` when the verb opens its clause."""
    clauses = sentence_clauses(idx, idx.flat_sent[p], EVERY)
    k = next(i for i, cl in enumerate(clauses) if cl.lo <= p < cl.hi)
    if clauses[k].lo == p or idx.flat[p - 1].key in COMPLEMENTIZERS:
        return None  # "והודיע כי יתרום": the embedded verb's subject is the matrix one
    zone = list(clauses[k].toks)
    if k + 1 < len(clauses) and len(clauses[k + 1].toks) <= APPOSITION_MAX:
        nxt = clauses[k + 1]
        if not is_clause_opener(nxt.toks[0]):
            zone += nxt.toks
    return zone


def _own_name(z: list[Token], found: list[frozenset[str]], asked: set[str]) -> bool:
    """Whether doer clause ``z`` names a person of its own beside the word it shares with
    the answer: a kin word ("אחיה של מיכל") or a name word just before the shared one (a
    given name: "נפתלי טישלר") that neither the answer nor the question says. A family name
    alone after the verb ("נטע ברזילי בעצמו", the person named in full before) is the same
    person."""
    for i in range(1, len(z)):
        if not any(fs & frame_forms(z[i]) for fs in found):
            continue
        if any(t.key in KINSHIP_WORDS for t in z[max(0, i - 3) : i]):
            return True  # "אחיה של מיכל", "אחיו, נפתלי טישלר"
        if _given_name(z[i - 1], found, asked):
            return True
    return False


def _given_name(prev: Token, found: list[frozenset[str]], asked: set[str]) -> bool:
    """Whether ``prev``, the word before a name word the answer shares, may be a given name
    of another person: a content word that neither the answer nor the question says, not
    definite and not a title ("האיכר ברזילי", "מר ברזילי" name the same person; an adverb
    before the name, "לבסוף ברזילי", is still read as a given name)."""
    forms = frame_forms(prev)
    return (
        prev.number is None
        and prev.key not in STOPWORDS
        and prev.key not in TITLES
        and not is_clause_opener(prev)  # "ואילו דהן יעזוב": an opener, no name (round 25)
        and not prev.key.startswith("ה")
        and not forms & asked
        and not any(fs & forms for fs in found)
    )


def _named_elsewhere(
    idx: SourceIndex, found: list[frozenset[str]], zones: list[list[Token]], asked: set[str]
) -> bool:
    """Whether the answer's whole name (two words or more) stands together in the source
    outside every doer clause, while no doer clause holds it whole and a doer clause gives
    the shared word a name of its own: the name of another person, who shares a word of it
    with the doer ("ברוך טישלר" beside "אחיו, נפתלי טישלר": a family name names no one
    alone)."""
    if len(found) < 2 or not any(_own_name(z, found, asked) for z in zones):
        return False
    inside = {t.start for z in zones for t in z}
    for z in zones:
        forms = {f for t in z for f in frame_forms(t)}
        if all(fs & forms for fs in found):
            return False
    n = len(found)
    for p in range(len(idx.flat) - n + 1):
        run = idx.flat[p : p + n]
        if idx.flat_sent[p] != idx.flat_sent[p + n - 1] or any(t.start in inside for t in run):
            continue
        forms = {f for t in run for f in name_forms(t)}
        if all(fs & forms for fs in found):
            return True
    return False


def answer_doer(claim: Claim, idx: SourceIndex, *, named_only: bool = False) -> list[Issue]:
    """A who-question's answer must be the doer of the question's verb where its clause
    names one: where the source states the verb after another word of its clause (an
    object, an adverb, a subject: ``_doer_zone``), the doer stands in that clause; an
    answer whose words the source holds, none of them there, while the clause names
    someone (a content word the question does not hold), names another's act.

    The name the answer gives is its head, before an apposition's comma (round 25): in
    "יואב קרמר, אחיו של האמן דן קרמר" the apposition names another person in relation to
    the one named, so the head is read for a whole name stated elsewhere
    (``_named_elsewhere``). With ``named_only`` (an answer whose apposition makes it too
    long to place: ``question.answer_place``) only that is read: the apposition's words
    may name the doer as the source does ("גיסו של המייסד"), so their absence says
    nothing."""
    if claim.question_end < 0 or idx.speakers:
        return []
    verb = asked_person_verb(claim)
    if verb is None:
        return []
    q = claim.question_end
    question = [t for t in claim.tokens if t.start < q]
    if type_clash(question, [t for t in claim.tokens if t.start > q], claim.text):
        return []  # no one named: the answer's kind is another (answer kind says so)
    if answers_speaker(claim, idx):
        return []  # "לפי NAME, ..." names who said it without the verb (round 41)
    found, others = answer_words(claim, idx, verb)
    asked = {f for t in question for f in frame_forms(t)}
    found = [fs for fs in found if not fs & asked]  # a word the question says names no one
    if not found:
        return []
    zones = [
        z
        for p in verb_positions(verb, idx, inflected=True)
        if (z := _doer_zone(idx, p)) is not None
        and any(fs & frame_forms(t) for t in z for fs in others)
    ]
    if not zones:
        return []
    end = head_end(claim)
    head = [fs for t in claim.tokens if q < t.start < end and (fs := name_forms(t)) in found]
    named = _named_elsewhere(idx, head or found, zones, asked)
    if named_only and not named:
        return []
    for z in zones:
        forms = {f for t in z for f in frame_forms(t)}
        if any(fs & forms for fs in found) and not named:
            return []
    for z in zones:  # each clause names someone: a word the question does not hold
        if not any(
            t.number is None and t.key not in STOPWORDS and not frame_forms(t) & asked for t in z
        ):
            return []
    return [_doer_issue(claim, idx, verb, zones[0])]


def _doer_issue(claim: Claim, idx: SourceIndex, verb: Token, zone: list[Token]) -> Issue:
    """``answer_elsewhere``, pointing at where the source names the doer of ``verb``."""
    s, e = zone[0].start, zone[-1].end
    said = claim.text[verb.start : verb.end]
    msg = (
        f"the question asks who {said}, and the source names who does it at "
        f"[{s}:{e}] («{clip(idx.source[s:e])}»), not the answer"
    )
    return Issue(IssueKind.ANSWER_ELSEWHERE, msg, (s, e))
