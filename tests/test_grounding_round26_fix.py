"""Round 26 (fix26): readings the word-reader fix (stem26) exposed, on Hebrew of our own.

Every sentence here is written for the test, not copied from a pair set; each expected
verdict follows from the Hebrew (what the sentence says), not from the code's output.
"""

from __future__ import annotations

import numpy as np

from workbench.grounding import IssueKind, ground_claim
from workbench.grounding.checks import meaning_checks
from workbench.grounding.prepare import prepare_claim
from workbench.grounding.reading.index import index_source
from workbench.grounding.values.partitive_count import partitive_whole


def _meaning_issues(source: str, claim: str, best: int, other: int) -> list[str]:
    """``meaning_checks`` with sentence ``best`` as the best span and ``other`` as a
    further chosen span (one-sentence candidates of ``source``)."""
    idx = index_source(source)
    c = prepare_claim(claim)
    one = {cd.first: k for k, cd in enumerate(idx.candidates) if cd.first == cd.last}
    m = np.zeros((len(c.terms), len(idx.sentences)))
    return [i.kind.value for i in meaning_checks(c, idx, (one[best], one[other]), m)]


def test_a_word_said_outright_is_not_denied_by_a_skeleton_it_shares() -> None:
    # "מאיימים" (threatening) and "ומאם" (and from a mother) share only the skeleton מאמ;
    # the first sentence says "מאם" outright: "not threatening" denies no mother
    source = "חבר הוועד שמע את הסיפור מאם של תלמידה. ההורים לא מאיימים בתביעה."
    claim = "ההורים שמעו את הסיפור מחבר הוועד ומאם של תלמידה"
    assert _meaning_issues(source, claim, best=1, other=0) == []


def test_a_negated_word_of_the_claims_root_still_denies_it() -> None:
    # "לא זכה" (did not win) is the verb of "זכייה" (a win) itself: the claim that the
    # supplier announced a win is denied, whatever another sentence says of a win
    source = "העירייה פרסמה את הזכייה במכרז. הספק לא זכה במכרז."
    claim = "הספק הודיע על זכייה במכרז"
    assert _meaning_issues(source, claim, best=1, other=0) == ["source_negates"]


_VOLUNTEERS = (
    "בעמותה רשומים 60 מתנדבים, ורובם פעילים בסופי שבוע, אבל ארבעה מהם מגיעים גם בימי שני "
    "ומבשלים ארוחות חמות. העמותה פועלת בעיר כבר עשר שנים."
)


def test_a_count_of_a_named_whole_is_the_count_of_them() -> None:
    # "ארבעה מהמתנדבים" (four of the volunteers) is "ארבעה מהם" with the pronoun spelled
    # out: the count stays in its own clause, though the noun is named in the first one
    got = ground_claim("ארבעה מהמתנדבים מגיעים גם בימי שני ומבשלים ארוחות חמות.", _VOLUNTEERS)
    assert got.verdict == "supported"
    assert not any(i.kind is IssueKind.BOUND_ELSEWHERE for i in got.issues)


def test_the_part_count_moved_onto_the_whole_is_still_caught() -> None:
    # four volunteers cook on Mondays; sixty are registered: "four are registered" is wrong
    got = ground_claim("ארבעה מתנדבים רשומים בעמותה.", _VOLUNTEERS)
    assert got.verdict != "supported"
    assert any(i.kind is IssueKind.BOUND_ELSEWHERE for i in got.issues)


def test_partitive_whole_reads_the_glued_of() -> None:
    claim = prepare_claim("שלוש מהמשפחות קיבלו דירה")
    count = claim.tokens[0]
    assert "משפחות" in partitive_whole(claim, count)  # the whole, with or without its article
    workers = prepare_claim("ארבעה מעובדי המפעל פוטרו")  # of a whole in the construct state
    assert "עובדי" in partitive_whole(workers, workers.tokens[0])
    not_a_count = prepare_claim("המשפחות מהעיר קיבלו דירה")
    assert partitive_whole(not_a_count, not_a_count.tokens[0]) == frozenset()
