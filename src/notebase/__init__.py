"""notebase: a reading-notes knowledge base and static site generator."""

__version__ = "0.1.0"
