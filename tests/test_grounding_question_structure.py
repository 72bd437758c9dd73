"""Facts of Hebrew question structure in "question? answer" grounding (round 8): a part
counted "of them" (its noun left unsaid, its clause describing the whole's items), the
verb of a time question dating the event, a speaker's name answering where that speaker
speaks, and a who-question's answer naming the doer in the apposition before the verb.
Hand-written Hebrew examples; each expected verdict worked out by hand from the sentence.
"""

from __future__ import annotations

import pytest

from workbench.grounding import IssueKind, ground_claim
from workbench.grounding.answers.answer_values import (
    asked_verb,
    subject_zone,
    verb_date,
    verb_positions,
)
from workbench.grounding.prepare import prepare_claim
from workbench.grounding.reading.index import index_source
from workbench.hebrew import tokenize

VILLAGE = "בכפר גרים 300 תושבים, ו-40 מהם עובדים בחקלאות. רובם גרים שם שנים רבות."
BIRDS = "בשנה שעברה נספרו 500 ציפורים, והשנה נספרו רק 320."
STORE = "במחסן נמצאו עוד 50 ארגזים, ו-12 מהם כבר נפתחו. השאר יישלחו לבדיקה."
PAINTING = (
    'התמונה "הנמל" של הצייר דן לוי, שנמכרה ב-2015 במכירה פומבית, הוצגה השבוע בתערוכה. '
    "לוי צייר את התמונה ב-1960, זמן קצר אחרי שעבר לגור בחיפה."
)
HOUSE = "הבית נבנה ב-1890 בידי סוחר עשיר, והורחב ב-1920, כשנוסף לו אגף מערבי."
BROTHERS = "האח הבכור נולד ב-1950 בחיפה. האח הצעיר נולד ב-1955 בעכו."
MEETING = (
    "רינה כץ (מנהלת): נפתח את הישיבה. ההורים ביקשו הסעה לטיול השנתי בגליל.\n"
    "יוסי לוי (גזבר): התקציב השנה קטן ב-10%. אני יכול לאשר רק שתי הסעות בחודש.\n"
    "רינה כץ (מנהלת): אז נבקש מההורים להשתתף בעלות.\n"
    "יוסי לוי (גזבר): נבדוק את זה בשבוע הבא."
)
WEDDING = "בן זוגה, הצלם אבי כהן, צילם את החתונה, ובתם, המעצבת נועה כהן, עיצבה את ההזמנות לאירוע."


def _issue_text(claim: str, source: str) -> list[tuple[IssueKind, str | None]]:
    r = ground_claim(claim, source)
    return [(i.kind, source[i.span[0] : i.span[1]] if i.span else None) for i in r.issues]


@pytest.mark.parametrize(
    ("claim", "source"),
    [
        # "ו-40 מהם": 40 counts the residents of the figure before it (its noun unsaid)
        ("כמה מתושבי הכפר עובדים בחקלאות? 40 תושבים", VILLAGE),
        # "נספרו רק 320." ends its clause: it counts the birds of 500 before it
        ("כמה ציפורים נספרו השנה? 320 ציפורים", BIRDS),
    ],
)
def test_a_figure_with_its_noun_left_unsaid_counts_the_noun_before_it(
    claim: str, source: str
) -> None:
    r = ground_claim(claim, source)
    assert r.supported, r.messages


def test_a_part_clause_holds_the_words_of_its_whole() -> None:
    # the question asks of the crates found in the store (the whole's clause) which were
    # opened (the part's): the part's clause holds both, the whole's only the first
    assert ground_claim("כמה מהארגזים שנמצאו במחסן כבר נפתחו? 12", STORE).supported
    assert _issue_text("כמה מהארגזים שנמצאו במחסן כבר נפתחו? 50", STORE) == [
        (IssueKind.BOUND_ELSEWHERE, "12")
    ]


def test_the_verb_of_a_time_question_dates_the_event() -> None:
    # 2015 stands next to "הצייר דן לוי" (a noun: the painter), 1960 next to the verb צייר
    assert ground_claim('מתי צייר דן לוי את "הנמל"? ב-1960', PAINTING).supported
    assert _issue_text('מתי צייר דן לוי את "הנמל"? ב-2015', PAINTING) == [
        (IssueKind.BOUND_ELSEWHERE, "1960")
    ]


def test_a_when_clause_shares_the_date_of_the_clause_it_hangs_on() -> None:
    assert ground_claim("מתי נוסף לבית אגף מערבי? ב-1920", HOUSE).supported
    assert _issue_text("מתי נוסף לבית אגף מערבי? ב-1890", HOUSE) == [
        (IssueKind.BOUND_ELSEWHERE, "1920")
    ]


def test_the_verb_of_a_time_question_is_the_word_after_the_question_word() -> None:
    verb = asked_verb(tokenize("מתי צייר דן לוי את הנמל"))
    assert verb is not None and verb.key == "צייר"
    verb = asked_verb(tokenize("באיזו שנה עלתה המשפחה לארץ"))
    assert verb is not None and verb.key == "עלתה"
    assert asked_verb(tokenize("מי צייר את הנמל")) is None  # no time question


def test_the_article_makes_the_verb_a_noun() -> None:
    idx = index_source(PAINTING)
    verb = tokenize("צייר")[0]
    found = [PAINTING[idx.flat[p].start : idx.flat[p].end] for p in verb_positions(verb, idx)]
    assert found == ["צייר"]  # not "הצייר" of the first sentence


def test_a_verb_dated_twice_decides_nothing() -> None:
    # נולד is dated 1950 and 1955: which birth the question asks is for the other checks
    claim = prepare_claim("מתי נולד האח הצעיר? ב-1950")
    assert verb_date(claim, index_source(BROTHERS)) is None
    claim = prepare_claim('מתי צייר דן לוי את "הנמל"? ב-2015')
    got = verb_date(claim, index_source(PAINTING))
    assert got is not None and got[0].text == "1960" and got[1] is False


def test_a_speaker_name_answers_where_that_speaker_speaks() -> None:
    assert ground_claim("מי יכול לאשר הסעות? יוסי לוי", MEETING).supported
    issues = ground_claim("מי יכול לאשר הסעות? רינה כץ", MEETING).issues
    assert [i.kind for i in issues] == [IssueKind.ANSWER_ELSEWHERE]
    assert issues[0].span is not None
    assert MEETING[issues[0].span[0] : issues[0].span[1]].startswith("יוסי לוי (גזבר)")


def test_a_who_answer_names_the_doer_in_the_apposition_before_the_verb() -> None:
    assert ground_claim("מי עיצב את ההזמנות לאירוע? המעצבת נועה כהן", WEDDING).supported
    assert _issue_text("מי עיצב את ההזמנות לאירוע? אבי כהן", WEDDING) == [
        (IssueKind.ANSWER_ELSEWHERE, "ובתם, המעצבת נועה כהן, עיצבה את ההזמנות לאירוע")
    ]


def test_a_verb_that_does_not_open_its_clause_has_no_subject_zone() -> None:
    source = "הנכד, אורי לוי, סיפר על סבו, והודיע כי יתרום לגלריה שלושה רישומים."
    idx = index_source(source)
    verb = tokenize("יתרום")[0]
    (p,) = verb_positions(verb, idx)
    assert subject_zone(idx, p) is None
    verb = tokenize("סיפר")[0]
    (p,) = verb_positions(verb, idx)
    zone = subject_zone(idx, p)
    assert zone is not None
    assert [t.key for t in zone][:3] == ["הנכד", "אורי", "לוי"]
