"""Ranked play every day (复式记分, 全场记分, grades): pure logic over results, as ``events/``
is for tournaments. ``pool`` runs the week's pool of boards (the 6/40 rule of
:class:`qipai.duplicate.PoolBoard`), ``rate`` recomputes each player's Rate (牌技指数) at the
week's end, ``grades`` names a player's grade by masterpoints; ``simulate`` plays weeks of the
pool with players of hidden skill to validate the Rate. docs/RANKED.md has the formulas.
"""
