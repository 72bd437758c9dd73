"""Figures and values bound to what they count: the numbers a claim states, checked
against the source's.

``value_clauses`` reads the values a text states and the clauses that hold them;
``bound_numbers`` binds a figure to its unit or counted noun; ``reference_values`` a figure
marked as the point another is measured from; ``source_figures`` the figures a source
sentence states (with the parts of a whole and the years it states in relative form);
``derived`` figures the source gives by arithmetic in words that say how (and a level
the claim states as a gap, read by ``gap_words``);
``partitive_count`` a count of a part; ``derivation_hint`` the reader's pointer to the
arithmetic behind an unwritten figure; ``repeated_figures`` a figure the claim states
more often than the source does. Used by the checks (``checks``, ``binding``), the
answer readers (``answers``) and the who-is-who readers (``roles``).
"""
