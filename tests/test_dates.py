"""dates.py: a date written as text, in the forms and languages notes write one."""

from __future__ import annotations

import datetime as dt

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from notebase.reading.dates import Unclear, cjk_number, month_named, order_shown, read_date

DAY = dt.date(2023, 1, 23)


@pytest.mark.parametrize(
    "text",
    [
        # Obsidian's Linter, `dddd, MMMM Do YYYY, h:mm:ss a` in each language (moment.js's names)
        "Monday, January 23rd 2023, 9:24:55 am",
        "星期一, 一月 23日 2023, 9:24:55 上午",  # as in seaside2mm/Note (GitHub), a Chinese vault
        "月曜日, 1月 23日 2023, 9:24:55 午前",
        "월요일, 1월 23일 2023, 9:24:55 오전",
        "Montag, Januar 23. 2023, 9:24:55 am",
        "lundi, janvier 23 2023, 9:24:55 am",
        "lunes, enero 23º 2023, 9:24:55 am",
        "segunda-feira, janeiro 23º 2023, 9:24:55 am",
        "понедельник, январь 23-го 2023, 9:24:55 утра",
        "lunedì, gennaio 23º 2023, 9:24:55 am",
        # the same day as people and programs write it
        "23 января 2023 г.",
        "2023年一月二十三日",
        "2023년 1월 23일",
        "Jan. 23, 2023",
        "23 janv. 2023",
        "Mon Jan 23 2023 09:24:55 GMT+0800 (China Standard Time)",
        "Jan 23 2023 09:24 +0100",
        # a time with a dot, `dddd, MMMM Do YYYY - HH.mm` (yahyaqr/personal-obsidian-pkms writes
        # every note's created and updated so: 690 field-type warnings, "more than one day")
        "Monday, January 23rd 2023 - 09.24",
        "23. Januar 2023, 14.30 Uhr",
        "2023-01-23T09:24:55+08:00",
        "2023/1/23",
        "23.01.2023",
        "23/01/2023",
        "01/23/2023",
        "2023-01--23",
    ],
)
def test_a_day_written_in_any_common_form_or_language_is_read(text: str) -> None:
    assert read_date(text) == DAY


@pytest.mark.parametrize(
    ("text", "hint"),
    [
        ("03/06/2025", "the day or the month may come first: write 2025-06-03 or 2025-03-06"),
        ("2007", "a year alone is no day: write `year: 2007` for a source's year"),
        ("YYYY-MM-DD", "a template's placeholder"),
        ('<% tp.date.now("YYYY-MM-DD") %>', "a template's placeholder"),
        ("{datetime}", "a template's placeholder"),
        ("January 2023", "no day in it"),
        ("poniedziałek, styczeń 23. 2023", "no month in it of a language read"),
        ("definitely not present", "no year in it"),
        ("2023-02-30", "there is no such day"),
        ("mercredi, février 30 2023", "there is no such day"),
        ("2026-04-2026", "more than one year in it"),
        ("0/5/2023", "there is no such day"),  # neither order is a day
        ("5/6/99999", "there is no such day"),
        ("Jan 23 2023, Feb 2 2023", "more than one"),
    ],
)
def test_a_text_whose_day_is_unclear_says_why(text: str, hint: str) -> None:
    found = read_date(text)
    assert isinstance(found, Unclear)
    assert found.hint.startswith(hint)


def test_the_chinese_numbers_of_months_and_days() -> None:
    written = [
        "一",
        "二",
        "三",
        "四",
        "五",
        "六",
        "七",
        "八",
        "九",
        "十",
        "十一",
        "十二",
        "二十",
        "二十三",
        "三十一",
    ]
    assert [cjk_number(n) for n in written] == [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 20, 23, 31]


def test_a_month_is_named_whole_or_cut_short_in_any_case_and_without_accents() -> None:
    assert [month_named(w) for w in ("MARCH", "Sept", "déc", "dec", "Mai", "мая", "ago")] == [
        3, 9, 12, 12, 5, 5, 8
    ]  # fmt: skip
    # a weekday, or a start two months share (`jui`: juin, juillet), names none
    assert [month_named(w) for w in ("Monday", "martes", "jui", "ma", "星期一")] == [None] * 5


@settings(max_examples=400, deadline=None)
@given(st.text(alphabet="0123456789/.-, 年月日janmarzdéc十一", max_size=20))
def test_any_text_is_a_day_or_unclear_never_an_error(text: str) -> None:
    assert isinstance(read_date(text), dt.date | Unclear)


def test_a_date_either_way_holds_both_readings_day_first_first() -> None:
    found = read_date("03/06/2025")
    assert isinstance(found, Unclear)
    assert found.readings == (dt.date(2025, 6, 3), dt.date(2025, 3, 6))
    assert all(
        isinstance(f := read_date(text), Unclear) and f.readings is None
        for text in ("2007", "0/5/2023", "January 2023")
    )


@pytest.mark.parametrize(
    ("text", "order"),
    [
        ("26-01-2026", "day"),
        ("26/1/2026", "day"),
        ("01/26/2026", "month"),
        ("1-26-2026 10:00", "month"),
        ("09-01-2026", ""),  # either way
        ("13-13-2026", ""),  # no day
        ("2026-01-26", ""),  # the year first
        ("26.01.2026", ""),  # dots: read the day first always
        ("Jan 26 2026", ""),
    ],
)
def test_the_order_a_date_of_two_numbers_shows(text: str, order: str) -> None:
    assert order_shown(text) == order


@pytest.mark.parametrize(
    ("text", "order"),
    [
        ("Mon 26/01/2026", "day"),
        ("26 01 2026", "day"),
        ("26_01_2026", "day"),
        ("01 26 2026", "month"),
    ],
)
def test_a_date_of_two_numbers_shows_its_order_however_read_date_reads_it(
    text: str, order: str
) -> None:
    assert not isinstance(read_date(text), Unclear)
    assert order_shown(text) == order
