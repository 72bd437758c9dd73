"""Round 26 (fix26): readings the word-reader fix (stem26) exposed, on Hebrew of our own.

Every sentence here is written for the test, not copied from a pair set; each expected
verdict follows from the Hebrew (what the sentence says), not from the code's output.
"""

from __future__ import annotations

import numpy as np

from workbench.grounding.checks import meaning_checks
from workbench.grounding.index import index_source
from workbench.grounding.prepare import prepare_claim


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
