"""GOPS strategies played exactly (issue 30) against a brute force written here: every order of
the prizes enumerated, every game played out card by card, fractions throughout — no masks,
none of the engine's code. The best reply's expectimax remembers the value of each state it
has valued (the prizes and hands left as sets, the pot, A's lead), since a subtree's value
depends on nothing else; the play's enumeration remembers nothing."""

from __future__ import annotations

import itertools
import json
from fractions import Fraction

import pytest

from tests.bounded import run_bounded
from whistgui.engine.errors import ArgumentError, ArgumentTypeError, NotationError
from whistgui.engine.gops import GopsRules, GopsState
from whistgui.engine.gops.exact_play import (
    best_response,
    exploitability,
    game_value,
    play,
    tournament,
)
from whistgui.engine.gops.ordered import OrderedGame
from whistgui.engine.gops.strategies import (
    MAX_STRATEGY_BYTES,
    FaceStrategy,
    RandomStrategy,
    Strategy,
    TableStrategy,
    Turn,
    read_strategy_file,
    strategy,
    unknown_strategies,
)

# --- the brute force ---------------------------------------------------------------------


def bf_face(n, k):
    """face+k: the card k above the prize shown, wrapping from n to 1."""

    def bid(shown, mine, theirs, pot, lead):
        return {(shown - 1 + k) % n + 1: Fraction(1)}

    return bid


def bf_random(shown, mine, theirs, pot, lead):
    return {c: Fraction(1, len(mine)) for c in mine}


def settle(i, j, pot, more, ties):
    """A's and B's points won, and the pot left, when A bids i and B j."""
    if i > j:
        return Fraction(pot), Fraction(0), 0
    if i < j:
        return Fraction(0), Fraction(pot), 0
    if ties == "carry":
        return Fraction(0), Fraction(0), pot if more else 0
    if ties == "split":
        return Fraction(pot, 2), Fraction(pot, 2), 0
    return Fraction(0), Fraction(0), 0


def orders_of(n, order):
    cards = list(range(1, n + 1))
    if order == "ascending":
        return [cards]
    if order == "descending":
        return [cards[::-1]]
    return list(itertools.permutations(cards))


def bf_play(n, a, b, ties="carry", order="random"):
    """The distribution of the final points (A's, B's): each prize order equally likely, each
    game played out bid by bid."""
    dist = {}
    orders = orders_of(n, order)

    def go(prizes, ha, hb, pot, pa, pb, p):
        if not prizes:
            dist[(pa, pb)] = dist.get((pa, pb), 0) + p
            return
        shown, rest = prizes[0], prizes[1:]
        stake = pot + shown
        for i, x in a(shown, ha, hb, stake, pa - pb).items():
            for j, y in b(shown, hb, ha, stake, pb - pa).items():
                ga, gb, left = settle(i, j, stake, bool(rest), ties)
                go(rest, ha - {i}, hb - {j}, left, pa + ga, pb + gb, p * x * y)

    hand = frozenset(range(1, n + 1))
    for prizes in orders:
        go(list(prizes), hand, hand, 0, Fraction(0), Fraction(0), Fraction(1, len(orders)))
    return dist


def result(diff, score):
    return diff if score == "points" else Fraction((diff > 0) - (diff < 0))


def bf_value(dist, score):
    return sum(p * result(pa - pb, score) for (pa, pb), p in dist.items())


def bf_best_reply(n, s, ties="carry", score="sign", order="random"):
    """Expectimax over the game tree: the next prize is chance (the replier does not know the
    order to come), the replier picks the bid worth most against s's bids. A state's value is
    remembered: s sees only the prize shown, the hands, the stake and the lead, and the result
    only the lead, so a state met again by another path is worth the same (at N = 5 against
    random: 24,410 states valued in 1.6 s of CPU; the 2 million games played out one by one
    took 28 s)."""
    hand = frozenset(range(1, n + 1))
    memo = {}

    def chance(prizes, ha, hb, pot, lead):
        if not prizes:
            return result(lead, score)
        key = (prizes, ha, hb, pot, lead)
        if key in memo:
            return memo[key]
        if order == "random":
            nxt = [(c, Fraction(1, len(prizes))) for c in prizes]
        else:
            nxt = [((min if order == "ascending" else max)(prizes), Fraction(1))]
        total = Fraction(0)
        for shown, w in nxt:
            rest, stake = prizes - {shown}, pot + shown
            theirs = s(shown, hb, ha, stake, -lead)
            best = None
            for i in sorted(ha):
                v = Fraction(0)
                for j, y in theirs.items():
                    ga, gb, left = settle(i, j, stake, bool(rest), ties)
                    v += y * chance(rest, ha - {i}, hb - {j}, left, lead + ga - gb)
                best = v if best is None else max(best, v)
            total += w * best
        memo[key] = total
        return total

    return chance(hand, hand, hand, 0, Fraction(0))


def engine_scores(r):
    return {(pa, pb): p for pa, pb, p in r.scores}


# --- play ----------------------------------------------------------------------------------


@pytest.mark.parametrize("n", range(1, 7))
@pytest.mark.parametrize("score", ["sign", "points"])
def test_play_face_pairs_match_the_brute_force(n, score):
    rules = GopsRules(n, score=score)
    for k, m in itertools.product(range(n), repeat=2):
        r = play(FaceStrategy(n, k), FaceStrategy(n, m), rules)
        dist = bf_play(n, bf_face(n, k), bf_face(n, m))
        assert engine_scores(r) == dist, (n, k, m)
        assert r.exact == bf_value(dist, score)
        assert r.value == float(r.exact)
        assert sum(p for _, p in r.results()) == 1


@pytest.mark.parametrize("ties", ["carry", "split", "lost"])
@pytest.mark.parametrize("order", ["random", "ascending", "descending"])
def test_play_with_random_and_other_rules_matches_the_brute_force(ties, order):
    for n in (2, 3, 4):
        for score in ("sign", "points"):
            rules = GopsRules(n, ties, score)
            pairs = [
                (RandomStrategy(), bf_random, FaceStrategy(n, 1), bf_face(n, 1)),
                (FaceStrategy(n, 0), bf_face(n, 0), RandomStrategy(), bf_random),
                (RandomStrategy(), bf_random, RandomStrategy(), bf_random),
            ]
            for sa, fa, sb, fb in pairs:
                r = play(sa, sb, rules, order)
                dist = bf_play(n, fa, fb, ties, order)
                assert engine_scores(r) == dist, (n, ties, score, order, sa, sb)
                assert r.exact == bf_value(dist, score)


def test_thread_771_4_face_plus_one_beats_face_15_to_6():
    """771.4: A bids the card shown, B one above it: B wins 1 to 5 (15), A wins the 6."""
    for score in ("sign", "points"):
        rules = GopsRules(6, score=score)
        for order in ("ascending", "random"):
            r = play(strategy("face", rules), strategy("face+1", rules), rules, order)
            assert r.scores == ((Fraction(6), Fraction(15), Fraction(1)),)
            assert r.exact == (-9 if score == "points" else -1)


def test_thread_771_4_bids_and_771_6():
    """771.4's table: B bids 2, 3, 4, 5, 6, 1 for the prizes 1..6; 771.6: C (two above) beats
    B (one above) 16 to 5 — C wins 1, 2, 3, 4 and 6, B wins 5."""
    rules = GopsRules(6, score="points")
    face1 = strategy("face+1", rules)
    bids: list[int] = []
    for card in range(1, 7):
        hand = set(range(1, 7)) - set(bids)  # both players have bid the same number of cards
        state = GopsState(range(card + 1, 7), hand, hand, card)
        ((bid, _),) = face1.bids(Turn(state, card))
        bids.append(bid)
    assert bids == [2, 3, 4, 5, 6, 1]
    r = play(face1, strategy("face+2", rules), rules, "ascending")
    assert r.scores == ((Fraction(5), Fraction(16), Fraction(1)),)
    assert r.exact == -11
    assert play(face1, strategy("face+2", rules), rules).exact == -11  # in any order


def test_play_json_has_value_exact_and_distribution():
    rules = GopsRules(3)
    obj = play(RandomStrategy(), FaceStrategy(3, 0), rules).to_json()
    assert isinstance(obj["value"], float)
    assert Fraction(obj["exact"]) == pytest.approx(obj["value"])
    assert sum(Fraction(d["exact"]) for d in obj["distribution"]) == 1
    assert {d["result"] for d in obj["distribution"]} <= {-1, 0, 1}
    json.dumps(obj)


def test_tournament_matrix():
    rules = GopsRules(4, score="points")
    names = ["face", "face+1", "face+2", "random"]
    t = tournament([strategy(s, rules) for s in names], rules)
    assert [len(row) for row in t] == [4, 4, 4, 4]
    for i, j in itertools.product(range(4), repeat=2):
        assert t[i][j].exact == -t[j][i].exact  # the game is symmetric
        assert t[i][j].a == t[i][0].a
    assert t[0][1].exact < 0  # face+1 beats face
    assert t[1][2].exact < 0  # face+2 beats face+1
    with pytest.raises(ArgumentError, match="empty"):
        tournament([], rules)


# --- best reply and exploitability -------------------------------------------------------


@pytest.mark.parametrize("n", [1, 2, 3, 4, 5])
@pytest.mark.parametrize("score", ["sign", "points"])
def test_best_reply_to_face_and_face_plus_one_matches_the_brute_force(n, score):
    rules = GopsRules(n, score=score)
    for k in {0, 1 % n}:
        s = FaceStrategy(n, k)
        br = best_response(s, rules)
        assert br.value == bf_best_reply(n, bf_face(n, k), score=score), (n, k)
        # the reply played against s earns what it says
        assert play(br.reply, s, rules).exact == br.value
        for key, values in br.bid_values.items():
            bid = br.reply.table[key][0][0]
            assert dict(values)[bid] == max(v for _, v in values)


@pytest.mark.parametrize("n", [1, 2, 3, 4])
@pytest.mark.parametrize("score", ["sign", "points"])
def test_best_reply_to_random_matches_the_brute_force(n, score):
    rules = GopsRules(n, score=score)
    br = best_response(RandomStrategy(), rules)
    assert br.value == bf_best_reply(n, bf_random, score=score)
    assert play(br.reply, RandomStrategy(), rules).exact == br.value


@pytest.mark.parametrize("score", ["sign", "points"])
def test_best_reply_to_random_n5_matches_the_brute_force(score, exhaustive):
    if not exhaustive:
        pytest.skip("N = 5 against random: 24,410 states of the brute force (--exhaustive)")
    rules = GopsRules(5, score=score)
    assert best_response(RandomStrategy(), rules).value == bf_best_reply(5, bf_random, score=score)


@pytest.mark.parametrize("order", ["ascending", "descending"])
def test_best_reply_with_a_known_order(order):
    for n, score in itertools.product((3, 4), ("sign", "points")):
        rules = GopsRules(n, score=score)
        for s, f in ((FaceStrategy(n, 1), bf_face(n, 1)), (RandomStrategy(), bf_random)):
            br = best_response(s, rules, order)
            assert br.value == bf_best_reply(n, f, score=score, order=order)


@pytest.mark.parametrize("n", [2, 3, 4])
@pytest.mark.parametrize("score", ["sign", "points"])
def test_optimal_is_unexploitable_and_face_is_exploitable(n, score):
    rules = GopsRules(n, score=score)
    assert game_value(rules) == 0
    opt = strategy("optimal", rules)
    assert opt.exact
    assert exploitability(opt, rules) == 0
    face = exploitability(FaceStrategy(n, 0), rules)
    assert face == bf_best_reply(n, bf_face(n, 0), score=score)  # the game's value is 0
    if n >= 3:  # N = 2 with ties carried: face is as good as any (a reply only ties it)
        assert face > 0
    for order in ("ascending", "descending"):
        assert exploitability(strategy("optimal", rules, order), rules, order) == 0


@pytest.mark.parametrize("score", ["sign", "points"])
def test_optimal_n5_is_unexploitable(score, exhaustive):
    if not exhaustive:
        pytest.skip("N = 5: some 10 s (--exhaustive)")
    rules = GopsRules(5, score=score)
    assert exploitability(strategy("optimal", rules), rules) == 0
    assert exploitability(FaceStrategy(5, 0), rules) > 0


def test_optimal_bids_are_the_solvers():
    rules = GopsRules(4)
    opt = strategy("optimal", rules)
    state = GopsState.parse("prizes=1,2 a=1,2,3 b=1,2,4 pot=3")
    bids = opt.bids(Turn(state, 3))
    assert [str(p) for _, p in bids] == ["6/11", "2/11", "3/11"]
    # as B, it sees the state from its own side
    assert sum(p for _, p in opt.bids(Turn(state.swapped(), 3))) == 1


def test_ordered_game_value_matches_an_expectimax_of_its_own():
    g = OrderedGame(GopsRules(3, score="points"), "descending")
    assert g.value(GopsState.start(3)) == 0
    late = GopsState.parse("prizes=1 a=2,3 b=1,3 pot=2")
    # bids (A, B): 2-1 A wins 2 then 3 vs 3 tie, lost: +2; 2-3: -2 then 3 vs 1: +1 → -1;
    # 3-1: +2 then 2 vs 3: -1 → +1; 3-3: carry 2, then 2 vs 1 for 3: +3 — the game
    # [[2, -1], [1, 3]]: value (2·3 + 1)/5, A bids 2 with (3 - 1)/5, B bids 1 with (3 + 1)/5
    sol = g.solution(late)
    assert sol.value == Fraction(7, 5)
    assert sol.row == (Fraction(2, 5), Fraction(3, 5))
    assert sol.col == (Fraction(4, 5), Fraction(1, 5))


# --- turns, names and files ----------------------------------------------------------------


def test_names_and_bad_names():
    rules = GopsRules(5)
    assert strategy("Face+3", rules).name == "face+3"
    assert strategy("face+0", rules).name == "face"
    with pytest.raises(NotationError, match="'face-1'"):
        strategy("face-1", rules)
    with pytest.raises(NotationError, match="'face\\+5'"):
        strategy("face+5", rules)
    with pytest.raises(ArgumentTypeError):
        strategy(3, rules)
    with pytest.raises(NotationError, match="order 'sideways'"):
        play(RandomStrategy(), RandomStrategy(), rules, "sideways")
    with pytest.raises(ArgumentError, match="N = 4"):
        play(FaceStrategy(4, 1), RandomStrategy(), rules)


def test_turn_round_trips_and_refuses():
    t = Turn.parse("shown=3 prizes=1 a=1,2 b=2,4 pot=5 diff=-1")
    assert Turn.parse(str(t)) == t
    assert hash(Turn.parse(str(t))) == hash(t)
    for bad in (
        "prizes=1 a=1,2 b=2,4 pot=5",  # no shown
        "shown=1 prizes=1 a=1,2 b=2,4 pot=5",  # shown face down
        "shown=3 prizes=1 a=1 b=2 pot=0",  # a chance state
        "shown=x prizes=1 a=1,2 b=2,4 pot=5",
    ):
        with pytest.raises(NotationError, match="expected a turn like"):
            Turn.parse(bad)


def write(tmp_path, obj, name="s.json"):
    path = tmp_path / name
    path.write_text(obj if isinstance(obj, str) else json.dumps(obj), encoding="utf-8")
    return path


def test_a_strategy_file_round_trips_and_plays(tmp_path):
    rules = GopsRules(3, score="points")
    br = best_response(FaceStrategy(3, 0), rules)
    path = write(tmp_path, br.reply.to_json(), "reply.json")
    again = read_strategy_file(path)
    assert again.table == br.reply.table
    assert play(again, FaceStrategy(3, 0), rules).exact == br.value
    assert strategy(str(path), rules).table == br.reply.table
    mixed = {
        "gops_strategy": 1,
        "n": 2,
        "otherwise": "random",
        "bids": {"shown=2 prizes=1 a=1,2 b=1,2 pot=2": {"1": "1/3", "2": 0.6666666666666667}},
    }
    with pytest.raises(NotationError, match="summing to"):
        read_strategy_file(write(tmp_path, mixed))
    mixed["bids"]["shown=2 prizes=1 a=1,2 b=1,2 pot=2"] = {"1": "1/3", "2": "2/3"}
    s = read_strategy_file(write(tmp_path, mixed))
    r = play(s, FaceStrategy(2, 0), GopsRules(2, score="points"))
    # prize 2 first (1/2): A bids 1 w.p. 1/3 (loses 2, wins 1: -1) or 2 (tie, carry: then 1 vs 1
    # tie, lost: 0); prize 1 first: A random (otherwise) ...
    dist = bf_play(
        2,
        lambda shown, mine, theirs, pot, lead: (
            {1: Fraction(1, 3), 2: Fraction(2, 3)} if shown == 2 and len(mine) == 2 else
            bf_random(shown, mine, theirs, pot, lead)
        ),
        bf_face(2, 0),
    )  # fmt: skip
    assert engine_scores(r) == dist


@pytest.mark.parametrize(
    ("content", "words"),
    [
        ("[1, 2]", "expected a strategy like"),
        ('{"gops_strategy": 1, "n": 3, "bids": {}, "colour": 1}', 'unknown key "colour"'),
        ('{"gops_strategy": 2, "n": 3, "bids": {}}', '"gops_strategy" is 2'),
        ('{"gops_strategy": 1, "n": "3", "bids": {}}', '"n" is "3"'),
        ('{"gops_strategy": 1, "n": 3, "bids": []}', '"bids" is \\[\\]'),
        (
            '{"gops_strategy": 1, "n": 3, "bids": {"shown=2 prizes=1,3 a=1,2,3 b=1,2,3 pot=9": 1}}',
            "unknown state",
        ),
        (
            '{"gops_strategy": 1, "n": 3, "bids": {"shown=2 prizes=1,3 a=1,2,3 b=1,2,3 pot=2": 3'
            ', "pot=2 shown=2 prizes=1,3 a=1,2,3 b=1,2,3": 3}}',
            "listed twice",
        ),
        (
            '{"gops_strategy": 1, "n": 3, "bids": {"shown=2 prizes=1,3 a=1,2,3 b=1,2,3 pot=2": 4}}',
            "bids 4: not in hand",
        ),
        (
            '{"gops_strategy": 1, "n": 3, "bids": {"shown=1 prizes=3 a=1,3 b=2,3 pot=1 diff=-2":'
            ' {"1": 0.5, "3": 0.25}}}',
            "summing to 3/4",
        ),
        (
            '{"gops_strategy": 1, "n": 3, "bids": {"shown=1 prizes=3 a=1,3 b=2,3 pot=1 diff=-2":'
            ' {"1": "x", "3": 1}}}',
            'bid 1 is "x"',
        ),
        (
            '{"gops_strategy": 1, "n": 3, "bids": {"shown=1 prizes=3 a=1,3 b=2,3 pot=1 diff=-2":'
            ' {"1": NaN, "3": 1}}}',
            "NaN",
        ),
        ('{"gops_strategy": 1, "n": 3, "bids": {}, "otherwise": "optimal"}', "optimal"),
        ("{", "is not JSON"),
        ("[" * 100_000, "nested too deep"),
        ('{"gops_strategy": 1, "n": 1' + "0" * 5000 + "}", "characters"),
    ],
)
def test_bad_strategy_files_are_refused_with_quotes(tmp_path, content, words):
    path = write(tmp_path, content)
    with pytest.raises(NotationError, match=words) as info:
        read_strategy_file(path)
    assert str(path) in str(info.value)


def test_a_turn_the_file_does_not_list(tmp_path):
    obj = {"gops_strategy": 1, "n": 2, "bids": {"shown=2 prizes=1 a=1,2 b=1,2 pot=2": 2}}
    s = read_strategy_file(write(tmp_path, obj))
    with pytest.raises(ArgumentError, match="has no bid for the turn 'shown=1"):
        play(s, RandomStrategy(), GopsRules(2))
    assert isinstance(s, TableStrategy)


def test_a_huge_strategy_file_is_refused_unread(tmp_path):
    path = tmp_path / "huge.json"
    with open(path, "wb") as f:
        f.write(b'{"gops_strategy": 1, "n": 3, "bids": {')
        f.truncate(MAX_STRATEGY_BYTES * 8)
    code = (
        "from whistgui.engine.gops.strategies import read_strategy_file\n"
        "from whistgui.engine.errors import NotationError\n"
        f"try:\n    read_strategy_file({str(path)!r})\n"
        "except NotationError as e:\n    print(e)\n"
    )
    got = run_bounded(code, memory_mb=400, timeout=60)
    assert got.returncode == 0, got.stderr
    assert "is larger than 8,000,000 bytes" in got.stdout
    assert "huge.json" in got.stdout


def test_a_play_too_large_is_refused_not_run():
    rules = GopsRules(4)
    # random against random, or a reply to random: every hand is met — refused before the work
    # (4³ + 6³ + 4³ + 1 = 345 chance states at the least)
    with pytest.raises(ArgumentError, match="would visit at least 345 states") as got:
        play(RandomStrategy(), RandomStrategy(), rules, max_states=10)
    assert "(random against random: N up to 6)" in str(got.value)
    with pytest.raises(ArgumentError, match="best reply to random would visit at least 345 states"):
        best_response(RandomStrategy(), rules, max_states=10)
    # other strategies: refused when the budget runs out, the message naming what was asked
    with pytest.raises(ArgumentError, match="visits more than 10 states") as got:
        play(FaceStrategy(4, 1), RandomStrategy(), rules, max_states=10)
    assert str(got.value).startswith("face+1 against random visits")
    assert "random against random" not in str(got.value)
    with pytest.raises(ArgumentError, match="visits more than 10 states") as got:
        best_response(FaceStrategy(4, 1), rules, max_states=10)
    assert str(got.value).startswith("the best reply to face+1 visits")
    assert "N up to 6" not in str(got.value)
    assert play(RandomStrategy(), RandomStrategy(), rules, max_states=10_000).exact == 0


def test_random_against_random_at_n8_is_refused_at_once():
    """Review 30, B1: a size known before the work is refused before it (at N = 8 at least
    739,161 chance states: every 1 to 8 prizes left and cards in each hand)."""
    code = (
        "from whistgui.engine.gops import GopsRules\n"
        "from whistgui.engine.gops.exact_play import best_response, play\n"
        "from whistgui.engine.gops.strategies import RandomStrategy as R\n"
        "for f in (lambda: play(R(), R(), GopsRules(8)), lambda: best_response(R(), "
        "GopsRules(8))):\n"
        "    try:\n        f()\n    except Exception as e:\n        print(e)\n"
    )
    got = run_bounded(code, memory_mb=400, timeout=60)
    assert got.returncode == 0, got.stderr
    lines = got.stdout.splitlines()
    assert lines[0].startswith("random against random would visit at least 739,161 states")
    assert lines[1].startswith("the best reply to random would visit at least 739,161 states")
    assert got.seconds < 30  # no work done (a generous limit: the interpreter's start only)
    with pytest.raises(ArgumentError, match="at least 184,755 states"):  # 10 prizes in order
        play(RandomStrategy(), RandomStrategy(), GopsRules(10), "ascending", max_states=184_754)


class _Cheat(Strategy):
    """A caller's strategy that answers what it likes."""

    name = "cheat"
    uses_score = False

    def __init__(self, answer):
        self.answer = answer

    def bids(self, turn):
        return self.answer(turn)


def test_a_callers_strategy_is_played_and_its_bad_answers_refused():
    rules = GopsRules(3, score="points")
    lowest = _Cheat(lambda t: ((min(t.state.a), Fraction(1)),))
    dist = bf_play(3, lambda shown, mine, *_: {min(mine): Fraction(1)}, bf_face(3, 0))
    assert engine_scores(play(lowest, FaceStrategy(3, 0), rules)) == dist
    for answer in (
        lambda t: ((9, Fraction(1)),),  # not in hand
        lambda t: ((min(t.state.a), Fraction(1, 2)),),  # sums to 1/2
        lambda t: ((min(t.state.a), 1.0),),  # a float
        lambda t: [],  # nothing
    ):
        with pytest.raises(ArgumentError, match=r"'cheat' answers .* in the turn 'shown="):
            play(_Cheat(answer), RandomStrategy(), rules)
        with pytest.raises(ArgumentError, match="in the turn"):
            best_response(_Cheat(answer), rules)


def test_wrong_types_and_mismatched_strategies():
    rules = GopsRules(3)
    with pytest.raises(ArgumentTypeError, match="a must be a Strategy"):
        play("face", RandomStrategy(), rules)
    with pytest.raises(ArgumentTypeError, match="rules must be"):
        play(RandomStrategy(), RandomStrategy(), 3)
    with pytest.raises(ArgumentTypeError, match="order must be"):
        best_response(RandomStrategy(), rules, 3)
    with pytest.raises(ArgumentError, match="ascending order, not random"):
        play(strategy("optimal", rules, "ascending"), RandomStrategy(), rules)
    with pytest.raises(ArgumentError, match="made for N = 3"):
        best_response(strategy("optimal", rules), GopsRules(3, score="points"))
    with pytest.raises(ArgumentTypeError):
        Turn(GopsState.start(3), "1")


# --- stop and progress -------------------------------------------------------------------


class _StopAfter:
    """A ``should_stop`` that says yes once ``seconds`` have passed since its first call,
    counting its calls and when it first said yes."""

    def __init__(self, seconds: float) -> None:
        self.seconds, self.calls, self.start, self.said = seconds, 0, None, None

    def __call__(self) -> bool:
        import time

        now = time.monotonic()
        self.calls += 1
        if self.start is None:
            self.start = now
        if now - self.start >= self.seconds:
            self.said = self.said or now
            return True
        return False


def test_a_stop_ends_a_best_reply_at_n6_within_a_second():
    """The best reply to random at N = 6 runs half a minute (then refused as too large):
    stopped after 0.3 s it ends within a second of the stop, with Cancelled."""
    import time

    from whistgui.engine.errors import Cancelled

    rules = GopsRules(6)
    stop, seen = _StopAfter(0.3), []
    with pytest.raises(Cancelled, match="best reply to random stopped after"):
        best_response(strategy("random", rules), rules, should_stop=stop, progress=seen.append)
    ended = time.monotonic()
    assert stop.said is not None
    assert ended - stop.said < 1.0  # a generous limit: a poll is every 1,024 states
    assert seen == sorted(seen)
    assert seen
    assert all(k % 1024 == 0 for k in seen)


def test_a_stop_ends_a_play_and_a_tournament():
    from whistgui.engine.errors import Cancelled

    rules = GopsRules(6)
    rnd = strategy("random", rules)
    with pytest.raises(Cancelled, match="random against random stopped after 1,024 states"):
        play(rnd, rnd, rules, should_stop=lambda: True)
    told: list[tuple[int, int]] = []
    small = GopsRules(3)
    names = [strategy(s, small) for s in ("face", "random")]
    asked = iter([False, False, True])  # two plays, then stopped before the third
    with pytest.raises(Cancelled, match="tournament stopped after 2 of 4 plays"):
        tournament(
            names, small, should_stop=lambda: next(asked), progress=lambda d, t: told.append((d, t))
        )
    assert told == [(1, 4), (2, 4)]
    # unstopped, the hooks change nothing
    full = tournament(names, small, should_stop=lambda: False, progress=lambda d, t: None)
    assert [[r.exact for r in row] for row in full] == [
        [r.exact for r in row] for row in tournament(names, small)
    ]


def test_stop_and_progress_hooks_are_checked():
    rules = GopsRules(3)
    face = strategy("face", rules)
    with pytest.raises(ArgumentTypeError, match="should_stop"):
        best_response(face, rules, should_stop=3)
    with pytest.raises(ArgumentTypeError, match="progress"):
        play(face, face, rules, progress="no")


def test_unknown_strategies_names_every_bad_name_once(tmp_path):
    rules = GopsRules(4)
    assert unknown_strategies(["face", "FACE+3", "random", "optimal", "x.json"], rules) is None
    err = unknown_strategies(["face+4", "random", "cheat"], rules)
    assert isinstance(err, NotationError)
    assert str(err) == (
        "2 strategies 'face+4', 'cheat': expected face, face+k (k from 0 to 3), random, "
        "optimal or a strategy file (.json)"
    )
    err = unknown_strategies(["A", "b", "x.json"], rules, also=("A", "B"), files=False)
    assert str(err) == (
        "strategy 'x.json': expected face, face+k (k from 0 to 3), random, optimal, A or B"
    )
    with pytest.raises(ArgumentTypeError):
        unknown_strategies("face", rules)  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError):
        unknown_strategies([3], rules)  # type: ignore[list-item]


def test_fraction_text_of_thousands_of_digits_gives_their_count():
    """Review 31b, B1: Python refuses to write an int of over 4,300 digits; fraction_text
    says the size instead, exact_text None, int_digits counts without writing."""
    from whistgui.engine.gops.exact_play import exact_text, fraction_text, int_digits

    big = Fraction(-(10**5119) - 1, 3**9000)
    assert int_digits(big.numerator) == 5120
    q = int_digits(3**9000)
    assert 10 ** (q - 1) <= 3**9000 < 10**q
    assert fraction_text(big) == f"-p/q (p of 5,120 digits, q of {q:,})"
    assert exact_text(big) is None
    assert exact_text(Fraction(-492544541, 823300704)) == "-492544541/823300704"


def test_grid_bids_are_positive_and_sum_to_exactly_one():
    from whistgui.engine.gops.strategies import FLOAT_GRID, grid_bids

    bids = grid_bids([1, 2, 3, 4], [0.1, 0.2, 0.3000000001, 0.4 - 1e-10])
    assert sum(p for _, p in bids) == 1
    assert all(p > 0 and (p * FLOAT_GRID).denominator == 1 for _, p in bids)
    assert grid_bids([2, 5], [-1e-17, 1.0]) == ((5, Fraction(1)),)


def test_optimal_at_n6_plays_floats_and_cannot_lose():
    """B1: optimal at N = 6 bids its float solution (not exact); against face+1 A's result
    is at most the game's value 0, and it is found in seconds, not minutes."""
    rules = GopsRules(6)
    opt = strategy("optimal", rules)
    assert not opt.exact
    r = play(strategy("face+1", rules), opt, rules)
    assert not r.exact_strategies
    assert r.to_json()["exact"] is None
    assert -1 < r.value <= 1e-9
    assert max(len(str(r.exact.numerator)), len(str(r.exact.denominator))) < 400
    assert game_value(rules) == 0
