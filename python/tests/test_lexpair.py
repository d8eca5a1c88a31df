"""The Python package against the library's own answers: the pairing of the shipped example as
the command line prints it, errors with the file/line/field text, seeded generation, standings
worked out by hand (tests/suite/standings.rs derives them), and batch records for pandas."""

import os
import shutil
import subprocess
from pathlib import Path

import pytest

import lexpair

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "open-r5.trf"
DATA = ROOT / "tests" / "data" / "trf"

# `lexpair pair --system dutch-2026 examples/open-r5.trf` (identical to bbpPairings 6 there).
EXPECTED_BOARDS = [(3, 1), (2, 5), (6, 8), (10, 9), (11, 13), (17, 4), (19, 7), (12, 21), (14, 16), (15, 23), (22, 20)]


def test_systems_come_from_the_registry():
    names = [s["name"] for s in lexpair.systems()]
    assert {"dutch-2026", "dutch-2017", "dutch-2012", "dubov-2026", "dubov-2018", "lim"} <= set(names)
    assert [s["name"] for s in lexpair.systems() if s["family"] == "dutch" and s["current"]] == ["dutch-2026"]
    assert lexpair.__version__.count(".") == 2


def test_pair_returns_boards_and_bye_by_trf_id():
    p = lexpair.pair(EXAMPLE, "dutch-2026")
    assert p["system"] == "dutch-2026" and p["round"] == 5
    assert [(b["white"], b["black"]) for b in p["boards"]] == EXPECTED_BOARDS
    assert [b["board"] for b in p["boards"]] == list(range(1, 12))
    assert p["bye"] == 18
    assert "brackets" not in p


def test_pair_agrees_with_the_command_line_when_it_is_built():
    exe = ROOT / "target" / "release" / "lexpair"
    if not exe.exists():
        pytest.skip("target/release/lexpair not built")
    for system in ["dutch-2017", "dubov-2026", "lim"]:
        out = subprocess.run([exe, "pair", "--system", system, EXAMPLE], capture_output=True, text=True, check=True)
        lines = out.stdout.split("\n")[1:-1]
        p = lexpair.pair(str(EXAMPLE), system)
        mine = [f"{b['white']} {b['black']}" for b in p["boards"]] + ([f"{p['bye']} 0"] if p["bye"] else [])
        assert mine == lines, system


def test_explain_and_why_not():
    p = lexpair.pair(EXAMPLE, "dutch-2026", explain=True, why_not=(3, 2))
    assert isinstance(p["brackets"], list) and p["brackets"]
    e = p["explanation"]
    assert e["schema"] == "lexpair-explain/1" and e["round"] == 5
    assert sum(len(b["pairs"]) for b in e["brackets"]) == 11
    assert e["bye"]["player"]["id"] == 18
    assert "Bracket 1 (bracket, score 3½)" in p["explanation_text"]
    assert p["why_not"]["players"] == [3, 2]
    assert "never in the same bracket" in p["why_not"]["reason"]


def test_a_malformed_file_raises_with_file_line_and_field():
    with pytest.raises(lexpair.InvalidInput) as e:
        lexpair.pair(DATA / "bad" / "bad_rating.trf", "dutch-2026")
    assert "bad_rating.trf:4:49: FIDE rating (columns 49-52)" in str(e.value)
    assert isinstance(e.value, lexpair.LexpairError)
    with pytest.raises(lexpair.FileError):
        lexpair.pair(DATA / "no-such-file.trf", "dutch-2026")
    with pytest.raises(lexpair.InvalidInput, match="unknown system 'swiss-perfect'"):
        lexpair.pair(EXAMPLE, "swiss-perfect")


def test_no_valid_pairing_is_its_own_exception(tmp_path):
    f = tmp_path / "met.trf"
    f.write_text(
        "012 x\nXXR 3\nXXC white1\n"
        "001    1      A                                 2000                             1.0          2 w 1\n"
        "001    2      B                                 1900                             0.0          1 b 0\n"
    )
    with pytest.raises(lexpair.NoValidPairing, match="no valid pairing"):
        lexpair.pair(f, "dutch-2017")


def test_generate_is_seeded_and_replays_identically(tmp_path):
    a = lexpair.generate("dutch-2026", 5, 7, players=24)
    assert a == lexpair.generate("dutch-2026", 5, 7, players=24)
    assert a != lexpair.generate("dutch-2026", 5, 8, players=24)
    out = tmp_path / "t.trf"
    assert lexpair.generate("dutch-2017", 5, 7, players=24, output=out) == out.read_text()
    rounds = lexpair.check(out, "dutch-2017")
    assert [r["round"] for r in rounds] == [1, 2, 3, 4, 5]
    assert all(r["identical"] for r in rounds)
    assert lexpair.replays_identically(out, "dutch-2017")
    with pytest.raises(lexpair.InvalidInput, match="players"):
        lexpair.generate("dutch-2026", 5, 7)


def test_standings_with_tie_breaks():
    # No start date in the file: the 2026 rules; Carl's forfeit win is a dummy capped at his
    # opponent's score (C.07 16.4.1). tests/suite/standings.rs derives every figure.
    rows = lexpair.standings(DATA / "forfeits_byes.trf")
    assert [r["id"] for r in rows] == [1, 3, 2, 5, 4, 6]
    carl = next(r for r in rows if r["id"] == 3)
    assert (carl["points"], carl["BH/C1"], carl["BH"], carl["SB"], carl["WIN"]) == (2.0, 3.5, 4.5, 2.75, 1)
    assert carl["federation"] == "NOR" and carl["fide_id"] == "1000003"
    rows = lexpair.standings(DATA / "forfeits_byes.trf", tiebreaks="BH/C1,BH,SB,ARO", rules=2024)
    carl = next(r for r in rows if r["id"] == 3)
    assert (carl["BH/C1"], carl["BH"], carl["SB"], carl["ARO"]) == (4.5, 5.5, 3.75, 2250)
    rows = lexpair.standings(DATA / "forfeits_byes.trf", tiebreaks="de")
    assert [(r["id"], r["rank"]) for r in rows][-2:] == [(4, 5), (6, 5)]
    with pytest.raises(lexpair.InvalidInput, match="unknown tie-break"):
        lexpair.standings(DATA / "forfeits_byes.trf", tiebreaks="median")


def test_simulate_records_make_a_dataframe_and_resume(tmp_path):
    pd = pytest.importorskip("pandas")
    out = tmp_path / "sim"
    model = ROOT / "examples" / "sauer2024" / "dutch-2017-no-c7.model"
    rows = lexpair.simulate(
        ["dutch-2026", "dubov-2026"], out, players=30, rounds=5, seeds=4, models=[("dutch-2017", model)], jobs=2
    )
    df = pd.DataFrame(rows)
    assert len(df) == 12 and set(df["status"]) == {"ok"}
    assert set(df["variant"]) == {"default", "dutch-2017-no-c7"}
    assert df["kendall_tau"].between(-1, 1).all() and df["kendall_tau_tiebroken"].notna().all()
    # Criteria are named by meaning; one Dubov has no Dutch criterion column values.
    assert "criterion pab_score" in df.columns
    assert df.loc[df["system"] == "dubov-2026", "criterion pab_score"].isna().all()
    # The same folder again: nothing runs, the same records come back, as read_results reads them.
    again = pd.DataFrame(lexpair.simulate(["dutch-2026", "dubov-2026"], out, players=30, rounds=5, seeds=4,
                                          models=[("dutch-2017", model)]))
    cols = [c for c in df.columns if not c.startswith("time ")]
    assert df[cols].equals(again[cols])
    assert pd.DataFrame(lexpair.read_results(out))[cols].equals(df[cols])
    assert (out / "results.csv").exists()
    with pytest.raises(lexpair.InvalidInput, match="is not a stage of the Lim system"):
        lexpair.simulate(["lim"], tmp_path / "x", players=10, models=[("lim", model)])
    files = lexpair.plot(out, tmp_path / "plots")
    assert "kendall_tau.svg" in files and (tmp_path / "plots" / "index.html").exists()


def test_shards_split_the_plan_as_the_command_line_does(tmp_path):
    plan = {"players": 20, "rounds": 4, "seeds": 5, "jobs": 1}
    whole = lexpair.simulate(["dutch-2026", "lim"], tmp_path / "all", **plan)
    parts = [lexpair.simulate(["dutch-2026", "lim"], tmp_path / f"s{i}", shard=f"{i}/3", **plan) for i in (1, 2, 3)]
    assert [len(p) for p in parts] == [4, 3, 3]  # every 3rd unit from the i-th, as --shard i/3

    def ids(rows):
        return sorted((r["system"], r["seed"], r["kendall_tau"]) for r in rows)

    assert ids(sum(parts, [])) == ids(whole)
    with pytest.raises(lexpair.InvalidInput, match="expected I/N"):
        lexpair.simulate(["lim"], tmp_path / "x", players=10, shard="4/3")


def test_replay_compares_with_the_record(tmp_path):
    f = tmp_path / "t.trf"
    lexpair.generate("dubov-2026", 6, 3, players=20, output=f)
    rows = lexpair.replay(["dubov-2026"], [f], tmp_path / "rep")
    assert len(rows) == 1
    assert rows[0]["rounds"] == 6 and rows[0]["rounds_identical"] == 6


def test_mean_ci_is_the_plots_interval():
    mean, low, high = lexpair.mean_ci([1.0, 2.0, 3.0])
    assert mean == 2.0 and abs(high - 2.0 - 4.303 / 3 ** 0.5) < 1e-12 and abs((2.0 - low) - (high - 2.0)) < 1e-12
    assert lexpair.mean_ci([1.0]) is None


def test_a_bye_entered_in_advance_needs_the_round(tmp_path):
    lines = EXAMPLE.read_text().splitlines()
    f = tmp_path / "preset.trf"
    f.write_text("\n".join(l + "  0000 - U" if l.startswith("001    7 ") else l for l in lines) + "\n")
    with pytest.raises(lexpair.InvalidInput, match="give --round 5"):
        lexpair.pair(f, "dutch-2026")
    p = lexpair.pair(f, "dutch-2026", round=5)
    assert p["bye"] == 7 and len(p["boards"]) == 11
    assert all(7 not in (b["white"], b["black"]) for b in p["boards"])


def test_why_the_bye():
    p = lexpair.pair(EXAMPLE, "dutch-2026", why_bye=20)
    assert p["why_bye"]["player"] == 20
    assert "[C9]" in p["why_bye"]["reason"] and "18 has played 4 games" in p["why_bye"]["reason"]
    p = lexpair.pair(EXAMPLE, "dubov-2026", why_not=(2, 6))
    assert "[C7]" in p["why_not"]["reason"]


def test_explain_returns_the_versioned_object():
    e = lexpair.explain(EXAMPLE, "burstein-2026")
    assert e["schema"] == "lexpair-explain/1" and e["system"] == "burstein-2026"
    assert e["brackets"][0]["residents"][0]["name"].startswith("Test")
    assert all("text" in line for b in e["brackets"] for line in b["criteria"] + b["order"])


TEAM_EXAMPLE = ROOT / "examples" / "team-r4.trf"


def test_a_team_file_pairs_teams_with_their_boards():
    # Round 4 of a 9-team event under C.04.6 (the corpus round FIDE's reference engine paired so).
    p = lexpair.pair(TEAM_EXAMPLE, "team-2026")
    assert p["system"] == "team-2026" and p["unit"] == "team" and p["round"] == 4
    assert [(b["white"], b["black"]) for b in p["boards"]] == [(3, 2), (1, 6), (7, 5), (8, 9)]
    assert p["bye"] == 4
    first = p["boards"][0]["boards"]
    assert [b["board"] for b in first] == [1, 2, 3, 4]
    # Team 3 has White on board 1; the 352 pattern WBWB alternates from there.
    assert (first[0]["white"], first[0]["black"]) == (9, 5)
    assert (first[1]["white"], first[1]["black"]) == (6, 10)
    p = lexpair.pair(TEAM_EXAMPLE, "team-2026", explain=True, why_bye=5)
    assert p["explanation"]["unit"] == "team"
    assert "3.4.3" in p["why_bye"]["reason"]
    with pytest.raises(lexpair.InvalidInput, match="pairs players"):
        lexpair.pair(TEAM_EXAMPLE, "dutch-2026")


def test_team_standings_rank_by_match_points_then_game_points():
    rows = lexpair.standings(TEAM_EXAMPLE, tiebreaks="MPVGP,BH")
    assert [r["id"] for r in rows][:3] == [2, 1, 3]
    assert rows[0]["points"] == 5 and rows[0]["MPVGP"] == rows[0]["game_points"]


def test_team_tournaments_generate_and_replay(tmp_path):
    out = tmp_path / "teams.trf"
    text = lexpair.generate("team-2026", rounds=5, seed=3, players=12, boards=2,
                            team_rules="FIDE_TEAM_TYPEB_MP_GP", output=str(out))
    assert text == lexpair.generate("team-2026", rounds=5, seed=3, players=12, boards=2,
                                    team_rules="FIDE_TEAM_TYPEB_MP_GP")
    assert "192 FIDE_TEAM_TYPEB_MP_GP" in text and text.count("\n310 ") + text.startswith("310 ") == 12
    rounds = lexpair.check(out, "team-2026")
    assert [r["identical"] for r in rounds] == [True] * 5
    with pytest.raises(lexpair.InvalidInput, match="team systems"):
        lexpair.generate("dutch-2026", rounds=3, seed=1, players=10, boards=2)


DOUBLE_EXAMPLE = ROOT / "examples" / "double-m4.trf"


def test_a_double_swiss_file_pairs_two_game_matches():
    # Match 4 of a 13-player Double-Swiss event (C.04.5), as Gacrux pairs it (pairing-core breaks
    # [C6] here: docs/double-swiss.md).
    p = lexpair.pair(DOUBLE_EXAMPLE, "double-2026")
    assert p["system"] == "double-2026"
    # Player 9 is absent (0000 - Z in both columns); the white of game 1 is listed first.
    assert [(b["white"], b["black"]) for b in p["boards"]] == [(6, 1), (2, 4), (7, 3), (5, 8), (11, 10), (12, 13)]
    assert p["bye"] is None
    with pytest.raises(lexpair.InvalidInput):
        lexpair.pair(DOUBLE_EXAMPLE, "dutch-2026")


def test_double_swiss_generates_checks_and_ranks_by_game_points(tmp_path):
    out = tmp_path / "ds.trf"
    text = lexpair.generate("double-2026", rounds=4, seed=5, players=14, forfeit_rate=0.05,
                            match_forfeit_rate=0.05, output=str(out))
    assert text == lexpair.generate("double-2026", rounds=4, seed=5, players=14, forfeit_rate=0.05,
                                    match_forfeit_rate=0.05)
    assert "192 FIDE_DOUBLESWISS" in text and "\n142 8\n" in text
    assert [r["identical"] for r in lexpair.check(out, "double-2026")] == [True] * 4
    rows = lexpair.standings(out)
    assert len(rows) == 14
    assert all(a["points"] >= b["points"] for a, b in zip(rows, rows[1:]))
    assert all(0 <= r["played"] <= 4 and 0 <= r["match_points"] <= 8 for r in rows)
    m = lexpair.metrics(out)
    assert m and all(isinstance(k, str) for k in m)
    with pytest.raises(lexpair.InvalidInput, match="match_forfeit_rate"):
        lexpair.generate("dutch-2026", rounds=3, seed=1, players=10, match_forfeit_rate=0.1)


def cli(*args):
    """The command line's answer (skips the test when it is not built)."""
    exe = ROOT / "target" / "release" / "lexpair"
    if not exe.exists():
        pytest.skip("target/release/lexpair not built")
    return subprocess.run([exe, *map(str, args)], capture_output=True, text=True)


def test_state_is_the_command_lines(tmp_path):
    import json

    for path in [EXAMPLE, ROOT / "examples" / "team-r4.trf", ROOT / "examples" / "double-m4.trf"]:
        want = cli("state", path, "--json")
        assert want.returncode == 0, want.stderr
        assert lexpair.state(path) == json.loads(want.stdout), path
    with pytest.raises(lexpair.InvalidInput, match="not one"):
        lexpair.state(EXAMPLE, system="lim")


def test_verify_is_the_command_lines(tmp_path):
    import json

    mine = tmp_path / "pairs.txt"
    p = lexpair.pair(EXAMPLE, "dutch-2026")
    lines = [f"{b['white']} {b['black']}" for b in p["boards"]] + [f"{p['bye']} 0"]
    mine.write_text(f"{len(lines)}\n" + "\n".join(lines) + "\n")
    v = lexpair.verify(EXAMPLE, "dutch-2026", mine)
    assert v["legal"] and v["violations"] == []
    want = cli("verify", "-s", "dutch-2026", EXAMPLE, mine, "--format", "json")
    assert v == json.loads(want.stdout)
    # Two boards swapped into rematches: illegal, as a result (exit 1 on the command line).
    bad = tmp_path / "bad.txt"
    bad.write_text("12\n3 2\n1 5\n" + "\n".join(lines[2:]) + "\n")
    v = lexpair.verify(EXAMPLE, "dutch-2026", bad)
    want = cli("verify", "-s", "dutch-2026", EXAMPLE, bad, "--format", "json")
    assert want.returncode == 1 and not v["legal"] and v == json.loads(want.stdout)


def test_constraints_groups_and_lp_export(tmp_path):
    model = tmp_path / "clubs.model"
    model.write_text("define club = same_group\nrequire club <= 0\n")
    p = lexpair.pair(EXAMPLE, "dutch-2026")
    first = p["boards"][0]
    groups = tmp_path / "clubs.csv"
    groups.write_text(f"id,group\n{first['white']},A\n{first['black']},A\n")
    q = lexpair.pair(EXAMPLE, "dutch-2026", model=model, groups=groups, write_lp=tmp_path / "lp",
                     write_lp_all=True, lp_format="lp,mps")
    pairs = {(b["white"], b["black"]) for b in q["boards"]} | {(b["black"], b["white"]) for b in q["boards"]}
    assert (first["white"], first["black"]) not in pairs
    names = [f.name for f in (tmp_path / "lp").iterdir()]
    assert any(n.endswith(".lp") for n in names) and any(n.endswith(".mps") for n in names)
    assert any(n.endswith("-legend.csv") for n in names)
    with pytest.raises(lexpair.InvalidInput, match="same_group"):
        lexpair.pair(EXAMPLE, "dutch-2026", model=model)


def test_several_fields_models_as_strings_and_a_baseline(tmp_path):
    field = ROOT / "examples" / "open-r5.trf"
    other = tmp_path / "other.trf"
    lexpair.generate("dutch-2026", 3, 5, players=20, output=other)
    model = tmp_path / "close.model"
    # The 2026 criteria, then one of one's own.
    text = (ROOT / "models" / "dutch-2026.model").read_text()
    model.write_text(text + "\ndefine close = rating_diff / 100\nminimise close\n")
    rows = lexpair.simulate(["dutch-2026"], tmp_path / "sim", field=[field, other], players=16, rounds=4, seeds=2,
                            models=[f"dutch-2026={model}"], baseline="dutch-2026", jobs=1)
    assert len(rows) == 8 and len({r["source"] for r in rows}) == 2
    own = [r["own close"] for r in rows if r["variant"] == "close"]
    assert own and all(v >= 0 for v in own)
    assert "paired with simulate dutch-2026 (same" in (tmp_path / "sim" / "summary.txt").read_text()
    with pytest.raises(lexpair.InvalidInput, match="baseline"):
        lexpair.simulate(["dutch-2026"], tmp_path / "x", players=10, seeds=1, baseline="lim")
