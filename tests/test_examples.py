"""The Examples data (``resources/examples.json``) and its Qt-free loader.

Besides the structure of the file, every deal is checked against what the paper's text says
about its outcome, by exact search: χ(D) = (tricks for West with West on lead, with East on
lead). ``None`` marks a side the text leaves open.
"""

from __future__ import annotations

import re

import pytest

from whistgui.app.examples import Example, load_examples, parse_examples
from whistgui.engine import Deal, NotationError, Outcome, Player, Solver, WhistError

# The numbered displays (1)–(27) that are deals; (20), (21) and (22) are formulas.
DEAL_NUMBERS = set(range(1, 20)) | set(range(23, 28))

# What the paper's narrative says the outcome is (West on lead, East on lead).
EXPECTED: dict[int, tuple[int | None, int | None]] = {
    # "On the deal as a whole, West will be able to take 2 + 1 + 1 = 4 tricks."
    1: (4, 4),
    # "West will get 1 trick if he has the lead, but 2 tricks if East has the lead."
    2: (1, 2),
    # "West will get 6 of the 8 tricks, regardless of the initial position of the lead."
    3: (6, 6),
    # "West can take five tricks with the lead, and six tricks if East is on lead."
    4: (5, 6),
    # "West will get 7 of the tricks regardless of the initial position of the lead."
    5: (7, 7),
    # "West will not get more than two tricks even if East has the lead"; on lead he cashes
    # the heart ace and takes one spade.
    6: (2, 2),
    # "it is an advantage to have the lead ... 2 + 1/2 should be rounded in favor of the player
    # on lead" (with the diamond ace for the printed heart ace).
    7: (3, 2),
    # "West can take five of the six tricks, provided East has the initial lead"; §5: "West will
    # get 4 tricks with the lead and 5 tricks with East on lead" (the same deal as (10)).
    8: (4, 5),
    # With the lead West is "restricted to 2 tricks"; with East on lead "West gets 3 tricks".
    9: (2, 3),
    # "West will get 4 tricks with the lead and 5 tricks with East on lead."
    10: (4, 5),
    # "West will get 2 tricks with the lead, but 3 tricks if East has the lead."
    11: (2, 3),
    # "West has 12 easy tricks", a thirteenth "if East has the lead", and "no way West can get
    # 13 tricks if he has the lead".
    12: (12, 13),
    # "the numerical value is 1/2, and this should be rounded in favor of the player not on
    # lead"; §7.3: χ([K J, A Q]) = (0, 1).
    13: (0, 1),
    # "West gets a spade trick whether or not he has the lead"; §7.3: χ = (1, 1).
    14: (1, 1),
    # Elimination and throw-in: West on lead scores the heart ace and a spade; East on lead
    # "will do the same thing to West", who then scores only the heart ace.
    15: (2, 1),
    # "West gets a spade trick whether or not he has the lead", besides one heart trick.
    16: (2, 2),
    # "West always gets a spade trick", besides the two red aces.
    17: (3, 3),
    # "West on lead can eliminate both the diamonds and the clubs before exiting in hearts";
    # the extra exit is "irrelevant", so East on lead throws West in as in (15).
    18: (3, 2),
    # East's extra stopper "ensures him two spade tricks": West takes only his three
    # red-and-club tricks.
    19: (3, 3),
    # §5.1: A J 9 against K Q 10 has numerical value 1 + 1/2 by Axiom 2; (23): after East's
    # king lead West "should hold off in order to take the next two tricks".
    23: (1, 2),
    # "East should immediately eliminate diamonds and exit in hearts. This will always hold
    # West down to two tricks." (West on lead is not discussed.)
    24: (None, 2),
    # "This sums to 5 + 1/2, and since East has the lead, we expect to be able to take six
    # tricks"; with the lead after the spade ace West "will now only be able to take five".
    25: (5, 6),
    # "which rounds to 9. Hence West should be able to take nine tricks regardless of who has
    # the initial lead."
    26: (9, 9),
    # "West to play and take eleven tricks"; "a total of 10 + 1/2 ± ε_0. West should therefore
    # be able to score eleven tricks, provided he has the lead".
    27: (11, 10),
}

SUIT_ORDER = ("S", "H", "D", "C")


@pytest.fixture(scope="module")
def examples() -> tuple[Example, ...]:
    return load_examples()


@pytest.fixture(scope="module")
def by_number(examples: tuple[Example, ...]) -> dict[int, Example]:
    return {e.number: e for e in examples}


@pytest.fixture(scope="module")
def solver() -> Solver:
    return Solver()


# =========================================================================== the file


def test_every_example_loads(examples: tuple[Example, ...]):
    assert examples
    assert all(isinstance(e, Example) for e in examples)
    assert all(isinstance(e.deal, Deal) for e in examples)


def test_numbers_unique_and_ascending(examples: tuple[Example, ...]):
    numbers = [e.number for e in examples]
    assert numbers == sorted(set(numbers))


def test_every_numbered_deal_of_the_paper_is_there(examples: tuple[Example, ...]):
    assert {e.number for e in examples} == DEAL_NUMBERS


def test_deals_are_symmetric(examples: tuple[Example, ...]):
    asymmetric = [e.number for e in examples if not e.deal.is_symmetric]
    assert asymmetric == []


def test_titles_start_with_their_number(examples: tuple[Example, ...]):
    for e in examples:
        assert re.fullmatch(rf"\({e.number}\) \S.*", e.title), e.title


def test_suits_in_the_papers_order(examples: tuple[Example, ...]):
    for e in examples:
        assert e.deal.names == SUIT_ORDER[: len(e.deal)], e.title
        assert Deal.parse(str(e.deal)) == e.deal


def test_fields(examples: tuple[Example, ...]):
    for e in examples:
        assert e.lead is None or isinstance(e.lead, Player)
        assert re.fullmatch(r"\d+(\.\d+)*", e.section), e.title
        assert e.note.strip(), e.title


def test_notes_state_no_values(examples: tuple[Example, ...]):
    """The notes describe ideas; values and outcomes are the engine's to compute."""
    for e in examples:
        assert not re.search(r"[/½¼⅛ε]|\d+\s*tricks?", e.note), e.title


def test_leads_the_paper_fixes(by_number: dict[int, Example]):
    assert by_number[27].lead is Player.WEST  # "West to play and take eleven tricks"
    assert by_number[25].lead is Player.EAST  # "East leads the spade king"
    assert by_number[15].lead is None


def test_deal_seven_has_the_diamond_ace(by_number: dict[int, Example]):
    """The copy prints East's third card in (7) as the heart ace; it is the diamond ace."""
    assert by_number[7].deal == Deal.parse("S:AQ/KJ H:A/K D:K/A")


# =========================================================================== the paper's outcomes


def _outcome_params() -> list[object]:
    return [
        pytest.param(number, expected, id=f"deal-{number:02d}")
        for number, expected in sorted(EXPECTED.items())
    ]


def test_every_example_has_a_stated_outcome():
    assert set(EXPECTED) == DEAL_NUMBERS


@pytest.mark.parametrize(("number", "expected"), _outcome_params())
def test_solver_agrees_with_the_paper(
    by_number: dict[int, Example],
    solver: Solver,
    number: int,
    expected: tuple[int | None, int | None],
):
    got = solver.outcome(by_number[number].deal)
    assert isinstance(got, Outcome)
    want_w, want_e = expected
    assert (want_w if want_w is not None else got.west_lead) == got.west_lead, (number, got)
    assert (want_e if want_e is not None else got.east_lead) == got.east_lead, (number, got)


# =========================================================================== malformed entries


def _entry(**changes: object) -> dict[str, object]:
    entry: dict[str, object] = {
        "number": 15,
        "title": "(15) Elimination and throw-in",
        "deal": "S:KJ/AQ H:A/K D:K/A",
        "lead": None,
        "section": "6",
        "note": "A note.",
    }
    entry.update(changes)
    return entry


def test_parse_examples_accepts_a_good_entry():
    (ex,) = parse_examples({"version": 1, "examples": [_entry(lead="w")]})
    assert ex.number == 15
    assert ex.lead is Player.WEST
    assert ex.deal == Deal.parse("KJ/AQ A/K K/A")


@pytest.mark.parametrize(
    ("entry", "pattern"),
    [
        pytest.param(_entry(deal="S:KJ/AQ H:A/X"), r"example \(15\).*deal", id="bad-rank"),
        pytest.param(_entry(deal="S:KJ/AK H:A/K"), r"example \(15\).*twice", id="card-twice"),
        pytest.param(_entry(lead="N"), r"example \(15\).*lead", id="bad-lead"),
        pytest.param(_entry(lead=1), r"example \(15\).*lead", id="lead-not-text"),
        pytest.param(_entry(title=3), r"example \(15\).*'title'", id="title-not-text"),
        pytest.param(_entry(value="1/2"), r"example \(15\).*unknown 'value'", id="unknown-key"),
        pytest.param(
            {k: v for k, v in _entry().items() if k != "note"},
            r"example \(15\).*missing 'note'",
            id="missing-key",
        ),
        pytest.param(_entry(number="15"), r"entry #1.*'number'", id="number-not-int"),
    ],
)
def test_malformed_entry_names_the_example(entry: dict[str, object], pattern: str):
    with pytest.raises(NotationError, match=pattern) as info:
        parse_examples({"version": 1, "examples": [entry]})
    assert isinstance(info.value, WhistError)


def test_duplicate_numbers_are_rejected():
    with pytest.raises(NotationError, match=r"example \(15\).*twice"):
        parse_examples({"version": 1, "examples": [_entry(), _entry()]})


@pytest.mark.parametrize(
    "data",
    [
        pytest.param([], id="not-an-object"),
        pytest.param({"version": 2, "examples": []}, id="wrong-version"),
        pytest.param({"version": 1, "examples": {}}, id="examples-not-a-list"),
    ],
)
def test_malformed_file(data: object):
    with pytest.raises(NotationError):
        parse_examples(data)
