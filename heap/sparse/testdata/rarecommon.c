/*
 * rarecommon.c: a single-threaded C baseline of package sparse's
 * rare/common ("sparse space") algorithm, for the benchmark in
 * bench.sh (not built by go test). Written for this repository from the
 * description in docs/sequences.md; it shares no code with another
 * project.
 *
 *   gcc -O2 -o rarecommon rarecommon.c
 *   ./rarecommon CODE N        CODE: grundy-game, or an octal code such as 0.6
 *   ./rarecommon --crc FILE    the checksum of a `grundy table --format bin` file
 *
 * It computes G(0..N) and prints the CRC-64/ECMA checksum of the values as
 * little-endian uint16 (the checksum `grundy table` and sparse.Checksum
 * print), the largest value and the time of the computation.
 *
 * The algorithm, as the Go engine's serial form: a mask m makes a value v
 * rare when popcount(v & m) is even. For each heap x: mark the options that
 * leave at most one heap and the pairs (p, m-p) with p rare (p in R, the
 * rare heap sizes); c is the least common value not marked; the rare values
 * below c not marked are the wanted ones; scan every pair in chunks of 32
 * doubling to 256 until none is wanted. G(x) is c or the least wanted value
 * left. The mask is re-chosen at heap sizes 64, 128, ..., 4096 and at every
 * multiple of 4096 by a Walsh-Hadamard transform of the histogram, and
 * changed when the best mask has at most 7/8 of the current rare count:
 * the Go engine's schedule, so both do the same work.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static int distinct;           /* parts of a split must differ (Grundy's game) */
static int ndig;               /* digits d0..d(ndig-1) */
static uint8_t dig[4096];
static int leave0[4096], n0;   /* k with bit 1: take all k */
static int leave1[4096], n1;   /* k >= 1 with bit 2: leave one heap */
static int leave2[4096], n2;   /* k with bit 4: leave two heaps, ascending */

static uint16_t *g;
static uint8_t seen[1 << 16];
static uint8_t rareval[1 << 16]; /* rareval[v]: v is rare under the mask */
static uint16_t mask;
static int64_t *rpos;             /* rare heap sizes p >= 1, ascending */
static uint16_t *rval;
static int64_t nrare, caprare;
static int64_t hist[1 << 16];
static uint16_t maxv;
static uint16_t want[1 << 16];

static int parity16(unsigned v) { return __builtin_popcount(v) & 1; }

static int digitval(char c) {
	if (c >= '0' && c <= '9') return c - '0';
	if (c >= 'a' && c <= 'f') return c - 'a' + 10;
	if (c >= 'A' && c <= 'F') return c - 'A' + 10;
	return -1;
}

static void parse(const char *code) {
	if (strcmp(code, "grundy-game") == 0) {
		ndig = 1, dig[0] = 4, distinct = 1;
		return;
	}
	if (strncmp(code, "octal:", 6) == 0) code += 6;
	const char *dot = strchr(code, '.');
	if (!dot) { fprintf(stderr, "bad code %s\n", code); exit(2); }
	dig[0] = (uint8_t)digitval(code[0]);
	ndig = 1;
	for (const char *c = dot + 1; *c; c++) dig[ndig++] = (uint8_t)digitval(*c);
	for (int k = 0; k < ndig; k++)
		if (dig[k] & 8) { fprintf(stderr, "three-heap codes are not in the baseline\n"); exit(2); }
}

static void setmask(uint16_t m, int64_t n) {
	mask = m;
	for (int v = 0; v < 1 << 16; v++) rareval[v] = !parity16(v & m);
	nrare = 0;
	for (int64_t p = 1; p < n; p++)
		if (rareval[g[p]]) rpos[nrare] = p, rval[nrare] = g[p], nrare++;
}

/* choose re-evaluates the mask on the histogram of g[1..n-1]. */
static void choose(int64_t n) {
	int size = 2;
	while (size <= maxv) size *= 2;
	static int64_t w[1 << 16];
	int64_t total = 0;
	for (int v = 0; v < size; v++) w[v] = hist[v], total += hist[v];
	for (int h = 1; h < size; h *= 2)
		for (int i = 0; i < size; i += 2 * h)
			for (int j = i; j < i + h; j++) {
				int64_t x = w[j], y = w[j + h];
				w[j] = x + y, w[j + h] = x - y;
			}
	int best = 1;
	for (int m = 2; m < size; m++)
		if (w[m] < w[best]) best = m;
	int64_t rare = (total + w[best]) / 2;
	if (best != mask && rare * 8 <= nrare * 7) setmask((uint16_t)best, n);
}

static uint64_t crctab[256];

static uint64_t crc64(const uint16_t *v, int64_t count) {
	for (int i = 0; i < 256; i++) {
		uint64_t c = (uint64_t)i;
		for (int j = 0; j < 8; j++) c = c & 1 ? (c >> 1) ^ 0xC96C5795D7870F42ULL : c >> 1;
		crctab[i] = c;
	}
	uint64_t crc = ~0ULL;
	for (int64_t i = 0; i < count; i++) {
		uint8_t b0 = v[i] & 0xFF, b1 = v[i] >> 8;
		crc = crctab[(crc ^ b0) & 0xFF] ^ (crc >> 8);
		crc = crctab[(crc ^ b1) & 0xFF] ^ (crc >> 8);
	}
	return ~crc;
}

/* crcfile prints the CRC-64/ECMA of a file's bytes (a `--format bin` table). */
static int crcfile(const char *path) {
	FILE *f = fopen(path, "rb");
	if (!f) { perror(path); return 1; }
	fseek(f, 0, SEEK_END);
	long size = ftell(f);
	fseek(f, 0, SEEK_SET);
	uint16_t *v = malloc((size_t)size + 2);
	if (fread(v, 1, (size_t)size, f) != (size_t)size) { perror(path); return 1; }
	fclose(f);
	printf("%016llx\n", (unsigned long long)crc64(v, size / 2));
	return 0;
}

int main(int argc, char **argv) {
	if (argc == 3 && strcmp(argv[1], "--crc") == 0) return crcfile(argv[2]);
	if (argc != 3) { fprintf(stderr, "usage: rarecommon CODE N | rarecommon --crc FILE\n"); return 2; }
	parse(argv[1]);
	int64_t N = atoll(argv[2]);
	for (int k = 0; k < ndig; k++) {
		if (dig[k] & 1) leave0[n0++] = k;
		if ((dig[k] & 2) && k >= 1) leave1[n1++] = k;
		if (dig[k] & 4) leave2[n2++] = k;
	}
	g = calloc((size_t)N + 1, 2);
	caprare = N + 1;
	rpos = malloc(sizeof *rpos * (size_t)caprare);
	rval = malloc(sizeof *rval * (size_t)caprare);
	struct timespec t0, t1;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	setmask(1, 1);
	int64_t nextmask = 64, ops = 0;
	int span = 1; /* least power of two above every value so far */
	for (int64_t x = 1; x <= N; x++) {
		if (x == nextmask) {
			choose(x);
			nextmask = nextmask < 4096 ? 2 * nextmask : nextmask + 4096;
		}
		memset(seen, 0, (size_t)span);
		for (int i = 0; i < n0; i++)
			if (leave0[i] == x) seen[0] = 1;
		for (int i = 0; i < n1; i++)
			if (leave1[i] < x) seen[g[x - leave1[i]]] = 1;
		for (int i = 0; i < n2; i++) {
			int64_t m = x - leave2[i];
			if (m < 2) break;
			for (int64_t j = 0; j < nrare && rpos[j] < m; j++) {
				int64_t p = rpos[j];
				if (distinct && 2 * p == m) continue;
				seen[rval[j] ^ g[m - p]] = 1;
			}
			ops += nrare;
		}
		int c = 0;
		while (c < span && (seen[c] || rareval[c])) c++;
		int nw = 0;
		for (int v = 0; v < c; v++)
			if (!seen[v] && rareval[v]) want[nw++] = (uint16_t)v;
		for (int i = 0; i < n2 && nw > 0; i++) {
			int64_t m = x - leave2[i];
			if (m < 2) break;
			int64_t half = m / 2;
			if (distinct && m % 2 == 0) half--;
			int64_t chunk = 32;
			for (int64_t a = 1; a <= half && nw > 0;) {
				int64_t end = a + chunk < half + 1 ? a + chunk : half + 1;
				chunk = chunk < 256 ? 2 * chunk : 256;
				for (int64_t b = a; b < end; b++) seen[g[b] ^ g[m - b]] = 1;
				ops += end - a;
				a = end;
				int j = 0;
				for (int k = 0; k < nw; k++)
					if (!seen[want[k]]) want[j++] = want[k];
				nw = j;
			}
		}
		int v = c;
		for (int k = 0; k < nw; k++)
			if (want[k] < v) v = want[k];
		if (v > 0xFFFF) { fprintf(stderr, "G(%lld) does not fit in 16 bits\n", (long long)x); return 1; }
		g[x] = (uint16_t)v;
		hist[v]++;
		if (v > maxv) maxv = (uint16_t)v;
		while (span <= maxv) span *= 2;
		if (rareval[v]) rpos[nrare] = x, rval[nrare] = (uint16_t)v, nrare++;
	}
	clock_gettime(CLOCK_MONOTONIC, &t1);
	double secs = (double)(t1.tv_sec - t0.tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0.tv_nsec);
	printf("%s to %lld: checksum %016llx, max %u, rare %lld (mask %u), work/value %.0f, %.3f s, %.0f values/s\n",
	       argv[1], (long long)N, (unsigned long long)crc64(g, N + 1), maxv, (long long)nrare, mask,
	       (double)ops / (double)N, secs, (double)N / secs);
	return 0;
}
