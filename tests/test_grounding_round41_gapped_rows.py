"""gap41: a later row that gaps the verb ("X של נקבה עולה 420 שקל, ואילו של זכר 250") is
the row a question holding its own word asks: "כמה עולה ניתוח של זכר? 420" passed and the
right 250 failed, the first row holding more of the question's words (heldout19's
h19j02-cats-03/04, read). Hand-written Hebrew; each reading worked out by hand."""

from __future__ import annotations

from workbench.grounding import ground_claim

SOURCE = (
    "כרטיס כניסה לבריכה העירונית עולה למבוגר 60 שקל, ואילו לילד 35 שקל. הבריכה פתוחה "
    "מאפריל עד אוקטובר."
)


def test_the_first_rows_value_for_the_gapped_rows_word_is_flagged() -> None:
    r = ground_claim("כמה עולה כרטיס כניסה לבריכה העירונית לילד? 60 שקל", SOURCE)
    assert r.verdict != "supported", r.messages
    assert any("ואילו לילד 35" in m for m in r.messages), r.messages


def test_each_rows_own_value_passes() -> None:
    for claim in (
        "כמה עולה כרטיס כניסה לבריכה העירונית לילד? 35 שקל",
        "כמה עולה כרטיס כניסה לבריכה העירונית למבוגר? 60 שקל",
    ):
        r = ground_claim(claim, SOURCE)
        assert r.verdict == "supported", (claim, r.messages)


def test_the_gapped_rows_value_for_the_first_rows_word_stays_flagged() -> None:
    r = ground_claim("כמה עולה כרטיס כניסה לבריכה העירונית למבוגר? 35 שקל", SOURCE)
    assert r.verdict != "supported", r.messages
