"""Chart builders: functions that take tidy polars frames and return Altair charts.

One module per topic: ``agreement``, ``breakdowns`` (which gathers the dataset's
breakdown charts from ``records_grid``, ``distributions``, ``human_ratings`` and
``annotator_disagreement``, with their shared ``labels``), ``grounding`` (the
engine beside the baselines, and ``reliability_chart``: how well its support probability
is calibrated); ``theme`` and ``offline`` serve them all. Nothing is imported here, so
importing a sibling module never pulls in the others.

The score charts are ``workbench.scoring.charts``: the scoring run's HTML report embeds
them, and scoring sits below this package.
"""
