"""Dataview's durations (`dur(3 days)`, `dur("2h 30m")`) and its date arithmetic, as Luxon
(which Dataview runs on) defines them (pure).

A duration is an amount of each unit: years, months, weeks, days, hours, minutes, seconds and
milliseconds. It is read as Dataview reads one: numbers each followed by a unit's name or
abbreviation (`yr`, `mo`, `wk`, `d`, `h`, `m` (minutes), `s` …), apart or together, with commas or
spaces between (`4hr2min`, `1 day, 3 hours`). Units are converted as Luxon does it casually: a year
365 days, a month 30 days (and 4 weeks), a week 7 days. A date plus a duration moves its year
and month first, on the calendar (January 31 plus a month is the last day of February), then its
days, then the rest as time; a date minus a date is the years, months, days and time between them.
Dates are read without a zone (as written), so a sum is the same on any machine; a date past what
the calendar holds (year 9999) is None."""

from __future__ import annotations

import calendar
import datetime as dt
import itertools
import math
import re
from dataclasses import dataclass

UNITS = ("years", "months", "weeks", "days", "hours", "minutes", "seconds", "milliseconds")
_DAY = 86_400_000
# a unit's length in milliseconds (Luxon's casual conversion)
MILLIS = {
    "years": 365 * _DAY, "months": 30 * _DAY, "weeks": 7 * _DAY, "days": _DAY,
    "hours": 3_600_000, "minutes": 60_000, "seconds": 1000, "milliseconds": 1,
}  # fmt: skip
# where Luxon's casual table is not the ratio of the lengths: a year is 12 months and 52 weeks,
# a month 4 weeks
_RATIO = {("years", "months"): 12.0, ("years", "weeks"): 52.0, ("months", "weeks"): 4.0}
# the names Dataview reads of each unit, longest first (as it tries them)
_NAMES = {
    "years": ("year", "years", "yr", "yrs"),
    "months": ("month", "months", "mo", "mos"),
    "weeks": ("week", "weeks", "wk", "wks", "w"),
    "days": ("day", "days", "d"),
    "hours": ("hour", "hours", "hr", "hrs", "h"),
    "minutes": ("minute", "minutes", "min", "mins", "m"),
    "seconds": ("second", "seconds", "sec", "secs", "s"),
}
UNIT_NAMES = sorted(
    ((name, unit) for unit, names in _NAMES.items() for name in names), key=lambda p: -len(p[0])
)
_NUMBER = re.compile(r"-?[0-9]+(?:\.[0-9]+)?")
_GAP = re.compile(r"\s*,\s*|\s*")
_SINGULAR = {unit: unit[:-1] for unit in UNITS}


@dataclass(frozen=True, slots=True)
class Duration:
    """An amount of each of UNITS, in their order (a unit not given is 0)."""

    values: tuple[float, ...]

    def get(self, unit: str) -> float:
        return self.values[UNITS.index(unit)]

    def millis(self) -> float:
        return sum(v * MILLIS[u] for u, v in zip(UNITS, self.values, strict=True))

    def total(self, unit: str) -> float:
        """The duration in one unit (`dur.days`: 36 hours is 1.5), as Luxon's shiftTo gives it."""
        return shift_to(self, (unit,)).get(unit)


def ratio(big: str, small: str) -> float:
    """How many of the smaller unit one of the bigger is (Luxon's casual table)."""
    return _RATIO.get((big, small), MILLIS[big] / MILLIS[small])


def made(values: list[float]) -> Duration | None:
    """A duration of these amounts; None when one is not a finite number (a sum too large)."""
    return Duration(tuple(values)) if all(math.isfinite(v) for v in values) else None


def read_duration(text: str) -> Duration | None:
    """`3 days`, `2h 30m`, `1 yr, 2 mo`, `4hr2min` -> its duration; None when the whole text is
    not one (units are written in lower case, as Dataview reads them)."""
    text, at, values = text.strip(), 0, [0.0] * len(UNITS)
    while True:
        number = _NUMBER.match(text, at)
        if number is None:
            return None
        at = number.end()
        while at < len(text) and text[at].isspace():
            at += 1
        unit = next((u for name, u in UNIT_NAMES if text.startswith(name, at)), None)
        if unit is None:
            return None
        values[UNITS.index(unit)] += float(number.group(0))
        at += len(next(name for name, u in UNIT_NAMES if u == unit and text.startswith(name, at)))
        if at == len(text):
            return made(values)
        gap = _GAP.match(text, at)
        at = gap.end() if gap else at


def plus(a: Duration, b: Duration, sign: float = 1.0) -> Duration | None:
    summed = made([x + sign * y for x, y in zip(a.values, b.values, strict=True)])
    return normalized(summed) if summed else None


def scaled(a: Duration, factor: float) -> Duration | None:
    result = made([v * factor for v in a.values])
    return normalized(result) if result else None


def normalized(duration: Duration) -> Duration:
    """Luxon's `shiftToAll().normalize()`: each unit's fraction moved down to the smaller ones,
    then whole amounts rolled up (60 minutes an hour, 7 days a week, 4 weeks a month), all of
    one sign."""
    return shift_to(duration, UNITS)


def shift_to(duration: Duration, chosen: tuple[str, ...]) -> Duration:
    """Luxon's `shiftTo(...chosen)`: the duration in the chosen units alone (each other unit's
    amount put into the next chosen one, what is left into the smallest), then rolled up."""
    built: dict[str, float] = {}
    carried: dict[str, float] = {}
    last = chosen[-1]
    for unit, value in zip(UNITS, duration.values, strict=True):
        if unit in chosen:
            last = unit
            own = value + sum(a * ratio(k, unit) for k, a in carried.items())
            built[unit] = float(math.trunc(own))
            carried = {unit: own - built[unit]}
        elif value:
            carried[unit] = carried.get(unit, 0.0) + value
    for unit, amount in carried.items():
        built[last] += amount if unit == last else amount / ratio(last, unit)
    rolled(built, duration.millis())
    return Duration(tuple(built.get(unit, 0.0) for unit in UNITS))


def rolled(values: dict[str, float], millis: float) -> None:
    """Luxon's normalizeValues, in place: whole amounts of each unit rolled up into the next
    bigger one given (of the sign of the whole), then any fraction left moved down."""
    units = [u for u in UNITS if u in values]
    sign = -1.0 if millis < 0 else 1.0
    for small, big in zip(units[::-1], units[-2::-1], strict=False):
        conv = ratio(big, small)
        up = math.floor(values[small] * sign / conv)
        values[big] += up * sign
        values[small] -= up * conv * sign
    for big, small in itertools.pairwise(units):
        fraction = math.fmod(values[big], 1.0)
        values[big] -= fraction
        values[small] += fraction * ratio(big, small)


def duration_text(duration: Duration) -> str:
    """A duration as Dataview shows one: its normalized units above zero, `1 week, 3 days`
    (Luxon's toHuman in English); none above zero (a negative duration), ""."""
    parts = []
    for unit, value in zip(UNITS, normalized(duration).values, strict=True):
        if value > 0:
            amount = f"{value:,.3f}".rstrip("0").rstrip(".")
            parts.append(f"{amount} {_SINGULAR[unit] if amount == '1' else unit}")
    return ", ".join(parts)


def shifted(when: dt.datetime, duration: Duration, sign: int = 1) -> dt.datetime | None:
    """Luxon's `date.plus(dur)` (sign -1: `minus`): the years and months on the calendar, the
    day kept within the month, then the whole days and weeks, then the rest (a fraction of a day,
    the time) as time; None past the calendar."""
    v = {u: sign * x for u, x in zip(UNITS, duration.values, strict=True)}
    whole = {u: math.trunc(v[u]) for u in ("years", "months", "weeks", "days")}
    rest = sum((v[u] - whole.get(u, 0)) * MILLIS[u] for u in UNITS)
    try:
        months = when.year * 12 + when.month - 1 + whole["years"] * 12 + whole["months"]
        year, month = divmod(months, 12)
        day = min(when.day, calendar.monthrange(year, month + 1)[1])
        moved = when.replace(year=year, month=month + 1, day=day)
        days = whole["days"] + 7 * whole["weeks"]
        return moved + dt.timedelta(days=days, milliseconds=rest)
    except (OverflowError, ValueError):
        return None


def between(later: dt.datetime, earlier: dt.datetime) -> Duration | None:
    """Dataview's `date - date`: Luxon's diff in years, months, days and time (each count the
    most that keeps the first date's sum not past the later), normalized; negative when the
    first date is the earlier."""
    if later < earlier:
        back = between(earlier, later)
        return scaled(back, -1.0) if back else None
    counts = {"years": 0, "months": 0, "days": 0}
    cursor = earlier
    for unit in counts:
        if unit == "years":
            counts[unit] = later.year - cursor.year
        elif unit == "months":
            counts[unit] = (later.year - cursor.year) * 12 + later.month - cursor.month
        else:
            counts[unit] = (later.date() - cursor.date()).days
        moved = shifted(earlier, of_counts(counts))
        while counts[unit] > 0 and (moved is None or moved > later):
            counts[unit] -= 1
            moved = shifted(earlier, of_counts(counts))
        if moved is None:
            return None
        cursor = moved
    rest = (later - cursor) / dt.timedelta(milliseconds=1)
    return normalized(of_counts(counts, rest))


def of_counts(counts: dict[str, int], rest: float = 0.0) -> Duration:
    """Years, months and days, and milliseconds besides."""
    years, months, days = (float(counts[u]) for u in ("years", "months", "days"))
    return Duration((years, months, 0.0, days, 0.0, 0.0, 0.0, rest))


# Luxon's duration format tokens: the unit of each letter
_FORMAT_UNITS = {"y": "years", "M": "months", "w": "weeks", "d": "days", "h": "hours",
                 "m": "minutes", "s": "seconds", "S": "milliseconds"}  # fmt: skip


def duration_format(duration: Duration, parts: list[tuple[bool, str]]) -> str:
    """Dataview's `durationformat(dur, "h 'hours', m 'minutes'")`: the duration in the units its
    tokens name (Luxon's toFormat), each whole and padded to the token's length; `parts` are the
    format's (literal, text), as dateformat.format_parts reads them."""
    chosen = tuple(
        u for u in UNITS if any(not lit and _FORMAT_UNITS.get(t[0]) == u for lit, t in parts)
    )
    shown = shift_to(duration, chosen) if chosen else duration
    out = []
    for literal, text in parts:
        unit = None if literal else _FORMAT_UNITS.get(text[0])
        if unit is None:
            out.append(text)
            continue
        value = math.floor(shown.get(unit))
        out.append(("-" if value < 0 else "") + str(abs(value)).zfill(len(text)))
    return "".join(out)
