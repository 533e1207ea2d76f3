"""`python -m notebase` runs the command line."""

import sys

from notebase.cli import main

sys.exit(main())
