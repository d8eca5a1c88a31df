"""lexpair for Python: FIDE Swiss pairings solved exactly, and research batches.

Every function returns plain Python objects (dicts, lists, strings, numbers) with players named
by their TRF ids (teams by their numbers); a batch's records are flat dicts that
``pandas.DataFrame`` takes directly::

    import lexpair, pandas as pd
    p = lexpair.pair("examples/open-r5.trf", "dutch-2026", explain=True)
    t = lexpair.pair("examples/team-r4.trf", "team-2026")   # teams: each match with its boards
    lexpair.generate("team-2026", rounds=7, seed=1, players=40, boards=4)   # 40 teams
    lexpair.generate("double-2026", rounds=5, seed=1, players=30)   # Double-Swiss: 5 two-game matches
    rows = lexpair.simulate(["dutch-2026", "dutch-2017"], "out/sim", players=60, rounds=7, seeds=20)
    df = pd.DataFrame(rows)
    pd.DataFrame(lexpair.standings("t.trf", tiebreaks="BH/C1,BH,SB,DE,WIN"))   # C.07 standings
    lexpair.state("examples/open-r5.trf")                  # as `lexpair state --json`
    lexpair.verify("examples/open-r5.trf", "dutch-2026", "pairs.txt")   # as `lexpair verify`
    lexpair.pair("t.trf", "dutch-2026", model="quota.model", groups="clubs.csv", write_lp="lp")

Built without HiGHS by default (``pip install ./python`` compiles in about a minute); a
requirement of one's own that is a row of a program (a quota) needs it:
``MATURIN_PEP517_ARGS="--features highs" pip install ./python``.

Errors are exceptions derived from :class:`LexpairError` that carry the command line's message
(file, line and field for a malformed TRF): :class:`InvalidInput`, :class:`NoValidPairing`,
:class:`SolverError`, :class:`FileError`.
"""

from ._lexpair import (  # noqa: F401  (the public API)
    FileError,
    InvalidInput,
    LexpairError,
    NoValidPairing,
    SolverError,
    __version__,
    check,
    generate,
    mean_ci,
    merge,
    metrics,
    pair,
    plot,
    read_results,
    replay,
    simulate,
    solve,
    standings,
    state,
    systems,
    verify,
)


def explain(path, system, **options):
    """Why the next round (or ``round=``) is paired as it is, in the rules' words: the
    ``explanation`` object of docs/explain.md (schema ``lexpair-explain/1``), players by TRF id."""
    return pair(path, system, explain=True, **options)["explanation"]


def replays_identically(path, system, **options):
    """True when every recorded round of ``path`` is paired identically by ``system``
    (``lexpair check``); ``check`` gives the rounds one by one. (``verify`` is the command
    line's ``verify``: is a given pairing legal, and as good as lexpair's.)"""
    return all(r["identical"] for r in check(path, system, **options))


__all__ = [
    "FileError",
    "InvalidInput",
    "LexpairError",
    "NoValidPairing",
    "SolverError",
    "__version__",
    "check",
    "explain",
    "generate",
    "mean_ci",
    "merge",
    "metrics",
    "pair",
    "plot",
    "read_results",
    "replay",
    "replays_identically",
    "simulate",
    "solve",
    "standings",
    "state",
    "systems",
    "verify",
]
