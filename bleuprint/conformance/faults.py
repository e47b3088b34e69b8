"""Which faults a set of failed vectors suggests.

Every vector carries, as flags, the ids of the planted mutants of the spec (``s01``, ...)
and the catalogued port faults (``pf01``, ...) that it catches. A single failed vector
names every fault it catches; over an implementation's whole run the faults are ranked as
``bleuprint verify --port`` ranks its probable pitfalls: by the Jaccard similarity of the
set of vectors that failed and the set of vectors (sent) that catch the fault, then by how
many of its vectors failed, then by id. The fault whose vectors are the ones that failed
explains the failures; a fault with one failed vector among many passed ones does not.
"""

from __future__ import annotations


def ranked(results: list, limit: int = 3) -> list[dict]:
    """``results``: ``[{"status", "faults"}]`` of the vectors sent (skipped ones left out
    by the caller). ``[{"id", "failed", "sent", "similarity"}]``, best first, at most
    ``limit``; only faults with a failed vector."""
    sent: dict = {}
    failed: dict = {}
    total = 0
    for result in results:
        bad = result["status"] not in ("passed",)
        total += bad
        for fault in result["faults"]:
            sent[fault] = sent.get(fault, 0) + 1
            if bad:
                failed[fault] = failed.get(fault, 0) + 1
    similarity = {f: failed[f] / (sent[f] + total - failed[f]) for f in failed}
    order = sorted(failed, key=lambda f: (-similarity[f], -failed[f], f))
    return [{"id": f, "failed": failed[f], "sent": sent[f], "similarity": round(similarity[f], 4)}
            for f in order[:limit]]
