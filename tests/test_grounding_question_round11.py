"""Round 11's answer-value rules: the clause stating the predicate within one sentence, a
clock value read as one value, and a dialogue turn read as its speaker's talk. Hand-written
Hebrew examples (none from a dev set); each expected verdict and pointed-at value worked
out by hand.
"""

from __future__ import annotations

from workbench.grounding import IssueKind, ground_claim
from workbench.grounding.reading.index import index_source
from workbench.grounding.values.value_clauses import read_values
from workbench.hebrew import tokenize

# the whole (30 children present) and its part (8 vaccinated) in sibling clauses
CLINIC = "במבצע, שנערך אתמול בגן, נכחו בבוקר 30 ילדים, ושמונה מהם חוסנו."
# the new departure time and the old one it replaces
TRAIN = "מעכשיו הרכבת לחיפה יוצאת ב-6:45 במקום ב-7:10."
# a dialogue: the son's drive is told in Michal's turn, a saving of 15 minutes in Yossi's
TEAM = (
    "מיכל לוי (מאמנת): הקבוצה שלי התאמנה השנה 90 פעמים. הבן שלי משחק בקבוצה, והוא מגיע "
    "לאימון אחרי 40 דקות נסיעה.\n"
    "יוסי כהן (נהג): אפשר לקצר את הנסיעה ב-15 דקות אם נשנה את המסלול.\n"
    "מיכל לוי (מאמנת): נבדוק את זה בפגישה הבאה.\n"
    "יוסי כהן (נהג): אני מסכים, ואביא מפה של המסלול."
)


def _bound(claim: str, source: str) -> str | None:
    """The source text the bound_elsewhere issue points at, if any."""
    r = ground_claim(claim, source)
    got = [i for i in r.issues if i.kind is IssueKind.BOUND_ELSEWHERE]
    return None if not got or got[0].span is None else source[got[0].span[0] : got[0].span[1]]


def test_sibling_clause_stating_the_predicate_binds() -> None:
    # 30's clause holds none of the question's words (ילדים is the counted noun); the
    # sibling clause "ושמונה מהם חוסנו" states the predicate: 8 were vaccinated
    assert _bound("כמה ילדים חוסנו במבצע בגן? 30", CLINIC) == "ושמונה"
    assert ground_claim("כמה ילדים חוסנו במבצע בגן? שמונה", CLINIC).verdict == "supported"


def test_a_clock_value_is_one_value() -> None:
    claim = "באיזו שעה יוצאת הרכבת? 7:10"
    got = read_values(claim, tokenize(claim))
    assert [(v.kind, v.keys, v.text) for v in got] == [("figure", frozenset({"7:10"}), "7:10")]
    minutes = read_values("יצא ב-7:05", tokenize("יצא ב-7:05"))
    assert [v.keys for v in minutes] == [frozenset({"7:05"})]  # "05" is not "5"
    assert [v.text for v in read_values("2:11 שעות", tokenize("2:11 שעות"))] == ["2:11"]


def test_a_clock_answer_is_bound_against_the_whole_clock_value() -> None:
    # the question's words stand next to 6:45; the rival is the clock value, not its hour
    assert _bound("באיזו שעה יוצאת הרכבת לחיפה? 7:10", TRAIN) == "6:45"
    assert ground_claim("באיזו שעה יוצאת הרכבת לחיפה? 6:45", TRAIN).verdict == "supported"


def test_turn_speaker_names_the_speaker_of_a_dialogue_sentence() -> None:
    from workbench.grounding.values.value_clauses import turn_speaker

    idx = index_source(TEAM)
    assert {"מיכל", "לוי"} <= turn_speaker(idx, 0)
    assert "יוסי" in turn_speaker(idx, 2)  # sentence 2 is the first of Yossi's turn
    assert not turn_speaker(idx, 0) & turn_speaker(idx, 2)
    assert turn_speaker(index_source(CLINIC), 0) == frozenset()  # no dialogue


def test_a_question_naming_a_speaker_points_at_their_turns() -> None:
    # "הבן של מיכל לוי": Michal's turn tells the drive (40 minutes); 15 is Yossi's saving
    assert _bound("כמה זמן נוסע הבן של מיכל לוי? 15 דקות", TEAM) == "40"
    assert ground_claim("כמה זמן נוסע הבן של מיכל לוי? 40 דקות", TEAM).verdict == "supported"


# a dialogue: Ronit proposes a bus in her first turn; Avi proposes one bus instead of two
TRIP = (
    'רונית שגב (מנהלת המתנ"ס): אני מציעה להזמין אוטובוס לטיול השנתי, שיצא ב-3 במאי.\n'
    "אבי לוין (רכז הטיולים): נרשמו עד עכשיו 45 ילדים מתוך 60.\n"
    'רונית שגב (מנהלת המתנ"ס): נחכה לשאר ההרשמות עד סוף החודש.\n'
    "אבי לוין (רכז הטיולים): האוטובוסים יקרים, ולכן אני מציע שבמקום שני אוטובוסים נזמין "
    "אחד גדול."
)
# the parents ask for a ride (Nava's turn); the treasurer can approve it (Moshe's turn)
RIDE = (
    "נאוה דרור (נציגת ההורים): ההורים מבקשים שתפעל הסעה לבית הספר בשכונת הדר, פעמיים ביום.\n"
    "משה חביב (גזבר המועצה): הסעה כזאת תעלה כ-9,000 שקל בחודש. אני יכול לאשר אותה עד סוף "
    "השנה.\n"
    "נאוה דרור (נציגת ההורים): תודה, נעדכן את ההורים.\n"
    "משה חביב (גזבר המועצה): אשלח מכתב לחברת ההסעות מחר."
)


def test_a_speakers_first_person_proposal_binds_the_speaker() -> None:
    # "אני מציע שבמקום שני אוטובוסים נזמין אחד" is Avi's: his turn's clause holds the
    # question's words; Ronit's proposal (a bus for the trip) holds fewer
    claim = "מי הציע להזמין אוטובוס אחד במקום שני אוטובוסים? רונית שגב"
    assert _bound(claim, TRIP) == "אבי לוין (רכז הטיולים)"
    right = "מי הציע להזמין אוטובוס אחד במקום שני אוטובוסים? אבי לוין"
    assert ground_claim(right, TRIP).verdict == "supported"


def test_only_the_clauses_stating_the_verb_bind_the_doer() -> None:
    # Nava's turn holds most of the question's words (the ride she asks for), but the
    # question asks who can approve it: "אני יכול לאשר אותה" in Moshe's turn
    right = "מי יכול לאשר הסעה לבית הספר בשכונת הדר? הגזבר משה חביב"
    assert ground_claim(right, RIDE).verdict == "supported"
    assert ground_claim("מי יכול לאשר הסעה לבית הספר בשכונת הדר? נאוה דרור", RIDE).verdict != (
        "supported"
    )
