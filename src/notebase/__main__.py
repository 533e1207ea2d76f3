"""`python -m notebase` runs the command line."""

from notebase.cli import run

run()
