"""and41: a figure with its unit ends a predicate as a bare figure does, so a "ו" word
after it opens the next one: "האולם אורכו 18 מטרים ורוחבו 13" is two rows, and "מה רוחבו
של האולם? 18 מטרים" had passed, both figures read in one clause (heldout6's
h6e01-synagogue-05, read). Hand-written Hebrew; each reading worked out by hand."""

from __future__ import annotations

from workbench.grounding import ground_claim
from workbench.grounding.reading.index import index_source
from workbench.grounding.reading.sentence_clauses import sentence_clauses

SOURCE = "הבנים רצו במבחן 3,000 מטרים והבנות 2,000, ושתי הקבוצות רצו בשעות הבוקר."


def test_a_word_with_vav_after_a_figure_and_its_unit_opens_a_clause() -> None:
    idx = index_source(SOURCE)
    texts = [SOURCE[c.start : c.end] for c in sentence_clauses(idx, 0)]
    assert "הבנים רצו במבחן 3,000 מטרים" in texts, texts
    assert "והבנות 2,000" in texts, texts


def test_each_row_answers_its_own_question() -> None:
    bad = ground_claim("כמה מטרים רצו הבנות במבחן? 3,000", SOURCE)
    assert bad.verdict != "supported", bad.messages
    for claim in ("כמה מטרים רצו הבנות במבחן? 2,000", "כמה מטרים רצו הבנים במבחן? 3,000"):
        r = ground_claim(claim, SOURCE)
        assert r.verdict == "supported", (claim, r.messages)
