"""Dialog27: a two-turn exchange is a dialogue for ``asked_only``.

A line "NAME (ROLE): ..." is a speaker's turn however many turns the text holds, so a
question one speaker asks and the other denies states nothing, even when each speaks once.
A line that opens with words and a colon but no "(ROLE)" (a heading, a news lead) is not
read as a turn of a dialogue by this.
"""

from __future__ import annotations

from workbench.grounding import ground_claim
from workbench.grounding.reading.index import index_source


def _verdict(claim: str, source: str) -> str:
    return str(ground_claim(claim, source).verdict)


_DENIED = (
    "רחל (רכזת המתנ\"ס): האם נאריך את שעות הספרייה בחופש?\n"
    "אורי (נציג התלמידים): לא, בחופש הספרייה תיסגר מוקדם."
)
_AFFIRMED = (
    "רחל (רכזת המתנ\"ס): האם נאריך את שעות הספרייה בחופש?\n"
    "אורי (נציג התלמידים): כן, נאריך אותן בחופש."
)


def test_a_question_the_single_reply_denies_states_nothing() -> None:
    # Rachel only asks; Ori's one reply says no: the hours are not extended
    assert _verdict("שעות הספרייה יוארכו בחופש.", _DENIED) != "supported"


def test_the_pool_exchange_of_the_review() -> None:
    src = (
        "דנה (מנהלת הבריכה): האם נפתח את הבריכה בשבת?\n"
        "יוסי (נציג ההורים): לא, בשבת הבריכה תהיה סגורה."
    )
    assert _verdict("הבריכה תיפתח בשבת.", src) != "supported"
    assert _verdict("נפתח את הבריכה בשבת.", src) != "supported"


def test_a_question_the_single_reply_affirms_is_stated() -> None:
    src = (
        "דנה (מנהלת הבריכה): האם נפתח את הבריכה בשבת?\n"
        "יוסי (נציג ההורים): כן, נפתח בשבת."
    )
    assert _verdict("הבריכה תיפתח בשבת.", src) == "supported"


def test_reporting_the_asking_stays_supported() -> None:
    assert _verdict("רחל שאלה אם יאריכו את שעות הספרייה בחופש.", _DENIED) == "supported"


def test_two_role_labels_are_two_speakers() -> None:
    idx = index_source(_DENIED)
    assert len(idx.speakers) == 2
    assert all(k >= 0 for k in idx.sent_speaker)


def test_lines_opening_with_a_colon_but_no_role_are_no_dialogue() -> None:
    # a news item: a lead and a heading, each once, are not speakers' turns
    src = (
        "הודעת העירייה: האם הבריכה תיפתח בשבת? ההחלטה תתקבל בשבוע הבא.\n"
        "עדכון אחרון: המועצה תתכנס ביום שני."
    )
    idx = index_source(src)
    assert idx.speakers == []
    assert all(k < 0 for k in idx.sent_speaker)
