"""The analyses a build runs over the whole index: related entries and unlinked mentions."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from notebase.digests import Apply, Keyed, direct
from notebase.linking.mentions import NameTable, find_mentions
from notebase.linking.related import compute_related
from notebase.model import SiteIndex


def analyse(index: SiteIndex) -> SiteIndex:
    """The index with each entry's related entries and unlinked mentions."""
    related = compute_related(index.entries)
    return with_related(with_mentions(index), related.slugs, related.related)


def with_mentions(
    index: SiteIndex, apply: Apply = direct, names: Keyed[NameTable] | None = None
) -> SiteIndex:
    """The index with the unlinked mentions (each note's matched through `apply`, by the
    entries' `names`, when made already)."""
    return replace(index, mentions=find_mentions(index.entries, index.outlinks, apply, names))


def with_related(
    index: SiteIndex, slugs: Sequence[str], related: Sequence[tuple[str, ...]]
) -> SiteIndex:
    """The index with the related entries of the entries `slugs` (in order) names."""
    return replace(index, related=dict(zip(slugs, related, strict=True)))
