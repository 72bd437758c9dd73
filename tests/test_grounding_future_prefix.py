"""A future-tense verb read without its person prefix (binding10's rule, restored in
round 10 on heldout4's evidence). Hebrew marks the future's person and gender by the
prefix alone (יעבור he/it, תעבור she, נעבור we), so a claim that gives a verb another
subject's gender is the same verb. Each value worked out by hand."""

from __future__ import annotations

from workbench.grounding import IssueKind, ground_claim
from workbench.grounding.reading.index import frame_forms
from workbench.hebrew import tokenize


def _forms(word: str) -> frozenset[str]:
    return frame_forms(tokenize(word)[0])


def test_future_person_prefixes_share_the_stem() -> None:
    """יעבור / תעבור / נעבור share "~עבור"; ימשיך / תמשיך share "~משיכ"."""
    assert "~עבור" in _forms("תעבור") & _forms("יעבור")
    assert "~עבור" in _forms("נעבור") & _forms("יעבור")
    assert "~משיכ" in _forms("ימשיך") & _forms("תמשיך")


def test_other_verbs_share_no_stem() -> None:
    """יעבוד (will work) is not תעבור (will move): one letter apart, no shared form; a
    number and a short word get no stem."""
    assert not _forms("יעבוד") & _forms("תעבור")
    assert not any(f.startswith("~") for f in _forms("2017"))
    assert not any(f.startswith("~") for f in _forms("יש"))


SOURCE = (
    "העירייה הודיעה אתמול על שינויים בשירותי התרבות. "
    "הארכיון יעבור לבניין חדש במרכז העיר, ואילו הספרייה העירונית, שבה עובדים 12 איש, "
    "תישאר במרתף של בית העירייה. "
    "המעבר יימשך כחודשיים."
)


def test_the_other_clauses_subject_with_the_verb_in_its_gender() -> None:
    """ "הספרייה העירונית תעבור": the source moves the archive (יעבור), the library stays
    (תישאר); the claim's feminine form of the verb still binds it to the archive's clause."""
    bad = ground_claim("הספרייה העירונית תעבור לבניין חדש במרכז העיר.", SOURCE)
    assert bad.verdict == "partial"
    assert any(i.kind is IssueKind.BOUND_ELSEWHERE for i in bad.issues)
    for claim in (
        "הארכיון יעבור לבניין חדש במרכז העיר.",
        "הספרייה העירונית תישאר במרתף של בית העירייה.",
    ):
        assert ground_claim(claim, SOURCE).verdict == "supported", claim
