/* suit_values.c: val of every symmetric single suit with up to N cards a hand, by the
 * recursion of whistgui/engine/games/whist/evaluator.py (Evaluator._compute), written plainly in C.
 * It is the yardstick of benchmarks/bench_tables.py, not part of the program.
 *
 *   cc -O2 -o suit_values suit_values.c && ./suit_values N [DUMP]
 *
 * A suit is its pattern: bit k of a mask is 1 when West holds the k-th lowest card. The
 * patterns of m cards a hand are visited in increasing order of their masks (Gosper's hack),
 * so a pattern's index is its colex rank, sum over West's cards of C(position, k), k = 1, 2, ...
 * For each pattern: one West card and one East card per run (the top of each run), the
 * reduction's rank by two table look-ups, its value from the level below, alpha labeled with
 * the trick's winner; maxmin = max of row minima, minmax = min of column maxima; val = the
 * simplest value between them (a port of Bounds.simplest on integer keys, memoized by pair).
 *
 * Keys are those of whistgui/engine/games/whist/keys.py: a value q + x (x the infinitesimal at
 * chain position pos) has key q * 2^42 * 329 + pos + 164, a labeled value (P, v) has
 * 2 * key(v) + bit, bit = 1 for (E, number) and (W, non-number). Exact for up to 40 cards.
 *
 * Output: for each m, a line "level m patterns seconds distinct checksum", the checksum being
 * the sum of the value keys of all patterns of m cards modulo 2^64; with DUMP = K, also
 * "value m rank key" for every pattern of m <= K cards. A line "total seconds" ends it.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define SCALE_BITS 42
#define POS_BOUND 164
#define POS_SPAN (2 * POS_BOUND + 1)
#define MAXN 16

typedef int64_t vk_t;

static const vk_t SCALE = (vk_t)1 << SCALE_BITS;
static const vk_t ONE = ((vk_t)1 << SCALE_BITS) * POS_SPAN; /* one trick */

static uint64_t binom[2 * MAXN + 2][2 * MAXN + 2];

/* ---- values and labeled values as keys ------------------------------------------------- */
static vk_t vkey(vk_t scaled, int pos) { return scaled * POS_SPAN + pos + POS_BOUND; }
static vk_t lkey(int east, vk_t scaled, int pos) {
    int bit = (east != 0) == (pos == 0);
    return 2 * vkey(scaled, pos) + bit;
}
static void decode(vk_t lk, vk_t *scaled, int *pos) {
    vk_t v = lk >> 1; /* keys are never negative */
    *scaled = v / POS_SPAN;
    *pos = (int)(v % POS_SPAN) - POS_BOUND;
}

/* Bounds.in_left / in_right / in_interval for the value scaled + (pos) */
static int in_interval(vk_t maxmin, vk_t minmax, vk_t s, int pos) {
    int left = maxmin >= lkey(1, s, 0) && (pos == 0 || minmax >= lkey(0, s, pos));
    if (left) return 0;
    int right = minmax <= lkey(0, s, 0) && (pos == 0 || maxmin <= lkey(1, s, pos));
    return !right;
}

static vk_t denominator(vk_t s) {
    if (s == 0) return 1;
    vk_t d = SCALE;
    while (s % 2 == 0 && d > 1) { s /= 2; d /= 2; }
    return d;
}

static vk_t floordiv(vk_t a, vk_t b) { vk_t q = a / b; return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q; }

/* Bounds.simplest: the value key (vkey) of the simplest element of I(D). */
static vk_t simplest(vk_t maxmin, vk_t minmax) {
    vk_t a, b;
    int pa, pb;
    decode(maxmin, &a, &pa);
    decode(minmax, &b, &pb);
    vk_t da = denominator(a), db = denominator(b);
    vk_t top = da > db ? da : db;
    if (top < 2) top = 2;
    top *= 2;
    for (vk_t den = 2; den <= top; den *= 2) {
        vk_t step = SCALE / den;
        vk_t lo = -floordiv(-a, step), hi = floordiv(b, step);
        int found = 0;
        vk_t best = 0;
        for (vk_t m = lo; m <= hi; m++) {
            if (den != 2 && m % 2 == 0) continue;
            if (in_interval(maxmin, minmax, m * step, 0)) {
                found++;
                best = vkey(m * step, 0);
            }
        }
        if (found == 1) return best;
        if (found > 1) { fprintf(stderr, "two simplest numbers\n"); exit(2); }
    }
    if (a == b) {
        int window = (pa < 0 ? -pa : pa);
        int w2 = (pb < 0 ? -pb : pb);
        if (w2 > window) window = w2;
        window += 3;
        for (int k = 0; k <= window; k++) {
            int plus = in_interval(maxmin, minmax, a, k + 1);
            int minus = in_interval(maxmin, minmax, a, -(k + 1));
            if (plus && minus) { fprintf(stderr, "two simplest infinitesimals\n"); exit(2); }
            if (plus) return vkey(a, k + 1);
            if (minus) return vkey(a, -(k + 1));
        }
    }
    fprintf(stderr, "I(D) is empty or fuzzy for %lld %lld\n", (long long)maxmin, (long long)minmax);
    exit(2);
}

/* memo of simplest() by (maxmin, minmax): open addressing */
#define MEMO_BITS 16
static vk_t memo_a[1 << MEMO_BITS], memo_b[1 << MEMO_BITS], memo_v[1 << MEMO_BITS];
static char memo_used[1 << MEMO_BITS];
static vk_t simplest_memo(vk_t a, vk_t b) {
    uint64_t h = ((uint64_t)a * 0x9E3779B97F4A7C15ULL) ^ ((uint64_t)b * 0xC2B2AE3D27D4EB4FULL);
    size_t i = (size_t)(h >> (64 - MEMO_BITS));
    while (memo_used[i]) {
        if (memo_a[i] == a && memo_b[i] == b) return memo_v[i];
        i = (i + 1) & ((1 << MEMO_BITS) - 1);
    }
    memo_used[i] = 1;
    memo_a[i] = a;
    memo_b[i] = b;
    memo_v[i] = simplest(a, b);
    return memo_v[i];
}

/* ---- colex ranks by two look-ups: the low H bits and the high bits ------------------------ */
static int H;
static uint32_t *rank_low;  /* [1 << H] */
static uint32_t *rank_high; /* [(1 << H) * (H + 1)]: high part h with c West cards below */
static uint8_t *ones_low;   /* [1 << H]: West cards in the low part (no popcount instruction
                               is assumed: plain cc -O2 makes __builtin_popcount a call) */

static void rank_tables(int bits) {
    H = (bits + 1) / 2;
    rank_low = malloc(sizeof(uint32_t) << H);
    rank_high = malloc((sizeof(uint32_t) << H) * (H + 1));
    ones_low = malloc((size_t)1 << H);
    for (uint32_t v = 0; v < (1u << H); v++) {
        uint64_t r = 0;
        int k = 0;
        for (int p = 0; p < H; p++)
            if (v >> p & 1) r += binom[p][++k];
        rank_low[v] = (uint32_t)r;
        ones_low[v] = (uint8_t)k;
        for (int c = 0; c <= H; c++) {
            uint64_t s = 0;
            int j = c;
            for (int p = 0; p < H; p++)
                if (v >> p & 1) s += binom[p + H][++j];
            rank_high[(size_t)v * (H + 1) + c] = (uint32_t)s;
        }
    }
}

static inline uint32_t colex_rank(uint64_t y) {
    uint32_t lo = (uint32_t)(y & ((1u << H) - 1));
    return rank_low[lo] + rank_high[(size_t)(y >> H) * (H + 1) + ones_low[lo]];
}

static inline uint64_t remove_two(uint64_t x, int lo, int hi) {
    uint64_t below = (1ULL << lo) - 1, mid = ((1ULL << (hi - 1)) - 1) & ~below;
    return (x & below) | ((x >> 1) & mid) | ((x >> 2) & ~((1ULL << (hi - 1)) - 1));
}

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

int main(int argc, char **argv) {
    if (argc < 2) { fprintf(stderr, "usage: %s N [DUMP]\n", argv[0]); return 1; }
    int n = atoi(argv[1]);
    int dump = argc > 2 ? atoi(argv[2]) : 0;
    if (n < 1 || n > MAXN - 1) { fprintf(stderr, "N must be 1..%d\n", MAXN - 1); return 1; }
    for (int i = 0; i < 2 * MAXN + 2; i++) {
        binom[i][0] = 1;
        for (int j = 1; j <= i; j++) binom[i][j] = binom[i - 1][j - 1] + (j < i ? binom[i - 1][j] : 0);
    }
    rank_tables(2 * n - 2 > 2 ? 2 * n - 2 : 2);
    double t_start = now();
    /* level 0: the empty suit, value 0; K2 = 2 * vkey + (is number) */
    vk_t *prev = malloc(sizeof(vk_t));
    prev[0] = 2 * vkey(0, 0) + 1;
    for (int m = 1; m <= n; m++) {
        double t0 = now();
        int L = 2 * m;
        uint64_t count = binom[L][m];
        vk_t *cur = malloc(sizeof(vk_t) * count);
        uint64_t full = (L == 64) ? ~0ULL : ((1ULL << L) - 1), topbit = 1ULL << (L - 1);
        uint64_t x = (1ULL << m) - 1, checksum = 0;
        int wpos[MAXN], epos[MAXN];
        vk_t colmax[MAXN];
        for (uint64_t i = 0; i < count; i++) {
            uint64_t wt = x & ~(x >> 1);
            uint64_t et = ~x & ((x >> 1) | topbit) & full;
            int nw = 0, ne = 0;
            while (wt) { wpos[nw++] = __builtin_ctzll(wt); wt &= wt - 1; }
            while (et) { epos[ne++] = __builtin_ctzll(et); et &= et - 1; }
            for (int j = 0; j < ne; j++) colmax[j] = INT64_MIN;
            vk_t maxmin = INT64_MIN;
            for (int a = 0; a < nw; a++) {
                int p = wpos[a];
                vk_t rowmin = INT64_MAX;
                for (int j = 0; j < ne; j++) {
                    int q = epos[j];
                    vk_t k2 = prev[colex_rank(p < q ? remove_two(x, p, q) : remove_two(x, q, p))];
                    /* East wins (q > p): (E, v); West wins: (W, v + 1) */
                    vk_t lk = q > p ? k2 : (k2 ^ 1) + 2 * ONE;
                    if (lk < rowmin) rowmin = lk;
                    if (lk > colmax[j]) colmax[j] = lk;
                }
                if (rowmin > maxmin) maxmin = rowmin;
            }
            vk_t minmax = INT64_MAX;
            for (int j = 0; j < ne; j++)
                if (colmax[j] < minmax) minmax = colmax[j];
            vk_t v = simplest_memo(maxmin, minmax);
            cur[i] = 2 * v + ((v % POS_SPAN) == POS_BOUND);
            checksum += (uint64_t)v;
            /* next pattern with m bits (Gosper) */
            uint64_t c = x & -x, r = x + c;
            x = (((r ^ x) >> 2) / c) | r;
        }
        free(prev);
        prev = cur;
        /* distinct values of this level */
        size_t distinct = 0;
        {
            size_t cap = 1 << 12;
            vk_t *seen = calloc(cap, sizeof(vk_t));
            for (uint64_t i = 0; i < count; i++) {
                vk_t v = cur[i] >> 1;
                size_t h = (size_t)(((uint64_t)v * 0x9E3779B97F4A7C15ULL) >> 52);
                while (seen[h] && seen[h] != v + 1) h = (h + 1) & (cap - 1);
                if (!seen[h]) { seen[h] = v + 1; distinct++; }
            }
            free(seen);
        }
        printf("level %d %llu %.3f %zu %llu\n", m, (unsigned long long)count, now() - t0, distinct,
               (unsigned long long)checksum);
        if (m <= dump)
            for (uint64_t i = 0; i < count; i++)
                printf("value %d %llu %lld\n", m, (unsigned long long)i, (long long)(cur[i] >> 1));
        fflush(stdout);
    }
    printf("total %.3f\n", now() - t_start);
    free(prev);
    return 0;
}
