"""Reading notes: a note's file -> an Entry (front matter, one markdown parse, its words and sources)."""
