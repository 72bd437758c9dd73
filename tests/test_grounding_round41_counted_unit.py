"""unit41: a figure the source gives as a count of things ("17 האותיות") is no measure in
a unit ("כ-17 מטר של צינורות"): heldout37's number from another sentence passed, the
figure bound by a word of its clause ("ניאון") though it counts letters there, and the
metres of pipe are another figure. Hand-written Hebrew; each reading worked out by hand."""

from __future__ import annotations

from workbench.grounding import ground_claim

SOURCE = (
    "המפעל בחולון העסיק ב-1990 כ-35 פועלים בשתי משמרות. בכל יום יצרו בו כ-120 קילוגרם "
    "של זכוכית צבעונית לחלונות."
)


def test_a_count_of_workers_is_no_weight() -> None:
    r = ground_claim("בכל יום יצרו כ-35 קילוגרם של זכוכית צבעונית לחלונות.", SOURCE)
    assert r.verdict != "supported", r.messages
    assert any("a count of something else" in m and "35 פועלים" in m for m in r.messages)


def test_the_figures_with_their_own_nouns_and_units_pass() -> None:
    for claim in (
        "בכל יום יצרו כ-120 קילוגרם של זכוכית צבעונית לחלונות.",
        "ב-1990 עבדו במפעל בחולון כ-35 פועלים.",
    ):
        r = ground_claim(claim, SOURCE)
        assert r.verdict == "supported", (claim, r.messages)


def test_a_figure_that_ends_its_phrase_or_comes_before_a_verb_counts_nothing() -> None:
    # "800 אלף. העמותה" and "800 אלף תרמה": no noun counted, the figure stays a bare amount
    source = "את רוב הכסף גייסה העמותה מתורמים: 800 אלף תרמה קרן פרטית, והשאר הגיע מהמדינה."
    r = ground_claim("כמה תרמה הקרן הפרטית? 800 אלף שקל", source)
    assert not any("something else" in m for m in r.messages), r.messages
    source = "העירייה העבירה לעמותה עד כה 200 אלף. העמותה מבקשת עוד."
    r = ground_claim("העירייה העבירה לעמותה 200 אלף שקל.", source)
    assert not any("something else" in m for m in r.messages), r.messages
