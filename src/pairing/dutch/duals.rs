//! Which edges a maximum-weight matching may use: the tight edges of an optimal dual solution.
// Longer than 400 lines: one algorithm (the blossom solver and its optimal duals) of which no part
// stands alone; 120 lines are unit tests.
//!
//! The order of generation (D.1–D.3) asks hundreds of times per bracket whether the best
//! weight can still be reached once some edges are forbidden, and most answers are "no", each
//! a full blossom solve. Linear programming answers many of them for free. Let `y` be an
//! optimal dual solution of the bracket's unconstrained matching problem (vertex duals `u`,
//! odd-set duals `z`, Edmonds' formulation). Forbidding edges keeps `y` feasible, so while the
//! best weight stays reachable `y` stays optimal, and by complementary slackness every
//! maximum-weight matching then uses only edges of zero reduced cost and covers every vertex
//! whose dual is positive. A question whose mask leaves such a vertex without one allowed tight
//! edge is answered "no" without a solve.
//!
//! The solver is the primal-dual blossom algorithm for maximum-weight matching in general
//! graphs (Edmonds 1965; Gabow 1976, Lawler 1976: the O(n³) form with per-blossom least-slack
//! edges), written for this use because the matching crate we solve with does not expose its
//! duals. Weights are `i128` and at most 2^122 (see `criteria::NARROW_BITS`); duals are kept
//! doubled, as usual, so that every quantity stays integral.

/// No vertex, endpoint, edge or blossom.
const NONE: usize = usize::MAX;

/// An optimal dual solution and the tight edges it gives, for a graph of `n` vertices.
pub(super) struct TightEdges {
    /// Vertices whose dual is positive: every maximum-weight matching covers them.
    pub must_match: Vec<bool>,
    /// For each vertex, the other ends of its tight edges.
    pub tight: Vec<Vec<usize>>,
    /// The vertices of each blossom whose dual is positive: every maximum-weight matching
    /// pairs all of them but one among themselves.
    pub full: Vec<Vec<usize>>,
}

impl TightEdges {
    /// Solves the matching of the row-major `n × n` weights (`0` or less: no edge): a
    /// maximum-weight matching (each vertex's mate) and the tight edges of its duals.
    pub fn solve(weights: &[i128], n: usize) -> (Vec<Option<usize>>, TightEdges) {
        let mut solver = Blossom::new(weights, n);
        solver.solve();
        (solver.mates(), solver.tight_edges())
    }

    /// False when the edges `allowed(a, b)` leave a vertex that every maximum-weight matching
    /// covers without a tight edge: then no maximum-weight matching is allowed.
    pub fn may_reach(&self, allowed: impl Fn(usize, usize) -> bool) -> bool {
        self.must_match
            .iter()
            .enumerate()
            .filter(|&(_, &must)| must)
            .all(|(v, _)| self.tight[v].iter().any(|&w| allowed(v, w)))
    }

    /// A maximum-weight matching that `allowed` permits, found without a solve from `mates`,
    /// a maximum-weight matching of the same graph (as long as the best weight has not
    /// changed) that `allowed` refuses in one pair only: an alternating path of allowed tight
    /// edges from one end of that pair to the other. By complementary slackness the result is
    /// optimal: every edge tight, the same vertices covered, every full blossom still full.
    /// `None` when `mates` is not such a matching or no such path is found (the search does
    /// not follow odd cycles, so it may miss one): the caller solves instead.
    pub fn repair(
        &self,
        mates: &[Option<usize>],
        allowed: impl Fn(usize, usize) -> bool,
    ) -> Option<Vec<Option<usize>>> {
        let n = self.tight.len();
        let mut refused = None;
        for (a, mate) in mates.iter().enumerate().take(n) {
            if let Some(b) = *mate
                && a < b
            {
                if b >= n || !self.tight[a].contains(&b) {
                    return None;
                }
                if !allowed(a, b) {
                    if refused.is_some() {
                        return None;
                    }
                    refused = Some((a, b));
                }
            }
        }
        if self
            .must_match
            .iter()
            .enumerate()
            .any(|(v, &must)| must && mates[v].is_none())
        {
            return None;
        }
        let (start, goal) = refused?;
        // Breadth-first from `start` over "tight edge out, matched edge back" steps; `from[v]`
        // is the vertex whose tight edge reached `v`.
        let mut from = vec![usize::MAX; n];
        let mut seen = vec![false; n];
        seen[start] = true;
        let mut queue = std::collections::VecDeque::from([start]);
        let mut reached = false;
        'search: while let Some(u) = queue.pop_front() {
            for &v in &self.tight[u] {
                if seen[v] || mates[u] == Some(v) || !allowed(u, v) {
                    continue;
                }
                if v == goal {
                    from[v] = u;
                    reached = true;
                    break 'search;
                }
                let Some(next) = mates[v].filter(|&x| x != start && x != goal) else {
                    continue;
                };
                if seen[next] || !allowed(v, next) {
                    continue;
                }
                seen[v] = true;
                seen[next] = true;
                from[v] = u;
                queue.push_back(next);
            }
        }
        if !reached {
            return None;
        }
        let mut repaired = mates.to_vec();
        repaired[start] = None;
        repaired[goal] = None;
        // Walk back: goal–u is a new pair; u's old mate then pairs with whoever reached it.
        let mut v = goal;
        loop {
            let u = from[v];
            let old = mates[u].filter(|&x| x != start && x != goal);
            repaired[u] = Some(v);
            repaired[v] = Some(u);
            match old {
                Some(previous) if u != start => v = previous,
                _ => break,
            }
        }
        let still_full = self.full.iter().all(|blossom| {
            let inside = blossom
                .iter()
                .filter(|&&v| repaired[v].is_some_and(|w| blossom.contains(&w)))
                .count();
            inside == blossom.len() - 1
        });
        still_full.then_some(repaired)
    }
}

/// The blossom algorithm's state. Vertices are `0..n`, blossoms `n..2n`; an edge `k` has the
/// endpoints `2k` (its first vertex) and `2k + 1` (its second).
struct Blossom {
    n: usize,
    edges: Vec<(usize, usize, i128)>,
    /// Endpoint `p` → its vertex.
    endpoint: Vec<usize>,
    /// Per vertex, its edges: the remote endpoint, the remote vertex and the weight, side by
    /// side because scanning them is the solve's inner loop.
    neighbours: Vec<Vec<(usize, usize, i128)>>,
    /// Per vertex, the remote endpoint of its matched edge.
    mate: Vec<usize>,
    /// Per vertex or top blossom: 0 free, 1 S (outer), 2 T (inner); 5 marks a scan.
    label: Vec<u8>,
    /// The endpoint through which a labelled vertex or blossom got its label.
    label_end: Vec<usize>,
    /// Per vertex, its top-level blossom (itself when in none).
    in_blossom: Vec<usize>,
    parent: Vec<usize>,
    children: Vec<Vec<usize>>,
    base: Vec<usize>,
    /// The endpoints joining consecutive children (`children[i]` to `children[i + 1]`).
    endpoints: Vec<Vec<usize>>,
    /// Per vertex or blossom, the least-slack edge to an S-blossom.
    best_edge: Vec<usize>,
    /// Per S-blossom, its least-slack edges to other S-blossoms.
    best_edges: Vec<Option<Vec<usize>>>,
    unused: Vec<usize>,
    /// Doubled vertex duals (`0..n`) and doubled blossom duals (`n..2n`).
    dual: Vec<i128>,
    allowed: Vec<bool>,
    queue: Vec<usize>,
}

impl Blossom {
    fn new(weights: &[i128], n: usize) -> Blossom {
        let mut edges = Vec::new();
        for i in 0..n {
            for j in (i + 1)..n {
                let w = weights[i * n + j];
                if w > 0 {
                    edges.push((i, j, w));
                }
            }
        }
        let mut endpoint = Vec::with_capacity(2 * edges.len());
        let mut neighbours = vec![Vec::new(); n];
        for (k, &(i, j, w)) in edges.iter().enumerate() {
            endpoint.push(i);
            endpoint.push(j);
            neighbours[i].push((2 * k + 1, j, w));
            neighbours[j].push((2 * k, i, w));
        }
        let largest = edges.iter().map(|e| e.2).max().unwrap_or(0);
        let mut dual = vec![largest; n];
        dual.extend(std::iter::repeat_n(0, n));
        Blossom {
            n,
            allowed: vec![false; edges.len()],
            edges,
            endpoint,
            neighbours,
            mate: vec![NONE; n],
            label: vec![0; 2 * n],
            label_end: vec![NONE; 2 * n],
            in_blossom: (0..n).collect(),
            parent: vec![NONE; 2 * n],
            children: vec![Vec::new(); 2 * n],
            base: (0..n).chain(std::iter::repeat_n(NONE, n)).collect(),
            endpoints: vec![Vec::new(); 2 * n],
            best_edge: vec![NONE; 2 * n],
            best_edges: vec![None; 2 * n],
            unused: (n..2 * n).collect(),
            dual,
            queue: Vec::new(),
        }
    }

    /// Doubled reduced cost of edge `k`, blossom duals left out (exact between top blossoms).
    fn slack(&self, k: usize) -> i128 {
        let (i, j, w) = self.edges[k];
        self.dual[i] + self.dual[j] - 2 * w
    }

    fn leaves(&self, b: usize, out: &mut Vec<usize>) {
        if b < self.n {
            out.push(b);
        } else {
            for &child in &self.children[b] {
                self.leaves(child, out);
            }
        }
    }

    fn leaves_of(&self, b: usize) -> Vec<usize> {
        let mut out = Vec::new();
        self.leaves(b, &mut out);
        out
    }

    fn assign_label(&mut self, w: usize, t: u8, p: usize) {
        let b = self.in_blossom[w];
        self.label[w] = t;
        self.label[b] = t;
        self.label_end[w] = p;
        self.label_end[b] = p;
        self.best_edge[w] = NONE;
        self.best_edge[b] = NONE;
        if t == 1 {
            let leaves = self.leaves_of(b);
            self.queue.extend(leaves);
        } else {
            let base = self.base[b];
            let mate = self.mate[base];
            self.assign_label(self.endpoint[mate], 1, mate ^ 1);
        }
    }

    /// Follows the alternating trees up from `v` and `w`: the base of the blossom their edge
    /// closes, or `NONE` when it joins two trees (an augmenting path).
    fn scan_blossom(&mut self, mut v: usize, mut w: usize) -> usize {
        let mut path = Vec::new();
        let mut base = NONE;
        while v != NONE || w != NONE {
            let mut b = self.in_blossom[v];
            if self.label[b] & 4 != 0 {
                base = self.base[b];
                break;
            }
            path.push(b);
            self.label[b] = 5;
            if self.label_end[b] == NONE {
                v = NONE;
            } else {
                v = self.endpoint[self.label_end[b]];
                b = self.in_blossom[v];
                v = self.endpoint[self.label_end[b]];
            }
            if w != NONE {
                std::mem::swap(&mut v, &mut w);
            }
        }
        for b in path {
            self.label[b] = 1;
        }
        base
    }

    fn add_blossom(&mut self, base: usize, k: usize) {
        let (mut v, mut w, _) = self.edges[k];
        let bb = self.in_blossom[base];
        let mut bv = self.in_blossom[v];
        let mut bw = self.in_blossom[w];
        let b = self.unused.pop().expect("at most n blossoms");
        self.base[b] = base;
        self.parent[b] = NONE;
        self.parent[bb] = b;
        let mut path = Vec::new();
        let mut ends = Vec::new();
        while bv != bb {
            self.parent[bv] = b;
            path.push(bv);
            ends.push(self.label_end[bv]);
            v = self.endpoint[self.label_end[bv]];
            bv = self.in_blossom[v];
        }
        path.push(bb);
        path.reverse();
        ends.reverse();
        ends.push(2 * k);
        while bw != bb {
            self.parent[bw] = b;
            path.push(bw);
            ends.push(self.label_end[bw] ^ 1);
            w = self.endpoint[self.label_end[bw]];
            bw = self.in_blossom[w];
        }
        self.label[b] = 1;
        self.label_end[b] = self.label_end[bb];
        self.dual[b] = 0;
        for leaf in self.leaves_of_path(&path) {
            if self.label[self.in_blossom[leaf]] == 2 {
                self.queue.push(leaf);
            }
            self.in_blossom[leaf] = b;
        }
        let mut best_to = vec![NONE; 2 * self.n];
        for &child in &path {
            let lists: Vec<Vec<usize>> = match self.best_edges[child].take() {
                Some(list) => vec![list],
                None => self
                    .leaves_of(child)
                    .into_iter()
                    .map(|leaf| self.neighbours[leaf].iter().map(|e| e.0 / 2).collect())
                    .collect(),
            };
            for list in lists {
                for k in list {
                    // The end outside the new blossom.
                    let (i, j, _) = self.edges[k];
                    let j = if self.in_blossom[j] == b { i } else { j };
                    let bj = self.in_blossom[j];
                    if bj != b
                        && self.label[bj] == 1
                        && (best_to[bj] == NONE || self.slack(k) < self.slack(best_to[bj]))
                    {
                        best_to[bj] = k;
                    }
                }
            }
            self.best_edge[child] = NONE;
        }
        let list: Vec<usize> = best_to.into_iter().filter(|&k| k != NONE).collect();
        self.best_edge[b] = NONE;
        for &k in &list {
            if self.best_edge[b] == NONE || self.slack(k) < self.slack(self.best_edge[b]) {
                self.best_edge[b] = k;
            }
        }
        self.best_edges[b] = Some(list);
        self.children[b] = path;
        self.endpoints[b] = ends;
    }

    fn leaves_of_path(&self, path: &[usize]) -> Vec<usize> {
        let mut out = Vec::new();
        for &child in path {
            self.leaves(child, &mut out);
        }
        out
    }

    fn expand_blossom(&mut self, b: usize, end_stage: bool) {
        for s in self.children[b].clone() {
            self.parent[s] = NONE;
            if s < self.n {
                self.in_blossom[s] = s;
            } else if end_stage && self.dual[s] == 0 {
                self.expand_blossom(s, end_stage);
            } else {
                for leaf in self.leaves_of(s) {
                    self.in_blossom[leaf] = s;
                }
            }
        }
        if !end_stage && self.label[b] == 2 {
            let children = self.children[b].clone();
            let ends = self.endpoints[b].clone();
            let len = children.len() as isize;
            let at = |j: isize| -> usize { children[j.rem_euclid(len) as usize] };
            let end_at = |j: isize| -> usize { ends[j.rem_euclid(len) as usize] };
            let entry = self.in_blossom[self.endpoint[self.label_end[b] ^ 1]];
            let mut j = children.iter().position(|&c| c == entry).expect("a child") as isize;
            let (step, trick): (isize, usize) = if j & 1 == 1 {
                j -= len;
                (1, 0)
            } else {
                (-1, 1)
            };
            let mut p = self.label_end[b];
            while j != 0 {
                let q = self.endpoint[p ^ 1];
                self.label[q] = 0;
                let r = self.endpoint[end_at(j - trick as isize) ^ trick ^ 1];
                self.label[r] = 0;
                self.assign_label(q, 2, p);
                self.allowed[end_at(j - trick as isize) / 2] = true;
                j += step;
                p = end_at(j - trick as isize) ^ trick;
                self.allowed[p / 2] = true;
                j += step;
            }
            let bv = at(j);
            let q = self.endpoint[p ^ 1];
            self.label[q] = 2;
            self.label[bv] = 2;
            self.label_end[q] = p;
            self.label_end[bv] = p;
            self.best_edge[bv] = NONE;
            j += step;
            while at(j) != entry {
                let bv = at(j);
                if self.label[bv] == 1 {
                    j += step;
                    continue;
                }
                let labelled = self
                    .leaves_of(bv)
                    .into_iter()
                    .find(|&leaf| self.label[leaf] != 0);
                if let Some(v) = labelled {
                    self.label[v] = 0;
                    let mate_end = self.mate[self.base[bv]];
                    self.label[self.endpoint[mate_end]] = 0;
                    let end = self.label_end[v];
                    self.assign_label(v, 2, end);
                }
                j += step;
            }
        }
        self.label[b] = 0;
        self.label_end[b] = NONE;
        self.children[b].clear();
        self.endpoints[b].clear();
        self.base[b] = NONE;
        self.best_edges[b] = None;
        self.best_edge[b] = NONE;
        self.unused.push(b);
    }

    /// Rotates blossom `b` so that vertex `v` becomes its base, swapping the matched and
    /// unmatched edges on the way.
    fn augment_blossom(&mut self, b: usize, v: usize) {
        let mut t = v;
        while self.parent[t] != b {
            t = self.parent[t];
        }
        if t >= self.n {
            self.augment_blossom(t, v);
        }
        let len = self.children[b].len() as isize;
        let i = self.children[b]
            .iter()
            .position(|&c| c == t)
            .expect("a child") as isize;
        let mut j = i;
        let (step, trick): (isize, usize) = if i & 1 == 1 {
            j -= len;
            (1, 0)
        } else {
            (-1, 1)
        };
        while j != 0 {
            j += step;
            let t = self.children[b][j.rem_euclid(len) as usize];
            let p = self.endpoints[b][(j - trick as isize).rem_euclid(len) as usize] ^ trick;
            if t >= self.n {
                self.augment_blossom(t, self.endpoint[p]);
            }
            j += step;
            let t = self.children[b][j.rem_euclid(len) as usize];
            if t >= self.n {
                self.augment_blossom(t, self.endpoint[p ^ 1]);
            }
            self.mate[self.endpoint[p]] = p ^ 1;
            self.mate[self.endpoint[p ^ 1]] = p;
        }
        self.children[b].rotate_left(i as usize);
        self.endpoints[b].rotate_left(i as usize);
        self.base[b] = self.base[self.children[b][0]];
    }

    fn augment_matching(&mut self, k: usize) {
        let (v, w, _) = self.edges[k];
        for (mut s, mut p) in [(v, 2 * k + 1), (w, 2 * k)] {
            loop {
                let bs = self.in_blossom[s];
                if bs >= self.n {
                    self.augment_blossom(bs, s);
                }
                self.mate[s] = p;
                if self.label_end[bs] == NONE {
                    break;
                }
                let t = self.endpoint[self.label_end[bs]];
                let bt = self.in_blossom[t];
                s = self.endpoint[self.label_end[bt]];
                let j = self.endpoint[self.label_end[bt] ^ 1];
                if bt >= self.n {
                    self.augment_blossom(bt, j);
                }
                self.mate[j] = self.label_end[bt];
                p = self.label_end[bt] ^ 1;
            }
        }
    }

    fn solve(&mut self) {
        let n = self.n;
        for _ in 0..n {
            self.label.iter_mut().for_each(|l| *l = 0);
            self.best_edge.iter_mut().for_each(|e| *e = NONE);
            for b in n..2 * n {
                self.best_edges[b] = None;
            }
            self.allowed.iter_mut().for_each(|a| *a = false);
            self.queue.clear();
            for v in 0..n {
                if self.mate[v] == NONE && self.label[self.in_blossom[v]] == 0 {
                    self.assign_label(v, 1, NONE);
                }
            }
            let mut augmented = false;
            loop {
                while let Some(v) = (!augmented).then(|| self.queue.pop()).flatten() {
                    for index in 0..self.neighbours[v].len() {
                        let (p, w, weight) = self.neighbours[v][index];
                        let k = p / 2;
                        if self.in_blossom[v] == self.in_blossom[w] {
                            continue;
                        }
                        let mut k_slack = 0;
                        if !self.allowed[k] {
                            k_slack = self.dual[v] + self.dual[w] - 2 * weight;
                            if k_slack <= 0 {
                                self.allowed[k] = true;
                            }
                        }
                        let bw = self.in_blossom[w];
                        if self.allowed[k] {
                            if self.label[bw] == 0 {
                                self.assign_label(w, 2, p ^ 1);
                            } else if self.label[bw] == 1 {
                                let base = self.scan_blossom(v, w);
                                if base != NONE {
                                    self.add_blossom(base, k);
                                } else {
                                    self.augment_matching(k);
                                    augmented = true;
                                    break;
                                }
                            } else if self.label[w] == 0 {
                                self.label[w] = 2;
                                self.label_end[w] = p ^ 1;
                            }
                        } else if self.label[bw] == 1 {
                            let b = self.in_blossom[v];
                            if self.best_edge[b] == NONE || k_slack < self.slack(self.best_edge[b])
                            {
                                self.best_edge[b] = k;
                            }
                        } else if self.label[w] == 0
                            && (self.best_edge[w] == NONE
                                || k_slack < self.slack(self.best_edge[w]))
                        {
                            self.best_edge[w] = k;
                        }
                    }
                }
                if augmented {
                    break;
                }
                // The dual change: the largest step keeping every slack non-negative.
                let mut delta_type = 1;
                let mut delta = self.dual[..n].iter().copied().min().unwrap_or(0);
                let mut delta_edge = NONE;
                let mut delta_blossom = NONE;
                for v in 0..n {
                    if self.label[self.in_blossom[v]] == 0 && self.best_edge[v] != NONE {
                        let d = self.slack(self.best_edge[v]);
                        if d < delta {
                            delta = d;
                            delta_type = 2;
                            delta_edge = self.best_edge[v];
                        }
                    }
                }
                for b in 0..2 * n {
                    if self.parent[b] == NONE
                        && self.label[b] == 1
                        && self.best_edge[b] != NONE
                        && (b < n || self.base[b] != NONE)
                    {
                        let slack = self.slack(self.best_edge[b]);
                        debug_assert_eq!(slack % 2, 0);
                        let d = slack / 2;
                        if d < delta {
                            delta = d;
                            delta_type = 3;
                            delta_edge = self.best_edge[b];
                        }
                    }
                }
                for b in n..2 * n {
                    if self.base[b] != NONE
                        && self.parent[b] == NONE
                        && self.label[b] == 2
                        && self.dual[b] < delta
                    {
                        delta = self.dual[b];
                        delta_type = 4;
                        delta_blossom = b;
                    }
                }
                for v in 0..n {
                    match self.label[self.in_blossom[v]] {
                        1 => self.dual[v] -= delta,
                        2 => self.dual[v] += delta,
                        _ => {}
                    }
                }
                for b in n..2 * n {
                    if self.base[b] != NONE && self.parent[b] == NONE {
                        match self.label[b] {
                            1 => self.dual[b] += delta,
                            2 => self.dual[b] -= delta,
                            _ => {}
                        }
                    }
                }
                match delta_type {
                    1 => break,
                    2 => {
                        self.allowed[delta_edge] = true;
                        let (mut i, j, _) = self.edges[delta_edge];
                        if self.label[self.in_blossom[i]] == 0 {
                            i = j;
                        }
                        self.queue.push(i);
                    }
                    3 => {
                        self.allowed[delta_edge] = true;
                        let (i, _, _) = self.edges[delta_edge];
                        self.queue.push(i);
                    }
                    _ => self.expand_blossom(delta_blossom, false),
                }
            }
            if !augmented {
                break;
            }
            for b in n..2 * n {
                if self.parent[b] == NONE
                    && self.base[b] != NONE
                    && self.label[b] == 1
                    && self.dual[b] == 0
                {
                    self.expand_blossom(b, true);
                }
            }
        }
    }

    /// The mates, as vertex indices.
    fn mates(&self) -> Vec<Option<usize>> {
        self.mate
            .iter()
            .map(|&p| (p != NONE).then(|| self.endpoint[p]))
            .collect()
    }

    /// Each vertex's blossoms, outermost first.
    fn chains(&self) -> Vec<Vec<usize>> {
        (0..self.n)
            .map(|v| {
                let mut chain = Vec::new();
                let mut b = self.parent[v];
                while b != NONE {
                    chain.push(b);
                    b = self.parent[b];
                }
                chain.reverse();
                chain
            })
            .collect()
    }

    /// The doubled reduced cost of edge `k` with the duals of every blossom holding both ends
    /// (`chains` from [`Blossom::chains`]): the blossoms the two chains start with.
    fn full_slack(&self, k: usize, chains: &[Vec<usize>]) -> i128 {
        let (i, j, _) = self.edges[k];
        let shared: i128 = chains[i]
            .iter()
            .zip(&chains[j])
            .take_while(|(a, b)| a == b)
            .map(|(&b, _)| 2 * self.dual[b])
            .sum();
        self.slack(k) + shared
    }

    fn tight_edges(&self) -> TightEdges {
        let chains = self.chains();
        let mut tight = vec![Vec::new(); self.n];
        for k in 0..self.edges.len() {
            if self.full_slack(k, &chains) == 0 {
                let (i, j, _) = self.edges[k];
                tight[i].push(j);
                tight[j].push(i);
            }
        }
        let full = (self.n..2 * self.n)
            .filter(|&b| self.base[b] != NONE && self.dual[b] > 0)
            .map(|b| self.leaves_of(b))
            .collect();
        TightEdges {
            must_match: self.dual[..self.n].iter().map(|&d| d > 0).collect(),
            tight,
            full,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::rng::Rng;

    /// A random graph: each pair an edge with `density` percent chance, of weight 1..=`spread`.
    fn random_weights(n: usize, seed: u64, spread: i128, density: u64) -> Vec<i128> {
        let mut rng = Rng::new(seed);
        let mut weights = vec![0; n * n];
        for i in 0..n {
            for j in (i + 1)..n {
                if (rng.below(100) as u64) < density {
                    let w = 1 + (rng.next_u64() % spread as u64) as i128;
                    weights[i * n + j] = w;
                    weights[j * n + i] = w;
                }
            }
        }
        weights
    }

    fn total(weights: &[i128], n: usize, mates: &[Option<usize>]) -> i128 {
        (0..n)
            .filter_map(|a| mates[a].filter(|&b| a < b).map(|b| weights[a * n + b]))
            .sum()
    }

    /// The same best weight as the matching crate, and duals that certify it: every slack
    /// non-negative, matched edges tight, unmatched vertices' duals zero.
    #[test]
    fn matches_the_crate_and_its_duals_certify_optimality() {
        for seed in 0..400 {
            let n = 2 + (seed as usize % 23);
            let spread = [3, 10, 1_000, 1 << 40][seed as usize % 4];
            let density = [30, 60, 100][seed as usize % 3];
            let weights = random_weights(n, seed, spread, density);
            let mut solver = Blossom::new(&weights, n);
            solver.solve();
            let mates = solver.mates();
            let expected = integer_blossom::max_weight_matching(&weights, n);
            assert_eq!(
                total(&weights, n, &mates),
                total(&weights, n, &expected),
                "seed {seed}"
            );
            for (v, mate) in mates.iter().enumerate() {
                if let Some(w) = *mate {
                    assert_eq!(mates[w], Some(v), "seed {seed}");
                }
                assert!(solver.dual[v] >= 0, "seed {seed}");
                if mate.is_none() {
                    assert_eq!(solver.dual[v], 0, "seed {seed}: a free vertex's dual");
                }
            }
            let chains = solver.chains();
            for k in 0..solver.edges.len() {
                let (i, j, _) = solver.edges[k];
                let slack = solver.full_slack(k, &chains);
                assert!(slack >= 0, "seed {seed}: edge {i}-{j} slack {slack}");
                if mates[i] == Some(j) {
                    assert_eq!(slack, 0, "seed {seed}: matched edge {i}-{j}");
                }
            }
        }
    }

    /// Forbidding edges: whenever the best weight survives, the tight-edge test said it may;
    /// a matching repaired without a solve is a best one, within the mask.
    #[test]
    fn a_reachable_best_weight_is_never_ruled_out() {
        let (mut ruled_out, mut repairs) = (0, 0);
        for seed in 0..300u64 {
            let n = 4 + (seed as usize % 15);
            let weights = random_weights(n, seed + 1_000, [4, 50][seed as usize % 2], 70);
            let best = total(
                &weights,
                n,
                &integer_blossom::max_weight_matching(&weights, n),
            );
            let (in_hand, tight) = TightEdges::solve(&weights, n);
            for a in 0..n {
                // Forbid every edge of `a` but those to vertices below `a` (a D.1-like probe).
                let allowed = |x: usize, y: usize| (x != a && y != a) || x.min(y) < a;
                let mut masked = weights.clone();
                for x in 0..n {
                    for y in 0..n {
                        if !allowed(x, y) {
                            masked[x * n + y] = 0;
                        }
                    }
                }
                let reached = total(
                    &masked,
                    n,
                    &integer_blossom::max_weight_matching(&masked, n),
                );
                if reached == best {
                    assert!(tight.may_reach(allowed), "seed {seed}, vertex {a}");
                } else if !tight.may_reach(allowed) {
                    ruled_out += 1;
                }
                // A repaired matching is a best one, and allowed.
                if let Some(repaired) = tight.repair(&in_hand, allowed) {
                    repairs += 1;
                    assert_eq!(reached, best, "seed {seed}, vertex {a}");
                    assert_eq!(
                        total(&weights, n, &repaired),
                        best,
                        "seed {seed}, vertex {a}"
                    );
                    for (x, mate) in repaired.iter().enumerate() {
                        if let Some(y) = *mate {
                            assert_eq!(repaired[y], Some(x));
                            assert!(allowed(x, y), "seed {seed}, vertex {a}: {x}-{y}");
                        }
                    }
                }
            }
        }
        // The test must also rule questions out, or it saves nothing.
        assert!(ruled_out > 100, "ruled out {ruled_out}");
        assert!(repairs > 50, "repaired {repairs}");
    }
}
