package pairing

// This file decides whether a set of players can all be paired (C4): a
// maximum-cardinality matching by Edmonds' blossom algorithm on the graph
// of pairs allowed by C1 and C3. An odd set is completed by a dummy vertex
// joined to the players who may take the PAB.

// cardMatch finds a maximum matching of the graph on vertices 0..n-1 with
// adjacency adj, starting from mate (-1 for free; a greedy start is made
// if mate is nil). It returns the mates.
func cardMatch(n int, adj func(i, j int) bool, mate []int) []int {
	if mate == nil {
		mate = make([]int, n)
		for i := range mate {
			mate[i] = -1
		}
		for i := 0; i < n; i++ {
			if mate[i] >= 0 {
				continue
			}
			for j := i + 1; j < n; j++ {
				if mate[j] < 0 && adj(i, j) {
					mate[i], mate[j] = j, i
					break
				}
			}
		}
	}
	cm := &cardMatcher{n: n, adj: adj, mate: mate,
		parent: make([]int, n), base: make([]int, n), used: make([]bool, n),
		blossom: make([]bool, n), mark: make([]bool, n), queue: make([]int, 0, n)}
	for v := 0; v < n; v++ {
		if cm.mate[v] < 0 {
			cm.augmentFrom(v)
		}
	}
	return cm.mate
}

type cardMatcher struct {
	n       int
	adj     func(i, j int) bool
	mate    []int
	parent  []int
	base    []int
	used    []bool
	blossom []bool
	mark    []bool
	queue   []int
}

func (c *cardMatcher) lca(a, b int) int {
	for i := range c.mark {
		c.mark[i] = false
	}
	for {
		a = c.base[a]
		c.mark[a] = true
		if c.mate[a] < 0 {
			break
		}
		a = c.parent[c.mate[a]]
	}
	for {
		b = c.base[b]
		if c.mark[b] {
			return b
		}
		b = c.parent[c.mate[b]]
	}
}

func (c *cardMatcher) markPath(v, b, child int) {
	for c.base[v] != b {
		c.blossom[c.base[v]], c.blossom[c.base[c.mate[v]]] = true, true
		c.parent[v] = child
		child = c.mate[v]
		v = c.parent[c.mate[v]]
	}
}

// augmentFrom searches an augmenting path from free vertex root and flips
// it. It reports whether one was found.
func (c *cardMatcher) augmentFrom(root int) bool {
	for i := 0; i < c.n; i++ {
		c.used[i] = false
		c.parent[i] = -1
		c.base[i] = i
	}
	c.used[root] = true
	c.queue = append(c.queue[:0], root)
	for h := 0; h < len(c.queue); h++ {
		v := c.queue[h]
		for to := 0; to < c.n; to++ {
			if to == v || c.base[v] == c.base[to] || c.mate[v] == to || !c.adj(v, to) {
				continue
			}
			if to == root || c.mate[to] >= 0 && c.parent[c.mate[to]] >= 0 {
				cur := c.lca(v, to)
				for i := range c.blossom {
					c.blossom[i] = false
				}
				c.markPath(v, cur, to)
				c.markPath(to, cur, v)
				for i := 0; i < c.n; i++ {
					if c.blossom[c.base[i]] {
						c.base[i] = cur
						if !c.used[i] {
							c.used[i] = true
							c.queue = append(c.queue, i)
						}
					}
				}
			} else if c.parent[to] < 0 {
				c.parent[to] = v
				if c.mate[to] < 0 {
					// Flip the path ending at to.
					for u := to; u >= 0; {
						pv := c.parent[u]
						ppv := c.mate[pv]
						c.mate[u], c.mate[pv] = pv, u
						u = ppv
					}
					return true
				}
				c.used[c.mate[to]] = true
				c.queue = append(c.queue, c.mate[to])
			}
		}
	}
	return false
}

// perfect reports whether every vertex is matched.
func perfect(mate []int) bool {
	for _, m := range mate {
		if m < 0 {
			return false
		}
	}
	return true
}
