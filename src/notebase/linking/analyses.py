"""The analyses a build runs over the whole index: related entries and unlinked mentions."""

from __future__ import annotations

from dataclasses import replace

from notebase.digests import Apply, Keyed, direct
from notebase.linking.mentions import NameTable, find_mentions
from notebase.linking.related import RelatedState, compute_related
from notebase.model import SiteIndex


def analyse(index: SiteIndex) -> SiteIndex:
    """The index with each entry's related entries and unlinked mentions."""
    return with_analyses(index, compute_related(index.entries))


def with_analyses(
    index: SiteIndex,
    related: RelatedState,
    apply: Apply = direct,
    names: Keyed[NameTable] | None = None,
) -> SiteIndex:
    """The index with the related entries `related` holds for its entries, and the unlinked
    mentions (each note's matched through `apply`, by the entries' `names`, when made already)."""
    return replace(
        index,
        related=dict(zip(related.slugs, related.related, strict=True)),
        mentions=find_mentions(index.entries, index.outlinks, apply, names),
    )
