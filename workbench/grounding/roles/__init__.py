"""Who is who and who did what: the people a source names and the roles it gives them.

``people`` builds the who-is-who table (speaker labels, appositions, copular sentences)
and checks a claim's roles and statements against it; ``clauses`` binds a claim's subject
and predicate to one clause; ``verb_agreement`` reads a subject from a Hebrew verb's
inflection; ``fronted_object`` reads "את X קנה Y". Run by ``binding`` and ``checks``.
"""
