"""The exact transport problem, the literal solver (pure Python, exact rational arithmetic).

Problem (Hitchcock's transportation problem; Rubner et al. 2000 for the Earth Mover's
Distance; Pele and Werman 2009 for EMD-hat): supplies a_i >= 0 (i < n), demands b_j >= 0
(j < m), costs C_ij. A flow f_ij >= 0 with sum_j f_ij <= a_i and sum_i f_ij <= b_j that
moves the total mass min(sum a, sum b) at least cost; ``transport_cost`` is that least
cost. When sum a == sum b it is the balanced problem (every supply shipped, every demand
met), POT's ``ot.emd2``. When they differ it is the partial problem that pyemd's EMD-hat
solves before adding its extra-mass penalty (``emd_hat``).

Method: the transportation simplex (Dantzig 1951; the "MODI"/u-v method) on the balanced
problem, the unequal case balanced by a dummy row or column of zero cost holding the
difference. Initial basis by the north-west corner rule (n + m - 1 cells, zero-flow cells
kept where it is degenerate), potentials u_i + v_j = C_ij on the basic cells, entering and
leaving cells by Bland's rule (the first cell in row-major order with a negative reduced
cost; among the tied leaving cells the first in row-major order), which cannot cycle.
Every quantity is a ``fractions.Fraction`` made exactly from the float64 inputs, so the
optimum is the exact optimum of the problem the floats state; it is rounded to float64
once, at the end (``float(Fraction)`` rounds to nearest).
"""

from __future__ import annotations

from fractions import Fraction


def _northwest(supply, demand):
    n, m = len(supply), len(demand)
    s, d = list(supply), list(demand)
    flow = {}
    i = j = 0
    while j < m:
        q = min(s[i], d[j])
        flow[(i, j)] = q
        s[i] -= q
        d[j] -= q
        if s[i] == 0 and i < n - 1:
            i += 1
        else:
            j += 1
    return flow


def _adjacency(basis, n):
    adj = {}
    for (i, j) in basis:
        adj.setdefault(i, []).append(n + j)
        adj.setdefault(n + j, []).append(i)
    return adj


def _potentials(basis, cost, n, m):
    adj = _adjacency(basis, n)
    pot = {0: Fraction(0)}
    stack = [0]
    while stack:
        node = stack.pop()
        for other in adj.get(node, ()):
            if other in pot:
                continue
            if node < n:  # node a row, other a column: u_i + v_j = C_ij
                pot[other] = cost[node][other - n] - pot[node]
            else:
                pot[other] = cost[other][node - n] - pot[node]
            stack.append(other)
    return [pot[i] for i in range(n)], [pot[n + j] for j in range(m)]


def _tree_path(basis, n, start, goal):
    """The nodes on the basis tree's path from ``start`` to ``goal``."""
    adj = _adjacency(basis, n)
    parent = {start: None}
    queue = [start]
    for node in queue:
        if node == goal:
            break
        for other in adj.get(node, ()):
            if other not in parent:
                parent[other] = node
                queue.append(other)
    path = [goal]
    while path[-1] != start:
        path.append(parent[path[-1]])
    return path[::-1]


def balanced_transport(supply, demand, cost) -> tuple[Fraction, dict]:
    """The least cost of the balanced problem (sum supply == sum demand, all > 0) and an
    optimal flow ``{(i, j): f_ij}``, by the transportation simplex with Bland's rule."""
    n, m = len(supply), len(demand)
    flow = _northwest(supply, demand)
    while True:
        u, v = _potentials(flow, cost, n, m)
        entering = None
        for i in range(n):
            for j in range(m):
                if (i, j) not in flow and cost[i][j] - u[i] - v[j] < 0:
                    entering = (i, j)
                    break
            if entering is not None:
                break
        if entering is None:
            return sum((f * cost[i][j] for (i, j), f in flow.items()), Fraction(0)), flow
        i0, j0 = entering
        # The cycle: entering cell (+), then the tree path from column j0 back to row i0,
        # whose cells alternate -, +, -, ...
        nodes = _tree_path(flow, n, n + j0, i0)
        cells = []
        for a, b in zip(nodes, nodes[1:]):
            cells.append((b, a - n) if a >= n else (a, b - n))
        minus = cells[0::2]
        plus = cells[1::2]
        theta = min(flow[c] for c in minus)
        leaving = min(c for c in minus if flow[c] == theta)
        for c in minus:
            flow[c] -= theta
        for c in plus:
            flow[c] += theta
        del flow[leaving]
        flow[entering] = theta


def transport_cost(supply, demand, cost) -> Fraction:
    """The exact least cost of moving min(sum a, sum b) (module docstring). ``supply``,
    ``demand``: float64 masses >= 0; ``cost``: an n x m list of float64 costs. Zero-mass
    rows and columns are dropped (no flow can use them); the unequal problem gets a dummy
    row or column of cost 0 holding the difference."""
    a = [Fraction(x) for x in supply]
    b = [Fraction(x) for x in demand]
    rows = [i for i, x in enumerate(a) if x > 0]
    cols = [j for j, x in enumerate(b) if x > 0]
    if not rows or not cols:
        return Fraction(0)
    a = [a[i] for i in rows]
    b = [b[j] for j in cols]
    c = [[Fraction(cost[i][j]) for j in cols] for i in rows]
    sa, sb = sum(a), sum(b)
    if sa > sb:
        b.append(sa - sb)
        for row in c:
            row.append(Fraction(0))
    elif sb > sa:
        a.append(sb - sa)
        c.append([Fraction(0)] * len(b))
    return balanced_transport(a, b, c)[0]


def emd_hat(supply, demand, cost, penalty: float) -> Fraction:
    """EMD-hat (Pele and Werman 2009, pyemd's ``emd``): the least cost of moving
    min(sum a, sum b), plus |sum a - sum b| times ``penalty`` (pyemd: the largest entry of
    the whole cost matrix)."""
    gap = abs(sum((Fraction(x) for x in supply), Fraction(0)) - sum((Fraction(x) for x in demand), Fraction(0)))
    return transport_cost(supply, demand, cost) + gap * Fraction(penalty)
