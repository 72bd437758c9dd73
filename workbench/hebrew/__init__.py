"""Hebrew text handling for grounding: normalisation, tokens, numbers, sentences, turns.

Everything here keeps a map back to the original string, so a match found on normalised
text is always reported as ``original[start:end]``.

* ``normalize(text)``: Unicode NFKC, lower case, niqqud / cantillation / other combining
  marks and bidi controls removed (maqaf ־, paseq ׀ and sof pasuq ׃ are punctuation and
  stay), final letters folded (ך ם ן ף ץ -> כ מ נ פ צ), geresh / gershayim and their ASCII
  and typographic look-alikes unified to ``'`` / ``"`` and dropped inside a word (so צה"ל,
  צה״ל and צהל are the same string), dashes unified to ``-``, every space to `` ``.
* ``tokenize(text)``: words (Hebrew, Latin, numbers; one-letter words kept) with original
  offsets, a match key and the stems left after removing glued one-letter prefixes
  (ו ה ב כ ל מ ש and stacks such as וה, שב, מה, וכש; ה is not expected after ב/כ/ל, which
  absorb it). Numbers get a canonical key: 1,234 and 1234 -> ``1234``; 1.5 and 1,5 ->
  ``1.5``; ``%``, אחוז and אחוזים -> ``%``; small number words (שלושה, עשרים...) also carry
  their value as ``alt`` so "שלושה" matches "3".
* ``extract_numbers(tokens)``: the numbers, percentages and dates a text asserts, with
  scale words applied (``2.5 מיליון`` -> 2500000), for the number-consistency check.
* ``split_sentences(text)``: ``. ? ! ׃ …`` and newlines end a sentence, but not inside
  word-internal gershayim (already removed by normalisation), decimals (1.5), dates
  (15.9.2020), initials (י. א., J. K.), dotted names (geektime.com) or a short quotation.
* ``split_turns(text)``: dialogue speaker turns, a line that opens with ``name:``.
* ``root_forms(word)``: light root extraction (consonant skeletons) for a weak match of
  other inflections of a root; ``polarities(tokens)``: a hand-written lexicon of antonym
  and direction pairs; ``places`` / ``ordinals``: exclusive values a claim may swap.

All scans are single passes over the text; the only regular expressions are flat
character-class runs (no nested or overlapping quantifiers), so time is linear in the
input, which ``tests/test_hebrew.py`` checks on adversarial input.

The package, one module per job (``workbench.hebrew`` re-exports the public names):
``normalization`` (``normalize`` and its offset map), ``lexicon`` (the word lists),
``morphology`` (prefix stacks, suffixes, root skeletons), ``tokens`` (``Token``,
``tokenize``, word predicates), ``numbers`` (``extract_numbers`` and matching),
``sentences`` (sentences, turns, ``segment``), ``polarity`` (antonym poles) and
``categories`` (places, ordinals).
"""

from workbench.hebrew.categories import ordinals, places
from workbench.hebrew.lexicon import (
    AFTER_WORDS,
    AMOUNT_QUESTIONS,
    BEFORE_WORDS,
    CHANGE_VERBS,
    CHECKED_NUMBER_WORDS,
    CLAUSE_OPENERS,
    COMPARATIVE_ONLY,
    COMPARATIVE_WORDS,
    CONDITIONS,
    DECADE_UNITS,
    ENTITY_QUESTIONS,
    ERA_WORDS,
    EXCEPTIONS,
    FIGURE_QUESTIONS,
    FRACTION_PLURALS,
    FRACTION_WORDS,
    IMPLICIT_NEGATIONS,
    KINSHIP_WORDS,
    LIGHT_WORDS,
    LIMIT_WORDS,
    MEASURE_WORDS,
    MONTHS,
    NEGATIONS,
    NUMBER_WORDS,
    ONLY_WORDS,
    ORDINAL_VALUES,
    ORDINAL_WORDS,
    PART_PRONOUNS,
    PART_QUANTIFIERS,
    PART_WORDS,
    PARTITIVE_PRONOUNS,
    PERCENT_WORDS,
    PERSON_QUESTIONS,
    PLACE_NOUNS,
    PLACE_QUESTIONS,
    PLACES,
    POLAR_WORDS,
    QUANTITY_WORDS,
    QUESTION_WORDS,
    REASON_OPENERS,
    REASON_QUESTIONS,
    REST_WORDS,
    RESTRICTING_ADVERBS,
    RESTRICTORS,
    ROLE_WORDS,
    SCALE_WORDS,
    STOPWORDS,
    SUM_WORDS,
    TEEN_TWO,
    THEN_WORDS,
    TIME_NOUNS,
    TIME_PARTS,
    TIME_QUESTIONS,
    TIME_WORDS,
    TITLES,
    UNIVERSALS,
    WHICH_WORDS,
    YEAR_UNITS,
)
from workbench.hebrew.morphology import (
    BINYAN_PREFIXES,
    MAX_ROOTS,
    MIN_LEMMA,
    MIN_ROOT,
    MIN_STEM,
    PREFIXES,
    ROOT_SUFFIXES,
    SUFFIXES,
    root_forms,
    strip_prefixes,
    strip_suffixes,
)
from workbench.hebrew.normalization import FINAL_LETTERS, Normalized, normalize, normalize_text
from workbench.hebrew.numbers import (
    NumberMention,
    derived_duration,
    extract_numbers,
    is_year,
    month_values,
    number_found,
    number_values,
)
from workbench.hebrew.polarity import polarities, polarity_conflicts, pole_word
from workbench.hebrew.sentences import Turn, segment, split_sentences, split_turns
from workbench.hebrew.tokens import (
    Token,
    canonical_number,
    is_clause_opener,
    is_light,
    is_negation,
    is_negation_key,
    is_question_word,
    is_stopword,
    match_keys,
    shifted,
    tokenize,
    tokenize_normalized,
)

__all__ = [
    "ERA_WORDS",
    "KINSHIP_WORDS",
    "PERSON_QUESTIONS",
    "PLACE_NOUNS",
    "PLACE_QUESTIONS",
    "REASON_OPENERS",
    "REASON_QUESTIONS",
    "TIME_NOUNS",
    "TIME_QUESTIONS",
    "TIME_WORDS",
    "WHICH_WORDS",
    "AMOUNT_QUESTIONS",
    "ENTITY_QUESTIONS",
    "FIGURE_QUESTIONS",
    "MEASURE_WORDS",
    "YEAR_UNITS",
    "AFTER_WORDS",
    "BEFORE_WORDS",
    "CHANGE_VERBS",
    "COMPARATIVE_WORDS",
    "THEN_WORDS",
    "SUM_WORDS",
    "DECADE_UNITS",
    "QUANTITY_WORDS",
    "RESTRICTING_ADVERBS",
    "EXCEPTIONS",
    "LIMIT_WORDS",
    "ONLY_WORDS",
    "RESTRICTORS",
    "CONDITIONS",
    "TIME_PARTS",
    "UNIVERSALS",
    "PART_WORDS",
    "PARTITIVE_PRONOUNS",
    "REST_WORDS",
    "CLAUSE_OPENERS",
    "PART_PRONOUNS",
    "PART_QUANTIFIERS",
    "ROLE_WORDS",
    "BINYAN_PREFIXES",
    "CHECKED_NUMBER_WORDS",
    "COMPARATIVE_ONLY",
    "FINAL_LETTERS",
    "FRACTION_PLURALS",
    "FRACTION_WORDS",
    "IMPLICIT_NEGATIONS",
    "LIGHT_WORDS",
    "MAX_ROOTS",
    "MIN_LEMMA",
    "MIN_ROOT",
    "MIN_STEM",
    "MONTHS",
    "NEGATIONS",
    "NUMBER_WORDS",
    "Normalized",
    "NumberMention",
    "ORDINAL_VALUES",
    "ORDINAL_WORDS",
    "PERCENT_WORDS",
    "PLACES",
    "POLAR_WORDS",
    "PREFIXES",
    "QUESTION_WORDS",
    "ROOT_SUFFIXES",
    "SCALE_WORDS",
    "STOPWORDS",
    "SUFFIXES",
    "TEEN_TWO",
    "TITLES",
    "Token",
    "Turn",
    "canonical_number",
    "extract_numbers",
    "is_light",
    "is_clause_opener",
    "is_negation",
    "is_negation_key",
    "is_question_word",
    "is_stopword",
    "match_keys",
    "month_values",
    "normalize",
    "normalize_text",
    "number_found",
    "derived_duration",
    "number_values",
    "is_year",
    "ordinals",
    "places",
    "polarities",
    "polarity_conflicts",
    "pole_word",
    "root_forms",
    "segment",
    "shifted",
    "split_sentences",
    "split_turns",
    "strip_prefixes",
    "strip_suffixes",
    "tokenize",
    "tokenize_normalized",
]
