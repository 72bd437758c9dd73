"""Round 18 (binding18): a claim that adds words of another sentence is bound by the
clauses of the sentence holding most of its words.

Hand-written Hebrew sources (a school-kiosk inspection, a library's renovation), not items
of any pair set.
"""

from __future__ import annotations

from workbench.grounding import binding, clauses
from workbench.grounding.engine import ground_claim
from workbench.grounding.index import index_source
from workbench.grounding.prepare import prepare_claim
from workbench.grounding.results import IssueKind

KIOSKS = (
    "משרד הבריאות פרסם השבוע נוהל חדש לבדיקה של הקיוסקים בבתי הספר. "
    "לפי הנוהל, כל קיוסק ייבדק פעמיים בשנה, והעירייה תממן את הבדיקות. "
    "איגוד המזנונים, שבו חברים 40 בעלי עסקים, טוען שהבדיקה מחמירה מדי, ואילו המשרד אומר "
    "שהיא נדרשת לפי המלצות רופאי הילדים."
)

LIBRARY = (
    "העירייה פרסמה אתמול את תוכנית השיפוץ של הספרייה המרכזית. "
    "העבודות יימשכו כשנה ויעלו כ-12 מיליון שקל. "
    "את האולם החדש תכנן האדריכל יואב רז, ואת הגינה עיצבה נעמה קדם."
)
PLAN = "לפי תוכנית השיפוץ של הספרייה המרכזית שפרסמה העירייה, "


def test_a_speaker_named_in_another_sentence_is_read_in_the_fullest_frame() -> None:
    # In order, the claim follows the first sentence (משרד הבריאות ... הבדיקה); most of its
    # words stand in the third, where the ministry is the subject of the clause after
    # ואילו, and "מחמירה מדי" is the kiosk owners' word.
    got = ground_claim("לדברי משרד הבריאות, הבדיקה מחמירה יותר מדי.", KIOSKS)
    assert got.verdict != "supported"
    assert any(i.kind is IssueKind.BOUND_ELSEWHERE for i in got.issues)


def test_the_speaker_of_the_clause_stays_supported() -> None:
    got = ground_claim("לדברי איגוד המזנונים, הבדיקה בקיוסקים מחמירה מדי.", KIOSKS)
    assert got.verdict == "supported"


def _mixed(claim: str) -> bool:
    idx = index_source(LIBRARY)
    frame = binding._sentence_words(idx, 2)[0]
    return clauses.mixed_clauses(prepare_claim(claim), idx, frame, []) is not None


def test_words_of_a_sentence_apart_do_not_count_against_the_share() -> None:
    # Six of the claim's heavy words come from the first sentence (two sentences away):
    # they no longer hide that its subject and its verb come from two clauses.
    assert _mixed(PLAN + "נעמה קדם תכננה את האולם החדש.")


def test_each_clause_told_with_its_own_subject_is_not_mixed() -> None:
    assert not _mixed(PLAN + "יואב רז תכנן את האולם החדש.")
    assert not _mixed(PLAN + "נעמה קדם עיצבה את הגינה.")
