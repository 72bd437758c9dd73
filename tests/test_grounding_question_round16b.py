"""Round 16b's question-aware rules, both about what tells the clauses of one sentence
apart: within a dialogue turn, the question's words other than the speaker's name (every
clause of a turn is the speaker's own talk); within the one sentence stating the answer's
value, the question's words that sentence holds (words it lacks, such as the topic named
in an earlier sentence, tell none of its clauses apart). Hand-written Hebrew examples
(none from a dev set); each expected verdict worked out by hand, and each wrong answer's
test checked to fail on main 1ceb8b5.
"""

from __future__ import annotations

from workbench.grounding import IssueKind, ground_claim

# Noa quotes a price for the logo (3,000) and an extra for business cards (400); her
# name is two words of the question, and the price clause holds only "המחיר"
STUDIO = (
    'עמית גולדשטיין (מנכ"ל הסטודיו): אנחנו צריכים לוגו חדש לפני ההשקה.\n'
    "נועה ליברמן-שחר (מעצבת): המחיר שלי 3,000 שקל, כולל עיצוב של לוגו, אבל כרטיסי "
    "ביקור עולים 400 נוספים.\n"
    'עמית גולדשטיין (מנכ"ל הסטודיו): בסדר, נתחיל בשבוע הבא.\n'
    "נועה ליברמן-שחר (מעצבת): אשלח טיוטה ראשונה תוך עשרה ימים."
)
ASKED = "מה המחיר של נועה ליברמן-שחר לעיצוב לוגו חדש לסטודיו?"


def test_a_figure_of_another_clause_of_the_turn_is_no_answer() -> None:
    got = ground_claim(f"{ASKED} 400", STUDIO)
    assert got.verdict != "supported"
    kinds = [i.kind for i in got.issues]
    assert IssueKind.BOUND_ELSEWHERE in kinds
    issue = next(i for i in got.issues if i.kind is IssueKind.BOUND_ELSEWHERE)
    assert issue.span is not None and STUDIO[issue.span[0] : issue.span[1]] == "3,000"


def test_the_price_the_turn_states_for_the_question_stays_supported() -> None:
    assert ground_claim(f"{ASKED} 3,000 שקל", STUDIO).verdict == "supported"


def test_a_question_about_the_extra_is_answered_by_the_extra() -> None:
    # the question holds the words of the extra's clause: 400 is its figure
    got = ground_claim("כמה עולים כרטיסי ביקור אצל נועה ליברמן-שחר? 400 שקל", STUDIO)
    assert got.verdict == "supported"


def test_outside_a_dialogue_nothing_changes() -> None:
    # the same sentence as narration: no speaker, so no row is set aside
    narrated = "המחיר של נועה 3,000 שקל, כולל עיצוב של לוגו, אבל כרטיסי ביקור עולים 400 נוספים."
    got = ground_claim("מה המחיר של נועה לעיצוב לוגו? 3,000 שקל", narrated)
    assert got.verdict == "supported"


# the museum is named in the first sentence; the second states two figures in two
# clauses, the question's predicate (שמורים במחסן, ישנים) in the second one
MUSEUM = (
    "מוזיאון הים הלאומי נפתח ב-1990 בעיר העתיקה של עכו. באולם התצוגה של המוזיאון מוצגים "
    "40 דגמי ספינות, ובמחסן שמורים עוד 300 דגמים ישנים."
)
STORED = "כמה דגמים ישנים שמורים במחסן של מוזיאון הים הלאומי בעכו העתיקה?"


def test_the_clause_holding_more_of_the_sentences_question_words_binds() -> None:
    # 40's clause holds one question word (המוזיאון), 300's three; the topic words of the
    # first sentence (ים, לאומי, עכו, עתיקה) dilute both shares alike on main
    got = ground_claim(f"{STORED} 40", MUSEUM)
    assert got.verdict != "supported"
    issue = next(i for i in got.issues if i.kind is IssueKind.BOUND_ELSEWHERE)
    assert issue.span is not None and MUSEUM[issue.span[0] : issue.span[1]] == "300"


def test_the_bound_figure_and_the_other_clauses_own_question_stay_supported() -> None:
    assert ground_claim(f"{STORED} 300", MUSEUM).verdict == "supported"
    shown = "כמה דגמי ספינות מוצגים באולם התצוגה של מוזיאון הים הלאומי בעכו? 40"
    assert ground_claim(shown, MUSEUM).verdict == "supported"

