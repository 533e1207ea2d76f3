from __future__ import annotations

import copy
import pickle
from dataclasses import dataclass, field

import pytest

from notebase.model import LinkRef
from notebase.records import fast_pickling


@fast_pickling
@dataclass(frozen=True, slots=True)
class Pair:
    left: str
    right: tuple[int, ...] = ()
    content_key: str = field(default="", compare=False)


@fast_pickling
@dataclass(frozen=True, slots=True)
class Single:
    value: object


def test_a_record_comes_back_from_a_pickle_equal_and_frozen() -> None:
    pair = Pair("a", (1, 2), "k")
    back = pickle.loads(pickle.dumps(pair, protocol=pickle.HIGHEST_PROTOCOL))
    assert back == pair and back.content_key == "k"  # a field left out of == comes back too
    with pytest.raises(AttributeError):
        back.left = "b"  # type: ignore[misc]
    assert copy.copy(pair) == pair and copy.deepcopy(pair) == pair


def test_a_record_of_one_field_is_pickled_as_a_tuple_of_one() -> None:
    inner = Single((1, "x"))  # a tuple value: the state is not the value itself
    assert pickle.loads(pickle.dumps(Single(inner))) == Single(inner)
    assert Single((1, "x")).__getstate__() == ((1, "x"),)  # type: ignore[attr-defined]


def test_a_model_record_is_pickled_as_its_field_values() -> None:
    link = LinkRef("Target", is_wiki=True, line=3, label="Shown")
    state = link.__getstate__()  # type: ignore[attr-defined]
    assert isinstance(state, tuple) and "Target" in state and 3 in state
    assert pickle.loads(pickle.dumps(link)) == link
