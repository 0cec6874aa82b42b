"""An independent count of connected grounded Hackenbush pictures, for tests/census_graphs.rs.

Plain Python, brute force, nothing shared with the Rust enumeration: for every number v of nodes
above the ground, every multiset of n edges between the nodes 0 (the ground) .. v — loops and
parallel edges included — that uses every node and reaches the ground is a picture; two are the
same when a permutation of the nodes 1..v maps one edge multiset onto the other. Uncoloured
shapes first (the least edge list over all permutations), then each shape's colourings up to the
shape's automorphisms (an isomorphism between two colourings of one labelled shape is an
automorphism of the shape).

Usage: python3 graphs_oracle.py MAX_EDGES COLOURS   (COLOURS: letters, e.g. LR or LRG)
Prints one line per edge count: n, pictures, forests among them, single trees among them.
"""

import itertools
import sys


def connected(v, edges):
    parent = list(range(v + 1))

    def find(x):
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for a, b in edges:
        parent[find(a)] = find(b)
    return all(find(x) == find(0) for x in range(v + 1))


def relabel(perm, edges):
    return tuple(sorted((min(perm[a], perm[b]), max(perm[a], perm[b])) for a, b in edges))


def shapes(n):
    """Every uncoloured picture of n edges, once: (v, its least edge list, its automorphisms)."""
    out = []
    for v in range(0, n + 1):
        types = [(a, b) for a in range(v + 1) for b in range(a, v + 1)]
        perms = [(0,) + p for p in itertools.permutations(range(1, v + 1))]
        seen = set()
        for edges in itertools.combinations_with_replacement(types, n):
            used = set()
            for a, b in edges:
                used.add(a)
                used.add(b)
            if len(used | {0}) != v + 1 or not connected(v, edges):
                continue
            least = min(relabel(p, edges) for p in perms)
            if least in seen:
                continue
            seen.add(least)
            autos = [p for p in perms if relabel(p, least) == least]
            out.append((v, least, autos))
    return out


def acyclic(v, edges):
    # Connected with v + 1 nodes: a forest standing on the ground exactly when it has v edges.
    return len(edges) == v


def main():
    max_edges = int(sys.argv[1])
    colours = sys.argv[2]
    for n in range(1, max_edges + 1):
        total = forests = trees = 0
        for v, edges, autos in shapes(n):
            seen = set()
            for colouring in itertools.product(colours, repeat=n):
                coloured = list(zip(edges, colouring))
                least = min(
                    tuple(sorted((min(p[a], p[b]), max(p[a], p[b]), c) for (a, b), c in coloured))
                    for p in autos
                )
                seen.add(least)
            total += len(seen)
            if acyclic(v, edges):
                forests += len(seen)
                if sum(1 for a, b in edges if a == 0) == 1:
                    trees += len(seen)
        print(n, total, forests, trees)


if __name__ == "__main__":
    main()
