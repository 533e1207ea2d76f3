"""Reading Hypothesis's other exports (the share dialog's Export: CSV, HTML) into the annotation
records its JSON export gives, so that their notes are made as the JSON's are (pure).

The CSV holds less than the JSON: no document title (the address stands for it), no place in
the text (highlights are in the order made), no link in context, no thread (a reply is left
out, told), its times as the exporter's clock wrote them to the minute, and one cell for a
highlight's quote or an image's description (which it cannot tell apart)."""

from __future__ import annotations

import re
from dataclasses import replace

from notebase.diagnostics import Diagnostic, FilePos, error, warning
from notebase.importers.csvfile import csv_header, csv_rows
from notebase.importers.htmlmd import LexborHTMLParser, LexborNode, fragment_markdown, plain_text
from notebase.importers.hypothesis import Annotation, annotations_archive
from notebase.importers.model import ArchiveFormat, ParsedArchive
from notebase.importers.structured import escape_text, line_index, tag_names
from notebase.reading.sourcerefs import strip_arxiv_prefix

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
# the CSV's columns as the client wrote them before it said what each annotation is (2024): no
# `Type` (`Annotation/Reply Type`: an annotation or a reply) and `Quote` for the quote alone
OLDER_CSV_COLUMNS = (
    *CSV_COLUMNS[:5],
    "Annotation/Reply Type",
    "Quote",
    *CSV_COLUMNS[7:],
)
# `Type`: what each row is (a page note is a `Comment` where the client runs as comments)
QUOTING = ("Annotation", "Highlight")
PAGE_NOTES = ("Page note", "Comment")
REPLY = "Reply"
CSV_HINT = "export the annotations from Hypothesis (Share › Export) as CSV, or as JSON"


def is_hypothesis_csv(text: str) -> bool:
    """Whether the text is Hypothesis's CSV export: its header is the client's, column for
    column (a file saved with a comma between cells, a copy with a tab)."""
    return tuple(csv_header(text[:2000])) in (CSV_COLUMNS, OLDER_CSV_COLUMNS)  # (of every input)


def newer_row(row: dict[str, str]) -> dict[str, str]:
    """A row of the older CSV as the newer header names it: an annotation quoting nothing is a
    page note (a reply says so still)."""
    kind, quote = row.get("Annotation/Reply Type", "").strip(), row.get("Quote", "")
    if kind == "Annotation" and not quote.strip():
        kind = PAGE_NOTES[0]
    return {**row, "Type": kind, "Quote/description": quote}


def kind_problem(kind: str, pos: FilePos, export: str) -> Diagnostic | None:
    """Why an annotation of `Type` `kind` is left out of an export other than the JSON: a reply
    (the export does not say what it answers) or a type the client does not write; else None."""
    if kind == REPLY:
        msg = f"reply: the {export} export does not say which annotation it answers: skipped"
        hint = "export as JSON to keep replies under the annotation they answer"
        return warning("import-bad-annotation", msg, pos, hint)
    if kind not in QUOTING + PAGE_NOTES:
        msg = f"annotation of a type the export does not write, `{kind}`: skipped"
        hint = f"`Type` is one of {', '.join((*QUOTING, *PAGE_NOTES, REPLY))}"
        return warning("import-bad-annotation", msg, pos, hint)
    return None


def csv_annotation(row: dict[str, str], line: int, shown: str) -> Annotation | Diagnostic:
    """One row as the annotation record the JSON's gives, or why it is imported as none."""
    pos = FilePos(shown, line)
    kind, uri = row.get("Type", "").strip(), row.get("URL", "").strip()
    text = row.get("Comment", "").strip()
    if not uri:
        msg = "annotation has no URL (the annotated document): skipped"
        return warning("import-bad-annotation", msg, pos, "each row names its document's URL")
    if (problem := kind_problem(kind, pos, "CSV")) is not None:
        return problem
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
    older = tuple(csv_header(text[:2000])) == OLDER_CSV_COLUMNS
    rows, problem = csv_rows(text, shown, OLDER_CSV_COLUMNS if older else CSV_COLUMNS, CSV_HINT)
    if problem is not None:
        return ParsedArchive(name, ArchiveFormat.HYPOTHESIS, (), (problem,))
    diags: list[Diagnostic] = []
    read: list[Annotation] = []
    for line, read_row in rows:
        row = newer_row(read_row) if older else read_row
        found = csv_annotation(row, line, shown)
        if isinstance(found, Diagnostic):
            diags.append(found)
            continue
        if row.get("Type", "").strip() in QUOTING and not found.quote:
            diags.append(unquoted(line, shown, "`Quote/description`"))
        read.append(found)
    return annotations_archive(read, diags, name, shown, told=False)


def unquoted(line: int, shown: str, field: str) -> Diagnostic:
    """A highlight that holds no quoted words is kept as a note on the page: told."""
    return warning(
        "import-bad-annotation",
        f"annotation quotes no text (no {field}): its comment kept as a note on the page",
        FilePos(shown, line),
        "a highlight's row holds its quote",
    )


# the HTML export: `<title>Annotations on "Title"</title>`, a section `<h1>Summary</h1>` (the
# document's title and address), then a section `<h1>Annotations</h1>` of one `<article>` each,
# a table of `Label:` cells beside their values
_HTML_TITLE = re.compile(r"<title>\s*Annotations on (?:&quot;|\")", re.I)
_HTML_SECTIONS = re.compile(
    r"<h1>\s*Summary\s*</h1>.*?<h1>\s*Annotations\s*</h1>\s*(?:<article[\s>]|</section>)",
    re.I | re.S,
)
_ARTICLE = re.compile(r"<article[\s>]", re.I)
HTML_HINT = "export the annotations from Hypothesis (Share › Export) as HTML, or as JSON"


def is_hypothesis_html(text: str) -> bool:
    """Whether the text is Hypothesis's HTML export: its title and its two sections."""
    return bool(_HTML_TITLE.search(text[:4000])) and bool(_HTML_SECTIONS.search(text))


def labelled_cells(node: LexborNode) -> dict[str, LexborNode]:
    """The export's tables: each row's label (`Created at`, without its colon) -> value cell."""
    cells: dict[str, LexborNode] = {}
    for row in node.css("tr"):
        found = row.css("td")
        if len(found) == 2:
            cells.setdefault(plain_text(found[0]).removesuffix(":").strip(), found[1])
    return cells


def cell_text(cells: dict[str, LexborNode], label: str) -> str:
    return plain_text(cells[label]) if label in cells else ""


def quoted_lines(node: LexborNode) -> str:
    """The quoted words as the exporter wrote them, lines kept but for its indentation."""
    lines = (line.strip() for line in node.text(deep=True).strip().split("\n"))
    return "\n".join(lines)


def html_quote(cells: dict[str, LexborNode]) -> str:
    cell = cells.get("Quote")
    quote = cell.css_first("blockquote") if cell is not None else None
    return quoted_lines(quote if quote is not None else cell) if cell is not None else ""


def html_comment(cells: dict[str, LexborNode]) -> str:
    """The comment, rendered from markdown by the exporter, as safe markdown again; an image's
    description before it."""
    cell = cells.get("Comment")
    blocks = fragment_markdown(cell.inner_html or "") if cell is not None else []
    description = cell_text(cells, "Description")
    lead = [f"Image: {escape_text(description)}"] if description else []
    return "\n\n".join([*lead, *blocks])


def html_annotation(
    cells: dict[str, LexborNode], number: int, line: int, document: tuple[str, str], shown: str
) -> Annotation | Diagnostic:
    """One `<article>` (its labelled_cells) as the annotation record the JSON's gives, or why it
    is imported as none."""
    pos = FilePos(shown, line)
    kind = cell_text(cells, "Type") if "Type" in cells else older_kind(cells)
    if (problem := kind_problem(kind, pos, "HTML")) is not None:
        return problem
    quote = html_quote(cells) if kind in QUOTING else ""
    created = cells.get("Created at")
    time = created.css_first("time[datetime]") if created is not None else None
    fields = {label: cell_text(cells, label) for label in ("Page", "Tags", "Author")}
    fields["Created at"] = (
        (time.attributes.get("datetime") or "") if time else cell_text(cells, "Created at")
    )
    found = exported_annotation(fields, quote, html_comment(cells), (number, pos), document)
    return found if isinstance(found, Diagnostic) else replace(found, converted=True)


def exported_annotation(
    fields: dict[str, str],
    quote: str,
    text: str,
    where: tuple[int, FilePos],
    document: tuple[str, str],
) -> Annotation | Diagnostic:
    """The annotation record of the `number`th annotation of an HTML or text export (`fields`
    by their labels), or why it is imported as none."""
    (number, pos), (uri, title) = where, document
    if not quote.strip() and not text:
        msg = "annotation quotes no text and has no comment: skipped"
        return warning("import-bad-annotation", msg, pos, "a highlight's `Quote:` holds its words")
    return Annotation(
        id=f"annotation-{number}",
        uri=uri,
        title=title,
        line=pos.line,
        quote=quote if quote.strip() else "",
        page=fields.get("Page", ""),
        text=text,
        tags=tag_names(fields.get("Tags", "").split(",")),
        created=fields.get("Created at", ""),
        user=fields.get("Author", ""),
    )


def older_kind(cells: dict[str, LexborNode]) -> str:
    """The `Type` of an annotation the older HTML export, which says none, shows: a highlight
    when it quotes words, else a page note (a reply, which it does not tell apart, is one too)."""
    return QUOTING[0] if html_quote(cells).strip() else PAGE_NOTES[0]


def html_document(tree: LexborHTMLParser) -> tuple[str, str]:
    """(address, title) of the annotated document, from the export's summary."""
    summary = tree.css_first("section")
    if summary is None:
        return "", ""
    link = summary.css_first("p a[href]")
    title = summary.css_first("p strong")
    uri = (link.attributes.get("href") or "").strip() if link is not None else ""
    return uri, strip_arxiv_prefix(plain_text(title)) if title is not None else ""


def read_hypothesis_html(text: str, name: str, shown: str) -> ParsedArchive:
    """Hypothesis's HTML export: one post for the document annotated, made as the JSON's is."""
    tree = LexborHTMLParser(text)
    uri, title = html_document(tree)
    if not uri:
        msg = "the export's summary names no document address (its link): nothing imported"
        problem = error("import-bad-hypothesis", msg, FilePos(shown, 1), HTML_HINT)
        return ParsedArchive(name, ArchiveFormat.HYPOTHESIS, (), (problem,))
    index = line_index(text)
    lines = [index.line(m.start()) for m in _ARTICLE.finditer(text)]
    diags: list[Diagnostic] = []
    read: list[Annotation] = []
    for number, article in enumerate(tree.css("article"), 1):
        line = lines[number - 1] if number <= len(lines) else 1
        cells = labelled_cells(article)
        found = html_annotation(cells, number, line, (uri, title), shown)
        if isinstance(found, Diagnostic):
            diags.append(found)
            continue
        if cell_text(cells, "Type") in QUOTING and not found.quote:  # (the older: none such)
            diags.append(unquoted(line, shown, "`Quote:`"))
        read.append(found)
    return annotations_archive(read, diags, name, shown, told=False)


# the text export: the document's summary (the time of the export, its title and address, its
# group and counts), then `Annotation 1:`, `Annotation 2:`, ... each a list of `Label: value`
# lines (a comment, a quote, running on over lines of their own), a blank line between them
_TEXT_SUMMARY = re.compile(
    r"\A\ufeff?[^\n]*\r?\n(?P<title>[^\n]*)\r?\n(?P<uri>[^\n]*)\r?\nGroup: [^\n]*\r?\n"
    r"Total users: \d+\r?\nUsers: [^\n]*\r?\nTotal annotations: \d+\r?\nTotal replies: \d+\r?\n"
)
_TEXT_ANNOTATION = re.compile(r"^Annotation (\d+):[ \t]*\r?$", re.M)
# the labels of an annotation's lines, in the order the exporter writes them (some only at times)
TEXT_LABELS = ("Created at", "Author", "Page", "Type", "Quote", "Description", "Comment", "Tags")
_TEXT_LABEL = re.compile(rf"({'|'.join(TEXT_LABELS)}): ?")
TEXT_HINT = "export the annotations from Hypothesis (Share › Export) as text, or as JSON"


def is_hypothesis_text(text: str) -> bool:
    """Whether the text is Hypothesis's text export: its summary's lines, label for label."""
    return _TEXT_SUMMARY.match(text[:20000]) is not None


def text_blocks(text: str, start: int) -> list[tuple[int, str]]:
    """(offset, text) of each `Annotation n:` block after `start`: a heading counts only when
    it numbers the next annotation (a comment may hold such a line, or a blank one)."""
    heads: list[re.Match[str]] = []
    for found in _TEXT_ANNOTATION.finditer(text, start):
        if int(found.group(1)) == len(heads) + 1:
            heads.append(found)
    ends = [h.start() for h in heads[1:]] + [len(text)] if heads else []  # (none: no block)
    return [(h.start(), text[h.end() : end]) for h, end in zip(heads, ends, strict=True)]


def labelled_lines(block: str) -> dict[str, str]:
    """A block's `Label: value` fields. A line runs the value above it on (a comment over several
    lines) unless it starts a label the exporter writes later, and `Tags:` only as the last line;
    nothing ends a quote (`"…"`) but its closing mark."""
    lines = [line.removesuffix("\r") for line in block.strip("\r\n").split("\n")]
    fields: dict[str, list[str]] = {}
    label = ""
    for number, line in enumerate(lines, 1):
        found = _TEXT_LABEL.match(line)
        last = number == len(lines)
        if found and starts_field(found.group(1), label, last) and not open_quote(label, fields):
            label = found.group(1)
            fields[label] = [line[found.end() :]]
            continue
        if label:
            fields[label].append(line)
    return {name: "\n".join(lines).strip() for name, lines in fields.items()}


def starts_field(name: str, label: str, last: bool) -> bool:
    """Whether a line labelled `name`, under the value of `label` ('' before any), starts a field
    of its own: a label the exporter writes after that one (`Tags:` only as the last line)."""
    later = TEXT_LABELS.index(name) > (TEXT_LABELS.index(label) if label else -1)
    return later and (name != "Tags" or last)


def open_quote(label: str, fields: dict[str, list[str]]) -> bool:
    """Whether the value under `label` is a quote whose closing mark is still to come."""
    if label != "Quote":
        return False
    value = "\n".join(fields[label]).strip()
    return not (len(value) >= 2 and value.startswith('"') and value.endswith('"'))


def text_annotation(
    fields: dict[str, str], number: int, line: int, document: tuple[str, str], shown: str
) -> Annotation | Diagnostic:
    """One `Annotation n:` block (its labelled_lines) as the annotation record the JSON's gives,
    or why it is imported as none. The older export says no `Type`, and quotes `"null"` for an
    annotation that quotes nothing."""
    pos = FilePos(shown, line)
    quote = fields.get("Quote", "")
    quote = quote[1:-1] if len(quote) >= 2 and quote[0] == quote[-1] == '"' else quote
    if "Type" not in fields and quote == "null":
        quote = ""
    kind = fields.get("Type") or (QUOTING[0] if quote.strip() else PAGE_NOTES[0])
    if (problem := kind_problem(kind, pos, "text")) is not None:
        return problem
    quote = quote if kind in QUOTING else ""
    description = fields.get("Description", "")
    comment = fields.get("Comment", "")
    text = "\n\n".join(
        [*([f"Image: {description}"] if description else []), *([comment] if comment else [])]
    )
    return exported_annotation(fields, quote, text, (number, pos), document)


def read_hypothesis_text(text: str, name: str, shown: str) -> ParsedArchive:
    """Hypothesis's text export: one post for the document annotated, made as the JSON's is."""
    summary = _TEXT_SUMMARY.match(text)
    uri = summary.group("uri").strip() if summary is not None else ""
    if summary is None or not uri:
        msg = "the export's summary names no document address (its third line): nothing imported"
        problem = error("import-bad-hypothesis", msg, FilePos(shown, 1), TEXT_HINT)
        return ParsedArchive(name, ArchiveFormat.HYPOTHESIS, (), (problem,))
    document = (uri, strip_arxiv_prefix(" ".join(summary.group("title").split())))
    index = line_index(text)
    diags: list[Diagnostic] = []
    read: list[Annotation] = []
    for number, (start, block) in enumerate(text_blocks(text, summary.end()), 1):
        line = index.line(start)
        fields = labelled_lines(block)
        found = text_annotation(fields, number, line, document, shown)
        if isinstance(found, Diagnostic):
            diags.append(found)
            continue
        if fields.get("Type") in QUOTING and not found.quote:
            diags.append(unquoted(line, shown, "`Quote:`"))
        read.append(found)
    return annotations_archive(read, diags, name, shown, told=False)
