"""A date written as text, as notes write one: ISO 8601, numbers in another order, or spelled out
in a common language (Obsidian's Linter writes `dddd, MMMM Do YYYY, h:mm:ss a` in the vault's
language: `Monday, January 23rd 2023, 9:24:55 am`, `星期一, 一月 23日 2023, 9:24:55 上午`).

A spelled date is read from its parts, whatever their order and whatever words are round them
(a weekday, a time, a `de`): the year (four digits, or with 年/년), the month (its name in one of
the languages below, whole or cut short, or a number with 月/월) and the day (the number left, or
with 日/일). A text whose parts do not make one day is Unclear, with a hint saying why."""

from __future__ import annotations

import datetime as dt
import re
import unicodedata
from dataclasses import dataclass

# numbers in the orders that mean one thing: year first, or the day first with dots (German)
_NUMERIC_FORMATS = ("%Y/%m/%d", "%Y.%m.%d", "%d.%m.%Y", "%Y%m%d")
_ISO = re.compile(r"\d{4}-\d{2}-\d{2}(?!\d)")  # maybe with a time after it

# the months' names, January first, as a language writes them alone and (after a day) in a date
_MONTHS = (
    "january february march april may june july august september october november december",
    "januar februar märz april mai juni juli august september oktober november dezember",
    "jänner feber maerz",  # Austrian German, and März without its umlaut
    "janvier février mars avril mai juin juillet août septembre octobre novembre décembre",
    "enero febrero marzo abril mayo junio julio agosto septiembre octubre noviembre diciembre",
    "janeiro fevereiro março abril maio junho julho agosto setembro outubro novembro dezembro",
    "gennaio febbraio marzo aprile maggio giugno luglio agosto settembre ottobre novembre dicembre",
    "январь февраль март апрель май июнь июль август сентябрь октябрь ноябрь декабрь",
    "января февраля марта апреля мая июня июля августа сентября октября ноября декабря",
    "janeiro fevereiro marco",  # Março without its cedilla (the rest as above)
)
_CJK_DIGITS = {c: n for n, c in enumerate("〇一二三四五六七八九")}
_CJK_NUMBER = re.compile(r"(?<![〇一二三四五六七八九十])[一二三四五六七八九十]{1,3}(?=[月日号號])")
# a time (`9:24:55`, `10:00:00.5`) and its zone (`+08:00`, `GMT+0800`), a time written with a
# dot as German, Danish and Finnish write one (`14.30`, alone: no part of `23.01.2023`), a note in
# brackets: no date's (a zone after no time is one only with GMT or UTC: `2026-04-2026` holds none)
_NOT_DATE = re.compile(
    r"\d{1,2}:\d{2}(?::\d{2}(?:[.,]\d+)?)?(?:\s*(?:GMT|UTC)?\s*[+-]\d{2}:?\d{2}\b)?"
    r"|(?<![\d.])(?:[01]?\d|2[0-4])\.[0-5]\d(?![\d.])"
    r"|\b(?:GMT|UTC)[+-]\d{2}:?\d{2}\b|\([^)]*\)",
    re.I,
)
_PART = re.compile(r"(\d+)\s*([年년月월日일号號])?|([^\W\d_]+)")
_UNITS = {"年": "year", "년": "year", "月": "month", "월": "month"}
WRITE_ISO = "write it as YYYY-MM-DD"
PLACEHOLDER = "a template's placeholder: fill it in, or leave templates out (`ignore:`)"
LANGUAGES = (
    "a number with 月 or 월, or a name in English, German, French, Spanish, Portuguese, Italian"
    " or Russian"
)


@dataclass(frozen=True, slots=True)
class Unclear:
    """A text that is no date whose meaning is clear: why, as a diagnostic's hint."""

    hint: str
    readings: tuple[dt.date, dt.date] | None = None  # two numbers of 12 or less: (day, month) first


def read_date(text: str) -> dt.date | Unclear:
    """The day a text names: ISO 8601 (maybe with a time), numbers year first (or the day first
    with dots), or its parts (spelled_date)."""
    text = text.strip()
    if _ISO.match(text):
        try:
            return dt.date.fromisoformat(text[:10])
        except ValueError:
            return Unclear(f"there is no such day: {WRITE_ISO}")
    for form in _NUMERIC_FORMATS:
        try:
            return dt.datetime.strptime(text, form).date()
        except ValueError:
            continue
    return spelled_date(text)


def spelled_date(text: str) -> dt.date | Unclear:
    """The day of a text's year, month and day, found among its parts (a weekday, a time and
    other words left out)."""
    if "YYYY" in text or "<%" in text or "{" in text:
        return Unclear(PLACEHOLDER)
    if re.fullmatch(r"\d{4}", text):
        return Unclear(f"a year alone is no day: write `year: {text}` for a source's year")
    years, months, days, numbers = date_parts(text)
    year_first = bool(numbers) and len(str(numbers[0])) == 4 and not years
    years += [n for n in numbers if n >= 1000]
    numbers = [n for n in numbers if n < 1000]
    if len(years) != 1:
        return Unclear(f"{'no' if not years else 'more than one'} year in it: {WRITE_ISO}")
    if len(set(months)) > 1:
        return Unclear(f"more than one month in it: {WRITE_ISO}")
    if not months and not days and len(numbers) == 2:
        return numeric_date(years[0], numbers[0], numbers[1], year_first)
    days += numbers
    if not months:
        return Unclear(f"no month in it of a language read ({LANGUAGES}): {WRITE_ISO}")
    if len(days) != 1:
        return Unclear(f"{'no' if not days else 'more than one'} day in it: {WRITE_ISO}")
    return day_of(years[0], months[0], days[0])


def day_of(year: int, month: int, day: int) -> dt.date | Unclear:
    """The day, or Unclear when there is no such day (a month 0, a year past 9999)."""
    try:
        return dt.date(year, month, day)
    except ValueError:
        return Unclear(f"there is no such day: {WRITE_ISO}")


def date_parts(text: str) -> tuple[list[int], list[int], list[int], list[int]]:
    """The years, months and days a text's parts name, and its other numbers (a bare number
    might be any), in order."""
    text = _CJK_NUMBER.sub(lambda m: str(cjk_number(m.group(0))), _NOT_DATE.sub(" ", text))
    found: dict[str, list[int]] = {"year": [], "month": [], "day": [], "number": []}
    for m in _PART.finditer(text):
        if m.group(1):
            found[_UNITS.get(m.group(2) or "", "day" if m.group(2) else "number")].append(
                int(m.group(1))
            )
        elif (month := month_named(m.group(3))) is not None:
            found["month"].append(month)
    return found["year"], found["month"], found["day"], found["number"]


def cjk_number(text: str) -> int:
    """一 -> 1, 十二 -> 12, 二十三 -> 23, 三十一 -> 31."""
    tens, _, ones = text.rpartition("十")
    if "十" not in text:
        return _CJK_DIGITS[text[-1]] + 10 * (_CJK_DIGITS[text[0]] if len(text) > 1 else 0)
    return 10 * (_CJK_DIGITS.get(tens, 1) if tens else 1) + (_CJK_DIGITS[ones] if ones else 0)


def numeric_date(year: int, first: int, second: int, year_first: bool) -> dt.date | Unclear:
    """Two numbers and a year: the year first is year, month, day; else a number over 12 is the
    day (`29/11/2020`, `11/29/2020`), and two alike are one day either way. Two numbers of 12 or
    less are Unclear (`01/05/2023`: 1 May or January 5)."""
    if year_first or first == second or first > 12 or second > 12:
        month, day = (first, second) if year_first or second > 12 else (second, first)
        return day_of(year, month, day)
    one, other = day_of(year, second, first), day_of(year, first, second)
    if isinstance(one, Unclear) or isinstance(other, Unclear):
        return one if isinstance(one, Unclear) else other  # `0/5/2023`: no day either way
    return Unclear(either_order(one, other), (one, other))


def either_order(one: dt.date, other: dt.date, why: str = "") -> str:
    """The hint for a date that reads as `one` or `other` (the day or the month first)."""
    return f"the day or the month may come first{why}: write {one} or {other}"


# two numbers and a year, parted as read_date reads them either way, wherever in the text
# (`Mon 26/01/2026`, `26 01 2026`, `26_01_2026`; with dots, the day comes first always)
_TWO_NUMBERS_FIRST = re.compile(r"(?<![\d.:])(\d{1,2})[-/_ ](\d{1,2})[-/_ ]\d{4}(?!\d)")


def order_shown(text: str) -> str:
    """Which comes first in a date of two numbers and a year that says so by a number over 12:
    "day" (`26-01-2026`), "month" (`01/26/2026`), else ""."""
    found = _TWO_NUMBERS_FIRST.search(text)
    if found is None:
        return ""
    first, second = int(found.group(1)), int(found.group(2))
    if first > 12 >= second:
        return "day"
    return "month" if second > 12 >= first else ""


def fold(word: str) -> str:
    """A word case-folded, without accents: `Décembre` -> `decembre`."""
    parts = unicodedata.normalize("NFKD", word.casefold())
    return "".join(c for c in parts if not unicodedata.combining(c))


def month_table() -> dict[str, int]:
    """Each month's names (folded), and each name's start of 3 letters or more that starts no
    other month's name of its language (`Jan`, `Sept`, `déc`, `окт`), -> the month (1-12); a
    start two languages give two months is left out."""
    table: dict[str, set[int]] = {}
    for line in _MONTHS:
        names = [fold(name) for name in line.split()]
        for month, name in enumerate(names, 1):
            table.setdefault(name, set()).add(month)
            for end in range(3, len(name)):
                if sum(other.startswith(name[:end]) for other in names) == 1:
                    table.setdefault(name[:end], set()).add(month)
    return {name: months.pop() for name, months in table.items() if len(months) == 1}


_MONTH_NAMES = month_table()


def month_named(word: str) -> int | None:
    """The month (1-12) a word names, in any of the languages read; None when it names none."""
    return _MONTH_NAMES.get(fold(word))
