"""Dataview's `dateformat(date, "format")`: a date written with Luxon's format tokens (pure).

A format is read as Luxon reads it: each run of one letter is a token (`yyyy`, `MM`, `-` too),
text between single quotes is kept as written (`'Week' W`), and a run Luxon does not know is kept
as written, as Luxon keeps it. Read: the year (`y`, `yy`, `yyyy`, `yyyyyy`), quarter (`q`, `qq`),
month (`M`/`L` to `MMMMM`), ISO week (`W`, `WW`, `kk`, `kkkk`), day of the month (`d`, `dd`), of the
year (`o`, `ooo`), weekday (`E`/`c` to `EEEEE`), hour (`H`, `HH`, `h`, `hh`), minute, second,
millisecond (`m`, `s`, `S`, `SSS`), `a`, the era (`G`) and the dates and times Luxon writes for a
locale (`D` to `DDDD`, `t`, `T`, `f`, `F` …), in English (US), as a site is built in one language
whatever the machine's: the month and weekday names are English. A date without a time is at
midnight; a time is read as written, its zone left out. What needs the machine's zone (`Z`, `z`,
`x`, `X`, `ttt`, `fff`) is Unreadable, as the site would then depend on where it is built."""

from __future__ import annotations

import datetime as dt
import re

MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August", "September",
          "October", "November", "December")  # fmt: skip
WEEKDAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
# Luxon's locale formats (its "macro" tokens) as en-US writes them, in Luxon's own tokens
_MACROS = {
    "D": "M/d/yyyy", "DD": "MMM d, yyyy", "DDD": "MMMM d, yyyy", "DDDD": "EEEE, MMMM d, yyyy",
    "t": "h:mm a", "tt": "h:mm:ss a", "T": "HH:mm", "TT": "HH:mm:ss",
    "f": "M/d/yyyy, h:mm a", "ff": "MMM d, yyyy, h:mm a", "fff": "Z", "ffff": "Z",
    "F": "M/d/yyyy, h:mm:ss a", "FF": "MMM d, yyyy, h:mm:ss a", "FFF": "Z", "FFFF": "Z",
    "ttt": "Z", "tttt": "Z", "TTT": "Z", "TTTT": "Z",
}  # fmt: skip
_ZONED = frozenset("ZzxX")
_ISO_TIME = re.compile(
    r"(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?)?"
)
MAX_FORMAT = 200  # a format longer than this is cut (no query needs more)


class Unreadable(Exception):
    """A format token whose text would depend on the machine building the site."""


def read_when(text: str) -> dt.datetime | None:
    """The date and time ISO text names (`2024-03-05`, `2024-03-05T09:07:05.250+01:00`, its zone
    left out), else None."""
    m = _ISO_TIME.match(text.strip())
    if m is None:
        return None
    year, month, day, hour, minute, second, fraction = m.groups()
    micro = int((fraction or "0")[:6].ljust(6, "0"))
    try:
        return dt.datetime(
            int(year),
            int(month),
            int(day),
            int(hour or 0),
            int(minute or 0),
            int(second or 0),
            micro,
        )
    except ValueError:  # (no such day, or hour 24)
        return None


def format_parts(pattern: str) -> list[tuple[bool, str]]:
    """The format's parts as Luxon splits it: (literal, text), a token being a run of one
    character and a literal what is between single quotes (or spaces only)."""
    parts: list[tuple[bool, str]] = []
    current, quoted = "", False
    for char in pattern[:MAX_FORMAT]:
        if char == "'":
            if current:
                parts.append((quoted or current.isspace(), current))
            current, quoted = "", not quoted
        elif quoted or (current and char == current[-1]):
            current += char
        else:
            if current:
                parts.append((current.isspace(), current))
            current = char
    if current:
        parts.append((quoted or current.isspace(), current))
    return parts


def dateformat(when: dt.datetime, pattern: str) -> str:
    """The date written in the format (Unreadable: a token needing the machine's zone)."""
    out = []
    for literal, text in format_parts(pattern):
        out.append(text if literal else token_text(when, text))
    return "".join(out)


def token_text(when: dt.datetime, token: str) -> str:
    if token in _MACROS:
        return dateformat(when, _MACROS[token])
    if token[0] in _ZONED:
        raise Unreadable(f"the date token `{token}`, which needs the zone of the build")
    letter, size = token[0], len(token)
    if letter in "yGkWoq":
        return year_text(when, letter, size) or token
    if letter in "MLEc":
        return named_text(when, letter, size) or token
    numbers = {
        "d": when.day, "H": when.hour, "h": (when.hour % 12) or 12, "m": when.minute,
        "s": when.second,
    }  # fmt: skip
    if letter in numbers and size <= 2:
        return str(numbers[letter]).zfill(size)
    if token in ("S", "SSS"):
        return str(when.microsecond // 1000).zfill(size)
    if token == "a":
        return "AM" if when.hour < 12 else "PM"
    return token  # (as Luxon leaves a token it does not know)


def year_text(when: dt.datetime, letter: str, size: int) -> str:
    """The year's tokens: its year, era, ISO week year and week, day of the year, quarter."""
    week_year, week, _ = when.isocalendar()
    if letter == "y" and size in (1, 2, 4, 6):
        return str(when.year)[-2:].zfill(2) if size == 2 else str(when.year).zfill(size)
    if letter == "k" and size in (2, 4):
        return str(week_year)[-2:].zfill(2) if size == 2 else str(week_year).zfill(4)
    if letter == "G" and size in (1, 2, 5):
        return {1: "AD", 2: "Anno Domini", 5: "A"}[size]
    if letter == "W" and size <= 2:
        return str(week).zfill(size)
    if letter == "o" and size in (1, 3):
        return str(when.timetuple().tm_yday).zfill(size)
    if letter == "q" and size <= 2:
        return str((when.month - 1) // 3 + 1).zfill(size)
    return ""


def named_text(when: dt.datetime, letter: str, size: int) -> str:
    """A month's (`M`, `L`) or weekday's (`E`, `c`) token: its number (a weekday's Monday 1),
    or its name, cut short (3), whole (4) or its first letter (5)."""
    number = when.month if letter in "ML" else when.isoweekday()
    name = MONTHS[when.month - 1] if letter in "ML" else WEEKDAYS[when.weekday()]
    if size <= 2 and not (letter in "Ec" and size == 2):
        return str(number).zfill(size)
    return {3: name[:3], 4: name, 5: name[:1]}.get(size, "")


# Moment.js's tokens (a base's `date.format("YYYY-MM")`, as Obsidian's Bases write a date), the
# longest first, and text between brackets kept as written
_MOMENT = re.compile(
    r"\[([^\]]*)\]|YYYY|YY|MMMM|MMM|MM|M|Do|DDDD|DDD|DD|D|dddd|ddd|dd|d|HH|H|hh|h|mm|m|ss|s"
    r"|SSS|A|a|Q|WW|W|GGGG|.",
    re.S,
)
# each as Luxon's token that writes it alike (dateformat's)
_MOMENT_LUXON = {
    "YYYY": "yyyy", "YY": "yy", "MMMM": "MMMM", "MMM": "MMM", "MM": "MM", "M": "M",
    "DDDD": "ooo", "DDD": "o", "DD": "dd", "D": "d", "dddd": "EEEE", "ddd": "EEE", "HH": "HH",
    "H": "H", "hh": "hh", "h": "h", "mm": "mm", "m": "m", "ss": "ss", "s": "s", "SSS": "SSS",
    "A": "a", "Q": "q", "WW": "WW", "W": "W", "GGGG": "kkkk",
}  # fmt: skip


def moment_format(when: dt.datetime, pattern: str) -> str:
    """The date written in Moment.js's format (`YYYY-MM-DD`, `dddd, MMMM Do YYYY`), in English,
    as dateformat writes Luxon's."""
    out = []
    for m in _MOMENT.finditer(pattern[:MAX_FORMAT]):
        token = m.group(0)
        if m.group(1) is not None:
            out.append(m.group(1))
        elif token in _MOMENT_LUXON:
            out.append(token_text(when, _MOMENT_LUXON[token]))
        else:
            out.append(moment_only(when, token))
    return "".join(out)


def moment_only(when: dt.datetime, token: str) -> str:
    """Moment's tokens Luxon has none like: the day with its ordinal (`Do`), the weekday's first
    two letters (`dd`) or number from Sunday's 0 (`d`), `a` in lower case; else the text."""
    if token == "Do":
        teen = 10 <= when.day % 100 <= 20
        return f"{when.day}{'th' if teen else {1: 'st', 2: 'nd', 3: 'rd'}.get(when.day % 10, 'th')}"
    if token == "dd":
        return WEEKDAYS[when.weekday()][:2]
    if token == "d":
        return str(when.isoweekday() % 7)
    return ("am" if when.hour < 12 else "pm") if token == "a" else token
