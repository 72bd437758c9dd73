"""Hebrew text handling: normalisation, tokens, prefixes, numbers, sentences, turns.

Every expected value is known by construction (written by hand from Hebrew spelling
rules), never copied from the code's output.
"""

from __future__ import annotations

import pytest

from workbench.hebrew import (
    Token,
    extract_numbers,
    glues_to_function_word,
    is_clause_opener,
    is_kol_idiom_noun,
    is_light,
    is_negation,
    is_negation_key,
    is_question_word,
    is_stopword,
    is_year,
    match_keys,
    normalize,
    normalize_text,
    segment,
    split_sentences,
    split_turns,
    strip_prefixes,
    tokenize,
)


def sentences(text: str) -> list[str]:
    return [text[s:e] for s, e in split_sentences(text)]


# --- normalisation ---------------------------------------------------------------------


@pytest.mark.parametrize("variant", ['צה"ל', "צה״ל", "צהל", "צה“ל", "צה\u2033ל"])
def test_gershayim_variants_match(variant: str) -> None:
    assert match_keys(variant) == ["צהל"]


@pytest.mark.parametrize("variant", ["ג'ירפה", "ג׳ירפה", "ג’ירפה", "גירפה"])
def test_geresh_variants_match(variant: str) -> None:
    assert match_keys(variant) == ["גירפה"]


def test_niqqud_and_cantillation_removed() -> None:
    # shin dot, qamats, holam; etnahta (U+0591) and meteg (U+05BD)
    assert normalize_text("שָׁלוֹם") == "שלומ"
    assert normalize_text("בְּרֵאשִׁ֑ית") == "בראשית"
    assert normalize_text("הָֽאָרֶץ") == "הארצ"


def test_maqaf_paseq_sof_pasuq_kept_as_punctuation() -> None:
    text = normalize_text("בֶּן־גּוּרְיוֹן ׀ אָמַר׃")
    assert "\u05be" in text and "\u05c0" in text and "\u05c3" in text
    # maqaf separates words like a hyphen does
    assert match_keys("בן־גוריון") == match_keys("בן-גוריון") == ["בנ", "גוריונ"]


def test_final_letters_folded() -> None:
    assert normalize_text("ךםןףץ") == "כמנפצ"
    assert match_keys("שלום") == match_keys("שלומ")


def test_nfkc_case_dashes_quotes_spaces() -> None:
    assert normalize_text("ﬁ") == "fi"  # ligature
    assert normalize_text("１２") == "12"  # full-width digits
    assert normalize_text("ABC") == "abc"
    assert normalize_text("א–ב—ג") == "א-ב-ג"
    assert normalize_text("“מילה”") == '"מילה"'
    assert normalize_text("א\u00a0ב") == "א ב"


def test_bidi_marks_removed() -> None:
    assert normalize_text("\u200fשלום\u200e \u202bעולם\u202c") == "שלומ עולמ"


def test_offsets_map_back_to_the_original() -> None:
    original = "אָמַר \u200fצה״ל: בְּסֵדֶר"
    for tok in tokenize(original):
        surface = original[tok.start : tok.end]
        assert match_keys(surface) == [tok.key]
    norm = normalize(original)
    i = norm.text.index("צהל")
    s, e = norm.to_original(i, i + 3)
    assert original[s:e] == "צה״ל"


# --- tokens and prefixes ---------------------------------------------------------------


def test_one_letter_words_are_kept() -> None:
    assert match_keys("ו ה ב-2011") == ["ו", "ה", "ב", "2011"]


def test_prefix_stacks() -> None:
    assert "בית" in strip_prefixes("והבית")  # ו + ה
    assert "בית" in strip_prefixes("שבבית")  # ש + ב
    assert "בית" in strip_prefixes("מהבית")  # מ + ה
    assert "בית" in strip_prefixes("וכשהבית")  # ו + כש + ה
    assert "בית" in strip_prefixes("בבית")  # ב absorbs ה: ב + הבית
    assert "הבית" not in strip_prefixes("בבית")
    assert "בית" not in strip_prefixes("בהבית")  # ה after ב is not a prefix stack


def test_short_words_keep_two_letters() -> None:
    assert strip_prefixes("של") == ()
    assert strip_prefixes("מה") == ()
    assert "ל" not in strip_prefixes("שלו")
    assert strip_prefixes("english") == ()


def test_prefixed_token_carries_its_stem() -> None:
    (tok,) = tokenize("ולבית")
    assert tok.key == "ולבית"
    assert "בית" in tok.keys


# --- numbers ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("a", "b"),
    [("1,234", "1234"), ("1.5", "1,5"), ("2,000,000", "2000000"), ("007", "7")],
)
def test_number_forms_match(a: str, b: str) -> None:
    assert match_keys(a) == match_keys(b)


def value_of(text: str) -> list[tuple[str, bool]]:
    return [(m.value, m.percent) for m in extract_numbers(text)]


def test_percentages() -> None:
    assert value_of("15%") == [("15", True)]
    assert value_of("15 אחוז") == [("15", True)]
    assert value_of("15 אחוזים") == [("15", True)]
    assert match_keys("15%") == match_keys("15 אחוזים")


def test_scale_words() -> None:
    assert value_of("2.5 מיליון") == [("2500000", False)]
    assert value_of("ב-26 מיליארד דולר") == [("26000000000", False)]
    assert value_of("15 אלף") == [("15000", False)]


def test_hebrew_number_words() -> None:
    assert value_of("שלושה צירים") == [("3", False)]
    assert value_of("עשרים וחמישה") == [("25", False)]
    assert value_of("שלושה עשר") == [("13", False)]
    assert value_of("אלף ומאתיים") == [("1200", False)]
    assert value_of("שלושים ושניים אחוזים") == [("32", True)]
    assert value_of("5 וחצי") == [("5.5", False)]


def test_a_units_word_ends_a_number() -> None:
    # Hebrew joins a units word only after a tens word, a hundred or a thousand
    # (ארבעים ושש, מאה ותשע): "שמונה ושלוש" (a clock time, 8:03) is two numbers
    assert [m.value for m in extract_numbers("נפגשנו בשמונה ושלוש דקות")] == ["8", "3"]
    assert [m.value for m in extract_numbers("ארבעים ושש")] == ["46"]
    assert [m.value for m in extract_numbers("מאה ותשעה")] == ["109"]
    assert [m.value for m in extract_numbers("ארבעה עשר")] == ["14"]
    assert [m.value for m in extract_numbers("ארבעה עשר ושניים")] == ["14", "2"]
    assert [m.value for m in extract_numbers("עשר ושלוש")] == ["10", "3"]
    assert [m.value for m in extract_numbers("מאה וארבעה עשר")] == ["114"]
    assert [m.value for m in extract_numbers("ארבעה עשר אלף")] == ["14000"]
    assert [m.value for m in extract_numbers("תשע וחצי")] == ["9.5"]
    assert [m.value for m in extract_numbers("ארבעה אלף")] == ["4000"]


def test_a_teen_two_after_and_and_an_about_after_a_preposition_are_read() -> None:
    # "ושנים עשר" after a hundred is the teen 12 (not "years"), so 112,000; "שנים" alone
    # stays the noun "years"
    assert [m.value for m in extract_numbers("מאה ושנים עשר אלף כרטיסים")] == ["112000"]
    assert [m.value for m in extract_numbers("שלוש מאות ושתים עשרה")] == ["312"]
    assert [m.value for m in extract_numbers("לפני שנים רבות")] == []
    # the "about" כ after a preposition: בכארבעים is "in about forty"
    assert [m.value for m in extract_numbers("בכארבעים ושמונה אלף שקל")] == ["48000"]
    assert [m.value for m in extract_numbers("לכשלושים משתתפים")] == ["30"]


def test_a_mark_ends_a_number() -> None:
    # "מתשעים, ושבעה מהם": 90, and of them 7 (not 97); without the comma it is 97
    assert [m.value for m in extract_numbers("מתשעים, ושבעה מהם נשארו")] == ["90", "7"]
    assert [m.value for m in extract_numbers("תשעים ושבעה נשארו")] == ["97"]
    # a full stop too: "...ארבעים. ושניים" is 40 and 2; a hyphen joins (חמש-עשרה = 15)
    assert [m.value for m in extract_numbers("באו ארבעים. ושניים מהם נשארו")] == ["40", "2"]
    assert [m.value for m in extract_numbers("חמש-עשרה")] == ["15"]


def test_clause_openers_take_only_the_conjunction() -> None:
    # אולם ("however") opens a clause alone or as ואולם; האולם / באולם is "(in) the hall"
    opens = [is_clause_opener(t) for t in tokenize("ואולם נכנסו לאולם, אולם האולם ובעוד")]
    assert opens == [True, False, False, True, False, True]


def test_ambiguous_number_words_are_not_required() -> None:
    # אחד = "one of", המאה = "the century", באר שבע: matched as values, never required
    assert all(not m.checked for m in extract_numbers("אחד המוצרים במאה הקודמת בבאר שבע"))
    assert [m.checked for m in extract_numbers("שלושה מוצרים")] == [True]


def test_dates() -> None:
    (m,) = extract_numbers("ב-15.9.2020")
    assert m.is_date and m.value == "15.9.2020"
    assert {"15", "9", "2020"} <= m.forms


# --- sentences -------------------------------------------------------------------------


def test_split_on_terminators_and_newlines() -> None:
    text = "המשפט הראשון. האם זה השני? כן! שורה\nשורה אחרת"
    assert sentences(text) == ["המשפט הראשון.", "האם זה השני?", "כן!", "שורה", "שורה אחרת"]


def test_no_split_inside_abbreviations_decimals_initials() -> None:
    text = 'צה"ל וארה"ב חתמו על הסכם בשווי 1.5 מיליארד. י. א. כהן אמר שזה טוב.'
    assert sentences(text) == [
        'צה"ל וארה"ב חתמו על הסכם בשווי 1.5 מיליארד.',
        "י. א. כהן אמר שזה טוב.",
    ]


def test_abbreviation_at_sentence_end() -> None:
    assert sentences('הוא שירת בצה"ל. אחר כך למד.') == ['הוא שירת בצה"ל.', "אחר כך למד."]


def test_no_split_inside_a_short_quotation() -> None:
    text = 'הוא אמר "אני בא. חכו לי." ואז הלך. סוף.'
    assert sentences(text) == ['הוא אמר "אני בא. חכו לי." ואז הלך.', "סוף."]


def test_no_split_in_dotted_names_and_dates() -> None:
    text = "הכתבה פורסמה ב-geektime.com ב-15.9.2020 בבוקר. המשך."
    assert sentences(text) == ["הכתבה פורסמה ב-geektime.com ב-15.9.2020 בבוקר.", "המשך."]


def test_runs_of_terminators_and_ellipsis() -> None:
    assert sentences("מה?! באמת... כן.") == ["מה?!", "באמת...", "כן."]


def test_sof_pasuq_ends_a_verse() -> None:
    assert len(split_sentences("בְּרֵאשִׁית בָּרָא אֱלֹהִים׃ וְהָאָרֶץ הָיְתָה תֹהוּ׃")) == 2


def test_sentence_offsets_are_trimmed() -> None:
    text = "  משפט אחד.   משפט שני.  "
    spans = split_sentences(text)
    assert [text[s:e] for s, e in spans] == ["משפט אחד.", "משפט שני."]


def test_dialogue_turns() -> None:
    text = (
        'היו"ר דנה כהן: בוקר טוב. נתחיל.\n'
        'עו"ד מיכל לוי (היועצת המשפטית): יש לי הערה: הסעיף לא ברור.\n'
        "דנה כהן: תודה."
    )
    turns = split_turns(text)
    assert [t.speaker for t in turns] == [
        'היו"ר דנה כהן',
        'עו"ד מיכל לוי (היועצת המשפטית)',
        "דנה כהן",
    ]
    assert text[turns[1].start : turns[1].end].startswith('עו"ד מיכל לוי')
    sents, _ = segment(text)
    # no sentence crosses a turn boundary, and the second colon does not start a turn
    for s, e in sents:
        assert "\n" not in text[s:e]
    assert len(turns) == 3


def test_prose_is_not_a_dialogue() -> None:
    assert split_turns("משפט רגיל. ועוד אחד: עם נקודתיים באמצע.") == []


# --- robustness: adversarial input (its time, linear in the length, is measured by
# bench/bench_linear.py, which prints it beside a baseline; tests assert no timing) ----------

ADVERSARIAL = {
    "no punctuation": lambda n: ("מילה ארוכה " * n)[:n],
    "punctuation run": lambda n: "!?." * (n // 3),
    "niqqud run": lambda n: "ש" + "\u05b8" * n,
    "mixed scripts": lambda n: ("abc אבג 123 ‏" * n)[:n],
    "quotes": lambda n: ('"א' * n)[:n],
    "digit groups": lambda n: ("1," * n)[:n] + "x",
    "newlines": lambda n: "\n" * n,
    "colons": lambda n: ("א: " * n)[:n],
    "one long word": lambda n: "א" * n,
}


@pytest.mark.parametrize("name", sorted(ADVERSARIAL))
def test_adversarial_input_gives_offsets_inside_the_text(name: str) -> None:
    text = ADVERSARIAL[name](8_000)
    tokens = tokenize(text)
    assert all(0 <= t.start < t.end <= len(text) for t in tokens)
    assert [t.start for t in tokens] == sorted(t.start for t in tokens)
    spans, _turns = segment(text)
    assert all(0 <= s < e <= len(text) for s, e in spans)
    assert all(0 <= n.start < n.end <= len(text) for n in extract_numbers(text))


@pytest.mark.parametrize("word", ['ש"ח', "לדבריו", "שעברה", "וטען", "אמרה", "כשהודיעו", "בקרב"])
def test_light_words_with_prefixes_and_suffixes(word: str) -> None:
    (tok,) = tokenize(word)
    assert is_light(tok)


@pytest.mark.parametrize("word", ["מדורה", "במדבר", "גירעון", "מודיעין", "הקרב"])
def test_content_words_are_not_light(word: str) -> None:
    (tok,) = tokenize(word)
    assert not is_light(tok)


@pytest.mark.parametrize(
    ("value", "year"),
    [
        ("1987", True),
        ("1000", True),
        ("2100", True),
        ("999", False),
        ("2101", False),
        ("01987", False),
        ("1987.5", False),
        ("", False),
    ],
)
def test_the_one_year_test_reads_four_digits_from_1000_to_2100(value: str, year: bool) -> None:
    assert is_year(value) is year


# --- a function word reached through a prefix stack (round 26, stem26) ---------------------


def _only_word(text: str) -> Token:
    (tok,) = tokenize(text)
    return tok


@pytest.mark.parametrize(
    "word",
    [
        "כהן",  # a surname, not כ + הן: a pronoun takes no כ
        "ברק",  # a surname, not ב + רק: a focus word takes only ו / ש
        "משפחות",  # families, not מש + פחות: the connective מש opens a clause
        "שליש",  # a third, not ש + ל + יש
        "מלא",  # full, not מ + לא
        "שמן",  # oil, not ש + מן
        "שלמה",  # a name, not ש + למה: a question word takes no relative ש
        "כלי",  # tools, not כ + לי
        "האולם",  # the hall: the article never glues to a function word
        "מוכן",  # ready, not מ + וכן: ו opens a stack, it never follows one
    ],
)
def test_a_content_word_is_not_read_as_a_glued_function_word(word: str) -> None:
    assert not is_stopword(_only_word(word))


@pytest.mark.parametrize(
    "word",
    [
        "ואילו",
        "ולא",
        "בכל",
        "שבו",
        "ואת",
        "לפחות",
        "ביותר",
        "בהם",
        "מהן",
        "ללא",
        "כשהוא",
        "שבכל",
        "ולמה",
    ],
)
def test_a_function_word_behind_a_legal_prefix_stays_a_function_word(word: str) -> None:
    assert is_stopword(_only_word(word))


def test_a_name_in_a_claim_keeps_its_content_words() -> None:
    content = [t.key for t in tokenize("משה כהן ביקר אצל שלוש משפחות") if not is_stopword(t)]
    assert "כהנ" in content and "משפחות" in content and "אצל" not in content


def test_the_relative_sh_glues_to_a_pronoun_but_not_to_min_or_a_question_word() -> None:
    # clauses.py reads "ש + function word" as a clause opener through this one licence
    assert glues_to_function_word("לא", "ש") and glues_to_function_word("הוא", "ש")
    assert not glues_to_function_word("מנ", "ש")  # שמן: oil
    assert not glues_to_function_word("למה", "ש")  # שלמה: a name


# --- the prefix readers of negation, question and light words (round 26, fix26) ----------


@pytest.mark.parametrize("word", ["ומה", "ולמי", "ובאיזה", "וכמה", "ואיך"])
def test_a_question_word_behind_a_conjunction_or_preposition_stays_one(word: str) -> None:
    assert is_question_word(_only_word(word))


@pytest.mark.parametrize(
    "word",
    [
        "שמה",  # her name ("שמה של העמותה"), not ש + מה
        "ושמה",  # and her name
        "שמי",  # my name, not ש + מי
        "שלמה",  # a name, not ש + למה
    ],
)
def test_a_content_word_ending_in_a_question_word_is_not_one(word: str) -> None:
    assert not is_question_word(_only_word(word))


def test_her_name_in_a_claim_is_a_content_word() -> None:
    text = "שמה של הספרייה העירונית שונה בשנה שעברה"
    names = [t.key for t in tokenize(text) if not (is_stopword(t) or is_question_word(t))]
    assert "שמה" in names


@pytest.mark.parametrize("word", ["הלא", "והלא"])
def test_the_article_glues_to_a_negation_of_an_adjective(word: str) -> None:
    # "ההחלטה הלא חוקית" (the unlawful decision): לא negates the adjective after it
    assert is_stopword(_only_word(word))
    assert glues_to_function_word("לא", "ה") and not glues_to_function_word("הוא", "ה")


@pytest.mark.parametrize("word", ["ואמר", "כשאמרה", "הנוסף", "האחרים", "ולדבריו"])
def test_a_light_content_word_takes_any_prefix_stack(word: str) -> None:
    # reporting verbs and "additional / other" are content words: the article and every
    # preposition glue to them, unlike to a function word
    assert is_light(_only_word(word))


# --- a negation reached through a prefix stack (round 28) ----------------------------------


@pytest.mark.parametrize("word", ["מלא", "ומלא", "שמלא", "כלא", "בכלא", "מלאה"])
def test_full_and_prison_are_no_negations(word: str) -> None:
    """ "מלא" is full, "כלא" prison: לא takes no מ / כ before it."""
    assert not is_negation(_only_word(word))
    assert not is_negation_key(normalize(word).text)


@pytest.mark.parametrize("word", ["לא", "ולא", "שלא", "כשלא", "ושלא", "ללא", "בלא", "אין", "שאין", "ואין", "אינו", "שאינם"])
def test_a_negation_behind_a_legal_prefix_negates(word: str) -> None:
    assert is_negation(_only_word(word))
    assert is_negation_key(normalize(word).text)


# --- the noun of a כל idiom (round 28) ------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "noun", "idiom"),
    [
        ("בכל מקרה הנוסעים יקבלו החזר", "מקרה", True),  # anyway
        ("בכל אופן הוועדה תתכנס", "אופן", True),  # anyhow
        ("על כל פנים המחיר לא ישתנה", "פנים", True),  # at any rate
        ("בכל מקרה של תקלה יוחזר הכסף", "מקרה", False),  # in every case of a fault
        ("כל מקרה נבדק בנפרד", "מקרה", False),  # every case: a noun it speaks of
        ("במקרה הזה הכסף יוחזר", "במקרה", False),
        ("בכל מקרה נבדק המחיר", "מקרה", True),
        ("פנים חדשות בכל כיתה", "פנים", False),
    ],
)
def test_the_noun_of_a_kol_idiom_is_no_content_word(text: str, noun: str, idiom: bool) -> None:
    toks = tokenize(text)
    i = next(k for k, t in enumerate(toks) if t.key == normalize(noun).text)
    assert is_kol_idiom_noun(toks, i) is idiom
