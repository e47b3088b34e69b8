"""``bleuprint audit``: compare a metric library with bleuprint's spec, shrink and explain each difference.

* ``subject``: what is audited (``Subject``, ``subject_from_callable``, ``subject_from_port``);
* ``adapters``: built-in adapters for known libraries (``load(target)``);
* ``search``: the search for divergences (real text, then Hypothesis with targeted strategies);
* ``classify``: what differs first, and the nearby configuration that explains it;
* ``run``: ``audit(subject)`` -> ``SubjectResult``;
* ``report``: the JSON (schema ``bleuprint_audit_report_v1``) and Markdown reports.

See docs/audit.md.
"""

from .subject import NotInstalled, Subject, subject_from_callable, subject_from_port

__all__ = ["NotInstalled", "Subject", "subject_from_callable", "subject_from_port"]
