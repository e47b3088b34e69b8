"""``python -m bleuprint``: the same as the ``bleuprint`` command."""

import sys

from .cli import main

sys.exit(main())
