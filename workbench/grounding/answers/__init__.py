"""Question-aware grounding: an answer judged as an answer to its question.

``question`` finds the part of the source that answers a question; ``answer_types`` what
a question asks for; ``answer_values``, ``answer_counts``, ``answer_doer``,
``answer_names`` and ``answer_list`` bind the answer's value, count, doer or names to the
question's predicate; ``count_verb`` and ``counted_noun`` read a כמה question;
``asked_only`` a question a speaker asks states nothing; ``speaker_value`` and
``speaker_words`` a question naming a dialogue's speaker asks that speaker's words;
``claim_dates`` a statement's date read as the answer to "when"; ``year_amount`` a year is
no amount. Run by ``checks``.
"""
