"""Subjects bound to their own clause (round 10, claims without a question): a claim must
not give one clause's subject another clause's predicate. Hand-written Hebrew sources;
each expected verdict worked out by hand from the clause structure of the sentence."""

from __future__ import annotations

from workbench.grounding import IssueKind, ground_claim

GARDEN = (
    "בגינה הקהילתית עובדים כל שבוע עשרות מתנדבים. "
    "את רוב הערוגות שתלו מתנדבים מהשכונה, ורק שלוש ערוגות שתלו ילדי הגן, הקבוצה הצעירה ביותר. "
    "הגינה נפתחה לפני שנתיים."
)


def test_vav_only_opens_a_clause_whose_apposition_is_not_the_first_subject_s() -> None:
    """ ", ורק שלוש ערוגות שתלו ילדי הגן, הקבוצה הצעירה ביותר": the apposition describes
    ילדי הגן, in the clause "ורק" opens; the neighbours of the first clause are not it."""
    bad = ground_claim("מתנדבים מהשכונה הם הקבוצה הצעירה ביותר.", GARDEN)
    assert bad.verdict != "supported"
    issue = next(i for i in bad.issues if i.kind is IssueKind.BOUND_ELSEWHERE)
    assert issue.span is not None and GARDEN[issue.span[0] : issue.span[1]] == "הקבוצה"
    for claim in ("ילדי הגן הם הקבוצה הצעירה ביותר.", "את רוב הערוגות שתלו מתנדבים מהשכונה."):
        ok = ground_claim(claim, GARDEN)
        assert ok.verdict == "supported", (claim, ok.messages)


BRIDGE = (
    "הגשר החדש על הירקון נפתח אתמול לתנועה. "
    "את הגשר תכנן המהנדס יורם שגיא, ואת המעקות עיצבה האמנית דנה לוי. "
    "העבודות נמשכו שנתיים."
)


def test_a_fronted_object_after_vav_et_keeps_its_own_subject() -> None:
    """ ", ואת המעקות עיצבה האמנית דנה לוי": the clause ואת opens has its own verb and
    subject, so the first clause's object and verb given to her is bound elsewhere; each
    clause's own pairing stays supported."""
    bad = ground_claim("את הגשר תכננה האמנית דנה לוי.", BRIDGE)
    assert bad.verdict != "supported"
    assert any(i.kind is IssueKind.BOUND_ELSEWHERE for i in bad.issues), bad.messages
    for claim in ("את הגשר תכנן המהנדס יורם שגיא.", "האמנית דנה לוי עיצבה את המעקות."):
        ok = ground_claim(claim, BRIDGE)
        assert ok.verdict == "supported", (claim, ok.messages)


def test_a_claim_reordering_two_clauses_joins_one_subject_to_the_other_act() -> None:
    """The claim puts the subject first ("האמנית דנה לוי תכננה את הגשר"), where the source
    fronts the object of each clause: in whatever order, its subject is the second
    clause's and its act the first's. The claim stating her own act in that order, or in
    the passive, stays supported. Since round 25 the who-did-it check reads the second
    claim first (יורם שגיא is a person of the table, and the fronted clause "ואת המעקות
    עיצבה האמנית דנה לוי" closes with its own named doer): an agent mismatch, the same
    binding told by the person."""
    binding = (IssueKind.BOUND_ELSEWHERE, IssueKind.AGENT_MISMATCH)
    for claim in ("האמנית דנה לוי תכננה את הגשר.", "המהנדס יורם שגיא עיצב את המעקות."):
        bad = ground_claim(claim, BRIDGE)
        assert bad.verdict != "supported", claim
        assert any(i.kind in binding for i in bad.issues), bad.messages
    for claim in ("דנה לוי עיצבה את המעקות.", "המעקות עוצבו בידי האמנית דנה לוי."):
        ok = ground_claim(claim, BRIDGE)
        assert ok.verdict == "supported", (claim, ok.messages)


def test_a_word_of_its_neighbours_clause_is_not_crossed_in() -> None:
    """ "המהנדס יורם שגיא תכנן את הגשר": the words after the name, aligned out of the
    source's order, are of the name's own clause (before ", ואת"), though the frame's
    words beside the slot belong to the next clause."""
    ok = ground_claim("המהנדס יורם שגיא תכנן את הגשר.", BRIDGE)
    assert ok.verdict == "supported", ok.messages


PETITION = (
    "את העתירה נגד המפעל כתב תושב השכונה, יואב קרמר, שגר לידו. "
    "בית המשפט קיבל את העתירה. "
    "המפעל הגיש אתמול בבוקר ערעור, ואילו קרמר דורש לסגור אותו מיד."
)


def test_two_clauses_read_in_the_sentence_holding_most_of_the_claim() -> None:
    """"יואב קרמר הגיש ערעור" aligns in order with two words of the sentence naming him and
    with two of the sentence where the factory appeals; that sentence holds three of its
    words in any order, across ואילו, and gives the appeal to the factory."""
    bad = ground_claim("יואב קרמר הגיש ערעור.", PETITION)
    assert bad.verdict != "supported"
    assert any(i.kind is IssueKind.BOUND_ELSEWHERE for i in bad.issues), bad.messages
    for claim in ("המפעל הגיש ערעור.", "קרמר דורש לסגור את המפעל מיד."):
        ok = ground_claim(claim, PETITION)
        assert ok.verdict == "supported", (claim, ok.messages)
