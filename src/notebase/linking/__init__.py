"""Linking entries: entries -> the SiteIndex (groups, names, link targets, attachments, embeds), its
analyses (related entries, unlinked mentions) and each entry's link tags."""
