"""The shared, chunked Chain behind histories and event logs (issue 7 §2: cheaper clones)."""

from hypothesis import given
from hypothesis import strategies as st

from rulekeeper.core.chain import CHUNK, Chain, Records


@given(st.lists(st.integers(), max_size=3 * CHUNK + 5), st.integers(0, 4 * CHUNK))
def test_a_chain_reads_like_the_list_it_was_built_from(items: list[int], count: int) -> None:
    chain = Chain(items)
    assert list(chain) == items
    assert len(chain) == len(items)
    assert chain.newest(count) == items[len(items) - min(count, len(items)) :]
    for index in (0, len(items) // 2, -1):
        if items:
            assert chain[index] == items[index]


@given(st.lists(st.integers(), min_size=1, max_size=2 * CHUNK + 3))
def test_appending_leaves_every_earlier_chain_unchanged(items: list[int]) -> None:
    tips = [Chain[int]()]
    for item in items:
        tips.append(tips[-1].append(item))
    branch = tips[len(items) // 2].append(-1)  # a clone going its own way
    for k, tip in enumerate(tips):
        assert list(tip) == items[:k]
    assert list(branch) == [*items[: len(items) // 2], -1]
    assert tips[-1].last() == items[-1]


def test_a_long_chain_is_a_few_links() -> None:
    chain = Chain(range(10 * CHUNK))
    links, link = 0, chain
    while link is not None:
        links += 1
        link = link._prev
    assert links == 10


@given(st.lists(st.tuples(st.integers(), st.text(max_size=3)), max_size=40))
def test_records_read_back_as_built_and_share_with_earlier_copies(
    pairs: list[tuple[int, str]],
) -> None:
    from rulekeeper.core.chain import Records

    def make(index: int, fields: object) -> tuple[int, object, object]:
        a, b = fields  # type: ignore[misc]
        return (index, a, b)

    records: Records[tuple[int, object, object]] = Records(2, make)
    history = [records]
    for pair in pairs:
        history.append(history[-1].append(pair))
    for k, tip in enumerate(history):
        assert list(tip) == [(i, a, b) for i, (a, b) in enumerate(pairs[:k])]
    if pairs:
        assert history[-1].last() == (len(pairs) - 1, *pairs[-1])
        assert history[-1][0] == (0, *pairs[0])
    assert Records(2, make, pairs) == history[-1]


def _pair(index: int, fields: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(fields)


@given(
    st.lists(st.tuples(st.integers(-3, 3), st.integers()), max_size=3 * CHUNK),
    st.lists(st.integers(0, 3 * CHUNK), max_size=4),
)
def test_a_mapped_log_maps_each_record_and_only_the_new_ones_again(
    records: list[tuple[int, int]], cuts: list[int]
) -> None:
    """Covering a growing log (core/hidden.py forget_hidden): every prefix maps as the list
    would, a record left unchanged is shared, and a longer log maps only its new records."""
    calls: list[tuple[int, ...]] = []

    def negate(fields: tuple[int, ...]) -> tuple[int, ...]:
        calls.append(fields)
        return fields if fields[0] >= 0 else (fields[0], -fields[1])

    expected = [r if r[0] >= 0 else (r[0], -r[1]) for r in records]
    tips = [Records(2, _pair)]
    for record in records:
        tips.append(tips[-1].append(record))
    for cut in sorted({min(c, len(records)) for c in cuts} | {len(records)}):
        before = len(calls)
        assert list(tips[cut].mapped("negate", negate)) == expected[:cut]
        assert len(calls) - before <= cut  # never more than the records asked for
    calls.clear()
    assert list(tips[-1].mapped("negate", negate)) == expected
    assert not calls  # mapped before: kept by the links
    if all(r[0] >= 0 for r in records):
        assert tips[-1].mapped("same", lambda fields: fields) is tips[-1]


@given(st.lists(st.integers(), max_size=3 * CHUNK + 5), st.integers(0, 3 * CHUNK + 5))
def test_joined_text_is_each_record_rendered_and_written_once(items: list[int], cut: int) -> None:
    """Issue 25 (test speed): ``Records.joined`` gives the records rendered and joined with
    commas, for every earlier copy too, and renders a record a shared link holds only once."""
    calls: list[int] = []

    def render(index: int, fields: object) -> str:
        calls.append(index)
        return f"{index}:{fields[0]}"  # type: ignore[index]

    early = Records(1, lambda i, f: f[0], ((item,) for item in items[:cut]))
    late = early
    for item in items[cut:]:
        late = late.append((item,))
    for log, part in ((late, items), (early, items[:cut])):
        assert log.joined("k", render) == ",".join(f"{i}:{v}" for i, v in enumerate(part))
    calls.clear()
    assert late.joined("k", render) == ",".join(f"{i}:{v}" for i, v in enumerate(items))
    assert calls == []
