"""Every text the bridge entry points read — a PBN deal string, a contract, a PBN file, the
bridge document's files — either parses (and round-trips) or is refused with the project's own
error type and a message quoting it; never another exception (issue 16's rule, for the inputs
issue 13 added)."""

from __future__ import annotations

from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.hostile import attempt
from whistgui.app.bridge import load_pbn
from whistgui.engine.bridge import BridgeDeal, Contract, read_pbn, write_pbn
from whistgui.engine.reading import quote

#: Characters that make up PBN and its near misses, and some that never belong.
PBN_ALPHABET = st.sampled_from(
    [*'NESWAKQJT98765432.:- \t\n[]"{};%#XCDHSnt', "10", "♠", "\x00", "\ud7ff", "é"]
)
texts = st.lists(PBN_ALPHABET, max_size=60).map("".join)


def _quoted(message: str, text: str) -> bool:
    """The message quotes the input, or a part of it (the bad hand, the bad tag)."""
    if repr(text.strip())[1:-1][:20] in message or text.strip()[:20] in message:
        return True
    if quote(text.strip()) in message:  # a long input, its start and end quoted
        return True
    return any(part and part in message for part in text.split())


@settings(max_examples=150, deadline=None)
@given(st.one_of(texts, st.text(max_size=40)))
def test_deal_strings_parse_or_are_refused_quoting_them(text: str) -> None:
    deal, error = attempt(BridgeDeal.parse, text)
    if deal is None:
        assert error is not None
        assert _quoted(error, text) or not text.strip(), (text, error)
    else:
        assert BridgeDeal.parse(deal.to_pbn()) == deal


@settings(max_examples=150, deadline=None)
@given(
    st.one_of(
        st.from_regex(r"[0-9]{1,2}\s*(NT|N|[CDHSXcdhs♠♥♦♣])?\s*X{0,3}", fullmatch=True),
        st.text(max_size=12),
    )
)
def test_contracts_parse_or_are_refused_quoting_them(text: str) -> None:
    contract, error = attempt(Contract.parse, text)
    if contract is None:
        assert error is not None
        assert quote(text) in error or quote(text.strip()) in error, (text, error)
    else:
        assert Contract.parse(str(contract)) == contract


def _tag_files() -> st.SearchStrategy[str]:
    tag = st.sampled_from(["Board", "Dealer", "Vulnerable", "Deal", "Contract", "Declarer", "X"])
    value = st.one_of(
        texts,
        st.sampled_from(
            [
                "N",
                "E",
                "Q",
                "None",
                "All",
                "4S",
                "8NT",
                "#",
                "",
                "N:AKQ2.KJ3.T98.A54 J876.Q54.AK2.J32 T943.A987.QJ4.K7 5.T62.7653.QT986",
            ]
        ),
    )
    line = st.one_of(
        st.tuples(tag, value).map(lambda tv: f'[{tv[0]} "{tv[1]}"]'),
        texts,
        st.just(""),
    )
    return st.lists(line, max_size=8).map("\n".join)


@settings(max_examples=150, deadline=None)
@given(_tag_files())
def test_pbn_files_parse_and_round_trip_or_are_refused(text: str) -> None:
    boards, error = attempt(read_pbn, text)
    if boards is None:
        assert error  # the reader's messages name the board and line (tested elsewhere)
    else:
        assert read_pbn(write_pbn(boards)) == boards


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(st.binary(max_size=200))
def test_pbn_files_of_any_bytes_load_or_are_refused_naming_the_file(
    tmp_path: Path, data: bytes
) -> None:
    path = tmp_path / "fuzz.pbn"
    path.write_bytes(data)
    boards, error = attempt(load_pbn, path)
    assert boards is not None or (error is not None and "fuzz.pbn" in error)
