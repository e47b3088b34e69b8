"""``python -m bleuprint.cli``: the same as the ``bleuprint`` command."""

import sys

from . import main

sys.exit(main())
