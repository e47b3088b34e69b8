"""Makes ``libraries`` (the test libraries beside these tests) importable."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
