"""Local binding, who is who and question-aware grounding: wrong answers made of the
source's own words are not supported, and the issue points at where the source binds the
moved piece.

The four demo claims are those of the issue (enc-0-a and dia-1-b of the bundled demo set);
the floors are the dev figures of ``tools/tune_grounding.py`` minus a margin (set before the
test split was measured, never raised after).
"""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

from workbench.data.dataset import load_dataset
from workbench.grounding import IssueKind, ground, ground_claim
from workbench.grounding.measuring.metrics import auc_score
from workbench.grounding.measuring.pair_inputs import load_pairs

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def records() -> dict[str, dict]:
    return {r["id"]: r for r in load_dataset(None).records}


def _only_claim(answer: str, record: dict, question: str | None = None):
    g = ground(answer, record["source_text"], question=question)
    assert len(g.claims) == 1
    return g.claims[0]


def _points_into(issue, source: str, text: str) -> None:
    """The issue's span is the source region that holds ``text``."""
    assert issue.span is not None
    s, e = issue.span
    assert text in source[s:e], source[s:e]


def test_year_of_another_event_is_not_supported(records) -> None:
    r = records["enc-0-a"]
    c = _only_claim("מגדל עדי הוכרזה כמועצה מקומית בשנת 1963.", r)
    assert c.verdict != "supported"
    issue = next(i for i in c.issues if i.kind is IssueKind.BOUND_ELSEWHERE)
    _points_into(issue, r["source_text"], "בשנת 1963 הוקם ביישוב מפעל לעיבוד זיתים")
    assert "1968" in issue.message  # what the source says for the declaration


def test_population_figure_is_not_the_number_of_immigrants(records) -> None:
    r = records["enc-0-a"]
    c = _only_claim("בין 1990 ל-1995 נקלטו ביישוב כ-4,800 עולים.", r)
    assert c.verdict != "supported"
    issue = next(i for i in c.issues if i.kind is IssueKind.BOUND_ELSEWHERE)
    _points_into(issue, r["source_text"], "ירדה האוכלוסייה לכ-4,800 נפש")
    assert "1,700" in issue.message
    ok = _only_claim("בין 1990 ל-1995 נקלטו ביישוב כ-1,700 עולים.", r)
    assert ok.verdict == "supported", ok.messages


def test_role_of_another_speaker_is_not_supported(records) -> None:
    r = records["dia-1-b"]
    c = _only_claim('ד"ר רותם עמר היא יו"ר ארגון מגדלי האבוקדו.', r)
    assert c.verdict != "supported"
    issue = next(i for i in c.issues if i.kind is IssueKind.ROLE_MISMATCH)
    _points_into(issue, r["source_text"], 'ד"ר רותם עמר, מרכזת ענף הסובטרופיים')
    assert "משה קורנ" in issue.message  # the one the source makes chair


def test_half_of_some_growers_is_not_half_of_all(records) -> None:
    r = records["dia-1-b"]
    c = _only_claim("לפי הסקר, היבול צפוי לרדת במחצית אצל כל המגדלים באזור.", r)
    assert c.verdict != "supported"
    issue = next(i for i in c.issues if i.span is not None)
    _points_into(issue, r["source_text"], "ויש כאלה שמדברים על מחצית מהיבול")
    assert "בשלושים" in issue.message  # the region's figure


def test_short_answer_is_judged_against_the_question(records) -> None:
    r = records["enc-0-a"]
    assert _only_claim("ב-1968.", r, r["question"]).verdict == "supported"
    wrong = _only_claim("ב-1963.", r, r["question"])
    assert wrong.verdict != "supported"
    assert any(i.span is not None for i in wrong.issues)


def test_question_prefix_is_not_part_of_the_claim_text(records) -> None:
    r = records["enc-0-a"]
    c = ground("ב-1968.", r["source_text"], question=r["question"]).claims[0]
    assert c.text == "ב-1968." and (c.start, c.end) == (0, 7)


def test_answer_that_only_repeats_the_question() -> None:
    source = "בשנת 1920 הייתה אוסטריה לרפובליקה דמוקרטית. היא סבלה ממצוקה כלכלית."
    c = ground_claim("מה קרה באוסטריה בשנת 1920? בשנת 1920", source)
    assert [i.kind for i in c.issues] == [IssueKind.ANSWER_MISMATCH]


def test_how_many_wants_an_amount() -> None:
    source = "בחברה עובדים כיום 15 עובדים. החברה פועלת בעסקי המסעדות ובתי הקפה."
    bad = ground_claim("כמה אנשים עובדים בחברה? בעסקי המסעדות", source)
    assert bad.verdict != "supported"
    assert IssueKind.ANSWER_MISMATCH in [i.kind for i in bad.issues]
    assert ground_claim("כמה אנשים עובדים בחברה? 15", source).verdict == "supported"


def test_bare_figure_answers_only_a_question_for_a_figure() -> None:
    source = (
        "באפליקציה 30 פילטרים. השלב הכייפי ביותר בה הוא בחירת הפילטר. "
        "שיעור המשתמשים הפעילים הוא 11%."
    )
    bad = ground_claim("מה השלב הכי כייפי באפליקציה? 30", source)
    assert bad.verdict != "supported"
    assert IssueKind.ANSWER_MISMATCH in [i.kind for i in bad.issues]
    # a measure word asks for a figure; an ordinal is not a figure
    assert ground_claim("מה שיעור המשתמשים הפעילים? 11%", source).verdict == "supported"
    assert ground_claim("מה השלב הכי כייפי באפליקציה? בחירת הפילטר", source).verdict == (
        "supported"
    )


def test_duration_derived_from_two_years() -> None:
    source = "התאגיד הוקם ב-2009, והחל לטפל גם בביוב של העיר ב-2014."
    ok = ground_claim("מאז 2014 מטפל התאגיד, שהוקם חמש שנים קודם לכן, גם בביוב.", source)
    assert ok.verdict == "supported", ok.messages
    bad = ground_claim("מאז 2014 מטפל התאגיד, שהוקם שלוש שנים קודם לכן, גם בביוב.", source)
    assert bad.verdict != "supported"
    assert IssueKind.NUMBER_NOT_IN_SOURCE in [i.kind for i in bad.issues]
    decades = "את הספרייה ניהל במשך שלושים שנה הספרן אהרן גורדון."
    assert ground_claim("אהרן גורדון ניהל את הספרייה שלושה עשורים.", decades).verdict == (
        "supported"
    )
    assert ground_claim("אהרן גורדון ניהל את הספרייה ארבעה עשורים.", decades).verdict != (
        "supported"
    )


# --- floors on the dev splits (files in the repo) ------------------------------------------


def _heq_split():
    spec = importlib.util.spec_from_file_location("heq_split", ROOT / "data/heq/split.py")
    mod = importlib.util.module_from_spec(spec)
    assert spec.loader is not None
    spec.loader.exec_module(mod)
    return mod.split_of


def _rates(items) -> dict[str, tuple[float, list[float]]]:
    got: dict[str, list] = {}
    for it in items:
        r = ground_claim(it.claim, it.source)
        got.setdefault(it.kind, []).append((r.verdict == "supported", r.score))
    return {k: (sum(s for s, _ in v) / len(v), [x for _, x in v]) for k, v in got.items()}


@pytest.fixture(scope="module")
def heq_hard_dev():
    split_of = _heq_split()
    items = load_pairs(ROOT / "data/heq/heq_dev_hard_pairs.json")
    return _rates([it for it in items if split_of(it.source) == "dev"])


@pytest.fixture(scope="module")
def binding_dev():
    return _rates(load_pairs(ROOT / "data/binding_pairs/binding_pairs.json", split="dev"))


def test_heq_hard_dev_floors(heq_hard_dev) -> None:
    qa_right, qa_wrong = (
        heq_hard_dev["question followed by its answer"],
        heq_hard_dev["question followed by another question's answer"],
    )
    verbatim = heq_hard_dev["verbatim source sentence"]
    swap = next(v for k, v in heq_hard_dev.items() if k.startswith("source sentence with"))
    # dev: 0.91 / 0.28 / 1.00 / 0.05 (0.12 before round 3's moved phrase); AUC 0.89 and 1.00
    assert qa_right[0] >= 0.86
    assert qa_wrong[0] <= 0.35
    assert verbatim[0] == 1.0
    assert swap[0] <= 0.10
    assert auc_score(qa_right[1], qa_wrong[1]) >= 0.85
    assert auc_score(verbatim[1], swap[1]) >= 0.95


def test_binding_dev_floors(binding_dev) -> None:
    wrong = [
        v
        for k, v in binding_dev.items()
        if k not in ("true paraphrase", "right answer to the question")
    ]
    n_wrong = sum(len(v[1]) for v in wrong)
    supported_wrong = sum(v[0] * len(v[1]) for v in wrong) / n_wrong
    # dev: wrong answers supported 0.16 (0.21 before the answer value, 0.35 before round 3);
    # true paraphrases 0.91
    assert supported_wrong <= 0.28
    assert binding_dev["true paraphrase"][0] >= 0.85
    assert binding_dev["right answer to the question"][0] >= 0.9
    # a value of the right type bound to another predicate (dev: 0 of 13, 5 of 13 before)
    assert binding_dev["wrong answer to the question"][0] <= 0.16
    # each kind the binding rules target is caught more often than not (dev after round
    # 4: 0.15 / 0.14 / 0.12 / 0.14 / 0.46)
    for kind in (
        "number from another sentence",
        "date moved to another event",
        "role swap",
        "half-true generalisation",
    ):
        assert binding_dev[kind][0] <= 0.25, kind
    assert binding_dev["neighbouring-clause subject"][0] <= 0.55


def test_binding_pairs_file_is_the_repo_copy() -> None:
    data = json.loads((ROOT / "data/binding_pairs/binding_pairs.json").read_text("utf-8"))
    assert len(data) == 247 and {d["split"] for d in data} == {"dev", "test"}


# --- who is who ------------------------------------------------------------------------------

DIALOGUE = (
    'נועה ברק (יו"ר ועד ההורים): ערב טוב לכולם.\n'
    "עמית לוי (מנהל בית הספר): אנחנו מתחילים את הבנייה בספטמבר.\n"
    'נועה ברק (יו"ר ועד ההורים): ומה עם ההסעות?\n'
    "עמית לוי (מנהל בית הספר): ההסעות יפעלו כרגיל כל השנה.\n"
)
NEWS = (
    "מנהל בית החולים, פרופ' גדעון לוי, אמר כי זמן ההמתנה יתקצר. "
    'מנהלת המיון החדש, ד"ר סהר עודה, הוסיפה כי יעבדו צוותים כפולים.'
)


def test_table_reads_labels_and_appositions() -> None:
    from workbench.grounding.reading.index import index_source
    from workbench.grounding.roles.people import who_is_who

    names = {p.name: {h for h, _ in p.roles} for p in who_is_who(index_source(DIALOGUE))}
    assert names[("נועה", "ברק")] == {"יור"} and names[("עמית", "לוי")] == {"מנהל"}
    news = {p.name: {h for h, _ in p.roles} for p in who_is_who(index_source(NEWS))}
    assert news[("גדעונ", "לוי")] == {"מנהל"} and news[("סהר", "עודה")] == {"מנהל"}


def test_role_given_to_the_wrong_person() -> None:
    bad = ground_claim('מנהלת בית החולים, ד"ר סהר עודה, אמרה שזמן ההמתנה יתקצר.', NEWS)
    assert IssueKind.ROLE_MISMATCH in [i.kind for i in bad.issues]
    ok = ground_claim("מנהל בית החולים, פרופ' גדעון לוי, אמר שזמן ההמתנה יתקצר.", NEWS)
    assert ok.verdict == "supported", ok.messages


FAMILY = (
    "המשוררת רחל אדמון נולדה בטבריה ב-1931. "
    "בעלה, הצלם יואב אדמון, צילם את כל ספריה. "
    "בנם, הכנר עמרי אדמון, הקליט את שיריה המולחנים ב-2010. "
    "בערב ההשקה ניגנו הפסנתרן דן לוי, הכנר אבי כהן והמתופף רון שגב."
)


def test_table_reads_a_definite_noun_apposed_to_a_name() -> None:
    """A definite noun in apposition before a name ("בעלה, הצלם יואב אדמון, צילם") is the
    role the source gives that person, though צלם and כנר are no ``ROLE_WORDS``."""
    from workbench.grounding.reading.index import index_source
    from workbench.grounding.roles.people import who_is_who

    names = {p.name: {h for h, _ in p.roles} for p in who_is_who(index_source(FAMILY))}
    assert names[("יואב", "אדמונ")] == {"צלמ"} and names[("עמרי", "אדמונ")] == {"כנר"}


def test_an_apposed_role_given_to_the_wrong_person() -> None:
    bad = ground_claim("הכנר יואב אדמון צילם את כל ספריה של רחל אדמון.", FAMILY)
    issue = next(i for i in bad.issues if i.kind is IssueKind.ROLE_MISMATCH)
    assert issue.span is not None and FAMILY[issue.span[0] : issue.span[1]] == "הצלם יואב אדמון"
    assert "עמרי אדמונ" in issue.message  # the one the source calls הכנר
    ok = ground_claim("הצלם יואב אדמון צילם את כל ספריה של רחל אדמון.", FAMILY)
    assert ok.verdict == "supported", ok.messages


def test_a_list_of_players_keeps_each_role_with_its_name() -> None:
    """In a list ("הפסנתרן דן לוי, הכנר אבי כהן"), the role after a name is the next
    person's: a verbatim list is supported."""
    ok = ground_claim("בערב ההשקה ניגנו הפסנתרן דן לוי, הכנר אבי כהן והמתופף רון שגב.", FAMILY)
    assert ok.verdict == "supported", ok.messages


FORT = (
    "המבצר נבנה על גבעה מעל הנחל. "
    "הארכיאולוגית רות לוין ערכה במבצר חפירות ב-1986 ומצאה בהן מטבעות. "
    "מאז 2012 משמש המבצר המשוחזר מוזיאון, ובאחד מחדריו פועל מרכז מבקרים. "
    "ב-2015 נפתח לידו בית קפה."
)


def test_a_year_of_another_sentence_where_the_frame_dates_the_event() -> None:
    """One event, one date: the dig the claim follows is dated 1986 in its sentence, and
    2012 dates the museum in another."""
    bad = ground_claim("הארכיאולוגית רות לוין חפרה ב-2012 במבצר.", FORT)
    issue = next(i for i in bad.issues if i.kind is IssueKind.BOUND_ELSEWHERE)
    assert issue.span is not None and FORT[issue.span[0] : issue.span[1]].startswith("מאז 2012")
    assert "1986" in issue.message
    ok = ground_claim("הארכיאולוגית רות לוין ערכה במבצר חפירות ב-1986.", FORT)
    assert ok.verdict == "supported", ok.messages


def test_a_claim_joining_the_year_s_own_sentence_keeps_its_year() -> None:
    """The claim takes a rare word of 2012's sentence (מוזיאון) too: it joins the two
    sentences, each with its own date."""
    ok = ground_claim(
        "הארכיאולוגית רות לוין, שערכה חפירות במבצר, ראתה אותו הופך למוזיאון ב-2012.", FORT
    )
    assert ok.verdict == "supported", ok.messages


LIBRARY = (
    "הספרייה העירונית פועלת במרכז העיר. "
    "בניין הספרייה נבנה ב-1962 ושופץ לאחרונה ב-2018. "
    "תערוכת הספרים של העיר נערכת בכל קיץ ברחבת הספרייה. "
    "התערוכה נערכה לראשונה ב-1975, והעירייה הרחיבה אותה לאחרונה ב-2016."
)


def test_a_year_of_the_next_predicate_is_not_the_first_one_s() -> None:
    """In "נבנה ב-1962 ושופץ לאחרונה ב-2018" 1962 dates נבנה, right after it; 2018 dates
    the renovation. So in another sentence than the claim's frame: "נערכה לראשונה
    ב-1975, ו... הרחיבה אותה לאחרונה ב-2016". The second claim follows two sentences as
    closely; since round 18 its frame is the one stating 2016, where the year stands in
    the clause of the other predicate (הרחיבה)."""
    for claim, said, theirs in (
        ("בניין הספרייה נבנה ב-2018.", "2018", "1962"),
        ("תערוכת הספרים של העיר נערכה לראשונה ב-2016.", "2016", "in another clause"),
    ):
        bad = ground_claim(claim, LIBRARY)
        issue = next(i for i in bad.issues if i.kind is IssueKind.BOUND_ELSEWHERE)
        assert issue.message.startswith(said) and theirs in issue.message, issue.message
    for claim in (
        "בניין הספרייה נבנה ב-1962.",
        "בניין הספרייה שופץ לאחרונה ב-2018.",
        "תערוכת הספרים של העיר נערכה לראשונה ב-1975.",
    ):
        ok = ground_claim(claim, LIBRARY)
        assert ok.verdict == "supported", (claim, ok.messages)


def test_statement_of_another_speaker() -> None:
    bad = ground_claim("נועה ברק אמרה שההסעות יפעלו כרגיל כל השנה.", DIALOGUE)
    assert bad.verdict != "supported"
    issue = next(i for i in bad.issues if i.kind is IssueKind.SPEAKER_MISMATCH)
    assert issue.span is not None and "עמית לוי" in DIALOGUE[issue.span[0] : issue.span[1] + 40]
    ok = ground_claim("עמית לוי אמר שההסעות יפעלו כרגיל כל השנה.", DIALOGUE)
    assert ok.verdict == "supported", ok.messages


GARDEN = (
    "רונית אבן (מזכירת הוועד): ערב טוב, נתחיל בדיון על הגינה.\n"
    "יוסי מור (רכז הגינה הקהילתית): השנה שתלנו ארבעים עצי פרי בגינה.\n"
    "דנה שגיא (תושבת ותיקה): אני גרה בשכונה מאז 1985 ומטפלת בערוגות כל שבוע.\n"
    "רונית אבן (מזכירת הוועד): תודה. מי יטפל בהשקיה בקיץ?\n"
    "יוסי מור (רכז הגינה הקהילתית): המתנדבים יתחלקו במשמרות.\n"
    "דנה שגיא (תושבת ותיקה): אני אשמח להצטרף למשמרת של יום שישי.\n"
)


def test_the_named_speaker_s_label_is_not_part_of_the_statement() -> None:
    """The words "רכז הגינה הקהילתית" name who speaks (יוסי מור's label), so the statement is
    the rest, which דנה שגיא says."""
    bad = ground_claim(
        "רכז הגינה הקהילתית יוסי מור אמר שהוא גר בשכונה מאז 1985 ומטפל בערוגות כל שבוע.",
        GARDEN,
    )
    issue = next(i for i in bad.issues if i.kind is IssueKind.SPEAKER_MISMATCH)
    assert issue.span is not None and "מאז 1985" in GARDEN[issue.span[0] : issue.span[1]]
    assert "דנה שגיא" in issue.message
    ok = ground_claim("רכז הגינה הקהילתית יוסי מור אמר שהשנה שתלו ארבעים עצי פרי בגינה.", GARDEN)
    assert ok.verdict == "supported", ok.messages


def test_conflict_span_is_highlighted_in_its_own_colour(records) -> None:
    from workbench.grounding.html_report import render_html

    r = records["enc-0-a"]
    g = ground("מגדל עדי הוכרזה כמועצה מקומית בשנת 1963.", r["source_text"])
    page = render_html(g, r["source_text"])
    assert page.count("wb-conflict") >= 1 and "1963 appears in the source" in page


def test_output_does_not_depend_on_the_hash_seed() -> None:
    """Sets of word forms iterate in an order that changes with PYTHONHASHSEED; the message
    that says where else a word stands must not (it names the first such sentence), nor
    the role a role_mismatch message names (a frozenset of roles)."""
    import os
    import subprocess
    import sys

    script = (
        "import json\n"
        "from workbench.grounding import ground\n"
        "items = [i for f in ('data/heq/heq_dev_hard_pairs.json',"
        " 'data/binding_pairs/binding_pairs.json', 'data/binding_heldout/binding_heldout.json')"
        " for i in json.load(open(f, encoding='utf-8'))]\n"
        "out = [ground(i['claim'], i['source']).to_dict() for i in items]\n"
        "print(json.dumps(out, ensure_ascii=False, sort_keys=True))\n"
    )
    root = Path(__file__).resolve().parents[1]
    runs = [
        subprocess.run(
            [sys.executable, "-c", script], cwd=root, capture_output=True, text=True,
            env={**os.environ, "PYTHONHASHSEED": seed}, check=True,
        ).stdout
        for seed in ("0", "1", "2")
    ]
    assert "but elsewhere" in runs[0] and "is not the" in runs[0]  # a role_mismatch message
    assert runs[0] == runs[1] == runs[2]
