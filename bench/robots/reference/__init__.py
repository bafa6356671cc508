"""Frozen references for the robot benchmarks (never edited: a later change is measured against
them in the same run).

``level1_74e2cfe``: the robots of commit 74e2cfe (issue #26's starting point), whose level 1 bids
as level 0 and plays by Monte-Carlo double dummy. Copied with ``git show 74e2cfe:src/qipai/
robots/...``; only the relative imports of the rest of qipai were made absolute
(``from qipai.bridge ...``) and the system file is read from this package.

    from reference.level1_74e2cfe import robot_for   # with bench/robots on sys.path
"""
