"""An entry's kind (paper, link or note) from what is known of its source: the one decision the
build, `notebase new` and the importers share."""

from __future__ import annotations

from notebase.model import EntryKind
from notebase.reading.sourcerefs import is_paper_url


def infer_kind(url: str = "", paper: bool = False, source: bool = False) -> EntryKind:
    """A paper when the evidence says so (`paper`: an arXiv id or DOI, or whatever else the caller
    knows a paper by) or `url` is a paper's (arxiv.org, doi.org, a proceedings site …); a link
    when there is a source that is not (a `url`, or `source`: one named without a URL); else a
    note. Each caller brings the evidence it has: the build a note's parsed source (`source`: it
    names one, if only by an identifier that is no valid paper's), an importer a post's source
    title and paper sites, `notebase new` an arXiv id given as the title."""
    if paper or (url and is_paper_url(url)):
        return EntryKind.PAPER
    return EntryKind.LINK if url or source else EntryKind.NOTE
