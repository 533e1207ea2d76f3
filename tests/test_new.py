"""`notebase new`: notes from templates, never overwritten; arXiv metadata from a loopback API."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler
from pathlib import Path
from typing import ClassVar
from urllib.parse import parse_qs, urlsplit

import pytest

from notebase.arxiv import API_ENV
from notebase.cli import main
from notebase.model import NoteFile, ParseResult
from notebase.reading.discover import read_note
from notebase.reading.parse import parse_note
from tests.servehelp import http_server

FIXTURES = Path(__file__).parent / "fixtures"
MUON = "notes/papers/muon-is-scalable-for-llm-training-orthogonalised-updates-their-cost.md"


class FakeArxiv(BaseHTTPRequestHandler):
    requests: ClassVar[list[str]] = []

    def do_GET(self) -> None:
        FakeArxiv.requests.append(self.path)
        ids = parse_qs(urlsplit(self.path).query).get("id_list", [""])
        name = f"arxiv-{ids[0]}.xml"
        body = (
            FIXTURES / (name if (FIXTURES / name).is_file() else "arxiv-error.xml")
        ).read_bytes()
        self.send_response(200)
        self.send_header("Content-Type", "application/atom+xml; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format: str, *args: object) -> None:
        return


@pytest.fixture
def api(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    FakeArxiv.requests = []
    with http_server(FakeArxiv) as base:
        monkeypatch.setenv(API_ENV, base + "api/query")
        yield FakeArxiv.requests


def new(root: Path, capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    code = main(["--root", str(root), "new", *args])
    return code, capsys.readouterr().err


def parsed(root: Path, rel: str) -> ParseResult:
    source = read_note(root / "notes", rel.removeprefix("notes/"))
    assert isinstance(source, NoteFile), source
    return parse_note(source)


def test_arxiv_id_fills_title_authors_year_abstract(
    tmp_path: Path, api: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    code, err = new(tmp_path, capsys, "arxiv:2502.16982")
    assert code == 0, err
    assert api and parse_qs(urlsplit(api[0]).query)["id_list"] == ["2502.16982"]
    result = parsed(tmp_path, MUON)
    entry = result.entry
    assert entry is not None and not [d for d in result.diagnostics if d.is_error]
    assert entry.title == "Muon is Scalable for LLM Training: orthogonalised updates & their cost"
    assert entry.authors == ("Jingyuan Liu", "Jianlin Su", "Zhilin Yang")
    assert (entry.year, str(entry.kind), entry.source and entry.source.arxiv) == (
        2025,
        "paper",
        "2502.16982",
    )
    assert entry.date == dt.date.today()
    assert "Two changes -- weight decay" in (tmp_path / MUON).read_text()
    assert (tmp_path / ".notebase-cache/arxiv/2502.16982.json").is_file()


def test_the_answer_is_cached(
    tmp_path: Path, api: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert new(tmp_path, capsys, "https://arxiv.org/abs/2502.16982v2")[0] == 0
    (tmp_path / MUON).unlink()
    assert new(tmp_path, capsys, "arxiv:2502.16982")[0] == 0
    assert len(api) == 1 and (tmp_path / MUON).is_file()


def test_a_title_with_an_arxiv_url_keeps_the_title(
    tmp_path: Path, api: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    args = (
        "My Muon notes",
        "--url",
        "https://arxiv.org/pdf/2502.16982",
        "--tags",
        "ML, Optimizers",
    )
    assert new(tmp_path, capsys, *args)[0] == 0
    entry = parsed(tmp_path, "notes/papers/my-muon-notes.md").entry
    assert entry is not None and entry.title == "My Muon notes"
    assert (str(entry.kind), entry.tags) == ("paper", ("ml", "optimizers"))
    assert entry.authors[0] == "Jingyuan Liu"


def test_without_network_the_note_is_still_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv(API_ENV, "http://127.0.0.1:9/api/query")  # the discard port: refused
    code, err = new(tmp_path, capsys, "arxiv:2505.02809")
    assert code == 0
    assert "arXiv is unreachable" in err and len(err.strip().splitlines()) == 2
    entry = parsed(tmp_path, "notes/papers/arxiv-2505-02809.md").entry
    assert entry is not None and entry.source is not None and entry.source.arxiv == "2505.02809"


def test_an_unknown_arxiv_id_is_reported(
    tmp_path: Path, api: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    code, err = new(tmp_path, capsys, "arxiv:9999.99999")
    assert code == 0 and "arXiv has no paper 9999.99999" in err


def test_kinds_choose_the_folder_and_template(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert new(tmp_path, capsys, "A blog post", "--url", "https://example.com/post")[0] == 0
    assert new(tmp_path, capsys, "Shower thought")[0] == 0
    link = parsed(tmp_path, "notes/links/a-blog-post.md").entry
    note = parsed(tmp_path, "notes/notes/shower-thought.md").entry
    assert link is not None and str(link.kind) == "link"
    assert link.source is not None and link.source.url == "https://example.com/post"
    assert note is not None and (str(note.kind), note.title) == ("note", "Shower thought")


def test_never_overwrites(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert new(tmp_path, capsys, "Same title")[0] == 0
    path = tmp_path / "notes/notes/same-title.md"
    path.write_text("edited by hand\n")
    code, err = new(tmp_path, capsys, "Same title")
    assert code == 1 and "already exists" in err
    assert path.read_text() == "edited by hand\n"


def test_a_user_template_wins(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "templates/new").mkdir(parents=True)
    (tmp_path / "templates/new/note.md").write_text("---\ntitle: $title\nmood: $tags\n---\nMine.\n")
    assert new(tmp_path, capsys, 'Quote "marks": fine', "--tags", "a")[0] == 0
    text = (tmp_path / "notes/notes/quote-marks-fine.md").read_text()
    assert text == '---\ntitle: "Quote \\"marks\\": fine"\nmood: ["a"]\n---\nMine.\n'


@pytest.mark.parametrize(
    ("title", "said"),
    [
        ("arxiv:garbage", "arxiv:garbage is not an arXiv id (such as arxiv:2502.16982)"),
        ("arXiv:", "arXiv: is not an arXiv id (such as arxiv:2502.16982)"),
        ("  ", "the title is empty"),
    ],
)
def test_a_bad_title_is_one_line_and_writes_nothing(
    tmp_path: Path, api: list[str], capsys: pytest.CaptureFixture[str], title: str, said: str
) -> None:
    code, err = new(tmp_path, capsys, title)
    assert (code, err) == (1, f"notebase: {said}\n")
    assert api == [] and not (tmp_path / "notes").exists()


def test_a_bad_url_is_refused_before_asking_arxiv(
    tmp_path: Path, api: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    code, err = new(tmp_path, capsys, "arxiv:2502.16982", "--url", "javascript:alert(1)")
    assert (code, err) == (1, "notebase: --url must be an http(s) URL: javascript:alert(1)\n")
    assert api == []


def test_an_answer_that_is_not_xml_is_reported(
    tmp_path: Path, api: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    code, err = new(tmp_path, capsys, "arxiv:2101.00001")  # its fixture is cut short
    assert code == 0 and len(api) == 1
    assert err.startswith("notebase: arXiv's answer is not XML (no element found: line 2")
    assert (tmp_path / "notes/papers/arxiv-2101-00001.md").is_file()
    assert not (tmp_path / ".notebase-cache/arxiv").exists()


def test_an_unwritable_notes_folder_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "notes").write_text("a file where the notes folder should be")
    code, err = new(tmp_path, capsys, "Shower thought")
    assert code == 1
    assert err.startswith(f"notebase: cannot write {tmp_path}/notes/notes/shower-thought.md: ")
    assert "Not a directory" in err and len(err.splitlines()) == 1


def test_an_unreadable_template_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "templates/new").mkdir(parents=True)
    (tmp_path / "templates/new/note.md").write_bytes(b"\xff\xfe not UTF-8")
    code, err = new(tmp_path, capsys, "Shower thought")
    assert code == 1 and len(err.splitlines()) == 1
    assert err.startswith(f"notebase: cannot read {tmp_path}/templates/new/note.md: 'utf-8' codec")
    assert not (tmp_path / "notes").exists()


def test_a_title_that_is_not_utf8_writes_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, err = new(tmp_path, capsys, "bad \udcff title")  # how Python passes on such argv bytes
    assert (code, err) == (1, "notebase: the title, --url or --tags are not valid UTF-8\n")
    assert not list(tmp_path.rglob("*.md"))


def test_a_file_where_its_folder_should_be_is_not_called_an_existing_note(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "notes").mkdir()
    (tmp_path / "notes" / "notes").write_text("a file, not a folder\n")
    code, err = new(tmp_path, capsys, "A thing")
    assert code == 1 and "already exists" not in err
    assert "a file stands where one of its folders should be" in err
    assert (tmp_path / "notes" / "notes").read_text() == "a file, not a folder\n"
