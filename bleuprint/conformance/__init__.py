"""``bleuprint conformance``: every implementation bleuprint can run, against the vectors
(and a bounded fuzz), in one static report (issue 37 item 5; ``docs/how-to/conformance.md``).

* ``vectors``: the vectors to run (exported files, or built now with their flags), each
  with its class (``must-pass``, ``must-refuse``, ``implementation-defined``);
* ``faults``: which planted mutants and port faults a set of failed vectors suggests;
* ``implementations``: what is run, ports (``bleuprint.ports``, the port protocol) and
  libraries (``bleuprint.audit.adapters``), as one interface;
* ``run``: one implementation's entries (implementation x metric), vectors then fuzz;
* ``report``: the JSON document (schema ``bleuprint_conformance_report_v1``, ``schemas/``);
* ``page``, ``badge``, ``history``: the HTML page, the SVG badges, the dated history.
"""

from __future__ import annotations

from .report import REPORT_SCHEMA

__all__ = ["REPORT_SCHEMA"]
