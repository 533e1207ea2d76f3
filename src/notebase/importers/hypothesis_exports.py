"""Reading Hypothesis's other exports (the share dialog's Export: CSV) into the annotation
records its JSON export gives, so that their notes are made as the JSON's are (pure).

The CSV holds less than the JSON: no document title (the address stands for it), no place in
the text (highlights are in the order made), no link in context, no thread (a reply is left
out, told), its times as the exporter's clock wrote them to the minute, and one cell for a
highlight's quote or an image's description (which it cannot tell apart)."""

from __future__ import annotations

from notebase.diagnostics import Diagnostic, FilePos, warning
from notebase.importers.csvfile import csv_header, csv_rows
from notebase.importers.hypothesis import Annotation, annotations_archive
from notebase.importers.model import ArchiveFormat, ParsedArchive
from notebase.importers.structured import tag_names

# the CSV's columns, as the client writes them (`,` in a file, a tab when copied)
CSV_COLUMNS = (
    "Created at",
    "Author",
    "Page",
    "URL",
    "Group",
    "Type",
    "Quote/description",
    "Comment",
    "Tags",
)
# `Type`: what each row is (a page note is a `Comment` where the client runs as comments)
QUOTING = ("Annotation", "Highlight")
PAGE_NOTES = ("Page note", "Comment")
REPLY = "Reply"
CSV_HINT = "export the annotations from Hypothesis (Share › Export) as CSV, or as JSON"


def is_hypothesis_csv(text: str) -> bool:
    """Whether the text is Hypothesis's CSV export: its header is the client's, column for
    column (a file saved with a comma between cells, a copy with a tab)."""
    return tuple(csv_header(text)) == CSV_COLUMNS


def csv_annotation(row: dict[str, str], line: int, shown: str) -> Annotation | Diagnostic:
    """One row as the annotation record the JSON's gives, or why it is imported as none."""
    pos = FilePos(shown, line)
    kind, uri = row.get("Type", "").strip(), row.get("URL", "").strip()
    text = row.get("Comment", "").strip()
    if not uri:
        msg = "annotation has no URL (the annotated document): skipped"
        return warning("import-bad-annotation", msg, pos, "each row names its document's URL")
    if kind == REPLY:
        msg = "reply: the CSV export does not say which annotation it answers: skipped"
        hint = "export as JSON to keep replies under the annotation they answer"
        return warning("import-bad-annotation", msg, pos, hint)
    if kind not in QUOTING + PAGE_NOTES:
        msg = f"annotation of a type the export does not write, `{kind}`: skipped"
        hint = f"`Type` is one of {', '.join((*QUOTING, *PAGE_NOTES, REPLY))}"
        return warning("import-bad-annotation", msg, pos, hint)
    quote = row.get("Quote/description", "") if kind in QUOTING else ""
    if kind in QUOTING and not quote.strip() and not text:
        msg = "annotation quotes no text (no `Quote/description`) and it has no comment: skipped"
        return warning("import-bad-annotation", msg, pos, "a highlight's row holds its quote")
    return Annotation(
        id=f"row-{line}",
        uri=uri,
        title="",
        line=line,
        quote=quote if quote.strip() else "",
        page=row.get("Page", "").strip(),
        text=text,
        tags=tag_names(row.get("Tags", "").split(",")),
        created=row.get("Created at", "").strip(),
        user=row.get("Author", "").strip(),
    )


def read_hypothesis_csv(text: str, name: str, shown: str) -> ParsedArchive:
    """Hypothesis's CSV export: one post per annotated document, made as the JSON's are."""
    rows, problem = csv_rows(text, shown, CSV_COLUMNS, CSV_HINT)
    if problem is not None:
        return ParsedArchive(name, ArchiveFormat.HYPOTHESIS, (), (problem,))
    diags: list[Diagnostic] = []
    read: list[Annotation] = []
    for line, row in rows:
        found = csv_annotation(row, line, shown)
        if isinstance(found, Diagnostic):
            diags.append(found)
            continue
        if row.get("Type", "").strip() in QUOTING and not found.quote:
            diags.append(unquoted(line, shown))
        read.append(found)
    return annotations_archive(read, diags, name, shown, told=False)


def unquoted(line: int, shown: str) -> Diagnostic:
    """A highlight whose row holds no quoted words is kept as a note on the page: told."""
    return warning(
        "import-bad-annotation",
        "annotation quotes no text (no `Quote/description`): its comment kept as a note on the page",
        FilePos(shown, line),
        "a highlight's row holds its quote",
    )
