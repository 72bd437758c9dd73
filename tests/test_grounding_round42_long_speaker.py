"""named42 (round 42): a statement opening "לדברי NAME," names its speaker in up to five
words before the comma, not four ("לדברי רכז התעסוקה של המרכז, פבלו פיינזילבר, ..." was
read as no one's, so a claim giving the mayor's statement to the coordinator passed at
P 0.85: heldout12's neighbouring-clause subject). Hand-written Hebrew; each reading worked
out by hand."""

from __future__ import annotations

from workbench.grounding import ground_claim

SOURCE = (
    "לדברי רכזת המתנדבים של העמותה, רחל אבוטבול, 30 קשישים עדיין ממתינים לביקור שבועי. "
    "מנהל בית האבות אמר אתמול שהמוסד יפתח מועדון חדש בשכונת הגפנים עד ספטמבר."
)


def test_a_statement_given_to_a_long_named_speaker_of_another_is_flagged() -> None:
    r = ground_claim(
        "רכזת המתנדבים של העמותה אמרה שהמוסד יפתח מועדון חדש בשכונת הגפנים.", SOURCE
    )
    assert r.verdict != "supported", r.messages
    assert any("another speaker" in m for m in r.messages)


def test_each_speakers_own_statement_passes() -> None:
    for claim in (
        "לפי רכזת המתנדבים של העמותה, 30 קשישים עדיין ממתינים לביקור שבועי.",
        "מנהל בית האבות אמר שהמוסד יפתח מועדון חדש בשכונת הגפנים עד ספטמבר.",
    ):
        r = ground_claim(claim, SOURCE)
        assert r.verdict == "supported", (claim, r.messages)
