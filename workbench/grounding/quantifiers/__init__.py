"""Quantifier scope: a claim must not say of all what the source says of part.

``scope`` reads the source's restrictions (only, most, some) and a claim's universals;
``quantifier_scope`` a universal over a noun the source quantifies in part. Run by
``binding`` and ``checks``; ``probability`` reads one of its features here.
"""
