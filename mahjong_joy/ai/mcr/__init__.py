"""The Chinese Official (MCR) opponents: fan plans, their standing, and the three level seats.

``plans`` (the fan shapes and their distance), ``wins`` (a ready hand's waits scored
exactly), ``ahead`` (Hard's exact count one draw ahead of ready), ``think`` (each discard's standing, win chances), ``danger`` (what
opponents' melds show) and ``seat`` (:class:`McrLevelAI`, Easy, Normal and Hard).
"""
