"""``UsageError``: an input problem of a command, reported as one or more lines on standard
error with an exit status (sacreBLEU's: 17 for a tab-field mismatch, 1 for other input
errors), never as a traceback; ``check_whole``, the range check of a number flag."""

from __future__ import annotations


class UsageError(Exception):
    """An input problem: message(s) for standard error, and the exit status."""

    def __init__(self, messages, status: int = 1):
        super().__init__(messages if isinstance(messages, str) else "\n".join(messages))
        self.status = status


def check_whole(value: int, flag: str, low: int, high: int | None = None, why: str = "", status: int = 1) -> None:
    """UsageError (one line naming ``flag``, exit status ``status``) unless ``low <= value``
    (``<= high``); argparse has already made it an int. ``why`` says what the bound is for."""
    if value < low or (high is not None and value > high):
        bound = f"from {low} to {high}" if high is not None else f">= {low}"
        raise UsageError(f"{flag} takes a whole number {bound}{why}, got {value}", status)
