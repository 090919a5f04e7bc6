"""Maximum-weight matching on a general graph (Edmonds' blossom algorithm, primal-dual).

The Dutch engine encodes the pairing criteria as exact integer edge weights (see
``pairing.engines.dutch.weights``) and asks for a matching of maximum total weight. Weights are
Python integers of any size, so the arithmetic is exact: no floating point anywhere.

The implementation follows the classical O(n^3) formulation (Edmonds 1965; Galil 1986, "Efficient
algorithms for finding maximum matching in graphs"): vertex and blossom duals are kept doubled so
that every quantity stays an integer, S/T labels are grown from every free vertex in stages, and a
stage ends with an augmentation or when the free vertices' duals reach zero.

:func:`max_weight_matching` solves once; :class:`IncrementalMatching` keeps its optimum between
weight changes (the Dutch engine's brackets). Both run the same stages (``_Solver._run_stages``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from pairing.engines.transport import kind_relaxation

__all__ = ["IncrementalMatching", "NoPerfectMatching", "matching_weight", "max_weight_matching"]


def matching_weight(mate: Sequence[int], weight: dict[tuple[int, int], int]) -> int:
    """Total weight of a matching given as a mate list (``-1`` for unmatched vertices)."""
    total = 0
    for v, w in enumerate(mate):
        if w > v:
            total += weight.get((v, w), weight.get((w, v), 0))
    return total


def max_weight_matching(n: int, edges: Iterable[tuple[int, int, int]]) -> list[int]:
    """Return ``mate`` (``mate[v]`` is v's partner or ``-1``) of a maximum-weight matching.

    ``edges`` holds ``(i, j, w)`` with ``0 <= i, j < n``, ``i != j`` and integer ``w``; edges of
    weight ``<= 0`` never help and are dropped. The result is deterministic for a given input
    order.
    """
    edge_list = [(i, j, w) for (i, j, w) in edges if w > 0]
    mate_out = [-1] * n
    if not edge_list or n < 2:
        return mate_out
    ei = [i for i, _, _ in edge_list]
    ej = [j for _, j, _ in edge_list]
    return _Solver(n, ei, ej, [2 * w for _, _, w in edge_list]).solve()


def _even_way_round(j: int, size: int) -> tuple[int, int, int]:
    """The way round a blossom's cycle of ``size`` sub-blossoms from its child ``j`` to its
    base (child 0) along an even number of edges: forwards from ``j - size`` when ``j`` is
    odd, else backwards from ``j``. Returns the first index, the step and the endpoint trick
    (going backwards, each edge is the previous entry of ``blossomendps``, read from its other
    end)."""
    if j & 1:
        return j - size, 1, 0
    return j, -1, 1


class _Solver:
    """State of one run of the blossom algorithm (vertex ids ``0..n-1``, blossoms ``n..2n-1``)."""

    def __init__(
        self,
        n: int,
        ei: list[int],
        ej: list[int],
        ew2: list[int],
        neighbend: list[list[int]] | None = None,
    ) -> None:
        """Edge ``k`` joins ``ei[k]`` and ``ej[k]`` with doubled weight ``ew2[k]`` (doubled, as
        the duals are); ``neighbend[v]``: the remote endpoints of ``v``'s edges in edge order
        (built from the edges when not given)."""
        self.n = n
        nedge = len(ei)
        maxweight = max(ew2) // 2
        self.ei, self.ej, self.ew2 = ei, ej, ew2
        # endpoint[p]: the vertex at endpoint p; edge k has endpoints 2k and 2k+1.
        self.endpoint = [0] * (2 * nedge)
        self.endpoint[0::2] = ei
        self.endpoint[1::2] = ej
        if neighbend is None:
            neighbend = [[] for _ in range(n)]
            for k, (i, j) in enumerate(zip(ei, ej, strict=True)):
                neighbend[i].append(2 * k + 1)
                neighbend[j].append(2 * k)
        self.neighbend = neighbend
        self.mate = [-1] * n  # remote endpoint of the matched edge, or -1
        self.label = [0] * (2 * n)  # 0 free, 1 S, 2 T (5 temporarily while scanning)
        self.labelend = [-1] * (2 * n)
        self.inblossom = list(range(n))
        self.blossomparent = [-1] * (2 * n)
        self.blossomchilds: list[list[int] | None] = [None] * (2 * n)
        self.blossombase = list(range(n)) + [-1] * n
        self.blossomendps: list[list[int] | None] = [None] * (2 * n)
        self.bestedge = [-1] * (2 * n)
        self.blossombestedges: list[list[int] | None] = [None] * (2 * n)
        self.unusedblossoms = list(range(n, 2 * n))
        self.dualvar = [maxweight] * n + [0] * n
        self.allowedge = [False] * nedge
        self.ok = [True] * nedge  # False: the edge is absent (incremental use)
        self.dead = [False] * n  # True: the vertex has left the graph (incremental use)
        self.changed: set[int] = set()  # vertices whose trees grow first (incremental use)
        self.touched: list[int] = []  # edges whose allowedge flag is set
        self.queue: list[int] = []

    # -- helpers ------------------------------------------------------------------------------

    def slack(self, k: int) -> int:
        return self.dualvar[self.ei[k]] + self.dualvar[self.ej[k]] - self.ew2[k]

    def leaves(self, b: int) -> list[int]:
        n = self.n
        if b < n:
            return [b]
        out: list[int] = []
        stack = [b]
        childs = self.blossomchilds
        while stack:
            t = stack.pop()
            if t < n:
                out.append(t)
            else:
                stack.extend(reversed(childs[t]))  # type: ignore[arg-type]
        return out

    def assign_label(self, w: int, t: int, p: int) -> None:
        while True:
            b = self.inblossom[w]
            self.label[w] = self.label[b] = t
            self.labelend[w] = self.labelend[b] = p
            self.bestedge[w] = self.bestedge[b] = -1
            if t == 1:
                self.queue.extend(self.leaves(b))
                return
            base = self.blossombase[b]
            m = self.mate[base]
            w, t, p = self.endpoint[m], 1, m ^ 1

    def scan_blossom(self, v: int, w: int) -> int:
        path = []
        base = -1
        label, labelend, endpoint, inblossom = (
            self.label,
            self.labelend,
            self.endpoint,
            self.inblossom,
        )
        while v != -1 or w != -1:
            b = inblossom[v]
            if label[b] & 4:
                base = self.blossombase[b]
                break
            path.append(b)
            label[b] = 5
            if labelend[b] == -1:
                v = -1
            else:
                v = endpoint[labelend[b]]
                b = inblossom[v]
                v = endpoint[labelend[b]]
            if w != -1:
                v, w = w, v
        for b in path:
            label[b] = 1
        return base

    def add_blossom(self, base: int, k: int) -> None:
        v, w = self.ei[k], self.ej[k]
        inblossom, labelend, endpoint = self.inblossom, self.labelend, self.endpoint
        bb = inblossom[base]
        bv = inblossom[v]
        bw = inblossom[w]
        b = self.unusedblossoms.pop()
        self.blossombase[b] = base
        self.blossomparent[b] = -1
        self.blossomparent[bb] = b
        path: list[int] = []
        endps: list[int] = []
        self.blossomchilds[b] = path
        self.blossomendps[b] = endps
        while bv != bb:
            self.blossomparent[bv] = b
            path.append(bv)
            endps.append(labelend[bv])
            v = endpoint[labelend[bv]]
            bv = inblossom[v]
        path.append(bb)
        path.reverse()
        endps.reverse()
        endps.append(2 * k)
        while bw != bb:
            self.blossomparent[bw] = b
            path.append(bw)
            endps.append(labelend[bw] ^ 1)
            w = endpoint[labelend[bw]]
            bw = inblossom[w]
        self.label[b] = 1
        labelend[b] = labelend[bb]
        self.dualvar[b] = 0
        for leaf in self.leaves(b):
            if self.label[inblossom[leaf]] == 2:
                self.queue.append(leaf)
            inblossom[leaf] = b
        # the least-slack edge from the new blossom to each other S blossom: from the
        # sub-blossoms' lists, or every edge of a leaf that had none (the slacks are kept, not
        # computed again for each comparison)
        bestedgeto: dict[int, int] = {}
        bestslack: dict[int, int] = {}
        label, ok, dual, ew2, ei, ej = self.label, self.ok, self.dualvar, self.ew2, self.ei, self.ej
        neighbend, blossombestedges = self.neighbend, self.blossombestedges
        for sub in path:
            listed = blossombestedges[sub]
            if listed is None:
                for x in self.leaves(sub):
                    dx = dual[x]
                    for p in neighbend[x]:
                        kk = p >> 1
                        if not ok[kk]:
                            continue
                        bj = inblossom[endpoint[p]]
                        if bj != b and label[bj] == 1:
                            s = dx + dual[endpoint[p]] - ew2[kk]
                            if bj not in bestslack or s < bestslack[bj]:
                                bestedgeto[bj] = kk
                                bestslack[bj] = s
            else:
                for kk in listed:
                    if not ok[kk]:
                        continue
                    j = ej[kk]
                    if inblossom[j] == b:
                        j = ei[kk]
                    bj = inblossom[j]
                    if bj != b and label[bj] == 1:
                        s = dual[ei[kk]] + dual[ej[kk]] - ew2[kk]
                        if bj not in bestslack or s < bestslack[bj]:
                            bestedgeto[bj] = kk
                            bestslack[bj] = s
            blossombestedges[sub] = None
            self.bestedge[sub] = -1
        best = list(bestedgeto.values())
        blossombestedges[b] = best
        be, least = -1, 0
        for bj, kk in bestedgeto.items():
            if be == -1 or bestslack[bj] < least:
                be, least = kk, bestslack[bj]
        self.bestedge[b] = be

    def expand_blossom(self, b: int, endstage: bool) -> None:
        """Expand blossom ``b``; at the end of a stage, its sub-blossoms whose dual is zero too
        (from a work list: they may nest deeper than Python's recursion limit)."""
        pending = [b]
        while pending:
            pending += self._expand_one(pending.pop(), endstage)

    def _expand_one(self, b: int, endstage: bool) -> list[int]:
        """Expand ``b`` alone; return its sub-blossoms to expand as well."""
        n = self.n
        label, labelend, endpoint = self.label, self.labelend, self.endpoint
        childs = self.blossomchilds[b]
        assert childs is not None
        deeper = []
        for s in childs:
            self.blossomparent[s] = -1
            if s < n:
                self.inblossom[s] = s
            elif endstage and self.dualvar[s] == 0:
                deeper.append(s)
            else:
                for leaf in self.leaves(s):
                    self.inblossom[leaf] = s
        if (not endstage) and label[b] == 2:
            endps = self.blossomendps[b]
            assert endps is not None
            entrychild = self.inblossom[endpoint[labelend[b] ^ 1]]
            j, jstep, endptrick = _even_way_round(childs.index(entrychild), len(childs))
            p = labelend[b]
            while j != 0:
                label[endpoint[p ^ 1]] = 0
                label[endpoint[endps[j - endptrick] ^ endptrick ^ 1]] = 0
                self.assign_label(endpoint[p ^ 1], 2, p)
                self.allowedge[endps[j - endptrick] // 2] = True
                self.touched.append(endps[j - endptrick] // 2)
                j += jstep
                p = endps[j - endptrick] ^ endptrick
                self.allowedge[p // 2] = True
                self.touched.append(p // 2)
                j += jstep
            bv = childs[j]
            label[endpoint[p ^ 1]] = label[bv] = 2
            labelend[endpoint[p ^ 1]] = labelend[bv] = p
            self.bestedge[bv] = -1
            j += jstep
            while childs[j] != entrychild:
                bv = childs[j]
                if label[bv] == 1:
                    j += jstep
                    continue
                found = -1
                for leaf in self.leaves(bv):
                    if label[leaf] != 0:
                        found = leaf
                        break
                if found != -1:
                    label[found] = 0
                    label[endpoint[self.mate[self.blossombase[bv]]]] = 0
                    self.assign_label(found, 2, labelend[found])
                j += jstep
        label[b] = labelend[b] = -1
        self.blossomchilds[b] = self.blossomendps[b] = None
        self.blossombase[b] = -1
        self.blossombestedges[b] = None
        self.bestedge[b] = -1
        self.unusedblossoms.append(b)
        return deeper

    def augment_blossom(self, b: int, v: int) -> None:
        """Swap the matched and unmatched edges of the even path from ``v`` to blossom ``b``'s
        base, inside every sub-blossom on the way, and make ``v`` the base. Sub-blossoms are
        taken from a work list, not by recursion: blossoms nest a thousand deep in big fields."""
        n = self.n
        endpoint = self.endpoint
        work = [(b, v)]
        rotations: list[tuple[int, int]] = []  # (blossom, new first child), outermost first
        while work:
            b, v = work.pop()
            t = v
            while self.blossomparent[t] != b:
                t = self.blossomparent[t]
            if t >= n:
                work.append((t, v))
            childs = self.blossomchilds[b]
            endps = self.blossomendps[b]
            assert childs is not None and endps is not None
            i = childs.index(t)
            j, jstep, endptrick = _even_way_round(i, len(childs))
            while j != 0:
                j += jstep
                t = childs[j]
                p = endps[j - endptrick] ^ endptrick
                if t >= n:
                    work.append((t, endpoint[p]))
                j += jstep
                t = childs[j]
                if t >= n:
                    work.append((t, endpoint[p ^ 1]))
                self.mate[endpoint[p]] = p ^ 1
                self.mate[endpoint[p ^ 1]] = p
            rotations.append((b, i))
        # a blossom's new base is its first child's, so the innermost are rotated first
        for b, i in reversed(rotations):
            childs = self.blossomchilds[b]
            endps = self.blossomendps[b]
            assert childs is not None and endps is not None
            rotated = childs[i:] + childs[:i]
            self.blossomchilds[b] = rotated
            self.blossomendps[b] = endps[i:] + endps[:i]
            self.blossombase[b] = self.blossombase[rotated[0]]

    def augment_matching(self, k: int) -> None:
        v, w = self.ei[k], self.ej[k]
        n = self.n
        endpoint, labelend, inblossom = self.endpoint, self.labelend, self.inblossom
        for s, p in ((v, 2 * k + 1), (w, 2 * k)):
            while True:
                bs = inblossom[s]
                if bs >= n:
                    self.augment_blossom(bs, s)
                self.mate[s] = p
                if labelend[bs] == -1:
                    break
                t = endpoint[labelend[bs]]
                bt = inblossom[t]
                s = endpoint[labelend[bt]]
                j = endpoint[labelend[bt] ^ 1]
                if bt >= n:
                    self.augment_blossom(bt, j)
                self.mate[j] = labelend[bt]
                p = labelend[bt] ^ 1

    # -- main loop ----------------------------------------------------------------------------

    def solve(self) -> list[int]:
        """A maximum-weight matching (not necessarily perfect): stages end when the free
        vertices' duals reach zero."""
        self._run_stages(perfect=False)
        return [self.endpoint[p] if p >= 0 else -1 for p in self.mate]

    def _run_stages(self, perfect: bool) -> None:
        """Edmonds' stages: grow alternating trees from every free vertex, augment, repeat.
        ``perfect``: every live vertex must be matched (the free duals may go negative), else
        the run stops when a free vertex's dual reaches zero (deltatype 1)."""
        while True:
            free = [v for v in range(self.n) if self.mate[v] == -1 and not self.dead[v]]
            if not free:
                return
            self._start_stage(free)
            if not self._stage(perfect):
                return  # the free vertices' duals are zero: the matching is optimal
            self._expand_zero_blossoms()

    def _start_stage(self, free: list[int]) -> None:
        """Clear the labels, least-slack edges and tight flags of the last stage; every free
        vertex becomes the S-labelled root of a tree."""
        n, label, inblossom = self.n, self.label, self.inblossom
        label[:] = [0] * (2 * n)
        self.bestedge[:] = [-1] * (2 * n)
        self.blossombestedges[n:] = [None] * n
        for k in self.touched:
            self.allowedge[k] = False
        self.touched = []
        self.queue = []
        if self.changed:
            # grow the trees of the vertices whose edges changed first (the queue is a
            # stack): their augmenting path is usually a few edges away
            free.sort(key=self.changed.__contains__)
        for v in free:
            if label[inblossom[v]] == 0:
                self.assign_label(v, 1, -1)

    def _stage(self, perfect: bool) -> bool:
        """Scan the S vertices and change the duals until an augmenting path is found (True),
        or, when not ``perfect``, the free vertices' duals reach zero first (False)."""
        while True:
            while self.queue:
                if self._scan(self.queue.pop()):
                    return True
            deltatype, delta, target = self._least_delta(perfect)
            self._change_duals(delta)
            if deltatype == 1:
                return False
            self._use_delta(deltatype, target)

    def _best_slack(self, b: int) -> int | None:
        """The slack of blossom ``b``'s least-slack edge to another S blossom (None: none)."""
        be = self.bestedge[b]
        if be == -1:
            return None
        return self.dualvar[self.ei[be]] + self.dualvar[self.ej[be]] - self.ew2[be]

    def _scan(self, v: int) -> bool:
        """Scan the edges of S vertex ``v``: a tight edge extends the tree, makes a blossom or
        augments the matching (True: the stage is over); the others are kept as the least-slack
        edges to S blossoms and free vertices, which the next dual change reads."""
        label, inblossom, dualvar = self.label, self.inblossom, self.dualvar
        endpoint, allowedge, bestedge = self.endpoint, self.allowedge, self.bestedge
        ok, ei, ej, ew2, touched = self.ok, self.ei, self.ej, self.ew2, self.touched
        bv = inblossom[v]
        dv = dualvar[v]
        # the slack of bv's best edge to another S blossom (the duals stand still while v is
        # scanned; only a new blossom changes bv and its best edge)
        bv_least = self._best_slack(bv)
        for p in self.neighbend[v]:
            k = p >> 1
            if not ok[k]:
                continue
            w = endpoint[p]
            bw = inblossom[w]
            if bv == bw:
                continue
            kslack = 0
            if not allowedge[k]:
                kslack = dv + dualvar[w] - ew2[k]
                if kslack <= 0:
                    allowedge[k] = True
                    touched.append(k)
            if allowedge[k]:
                if label[bw] == 1:
                    if self._join_s(v, w, k):
                        return True
                    bv = inblossom[v]
                    bv_least = self._best_slack(bv)
                elif label[bw] == 0:
                    self.assign_label(w, 2, p ^ 1)
                elif label[w] == 0:
                    label[w] = 2
                    self.labelend[w] = p ^ 1
            elif label[bw] == 1:
                if bv_least is None or kslack < bv_least:
                    bestedge[bv] = k
                    bv_least = kslack
            elif label[w] == 0:
                be = bestedge[w]
                if be == -1 or kslack < dualvar[ei[be]] + dualvar[ej[be]] - ew2[be]:
                    bestedge[w] = k
        return False

    def _join_s(self, v: int, w: int, k: int) -> bool:
        """A tight edge ``k`` between S vertices ``v`` and ``w``: in one tree it closes a
        blossom (False), across two trees it is an augmenting path, which is applied (True)."""
        base = self.scan_blossom(v, w)
        if base >= 0:
            self.add_blossom(base, k)
            return False
        self.augment_matching(k)
        return True

    def _least_delta(self, perfect: bool) -> tuple[int, int, int]:
        """The dual change this step allows (Galil's delta 1-4) as (deltatype, delta, target):
        1, a free vertex's dual reaches zero (only when not ``perfect``); 2, an edge from an S
        vertex to a free vertex becomes tight (target: the edge); 3, an edge between two S
        blossoms becomes tight (the edge); 4, a T blossom's dual reaches zero (the blossom).
        The first of the least wins."""
        if perfect:
            deltatype, delta = -1, 0
        else:
            deltatype, delta = 1, min(self.dualvar[v] for v in range(self.n) if not self.dead[v])
        target = -1
        candidates = (
            (2, self._delta_to_free()),
            (3, self._delta_between_s()),
            (4, self._delta_t_blossom()),
        )
        for kind, found in candidates:
            if found is not None and (deltatype == -1 or found[0] < delta):
                deltatype, (delta, target) = kind, found
        if deltatype == -1:
            raise NoPerfectMatching("no perfect matching")
        return deltatype, delta, target

    def _delta_to_free(self) -> tuple[int, int] | None:
        """Delta 2: the least slack of an edge from an S vertex to a free vertex, and the edge."""
        label, inblossom, dead, bestedge = self.label, self.inblossom, self.dead, self.bestedge
        dualvar, ei, ej, ew2 = self.dualvar, self.ei, self.ej, self.ew2
        least: tuple[int, int] | None = None
        for v in range(self.n):
            be = bestedge[v]
            if be != -1 and label[inblossom[v]] == 0 and not dead[v]:
                d = dualvar[ei[be]] + dualvar[ej[be]] - ew2[be]
                if least is None or d < least[0]:
                    least = (d, be)
        return least

    def _delta_between_s(self) -> tuple[int, int] | None:
        """Delta 3: half the least slack of an edge between two S blossoms, and the edge."""
        label, blossomparent, bestedge = self.label, self.blossomparent, self.bestedge
        dualvar, ei, ej, ew2 = self.dualvar, self.ei, self.ej, self.ew2
        least: tuple[int, int] | None = None
        for b in range(2 * self.n):
            be = bestedge[b]
            if be != -1 and label[b] == 1 and blossomparent[b] == -1:
                d = (dualvar[ei[be]] + dualvar[ej[be]] - ew2[be]) // 2
                if least is None or d < least[0]:
                    least = (d, be)
        return least

    def _delta_t_blossom(self) -> tuple[int, int] | None:
        """Delta 4: the least dual of a top-level T blossom, and the blossom."""
        least: tuple[int, int] | None = None
        for b in range(self.n, 2 * self.n):
            if (
                self.blossombase[b] >= 0
                and self.blossomparent[b] == -1
                and self.label[b] == 2
                and (least is None or self.dualvar[b] < least[0])
            ):
                least = (self.dualvar[b], b)
        return least

    def _change_duals(self, delta: int) -> None:
        """S vertices' duals go down by ``delta``, T vertices' up; top-level S blossoms' duals
        go up, T blossoms' down (all doubled, as the weights)."""
        n, label, inblossom, dualvar = self.n, self.label, self.inblossom, self.dualvar
        for v in range(n):
            lb = label[inblossom[v]]
            if lb == 1:
                dualvar[v] -= delta
            elif lb == 2:
                dualvar[v] += delta
        for b in range(n, 2 * n):
            if self.blossombase[b] >= 0 and self.blossomparent[b] == -1:
                if label[b] == 1:
                    dualvar[b] += delta
                elif label[b] == 2:
                    dualvar[b] -= delta

    def _use_delta(self, deltatype: int, target: int) -> None:
        """After the dual change: the edge that became tight is scanned from its S end (delta 2
        and 3), or the T blossom whose dual reached zero is expanded (delta 4)."""
        if deltatype == 4:
            self.expand_blossom(target, False)
            return
        self.allowedge[target] = True
        self.touched.append(target)
        i, j = self.ei[target], self.ej[target]
        if deltatype == 2 and self.label[self.inblossom[i]] == 0:
            i = j
        self.queue.append(i)

    def _expand_zero_blossoms(self) -> None:
        """End of a stage: top-level S blossoms whose dual is zero are expanded."""
        for b in range(self.n, 2 * self.n):
            if (
                self.blossomparent[b] == -1
                and self.blossombase[b] >= 0
                and self.label[b] == 1
                and self.dualvar[b] == 0
            ):
                self.expand_blossom(b, True)


class NoPerfectMatching(Exception):
    """The live vertices (with the dummy for an odd count) have no perfect matching."""


class IncrementalMatching(_Solver):
    """Maximum-weight *perfect* matching that keeps its optimal state between solves.

    Weights change with :meth:`set_weight` (0 removes the edge) and matched pairs leave the graph
    with :meth:`remove_pair`; the next :meth:`solve` starts from the previous optimum: blossoms
    are dissolved (their duals moved onto the vertices, which keeps every dual constraint), the
    matched edges that are no longer tight and the vertices whose edges changed are unmatched,
    and those vertices' duals are raised until all their edges are feasible again. Only the few
    freed vertices then need augmenting paths, instead of the whole graph.

    With an odd number of vertices a dummy vertex joined to every vertex by weight-0 edges
    absorbs the unmatched one. Weights are integers (Python ints, any size).
    """

    def __init__(self, n: int, *, changed_first: bool = False) -> None:
        self.real = n
        self.settled = False  # the last optimum and its duals still hold
        self.changed_first = changed_first
        size = n + (n & 1)
        # every pair a < b is an edge, numbered in order of a, then b: a's edges to the
        # vertices after it start at first[a]; kidx[a][b] is the edge a-b
        first = [a * size - a * (a + 1) // 2 for a in range(size)]
        self.kidx = [
            [first[b] + a - b - 1 for b in range(a)]
            + [-1]
            + list(range(first[a], first[a] + size - a - 1))
            for a in range(size)
        ]
        neighbend = [
            [2 * k for k in row[:a]] + [2 * k + 1 for k in row[a + 1 :]]
            for a, row in enumerate(self.kidx)
        ]
        ei = [a for a in range(size) for _ in range(a + 1, size)]
        ej = [b for a in range(size) for b in range(a + 1, size)]
        if ei:
            super().__init__(size, ei, ej, [0] * len(ei), neighbend)
        else:
            super().__init__(size, [0], [0], [0])
        self.dualvar = [0] * (2 * size)
        self.ok = [False] * len(self.ei)
        self.dirty: set[int] = set(range(size))
        self.kinds: list[int] | None = None
        if n & 1:
            d = n
            for v in range(n):
                self.ok[self.kidx[v][d]] = True

    def load(self, weights: Iterable[tuple[int, int, int]]) -> None:
        """Set the weights ``(a, b, w)`` of a matching not solved yet (every vertex is free)."""
        kidx, ew2, ok = self.kidx, self.ew2, self.ok
        for a, b, w in weights:
            k = kidx[a][b]
            ew2[k] = 2 * w
            ok[k] = w > 0

    def load_row(self, a: int, weights: Sequence[int]) -> None:
        """Set the weights of ``a``'s edges to ``0, 1, ...`` in a matching not solved yet."""
        row, ew2, ok = self.kidx[a], self.ew2, self.ok
        for b, w in enumerate(weights):
            k = row[b]
            ew2[k] = 2 * w
            ok[k] = w > 0

    def set_kinds(self, kinds: Sequence[int]) -> None:
        """Vertices of one kind (``kinds[v]``, any integers) have the same weight to every
        other vertex, apart from a few absent edges. A solve that starts (almost) from scratch
        then takes its first duals and pairs from the kinds (:mod:`transport`). Only a hint:
        the result is the same, exact, whatever the kinds say."""
        self.kinds = list(kinds) + [max(kinds, default=0) + 1] * (self.n - self.real)

    def set_weight(self, a: int, b: int, w: int) -> None:
        """Set the weight of edge a-b; ``a`` is the vertex whose edges changed. The optimum
        stands when the edge is not matched, in no blossom with ``a``, and absent or still
        feasible under the duals; else ``a`` is freed at the next solve."""
        self.set_weights(a, (b,), (w,))

    def set_weights(self, a: int, others: Sequence[int], weights: Sequence[int]) -> None:
        """``set_weight(a, b, w)`` for each other ``b`` and weight ``w``, in one pass."""
        row, ew2, ok, dead = self.kidx[a], self.ew2, self.ok, self.dead
        mate_a = self.mate[a]
        matched_k = mate_a >> 1 if mate_a >= 0 else -1
        inblossom = self.inblossom
        block = inblossom[a] if inblossom[a] >= self.n else -1
        dual = self.dualvar
        dead_a, dual_a = dead[a], dual[a]
        changed = False
        for b, w in zip(others, weights, strict=True):
            k = row[b]
            w2 = 2 * w
            if ew2[k] == w2:
                continue
            ew2[k] = w2
            present = w > 0 and not dead_a and not dead[b]
            ok[k] = present
            # an unmatched edge outside blossoms that is absent or still feasible: the
            # optimum stands
            unbound = k != matched_k and inblossom[b] != block
            if unbound and (not present or dual_a + dual[b] - w2 >= 0):
                continue
            changed = True
        if changed:
            self.dirty.add(a)
            self.settled = False

    def remove_pair(self, a: int, b: int) -> None:
        """Take the matched pair a-b out of the graph for good."""
        if (
            self.inblossom[a] != a
            or self.inblossom[b] != b
            or self.mate[a] < 0
            or self.endpoint[self.mate[a]] != b
        ):
            self.settled = False
        for v in (a, b):
            self._free_singleton(v)
        for v in (a, b):
            self._unmatch(v)
            self.dead[v] = True
            for k in self.kidx[v]:
                if k >= 0:
                    self.ok[k] = False
        self.dirty.discard(a)
        self.dirty.discard(b)

    def excluded(self, a: int, b: int) -> bool:
        """True when no maximum-weight matching can hold the edge a-b: it is absent, or its
        reduced cost under the optimal duals is positive (complementary slackness; the blossom
        duals only add to it). Only meaningful while ``settled``."""
        k = self.kidx[a][b]
        return not self.ok[k] or self.dualvar[a] + self.dualvar[b] > self.ew2[k]

    def reroute(self, a: int, c: int, budget: int = 24) -> list[tuple[int, int]] | None:
        """Match ``a`` with ``c`` in another maximum-weight matching, keeping the duals.

        Looks for an alternating path of tight edges between the two partners that ``a`` and
        ``c`` leave, through vertices in no blossom (so every blossom keeps its pairs and the
        duals stay optimal). Returns the pairs that changed, or None when none was found among
        the first ``budget`` vertices searched (there may still be one: solve instead).
        Only while ``settled``.
        """
        inb, ok, kidx, dual, ew2 = self.inblossom, self.ok, self.kidx, self.dualvar, self.ew2
        if not self.settled or inb[a] != a or inb[c] != c or self.mate[a] < 0:
            return None
        k = kidx[a][c]
        if not ok[k] or dual[a] + dual[c] != ew2[k]:
            return None
        x = self.endpoint[self.mate[a]]
        b = self.endpoint[self.mate[c]]
        if x == c:
            return []
        if inb[x] != x or inb[b] != b:
            return None
        parent: dict[int, tuple[int, int] | None] = {b: None}
        blocked = {a, c, b}
        queue = [b]
        for u in queue:
            if len(parent) > budget:
                return None
            row = kidx[u]
            du = dual[u]
            if ok[row[x]] and du + dual[x] == ew2[row[x]]:
                pairs = [(a, c), (u, x)]
                while parent[u] is not None:
                    v, u = parent[u]  # type: ignore[misc]
                    pairs.append((u, v))
                for p, q in pairs:
                    self._match(p, q)
                return pairs
            for v in range(self.n):
                kv = row[v]
                if kv < 0 or v in blocked or not ok[kv] or du + dual[v] != ew2[kv]:
                    continue
                if inb[v] != v or self.mate[v] < 0:
                    continue
                w = self.endpoint[self.mate[v]]
                if w in parent or w in blocked or inb[w] != w:
                    continue
                blocked.add(v)
                parent[w] = (v, u)
                queue.append(w)
        return None

    def _match(self, u: int, v: int) -> None:
        k = self.kidx[u][v]
        i = self.ei[k]
        self.mate[u] = 2 * k + (1 if i == u else 0)
        self.mate[v] = 2 * k + (1 if i == v else 0)

    def _top(self, v: int) -> int:
        b = v
        while self.blossomparent[b] != -1:
            b = self.blossomparent[b]
        return b

    def _dissolve_one(self, b: int) -> None:
        """Dissolve top-level blossom ``b``: its dual moves onto its vertices (every dual
        constraint keeps its slack or gains); its base's outside edge, if now slack, is
        unmatched."""
        dual = self.dualvar
        z = dual[b]
        leaves = self.leaves(b)
        if z:
            for v in leaves:
                dual[v] += z
        base = self.blossombase[b]
        for child in self.blossomchilds[b]:  # type: ignore[union-attr]
            self.blossomparent[child] = -1
            if child < self.n:
                self.inblossom[child] = child
            else:
                for v in self.leaves(child):
                    self.inblossom[v] = child
        if z and self.mate[base] >= 0:
            self._unmatch(base)
        self.label[b] = 0
        self.labelend[b] = -1
        self.blossomchilds[b] = self.blossomendps[b] = None
        self.blossombase[b] = -1
        self.blossombestedges[b] = None
        self.bestedge[b] = -1
        dual[b] = 0
        self.unusedblossoms.append(b)

    def _free_singleton(self, v: int) -> None:
        while self.inblossom[v] != v:
            self._dissolve_one(self._top(v))

    def _fix_parity(self, v: int) -> None:
        """Make free vertex v's dual even without breaking any constraint."""
        dual = self.dualvar
        while True:
            if self.inblossom[v] == v:
                dual[v] += 1
                return
            b = self._top(v)
            if dual[b] >= 1:
                for x in self.leaves(b):
                    dual[x] += 1
                dual[b] -= 1
                return
            self._dissolve_one(b)

    def _unmatch(self, v: int) -> None:
        p = self.mate[v]
        if p >= 0:
            self.mate[self.endpoint[p]] = -1
            self.mate[v] = -1

    def solve(self) -> list[int]:
        dual, endpoint, ok = self.dualvar, self.endpoint, self.ok
        dirty = sorted(v for v in self.dirty if not self.dead[v])
        self.dirty.clear()
        if self.changed_first:
            self.changed = set(dirty)
        live = self.n - sum(self.dead)
        if self.kinds is not None and 2 * len(dirty) > live and self._start_from_kinds():
            dirty = []
            self.changed = set()
        for v in dirty:
            self._free_singleton(v)
            self._unmatch(v)
        # all free vertices must share one parity so that S-S slacks stay even (delta/2 exact):
        # even, before the freed vertices' duals are raised, so that the edges raised to be
        # tight stay tight
        self._even_free_duals()
        ew2 = self.ew2
        for v in dirty:
            needs = [ew2[k] - dual[x] for x, k in enumerate(self.kidx[v]) if k >= 0 and ok[k]]
            if needs:  # the least feasible (even) dual: its best edges tight
                need = max(needs)
                dual[v] = need + (need & 1)
        self._even_free_duals()
        self._greedy_tight()
        self._run_stages(perfect=True)
        self.settled = True
        out = [-1] * self.real
        for v in range(self.real):
            p = self.mate[v]
            if p >= 0 and endpoint[p] < self.real:
                out[v] = endpoint[p]
        return out

    def _start_from_kinds(self) -> bool:
        """Start again from the kinds' relaxation: every blossom dissolved, every vertex's
        dual its kind's (feasible for every edge), the relaxation's pairs seated on tight
        edges. False (nothing changed) when the relaxation has no perfect pairing."""
        n, kinds, dead, ok = self.n, self.kinds, self.dead, self.ok
        assert kinds is not None
        live = [v for v in range(n) if not dead[v]]
        number: dict[int, int] = {}
        kind = [0] * n
        for v in live:
            kind[v] = number.setdefault(kinds[v], len(number))
        k = len(number)
        if k * k > 4 * len(live):
            return False  # too many kinds to gain anything
        counts = [0] * k
        for v in live:
            counts[kind[v]] += 1
        top: list[list[int | None]] = [[None] * k for _ in range(k)]
        ei, ej, ew2 = self.ei, self.ej, self.ew2
        for e in range(len(ok)):
            if ok[e]:
                a, b = kind[ei[e]], kind[ej[e]]
                w = ew2[e] >> 1
                t = top[a][b]
                if t is None:
                    top[a][b] = top[b][a] = w
                elif w != t:
                    return False  # the weights are not the kinds' (the bracket's own order)
        relaxation = kind_relaxation(counts, top)
        if relaxation is None:
            return False
        duals, pairs = relaxation
        self.inblossom = list(range(n))
        self.blossomparent = [-1] * (2 * n)
        self.blossomchilds = [None] * (2 * n)
        self.blossombase = list(range(n)) + [-1] * n
        self.blossomendps = [None] * (2 * n)
        self.blossombestedges = [None] * (2 * n)
        self.unusedblossoms = list(range(n, 2 * n))
        dual, mate, kidx = self.dualvar, self.mate, self.kidx
        for b in range(n, 2 * n):
            dual[b] = 0
        members: list[list[int]] = [[] for _ in range(k)]
        for v in live:
            mate[v] = -1
            dual[v] = duals[kind[v]]  # doubled weights: duals[a] + duals[b] >= 2 w
            members[kind[v]].append(v)
        for (a, b), count in pairs.items():
            for _ in range(count):
                if not members[a]:
                    break
                u = members[a].pop()
                row, du = kidx[u], dual[u]
                partners = members[b]
                for i in range(len(partners) - 1, -1, -1):
                    x = partners[i]
                    e = row[x]
                    if ok[e] and du + dual[x] == ew2[e]:
                        partners.pop(i)
                        self._match(u, x)
                        break
                else:
                    members[a].insert(0, u)
        return True

    def _even_free_duals(self) -> None:
        mate, dead, dual = self.mate, self.dead, self.dualvar
        for v in range(self.n):
            if mate[v] == -1 and not dead[v] and dual[v] & 1:
                self._fix_parity(v)

    def _greedy_tight(self) -> None:
        """Match free singleton vertices joined by a tight edge: an augmenting path of one
        edge, which keeps every invariant and saves a whole stage."""
        n = self.n
        dual, ok, ei, ej, ew2 = self.dualvar, self.ok, self.ei, self.ej, self.ew2
        mate, dead, inblossom, kidx = self.mate, self.dead, self.inblossom, self.kidx
        free = [v for v in range(n) if mate[v] == -1 and not dead[v] and inblossom[v] == v]
        for v in free:
            if mate[v] != -1:
                continue
            row = kidx[v]
            for u in free:
                if u == v or mate[u] != -1:
                    continue
                k = row[u]
                if ok[k] and dual[ei[k]] + dual[ej[k]] == ew2[k]:
                    mate[v] = 2 * k + (1 if ei[k] == v else 0)
                    mate[u] = 2 * k + (1 if ei[k] == u else 0)
                    break
        self._tight_paths_of_three([v for v in free if mate[v] == -1])

    def _tight_paths_of_three(self, free: list[int]) -> None:
        """Augment along paths free ``u`` - ``x`` = ``y`` - free ``v`` of tight edges through a
        matched pair of singletons: like a tight edge between two free vertices, it keeps every
        invariant, and a kinds' start leaves many (its duals make whole kinds tight)."""
        n, endpoint = self.n, self.endpoint
        dual, ok, ew2 = self.dualvar, self.ok, self.ew2
        mate, inblossom, kidx = self.mate, self.inblossom, self.kidx
        reach: dict[int, list[int]] = {}  # y: the free vertices tight to y, once asked
        for u in free:
            if mate[u] != -1:
                continue
            row, du = kidx[u], dual[u]
            for x in range(n):
                k = row[x]
                if k < 0 or not ok[k] or mate[x] < 0 or du + dual[x] != ew2[k]:
                    continue
                y = endpoint[mate[x]]
                if inblossom[x] != x or inblossom[y] != y:
                    continue
                if y not in reach:
                    near, dy = kidx[y], dual[y]
                    reach[y] = [
                        v for v in free if v != y and ok[near[v]] and dy + dual[v] == ew2[near[v]]
                    ]
                v = next((v for v in reach[y] if v != u and mate[v] == -1), -1)
                if v >= 0:
                    self._match(u, x)
                    self._match(y, v)
                    break
