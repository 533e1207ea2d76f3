"""sourcerefs.py: arXiv ids, DOIs and URLs normalised into source identities."""

from __future__ import annotations

import pytest

from notebase.model import SourceRef
from notebase.reading.sourcerefs import (
    assign_source_ids,
    domain_of,
    is_paper_url,
    is_safe_url,
    make_source,
    normalize_url,
    parse_arxiv_id,
    parse_doi,
    source_id,
    strip_arxiv_prefix,
)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("2505.02809", "2505.02809"),
        ("2505.02809v2", "2505.02809"),
        ("arxiv:2505.02809", "2505.02809"),
        ("arXiv: 2505.02809v3", "2505.02809"),
        ("1802.09568", "1802.09568"),
        ("0704.0001", "0704.0001"),
        ("hep-th/9901001", "hep-th/9901001"),
        ("math.GT/0309136", "math.GT/0309136"),
        ("https://arxiv.org/abs/2502.16982", "2502.16982"),
        ("https://arxiv.org/abs/2502.16982v1", "2502.16982"),
        ("http://arxiv.org/pdf/2502.16982", "2502.16982"),
        ("https://arxiv.org/pdf/2502.16982v2.pdf", "2502.16982"),
        ("https://arxiv.org/pdf/2502.16982.pdf", "2502.16982"),
        ("https://www.arxiv.org/abs/2502.16982?context=cs", "2502.16982"),
        ("https://export.arxiv.org/abs/2502.16982#section", "2502.16982"),
        ("https://arxiv.org/html/2502.16982v1", "2502.16982"),
        ("https://arxiv.org/abs/hep-th/9901001v2", "hep-th/9901001"),
        ("  2505.02809  ", "2505.02809"),
        ("https://example.com/abs/2502.16982", ""),
        ("https://arxiv.org/list/cs.LG/recent", ""),
        ("25.02809", ""),
        ("not an id", ""),
        ("", ""),
    ],
)
def test_parse_arxiv_id(text: str, expected: str) -> None:
    assert parse_arxiv_id(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("10.1145/3292500.3330701", "10.1145/3292500.3330701"),
        ("doi:10.1145/3292500.3330701", "10.1145/3292500.3330701"),
        ("DOI: 10.1000/ABC.Def", "10.1000/abc.def"),
        ("https://doi.org/10.18653/v1/2020.acl-main.1", "10.18653/v1/2020.acl-main.1"),
        ("http://dx.doi.org/10.1000/XYZ", "10.1000/xyz"),
        ("10.12/short-registrant", ""),
        ("https://example.com/10.1000/xyz", ""),
        ("not a doi", ""),
        ("", ""),
    ],
)
def test_parse_doi(text: str, expected: str) -> None:
    assert parse_doi(text) == expected


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        (
            "https://sander.ai/2025/04/15/latents.html?utm_source=newsletter&utm_medium=email",
            "https://sander.ai/2025/04/15/latents.html",
        ),
        ("HTTPS://Example.COM/Path/", "https://example.com/Path"),
        ("https://example.com:443/a", "https://example.com/a"),
        ("http://example.com:80/a", "http://example.com/a"),
        ("https://example.com:8443/a", "https://example.com:8443/a"),
        ("https://example.com/a#section-2", "https://example.com/a"),
        ("https://example.com/a?id=3&fbclid=XYZ&gclid=1", "https://example.com/a?id=3"),
        ("https://example.com/a?ref=hn&b=2&ref_src=twsrc", "https://example.com/a?b=2"),
        ("https://example.com/watch?v=abc&si=track", "https://example.com/watch?v=abc"),
        ("https://example.com/", "https://example.com"),
        ("  https://example.com/x  ", "https://example.com/x"),
    ],
)
def test_normalize_url(url: str, expected: str) -> None:
    assert normalize_url(url) == expected


@pytest.mark.parametrize(
    ("url", "safe"),
    [
        ("https://example.com", True),
        ("http://example.com/a", True),
        ("HTTPS://EXAMPLE.COM", True),
        ("javascript:alert(1)", False),
        ("JavaScript:alert(1)", False),
        ("data:text/html,<script>alert(1)</script>", False),
        ("vbscript:msgbox", False),
        ("file:///etc/passwd", False),
        ("ftp://example.com/file", False),
        ("mailto:someone@example.com", False),
        ("//example.com/path", False),
        ("https://", False),
        ("example.com", False),
        ("/papers/muon/", False),
        ("", False),
    ],
)
def test_is_safe_url(url: str, safe: bool) -> None:
    assert is_safe_url(url) is safe


@pytest.mark.parametrize(
    "url", ["http://a.org:xyz/", "https://a.org:99999/p", "http://[::1/", "https://a.org]/"]
)
def test_a_url_urllib_cannot_read_is_neither_safe_nor_a_source(url: str) -> None:
    assert is_safe_url(url) is False
    assert make_source(url) is None


@pytest.mark.parametrize(
    ("url", "domain"),
    [
        ("https://www.Example.com/a", "example.com"),
        ("https://sander.ai/x", "sander.ai"),
        ("https://sub.example.org:8080/x", "sub.example.org"),
    ],
)
def test_domain_of(url: str, domain: str) -> None:
    assert domain_of(url) == domain


@pytest.mark.parametrize(
    ("url", "paper"),
    [
        ("https://arxiv.org/abs/2502.16982", True),
        ("https://doi.org/10.1145/3292500.3330701", True),
        ("https://openreview.net/forum?id=abc", True),
        ("https://aclanthology.org/2020.acl-main.1/", True),
        ("https://www.aclanthology.org/2020.acl-main.1/", True),
        ("https://proceedings.neurips.cc/paper/2020/hash/x.html", True),
        # a real paper-notes collection's (aleju/papers) links to its ECCV papers, imported as links
        ("http://openaccess.thecvf.com/content_ECCV_2018/papers/x_ECCV_2018_paper.pdf", True),
        ("https://papers.nips.cc/paper/5423-generative-adversarial-nets.pdf", True),
        ("http://proceedings.mlr.press/v37/ioffe15.pdf", True),
        ("https://ieeexplore.ieee.org/document/7780459", True),
        ("https://thecvf.com/", False),
        ("https://sander.ai/2025/04/15/latents.html", False),
        ("https://notopenreview.net/x", False),
        ("https://github.com/KellerJordan/Muon", False),
    ],
)
def test_is_paper_url(url: str, paper: bool) -> None:
    assert is_paper_url(url) is paper


def test_make_source_from_arxiv_url_is_versionless() -> None:
    expected = SourceRef(
        "arxiv:2502.16982", "https://arxiv.org/abs/2502.16982", "arxiv.org", arxiv="2502.16982"
    )
    assert make_source("https://arxiv.org/abs/2502.16982v1") == expected
    assert make_source("https://arxiv.org/pdf/2502.16982v2.pdf") == expected
    assert make_source(arxiv="arxiv:2502.16982") == expected
    assert make_source(arxiv="2502.16982v3") == expected


def test_make_source_explicit_arxiv_wins_over_url() -> None:
    ref = make_source("https://github.com/x/y", arxiv="1802.09568")
    assert ref is not None
    assert ref.key == "arxiv:1802.09568"
    assert ref.is_paper


def test_make_source_from_doi() -> None:
    expected = SourceRef(
        "doi:10.1145/abc.1", "https://doi.org/10.1145/abc.1", "doi.org", doi="10.1145/abc.1"
    )
    assert make_source(doi="10.1145/ABC.1") == expected
    assert make_source(doi="doi:10.1145/abc.1") == expected
    assert make_source("https://doi.org/10.1145/ABC.1") == expected


def test_make_source_from_plain_url() -> None:
    ref = make_source("https://www.sander.ai/2025/latents.html?utm_source=x#top")
    assert ref == SourceRef(
        "url:www.sander.ai/2025/latents.html",
        "https://www.sander.ai/2025/latents.html",
        "sander.ai",
    )
    assert ref is not None and not ref.is_paper


def test_two_spellings_of_one_url_are_one_source() -> None:
    a = make_source("https://Example.com/post/?utm_campaign=z")
    b = make_source("https://example.com/post#comments")
    assert a is not None and b is not None
    assert a.key == b.key == "url:example.com/post"


@pytest.mark.parametrize(
    "url", ["javascript:alert(1)", "data:text/html,x", "file:///etc/passwd", "ftp://x.org/a", ""]
)
def test_make_source_refuses_unsafe_urls(url: str) -> None:
    assert make_source(url) is None


def test_make_source_with_a_bad_identifier_falls_back_to_the_url() -> None:
    ref = make_source("https://example.com/p", arxiv="not-an-id")
    assert ref is not None
    assert ref.key == "url:example.com/p"
    assert make_source(arxiv="not-an-id") is None


@pytest.mark.parametrize(
    ("ref", "expected"),
    [
        (SourceRef("arxiv:2505.02809", "u", "arxiv.org", arxiv="2505.02809"), "arxiv-2505.02809"),
        (SourceRef("arxiv:math.GT/0309136", "u", "arxiv.org"), "arxiv-math-gt-0309136"),
        (
            SourceRef("doi:10.1000/xyz(1)", "u", "doi.org", doi="10.1000/xyz(1)"),
            "doi-10.1000-xyz-1",
        ),
        (SourceRef("url:example.com/path/a_b?q=1", "u", "example.com"), "example.com-path-a-b-q-1"),
        (SourceRef("url:www.sander.ai/posts", "u", "sander.ai"), "sander.ai-posts"),
        (SourceRef("url:sander.ai/a/latents.html", "u", "sander.ai"), "sander.ai-a-latents-html"),
        (SourceRef("doi:10.1/v1.2.x.html", "u", "doi.org"), "doi-10.1-v1.2-x-html"),
        (SourceRef("url:example.com:8080/", "u", "example.com"), "example.com-8080"),
        (SourceRef("url:例え.jp/パス", "u", "例え.jp"), "例え.jp-パス"),
        # never a path: no '/', no '.' or '..' segment, nothing left -> a hash
        (SourceRef("url:../..", "u", ""), "source-2f10a0c6"),
        (SourceRef("url:.../x/..", "u", ""), "x"),
        (SourceRef("url:x.org/" + "a" * 100, "u", "x.org"), "x.org-" + "a" * 74 + "-2d528a53"),
    ],
)
def test_source_ids_are_one_readable_safe_path_segment(ref: SourceRef, expected: str) -> None:
    assert source_id(ref) == expected


def test_colliding_source_ids_are_told_apart_by_a_hash_the_smallest_key_keeping_its_id() -> None:
    a = SourceRef("url:example.com/a-b", "u", "example.com")
    b = SourceRef("url:example.com/a/b", "u", "example.com")
    c = SourceRef("url:example.com/a_b", "u", "example.com")
    ids = assign_source_ids([c, b, a])
    assert ids == {
        "url:example.com/a-b": "example.com-a-b",
        "url:example.com/a/b": "example.com-a-b-2781d1b4",
        "url:example.com/a_b": "example.com-a-b-1389a5ca",
    }
    assert assign_source_ids([a, b, c]) == ids


@pytest.mark.parametrize(
    ("title", "cleaned"),
    [
        ("[2412.09871] Byte Latent Transformer", "Byte Latent Transformer"),
        ("[2412.09871v3]  Byte Latent", "Byte Latent"),
        ("[hep-th/9901001] An Old Paper", "An Old Paper"),
        ("[2412.09871]", "[2412.09871]"),  # nothing but the id: kept
        ("Notes on [2412.09871] later", "Notes on [2412.09871] later"),
        ("[draft] A title", "[draft] A title"),
    ],
)
def test_strip_arxiv_prefix(title: str, cleaned: str) -> None:
    assert strip_arxiv_prefix(title) == cleaned
