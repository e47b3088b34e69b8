"""``UsageError``: an input problem of a command, reported as one or more lines on standard
error with an exit status (sacreBLEU's: 17 for a tab-field mismatch, 1 for other input
errors), never as a traceback."""

from __future__ import annotations


class UsageError(Exception):
    """An input problem: message(s) for standard error, and the exit status."""

    def __init__(self, messages, status: int = 1):
        super().__init__(messages if isinstance(messages, str) else "\n".join(messages))
        self.status = status
