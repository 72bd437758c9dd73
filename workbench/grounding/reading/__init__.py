"""How the grounding engine reads text: stage 1 and the readers every later stage shares.

``index`` indexes a source once (its sentences, words, numbers, speakers); ``word_forms``
gives the forms a word is matched under; ``meaning`` what the meaning checks read
(negation, antonyms); ``pieces`` the content words and values the checks compare;
``sentence_clauses`` the one clause reader; ``window_cover`` a vectorised window cover.
Nothing here imports another folder of ``workbench.grounding``.
"""
