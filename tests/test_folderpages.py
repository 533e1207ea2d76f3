"""folderpages.py: the folders of notes/, their URLs, breadcrumbs and URL collisions."""

from __future__ import annotations

from notebase.diagnostics import Severity
from notebase.linking.index import build_index
from notebase.planning.folderpages import (
    FolderLink,
    breadcrumbs,
    collect_folders,
    folder_collisions,
    folder_url,
)
from notebase.planning.pages import own_urls
from tests.test_pages import note


def test_a_folder_url_is_slugged_as_a_note_url() -> None:
    assert folder_url(("ML", "Deep Learning")) == "ml/deep-learning/"
    assert folder_url(()) == ""
    assert note("ML/Deep Learning/CNN.md", "x").slug == "ml/deep-learning/cnn"


def test_breadcrumbs_lead_to_each_folder_above() -> None:
    assert breadcrumbs("ML/Deep Learning/CNN.md") == (
        FolderLink("ML", "ml/"),
        FolderLink("Deep Learning", "ml/deep-learning/"),
    )
    assert breadcrumbs("top.md") == ()
    assert breadcrumbs("ML/index.md") == ()  # the folder's own page: nothing above it but home


def test_folders_list_their_notes_and_subfolders() -> None:
    entries = [
        note("ML/index.md", "---\ntitle: Machine learning\ndate: 2025-01-03\n---\n"),
        note("ML/SVM.md", "---\ndate: 2025-01-02\n---\n"),
        note("ML/Deep Learning/CNN.md", "---\ndate: 2025-01-01\n---\n"),
        note("ML/Deep Learning/RNN.md", "x"),
        note("Top.md", "x"),
        note("index.md", "# Home\n"),
    ]
    folders = collect_folders(build_index(entries).entries)
    assert sorted(folders) == ["", "ml/", "ml/deep-learning/"]
    root, ml, deep = folders[""], folders["ml/"], folders["ml/deep-learning/"]
    assert root.notes == ("top",)  # the root index.md is the home page itself
    assert root.subfolders == (FolderLink("ML", "ml/", 4),)
    assert ml.notes == ("ml/svm",)  # its index.md is the folder's page, not in its list
    assert ml.subfolders == (FolderLink("Deep Learning", "ml/deep-learning/", 2),)
    assert (deep.title, deep.path, deep.crumbs) == (
        "Deep Learning",
        "ML/Deep Learning",
        (FolderLink("ML", "ml/"),),
    )
    assert deep.notes == ("ml/deep-learning/cnn", "ml/deep-learning/rnn")


def test_folders_of_one_url_are_one() -> None:
    folders = collect_folders(build_index([note("ML/a.md", "x"), note("ml/b.md", "y")]).entries)
    assert sorted(folders) == ["", "ml/"]
    assert folders["ml/"].notes == ("ml/a", "ml/b")


def collisions(*paths: str) -> list[tuple[Severity, str, str]]:
    index = build_index([note(path, f"---\ntitle: {path}\n---\n") for path in paths])
    found = folder_collisions(collect_folders(index.entries), index.by_slug, own_urls(index))
    return [(d.severity, d.code, str(d.pos)) for d in found]


def test_a_note_at_a_folder_url_is_a_warning_unless_it_is_the_folders_index() -> None:
    assert collisions("ML/index.md", "ML/a.md") == []
    # its name written in another case (`Index.md`) is the folder's page all the same: its URL
    # is the folder's, and it was told to be named index.md
    assert collisions("stuff/Index.md", "stuff/p1.md") == []
    assert breadcrumbs("stuff/Index.md") == ()
    assert collisions("ML.md", "ML/a.md") == [
        (Severity.WARNING, "folder-collision", "notes/ML.md:1")
    ]


def test_a_folder_at_a_site_page_url_is_a_warning_unless_that_page_lists_its_notes() -> None:
    assert collisions("tags/a.md") == [(Severity.WARNING, "folder-collision", "notes/tags/")]
    assert collisions("papers/a.md") == [(Severity.WARNING, "folder-collision", "notes/papers/")]
    paper = "---\ntitle: P\nurl: https://arxiv.org/abs/2502.16982\n---\n"
    index = build_index([note("papers/p.md", paper)])
    assert folder_collisions(collect_folders(index.entries), index.by_slug, own_urls(index)) == []
