"""CSV exports (Readwise's, bookmarks'): their header and their rows with the line each starts
on, or the error saying why they cannot be read (pure)."""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence

from notebase.diagnostics import Diagnostic, FilePos, error


def is_csv(name: str) -> bool:
    return name.lower().endswith(".csv")


def delimiter_of(text: str) -> str:
    """What separates the cells: a comma, or the semicolon or tab the header line holds more of
    (a spreadsheet saving CSV in a language whose decimal mark is a comma writes `;`)."""
    first = first_line(text)
    return max(",;\t", key=first.count) if first.count(",") == 0 else ","


def first_line(text: str) -> str:
    """The text's first line, a BOM before it left out (the rest not split off and copied)."""
    text = text.lstrip("\ufeff")
    end = text.find("\n")
    return text[: end if end >= 0 else len(text)]


def csv_header(text: str) -> list[str]:
    """The names of the columns, as the first line writes them (a BOM before it left out); none
    for a line no CSV reads (a cell over the csv module's limit: a one-line JSON export)."""
    try:
        return [
            c.strip()
            for c in next(csv.reader([first_line(text)], delimiter=delimiter_of(text)), [])
        ]
    except csv.Error:
        return []


def csv_rows(
    text: str, shown: str, needed: Sequence[str], hint: str
) -> tuple[list[tuple[int, dict[str, str]]], Diagnostic | None]:
    """A CSV export's rows by column name, with the line each starts on; or the error saying why
    it cannot be read (a column `needed` missing, bad quoting)."""
    source = io.StringIO(text.lstrip("\ufeff"), newline="")
    reader = csv.DictReader(source, delimiter=delimiter_of(text))
    rows: list[tuple[int, dict[str, str]]] = []
    line = 1  # where the row being read starts (the header's line, then each row's)
    try:
        missing = [c for c in needed if c not in (reader.fieldnames or [])]
        if missing:
            return [], error(
                "import-bad-csv", f"no {', '.join(missing)} column", FilePos(shown, 1), hint
            )
        line = 2
        for row in reader:
            rows.append(
                (line, {k: v for k, v in row.items() if isinstance(k, str) and isinstance(v, str)})
            )
            line = reader.line_num + 1
    except csv.Error as exc:
        return [], error(
            "import-bad-csv",
            f"not valid CSV: {exc}",
            FilePos(shown, line),
            "check the file's quoting",
        )
    return rows, None
