"""The seeds' way (seed 002): a memoized SG() over next_states, in Python.

Computes the Grundy values of subtract:1,3,4 for heaps 0..N and prints G(N),
as the baseline that docs/PERFORMANCE.md compares grundy with. Heaps are
valued in increasing order so the recursion stays shallow.

usage: python3 bench/sg_subtract.py N
"""
import sys
import time

S = (1, 3, 4)
mem = {}


def next_states(a):
    return [a - s for s in S if s <= a]


def mex(values):
    i = 0
    while i in values:
        i += 1
    return i


def SG(a):
    if a not in mem:
        mem[a] = mex(set(SG(b) for b in next_states(a)))
    return mem[a]


def main():
    n = int(sys.argv[1])
    start = time.perf_counter()
    for a in range(n + 1):
        SG(a)
    elapsed = time.perf_counter() - start
    print(f"G({n}) = {SG(n)}  states={n + 1}  seconds={elapsed:.3f}  states/s={(n + 1) / elapsed:.3g}")


if __name__ == "__main__":
    main()
