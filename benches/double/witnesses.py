#!/usr/bin/env python3
"""Pairs one Double-Swiss (FIDE C.04.5, 2026) match with a witness engine, in-process, and times it.

    V/bin/python benches/double/witnesses.py pairing-core FILE.trf [--match K] [--wall S]
    V/bin/python benches/double/witnesses.py gacrux FILE.trf [--match K]

FILE.trf is in lexpair's Double-Swiss encoding (tests/data/double-2026/README.md): `192
FIDE_DOUBLESWISS`, match k = TRF rounds 2k-1 and 2k (same opponent, reversed colours), the PAB
`0000 - U` in both columns worth `162 P` once per match, an absence `0000 - Z` (or H, F) in both
columns, `142` = game columns, `152` the initial colour. K defaults to the match after the last one
with games; the history is matches 1..K-1 and the absent players are those with a Z/H/F bye in match
K's columns, so `--match K` on a finished file re-pairs its match K.

stdout: the engines' pairs format (the number of lines, `WHITE BLACK` per pair, `ID 0` for the PAB;
Gacrux's colours are not Double-Swiss colours, so its pairs are printed smaller id first). stderr:
`seconds=S`, the wall time of the witness's pairing call alone (no file reading, no imports).
Exit 1: the witness cannot pair (pairing-core's ImpossiblePairingError or EngineTimeoutError,
Gacrux's no legal pairing); exit 2: bad input.

Installs nothing and downloads nothing: run it with the Python of a venv holding the witness,
    python3 -m venv V && V/bin/pip install pairing-core==0.4.1
    python3 -m venv V && V/bin/pip install gacrux==1.11.65

pairing-core (`pairing_core.fide2026.pair_2026`, ruleset `double-2026`) is handed the state of every
present player, which this script works out from the history as the corpus did:
  * a match is a meeting ([C1], 3.4.3) unless a player forfeited both games;
  * the match colour (1.6) is game 1's scheduled colour if a game was played, else none (`u`);
  * [C2] bars the PAB after a PAB or a match won by forfeit (the opponent forfeited both games);
  * floats (1.5) are read in the previous match only: a meeting with a different score before it;
  * matches played (3.4.3) = meetings; scores = game points, the PAB worth `162 P` (default 1.5);
  * the step budget is 20,000,000, the wall budget --wall seconds (120, the corpus's; 0 for none).
Gacrux (FIDE's C.04.6 Swiss Team engine) has no Double-Swiss engine: the position is rewritten as a
C.04.6 team position (README "How Gacrux stands in for C.04.5"): each player a team of two boards
(board b plays game b with its colour and result), the PAB a `320` record worth 1.5 game points,
`192 FIDE_TEAM_GP` (game points, no colour preferences), `142` = matches + 1 so that its "last two
rounds" exemption of [C7]/[C10] falls on the last match only. Gacrux reads meetings, [C2] and
floats itself, the same way on two-game matches (a past F bye would also bar the PAB for Gacrux).
It accepts at most 999 teams.
"""

import argparse
import contextlib
import io
import sys
import time

PLAYED = set("1=0WDL")       # a game that was played
RESULTS = PLAYED | set("+-")  # a game's result
ABSENCES = set("ZHF")         # byes that are not the PAB


class BadInput(Exception):
    pass


class CannotPair(Exception):
    pass


# --------------------------------------------------------------------------------------- reading

def read_trf(path):
    """-> (header dict, {id: (rating, [cell or None ...])}); a cell is (opponent, colour, code)."""
    head, players = {"142": None, "152": "W", "162": "", "192": ""}, {}
    with open(path, encoding="latin-1") as f:
        for no, line in enumerate(f.read().replace("\r", "\n").split("\n"), start=1):
            tag = line[:3]
            if tag in head and line[3:4] == " ":
                head[tag] = line[4:].strip()
            elif tag == "001":
                try:
                    pid = int(line[4:8])
                    rating = int(line[48:52]) if line[48:52].strip() else 0
                    cells = []
                    for pos in range(91, len(line.rstrip()), 10):
                        c = line[pos:pos + 8].ljust(8)
                        if not c.strip():
                            cells.append(None)
                            continue
                        cells.append((int(c[0:4]) if c[0:4].strip() else 0, c[5].lower(), c[7].upper()))
                except ValueError:
                    raise BadInput(f"line {no}: a 001 record that is not TRF")
                if pid in players:
                    raise BadInput(f"line {no}: player {pid} twice")
                players[pid] = (rating, cells)
    if not players:
        raise BadInput("no 001 records")
    return head, players


def point_values(text):
    """162 -> the values of W, D, L, a forfeit loss (A) and the PAB (P, default a win and a draw)."""
    v, toks = {"W": 1.0, "D": 0.5, "L": 0.0, "A": 0.0}, text.split()
    for code, val in zip(toks[::2], toks[1::2]):
        try:
            v[code.upper()] = float(val)
        except ValueError:
            raise BadInput(f"162: '{code} {val}' is not a point value")
    v.setdefault("P", v["W"] + v["D"])
    return v


def match_entry(pid, cells, j):
    """Player pid's match j: None, ('bye', code), or ('game', opponent, (colour, code), (colour, code))."""
    c1, c2 = (cells[i] if i < len(cells) else None for i in (2 * j - 2, 2 * j - 1))
    where = f"player {pid}, match {j} (TRF rounds {2 * j - 1} and {2 * j})"
    if c1 is None and c2 is None:
        return None
    if c1 is not None and c2 is None and c1[0] == 0 and c1[2] in ABSENCES and len(cells) == 2 * j - 1:
        return ("bye", c1[2])                       # announced in game 1's column only
    if c1 is None or c2 is None:
        raise BadInput(f"{where}: one column only")
    if c1[0] == 0 and c2[0] == 0:
        if c1[2] != c2[2] or c1[2] not in ABSENCES | {"U"}:
            raise BadInput(f"{where}: byes '{c1[2]}'/'{c2[2]}'; a match's bye is U, Z, H or F in both columns")
        return ("bye", c1[2])
    if c1[0] != c2[0] or 0 in (c1[0], c2[0]):
        raise BadInput(f"{where}: games against {c1[0]} and {c2[0]}")
    if c1[1] == c2[1] and c1[1] in "wb":
        raise BadInput(f"{where}: both games with the same colour")
    return ("game", c1[0], c1[1:], c2[1:])


class Position:
    """The history (matches 1..K-1) of a Double-Swiss file and the players present in match K."""

    def __init__(self, path, k=None):
        head, players = read_trf(path)
        if not head["192"].upper().startswith("FIDE_DOUBLESWISS"):
            raise BadInput(f"192 is '{head['192']}': not a Double-Swiss file (192 FIDE_DOUBLESWISS)")
        if head["192"].upper() != "FIDE_DOUBLESWISS":
            raise BadInput(f"192 {head['192']}: the witnesses pair plain FIDE_DOUBLESWISS only")
        if not (head["142"] or "").isdigit() or int(head["142"]) % 2:
            raise BadInput(f"142 is '{head['142']}': an even number of game columns is needed")
        self.n, self.M = max(players), int(head["142"]) // 2
        if sorted(players) != list(range(1, self.n + 1)):
            raise BadInput("player ids must be 1..N")
        self.initial = (head["152"][:1] or "W").upper()
        self.initial = "B" if self.initial == "B" else "W"
        self.values = point_values(head["162"])
        self.ratings = {i: r for i, (r, _) in players.items()}
        width = max(len(c) for _, c in players.values())
        entries = {i: [None] + [match_entry(i, c, j) for j in range(1, (width + 1) // 2 + 1)]
                   for i, (_, c) in players.items()}
        with_games = [j for e in entries.values() for j, x in enumerate(e) if x and x[0] == "game"]
        following = max(with_games, default=0) + 1
        self.K = following if k is None else k
        if not 1 <= self.K <= following:
            raise BadInput(f"match {self.K} cannot be paired: the match to pair is {following} at most")
        if self.K > self.M:
            raise BadInput(f"match {self.K}: 142 schedules {self.M} matches")
        get = lambda i, j: entries[i][j] if j < len(entries[i]) else None
        self.hist = [None]                           # hist[j][i] for j = 1..K-1
        for j in range(1, self.K):
            m = {i: get(i, j) for i in players}
            for i, e in m.items():
                if e and e[0] == "game":
                    o = e[1]
                    oe = m.get(o)
                    if not oe or oe[0] != "game" or oe[1] != i:
                        raise BadInput(f"player {i}, match {j}: plays {o}, who does not play him")
                    if e[2][1] not in RESULTS or e[3][1] not in RESULTS:
                        raise BadInput(f"player {i}, match {j}: a game without a result (pending?)")
            self.hist.append(m)
        self.absent = {i for i in players if get(i, self.K) in [("bye", c) for c in ABSENCES]}
        self.present = [i for i in range(1, self.n + 1) if i not in self.absent]

    # --- the Double-Swiss facts of the history -----------------------------------------------------
    def value(self, code):
        v = self.values
        return {"1": v["W"], "+": v["W"], "W": v["W"], "=": v["D"], "D": v["D"], "0": v["L"], "L": v["L"],
                "-": v["A"], "F": v["W"], "H": v["D"]}.get(code, 0.0)

    def match_points(self, e):
        if e is None:
            return 0.0
        if e[0] == "bye":
            return self.values["P"] if e[1] == "U" else 2 * self.value(e[1])
        return self.value(e[2][1]) + self.value(e[3][1])

    def facts(self):
        """{id: dict(score, colours, met, played, pab, forfeit_win, float)} before match K."""
        before = [{i: 0.0 for i in range(1, self.n + 1)}]        # before[j-1] = scores before match j
        for m in self.hist[1:]:
            before.append({i: s + self.match_points(m[i]) for i, s in before[-1].items()})
        out = {}
        for i in range(1, self.n + 1):
            f = dict(score=before[-1][i], colours="", met=set(), pab=False, forfeit_win=False, float="")
            for j, m in enumerate(self.hist[1:], start=1):
                e = m[i]
                if e is None or e[0] == "bye":
                    f["pab"] |= e is not None and e[1] == "U"
                    f["colours"] += "u"
                    continue
                o, oe = e[1], m[e[1]]
                mine, theirs = (e[2][1], e[3][1]), (oe[2][1], oe[3][1])
                played = any(c in PLAYED for c in mine + theirs)
                white = e[2][0] == "w" if e[2][0] in "wb" else (e[3][0] == "b" if e[3][0] in "wb" else i < o)
                f["colours"] += ("W" if white else "B") if played else "u"
                if mine == ("-", "-") or theirs == ("-", "-"):
                    f["forfeit_win"] |= theirs == ("-", "-") and mine != ("-", "-")
                    continue
                f["met"].add(o)
                if j == self.K - 1 and before[j - 1][i] != before[j - 1][o]:
                    f["float"] = "D" if before[j - 1][i] > before[j - 1][o] else "U"
            out[i] = f
        return out


# ---------------------------------------------------------------------------------- pairing-core

def pair_pairing_core(pos, wall):
    from pairing_core.errors import EngineTimeoutError, ImpossiblePairingError, PairingError
    from pairing_core.fide2026 import P26Player, P26Request, pair_2026
    facts, present = pos.facts(), set(pos.present)
    players = tuple(P26Player(
        id=i, tpn=i, score=f["score"], rating=pos.ratings[i] or None, colors=f["colours"],
        opponents=tuple(sorted(o for o in f["met"] if o in present)), unplayed=f["colours"].count("u"),
        last_float=f["float"], got_pab=f["pab"], forfeit_win=f["forfeit_win"], played=len(f["met"]))
        for i, f in facts.items() if i in present)
    try:
        req = P26Request(players=players, ruleset="double-2026", round_number=pos.K, total_rounds=pos.M,
                         is_last_round=pos.K == pos.M, initial_colour=pos.initial,
                         max_steps=20_000_000, wall_clock_seconds=wall)
        t0 = time.perf_counter()
        res = pair_2026(req)
        seconds = time.perf_counter() - t0
    except (ImpossiblePairingError, EngineTimeoutError) as e:
        raise CannotPair(f"pairing-core cannot pair match {pos.K}: {type(e).__name__}: {e}")
    except PairingError as e:
        raise BadInput(f"pairing-core refuses the request: {type(e).__name__}: {e}")
    return [(p.white_id, p.black_id) for p in res.pairs], res.bye_id, seconds


# ---------------------------------------------------------------------------------------- Gacrux

def team_trf(pos):
    """The C.04.6 team file of the position: player i = team i, boards 2i-1 (game 1) and 2i (game 2)."""
    v, n, K = pos.values, pos.n, pos.K
    cells = {b: [] for b in range(1, 2 * n + 1)}
    pabs = []
    for m in pos.hist[1:]:
        pabs.append(next((i for i, e in m.items() if e and e[0] == "bye" and e[1] == "U"), 0))
        for i, e in m.items():
            if e is None or e[0] == "bye":
                code = "Z" if e is None else e[1]
                cell = "        " if code == "U" else f"0000 - {code}"   # the PAB is record 320
                cells[2 * i - 1].append(cell)
                cells[2 * i].append(cell)
            else:
                for board, (colour, code) in ((1, e[2]), (2, e[3])):
                    cells[2 * i - 2 + board].append(f"{2 * e[1] - 2 + board:4d} {colour} {code}")
    for i in pos.absent:
        cells[2 * i - 1].append("0000 - Z")
        cells[2 * i].append("0000 - Z")
    lines = [f"012 Double-Swiss match {K} as a C.04.6 team position", f"062 {2 * n}", f"072 {2 * n}",
             f"082 {n}", "092 Swiss Team System", f"142 {pos.M + 1}", f"152 {pos.initial}",
             f"162  W {v['W']:.1f}    D {v['D']:.1f}    L {v['L']:.1f}", "192 FIDE_TEAM_GP", "352 WB",
             "362 TW 2.0   TD 1.0   TL 0.0"]
    for i in range(1, n + 1):
        lines.append(f"310 {i:3d} {'Team ' + str(i):<32s} {'':5s} {pos.ratings[i]:6d} {0:6.1f} {0:6.1f} {i:3d}"
                     f"  {2 * i - 1:4d} {2 * i:4d}")
    for b, row in cells.items():
        i = (b + 1) // 2
        pts = sum(pos.value(c[7]) for c in row[:K - 1] if c.strip())
        head = (f"001 {b:4d}      {'Team ' + str(i) + ' board ' + str(2 - b % 2):<33s} {pos.ratings[i] % 10000:4d}"
                f"     {b:11d}            {pts:4.1f} {b:4d}")
        lines.append((head + "".join("  " + c for c in row)).rstrip())
    if K > 1:
        lines.append(f"320 {1.0:4.1f} {v['P']:4.1f}" + "".join(f" {t:03d}" for t in pabs))
    return "\n".join(lines) + "\n"


def pair_gacrux(pos):
    if pos.n > 999:
        raise BadInput(f"{pos.n} players: Gacrux accepts at most 999 teams")
    from gacrux.gacruxexeptions import GacruxNoLegalPairing
    from gacrux.pairingchecker import pairingchecker
    from gacrux.pairingfideteam import pairing_fideteam
    text, argv, sink = team_trf(pos), sys.argv, io.StringIO()
    with contextlib.redirect_stdout(sink):
        try:
            sys.argv = ["gacrux", "-p"]
            checker = pairingchecker()
            checker.read_command_line()
        finally:
            sys.argv = argv
        checker.params["jch"] = text                    # the file's text instead of -i FILE
        try:
            checker.read_input_file()
            if checker.chessfile.get_status() == 0:
                checker.prepare_tournament()
        except Exception as e:
            raise BadInput(f"Gacrux refuses the team file: {type(e).__name__}: {e}")
        if checker.chessfile.get_status() != 0:
            raise BadInput(f"Gacrux refuses the team file: {checker.chessfile.chessjson['status']}")
        tm = checker.chessfile.get_tournament(1)
        if tm["currentRound"] + 1 != pos.K:
            raise BadInput(f"Gacrux would pair round {tm['currentRound'] + 1}, not match {pos.K} "
                           "(a match without any game played?)")
        engine = pairing_fideteam(tm, pos.K, dict(checker.params))
        try:
            t0 = time.perf_counter()
            brackets = engine.compute_pairing(False)
            seconds = time.perf_counter() - t0
        except GacruxNoLegalPairing as e:
            raise CannotPair(f"Gacrux cannot pair match {pos.K}: {e}")
    pairs = sorted((p for b in brackets if not b.get("pab") for p in b["pairs"]), key=lambda p: p["board"])
    pab = next((b["competitors"][0] for b in brackets if b.get("pab")), None)
    return [tuple(sorted((p["w"], p["b"]))) for p in pairs], pab, seconds


# ------------------------------------------------------------------------------------------ main

def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("witness", choices=["pairing-core", "gacrux"])
    ap.add_argument("file")
    ap.add_argument("--match", type=int, metavar="K", help="the match to pair (default: the next one)")
    ap.add_argument("--wall", type=float, default=120.0, help="pairing-core's wall budget, s (120; 0: none)")
    a = ap.parse_args()
    try:
        pos = Position(a.file, a.match)
        if a.witness == "pairing-core":
            pairs, pab, seconds = pair_pairing_core(pos, a.wall or None)
        else:
            pairs, pab, seconds = pair_gacrux(pos)
    except OSError as e:
        print(f"{a.file}: {e.strerror}", file=sys.stderr)
        return 2
    except BadInput as e:
        print(f"{a.file}: {e}", file=sys.stderr)
        return 2
    except CannotPair as e:
        print(f"{a.file}: {e}", file=sys.stderr)
        return 1
    out = [str(len(pairs) + (pab is not None))] + [f"{w} {b}" for w, b in pairs] + ([f"{pab} 0"] if pab else [])
    print("\n".join(out))
    print(f"seconds={seconds:.6f}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
