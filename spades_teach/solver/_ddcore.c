/*
 * _ddcore: the compiled double-dummy search under Spades rules.
 *
 * The search of ReferenceSolver in spades_teach/solver/__init__.py (the
 * readable version the tests compare against), with more pruning, written
 * for speed:
 *
 *   - cards are bits 0..51 of a 64-bit mask (A♠ = 0 ... 2♠ = 12, A♥ = 13 ...
 *     2♣ = 51): a lower index is a higher card of the same suit;
 *   - zero-window searches ("can the maximising side make at least t of the
 *     counted tricks?") narrow the exact value by bisection (MTD-f style);
 *   - a transposition table at trick boundaries with partition search: each
 *     search reports the cards whose ranks its answer relied on (the cards
 *     that won a trick against a card of their own suit, and the top cards
 *     behind a sure-trick bound or a table hit), and the bound is stored for
 *     the position's shape (every suit's length in every hand, the leader,
 *     the spades-broken flag, rules and objective) with only the owners of
 *     each suit's cards down to the lowest of those: every position of that
 *     shape whose top cards have the same owners shares the entry, so
 *     positions that differ only in small cards are searched once. The table
 *     lives for the life of the process (the key is the whole abstraction, so
 *     entries stay valid) and is emptied in one step when it fills up;
 *   - equivalent-card reduction (a run of cards of one suit in one hand,
 *     counting cards of completed tricks as gaps, is searched once);
 *   - cards skipped as answered: after a card that did not decide the search,
 *     the cards of its suit lower than every card whose rank the answers so
 *     far relied on give the same answer, and are not searched (see
 *     lower_than_relevant());
 *   - move ordering (sure winners, cheap wins, low cards when partner holds
 *     the trick; counting tricks, a history of the leads that decided searches
 *     in this solve and of those that failed before them; in the Nil searches,
 *     the lead that decided the last search of a position first),
 *     a first guess from a greedy play-out, and sure-trick bounds (spades
 *     above all the opponents' spades, and for Nil questions a bidder holding
 *     the top spades, or holding no spade and only the lowest cards of its
 *     suits, who can never be forced); a bound names only the top cards the
 *     answer asked needs. (A bound from the leader's cashable top cards was
 *     dropped: with the lead history it no longer saved nodes at the median
 *     and cost 5-8% of the time; see benchmarks/README.md);
 *   - the last two tricks are searched without the table, and the table key
 *     uses the PEXT and PDEP instructions where the processor has them.
 *
 * Sizes: the table takes 3 MiB of slots and up to 96 MiB of entries (memory
 * is only touched as entries are stored: a typical full deal stores tens of
 * thousands; the hardest deal seen, about 4 million, fills it about once).
 *
 * Objective 0 counts North-South's tricks (North-South maximise). Objective
 * 1 + seat counts that Nil bidder's tricks (the defenders maximise).
 * Flags: bit 0 = any spade played breaks spades; bit 1 = bridge rules (spades
 * may be led at any time); bit 2 = the 2♣ must lead the trick about to start
 * (the first lead of the hand under that rule: the flag holds at the root
 * only, is cleared by the first card played, and the root is then neither
 * looked up in nor stored in the table, nor cut short by a bound, so the
 * table keeps no answer that assumed a free first lead or a forced one).
 * Python works the flags out from the kernel (solver.py: DDState.from_round).
 */
#ifndef DDCORE_FREESTANDING
/* The CPython extension. Built with DDCORE_FREESTANDING defined (by _ddcore_wasm.c, for the browser),
 * the search alone is compiled, without Python or the C library: the includer provides <stdint.h>,
 * malloc, calloc, free, memcpy and memset, and calls the plain C entry points below. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#endif

#include "../game/_rules.h" /* the rules of the card play, shared with the compiled play state */

typedef uint64_t u64;

#define SUIT_BITS RULES_SUIT_BITS
static const u64 SUIT[4] = {SUIT_BITS, SUIT_BITS << 13, SUIT_BITS << 26, SUIT_BITS << 39};
#define SPADES RULES_SPADES
#define ALL_CARDS RULES_FULL_DECK

/* A card's suit (c / 13) and rank within it (c % 13, 0 = ace), by table in the hot loops. */
static const uint8_t card_suit[52] = {
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2,
    3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3};
static const uint8_t card_rank[52] = {
    0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12,
    0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12,
    0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12,
    0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12};

/* 4 * card_suit[c]: where a card's suit length sits in a seat's 16 bits of the shape. */
static const uint8_t suit_shift[52] = {
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4,
    8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8,
    12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12};

/* Bit count without relying on the POPCNT instruction (a portable build would
 * otherwise call a slow library routine). */
static inline int popc(u64 x) {
    x = x - ((x >> 1) & 0x5555555555555555ULL);
    x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
    return (int)((x * 0x0101010101010101ULL) >> 56);
}
static inline int lowbit(u64 x) { return __builtin_ctzll(x); }
static inline int highbit(u64 x) { return 63 - __builtin_clzll(x); }

/* ---- transposition table ---------------------------------------------------------- */

/* Positions at trick boundaries are filed by their shape: the length of every
 * suit in every hand, the leader, the spades-broken flag and the mode (rule
 * flags and objective). Each shape has a list of entries. An entry holds, for
 * each suit, who owns the top k cards still in play (k chosen per suit when
 * the entry is stored: the cards whose rank decided the search below, see
 * `rel` in ab()), and a lower and an upper bound on the value. Any position of
 * the same shape whose top cards have the same owners has a value within
 * those bounds: the smaller cards of each suit only count by how many each
 * hand holds (partition search). A suit with k = 0 matches any owners.
 *
 * Owner codes: 2 bits a card from the highest card of the suit down, one suit
 * per 32 bits, spades and hearts in c[0], diamonds and clubs in c[1]. The
 * entry keeps each suit's k in 4 bits (k[0]: spades, hearts; k[1]: diamonds,
 * clubs), which name_mask[] turns into the bits of c it names: an entry takes
 * 24 bytes, so a probe reading a shape's list touches fewer cache lines. */
typedef struct {
    u64 c[2];      /* owners of the cards the entry names */
    uint8_t k[2];  /* cards named per suit: k[i] & 15 for suit 2i, k[i] >> 4 for suit 2i + 1 */
    int8_t lb, ub;
    uint8_t best; /* Nil searches: the lead that decided the last search here: suit * 16 + relative rank, 0xFF none */
} Entry;

/* name_mask[k[i]]: the bits of c[i] an entry names (2k bits from the bottom of each 32-bit half). */
static u64 name_mask[256];

typedef struct {
    u64 shape;     /* suit lengths, 4 bits per (seat, suit) */
    uint32_t stamp; /* the slot is in use when it equals tt_stamp */
    int32_t base;  /* the shape's entries are entries[base .. base + count - 1] */
    uint16_t count, cap; /* entries in use, room reserved (a power of two, at most MAX_CHAIN) */
    uint16_t victim; /* when the list is full, the next entry to overwrite */
    uint8_t mode;  /* leader | broken << 2 | objective << 3 | slb << 6 | bridge << 7 */
} Slot;

#ifndef SLOT_LOG
#define SLOT_LOG 17
#endif
#ifndef ENTRY_LOG
#define ENTRY_LOG 22
#endif
#ifndef MAX_CHAIN
#define MAX_CHAIN 256
#endif
static Slot *slots = NULL;
static Entry *entries = NULL;
static size_t slot_mask = 0, slots_used = 0;
static size_t entry_cap = 0, entries_used = 0;
static uint32_t tt_stamp = 1;
static void init_compress(void);
#if defined(__x86_64__) && defined(__GNUC__)
#define DDCORE_BMI2 1
static int have_bmi2 = 0; /* the processor has PEXT and PDEP (see table_key) */
#endif

static int tt_init(void) {
    if (slots != NULL) return 1;
    /* 2^17 slots x 24 bytes (3 MiB) + 2^22 entries x 24 bytes (96 MiB of address space,
     * touched only as the arena fills) */
    size_t n = (size_t)1 << SLOT_LOG, ne = (size_t)1 << ENTRY_LOG;
    slots = (Slot *)calloc(n, sizeof(Slot));
    entries = (Entry *)malloc(ne * sizeof(Entry));
    while (entries == NULL && ne > ((size_t)1 << 16)) { /* short of memory: a smaller arena */
        ne >>= 2;
        entries = (Entry *)malloc(ne * sizeof(Entry));
    }
    if (slots == NULL || entries == NULL) {
        free(slots);
        free(entries);
        slots = NULL;
        entries = NULL;
        return 0;
    }
    slot_mask = n - 1;
    entry_cap = ne;
    init_compress();
#ifdef DDCORE_BMI2
    __builtin_cpu_init();
    have_bmi2 = __builtin_cpu_supports("bmi2");
#endif
    return 1;
}

/* Empty the table (in constant time: slots of an older stamp are free). */
static void tt_reset(void) {
    tt_stamp++;
    if (tt_stamp == 0) {
        memset(slots, 0, (slot_mask + 1) * sizeof(Slot));
        tt_stamp = 1;
    }
    slots_used = 0;
    entries_used = 0;
}

/* The slot of a shape, or NULL when absent and `create` is 0. */
static Slot *tt_slot(u64 shape, int mode, int create) {
    u64 h = shape * 0x9E3779B97F4A7C15ULL ^ ((u64)mode + 0x632BE59BD9B4E019ULL) * 0xC2B2AE3D27D4EB4FULL;
    h ^= h >> 29;
    h *= 0xBF58476D1CE4E5B9ULL;
    h ^= h >> 32;
    size_t i = (size_t)h & slot_mask;
    for (;;) {
        Slot *sl = &slots[i];
        if (sl->stamp != tt_stamp) {
            if (!create) return NULL;
            sl->stamp = tt_stamp;
            sl->shape = shape;
            sl->mode = (uint8_t)mode;
            sl->base = -1;
            sl->count = sl->cap = sl->victim = 0;
            slots_used++;
            return sl;
        }
        if (sl->shape == shape && sl->mode == mode) return sl;
        i = (i + 1) & slot_mask;
    }
}

static inline int entry_matches(const Entry *e, const u64 cur[2]) {
    return (((cur[0] ^ e->c[0]) & name_mask[e->k[0]]) | ((cur[1] ^ e->c[1]) & name_mask[e->k[1]])) == 0;
}

typedef struct {
    int lb, ub;
    const Entry *lb_from, *ub_from; /* the entries giving the bounds (NULL: none) */
    int best;
} Probe;

/* The bounds the table holds for a position (shape, mode, owner codes cur),
 * stopping early once they decide `target` (0: never). */
static void tt_probe(u64 shape, int mode, const u64 cur[2], int left, int target, Probe *p) {
    p->lb = 0;
    p->ub = left;
    p->lb_from = p->ub_from = NULL;
    p->best = 0xFF;
    Slot *sl = tt_slot(shape, mode, 0);
    if (sl == NULL) return;
    Entry *first = entries + sl->base, *last = first + sl->count - 1;
    for (Entry *e = last; e >= first; e--) {
        if (!entry_matches(e, cur)) continue;
        if (p->best == 0xFF) p->best = e->best;
        int decided = 0;
        if (e->lb > p->lb) {
            p->lb = e->lb;
            p->lb_from = e;
            decided = target && p->lb >= target;
        }
        if (!decided && e->ub < p->ub) {
            p->ub = e->ub;
            p->ub_from = e;
            decided = target && p->ub < target;
        }
        if (decided) {
            /* move the deciding entry to where the next probe looks first */
            if (e != last) {
                Entry t = *e;
                *e = *last;
                *last = t;
                const Entry *lf = p->lb_from, *uf = p->ub_from;
                p->lb_from = lf == e ? last : lf == last ? e : lf;
                p->ub_from = uf == e ? last : uf == last ? e : uf;
            }
            return;
        }
    }
}

static void tt_store(u64 shape, int mode, const u64 c[2], const uint8_t k[2], int lb, int ub, int best) {
    u64 m[2] = {name_mask[k[0]], name_mask[k[1]]};
    if (4 * slots_used >= 3 * (slot_mask + 1)) tt_reset();
    Slot *sl = tt_slot(shape, mode, 1);
    Entry *first = entries + sl->base;
    for (Entry *e = first + sl->count - 1; e >= first; e--) {
        if (e->c[0] == c[0] && e->c[1] == c[1] && e->k[0] == k[0] && e->k[1] == k[1]) {
            /* the same pattern: both bounds hold for the same positions */
            if (lb > e->lb) e->lb = (int8_t)lb;
            if (ub < e->ub) e->ub = (int8_t)ub;
            if (best != 0xFF) e->best = (uint8_t)best;
            return;
        }
        if ((name_mask[e->k[0]] & m[0]) == m[0] && (name_mask[e->k[1]] & m[1]) == m[1] &&
            (((e->c[0] ^ c[0]) & m[0]) | ((e->c[1] ^ c[1]) & m[1])) == 0 &&
            e->lb <= lb && e->ub >= ub) {
            /* the new entry covers every position this one does, with bounds at least as tight */
            *e = first[--sl->count];
        }
    }
    Entry *e;
    if (sl->count < sl->cap) {
        e = entries + sl->base + sl->count++;
    } else if (sl->cap == MAX_CHAIN) {
        /* a full list: overwrite its entries in turn */
        e = entries + sl->base + sl->victim;
        sl->victim = (uint16_t)((sl->victim + 1) % MAX_CHAIN);
    } else {
        /* move the list to a block twice as large at the end of the arena */
        size_t cap = sl->cap ? 2u * sl->cap : 4u;
        if (entries_used + cap > entry_cap) {
            tt_reset();
            sl = tt_slot(shape, mode, 1);
            cap = 4;
        }
        if (sl->count) memcpy(entries + entries_used, entries + sl->base, sl->count * sizeof(Entry));
        sl->base = (int32_t)entries_used;
        sl->cap = (uint16_t)cap;
        entries_used += cap;
        e = entries + sl->base + sl->count++;
    }
    e->c[0] = c[0];
    e->c[1] = c[1];
    e->k[0] = k[0];
    e->k[1] = k[1];
    e->lb = (int8_t)lb;
    e->ub = (int8_t)ub;
    e->best = (uint8_t)best;
}

/* ---- search state ---------------------------------------------------------------- */

typedef struct {
    u64 hand[4];
    int trick[4]; /* card indices of the trick in progress, in play order */
    int ntrick;   /* cards in the trick in progress */
    int leader;   /* the seat that led (or leads) the trick in progress */
    int win_pos;  /* position in the trick of the card winning it so far */
    int broken;
    int slb;    /* any spade played breaks spades */
    int bridge; /* spades may be led at any time */
    int c2;     /* the 2♣ must lead the trick about to start (the hand's first lead) */
    int objective;
    int counted;  /* bit per seat: whose tricks count */
    int max_team; /* 0 = N-S maximise, 1 = E-W */
    int nil_seat; /* -1 for trick counting */
    int mode;     /* the rule flags and objective, as stored in Entry.mode (without the leader and broken bits) */
    u64 shape;    /* suit lengths, 4 bits per (seat, suit), kept up to date by play() and unplay() */
    u64 gone;     /* the cards of completed tricks (kept up to date by play() and unplay()) */
    int left;     /* the tricks not completed yet, the one in progress included (kept up to date too) */
    long long nodes;
    long long limit; /* stop once more nodes than this are visited (LLONG_MAX: no limit) */
    int aborted; /* the limit was reached: every answer since is meaningless */
} State;


/* The number of cards of suit su in the seat's hand (read from the shape). */
static inline int suit_len(const State *s, int seat, int su) { return (int)((s->shape >> (4 * (4 * seat + su))) & 15); }

/* The number of cards in the seat's hand (the sum of its four suit lengths). */
static inline int hand_len(const State *s, int seat) {
    u64 x = (s->shape >> (16 * seat)) & 0xFFFF;
    return (int)((x & 15) + ((x >> 4) & 15) + ((x >> 8) & 15) + (x >> 12));
}

static inline int tricks_left(const State *s) { return s->left; }

/* compress7[a][x]: the bits of x at the set bits of a, packed low (a 7-bit
 * software PEXT), used to list a suit's owners in rank order. */
static uint8_t compress7[128][128];
/* popc7[a]: the number of set bits of the 7-bit mask a. */
static uint8_t popc7[128];
/* spread7[a]: the bits of the 7-bit mask a moved to the even bits (bit b to bit 2b). */
static uint16_t spread7[128];


/* The number of set bits of a 13-bit mask. */
static inline int popc13(u64 a) { return popc7[a & 127] + popc7[(a >> 7) & 63]; }
/* first7[a][k]: the lowest k set bits of the 7-bit mask a (all of them when it has fewer). */
static uint8_t first7[128][8];

static void init_compress(void) {
    for (int x = 0; x < 256; x++)
        name_mask[x] = ((1ULL << (2 * (x & 15))) - 1) | (((1ULL << (2 * (x >> 4))) - 1) << 32);
    for (int a = 0; a < 128; a++) {
        popc7[a] = (uint8_t)popc((u64)a);
        int sp = 0;
        for (int b = 0; b < 7; b++) sp |= ((a >> b) & 1) << (2 * b);
        spread7[a] = (uint16_t)sp;
    }
    for (int a = 0; a < 128; a++)
        for (int k = 0; k < 8; k++) {
            int out = 0, n = 0;
            for (int b = 0; b < 7 && n < k; b++)
                if ((a >> b) & 1) {
                    out |= 1 << b;
                    n++;
                }
            first7[a][k] = (uint8_t)out;
        }
    for (int a = 0; a < 128; a++)
        for (int x = 0; x < 128; x++) {
            int out = 0, n = 0;
            for (int b = 0; b < 7; b++)
                if ((a >> b) & 1) out |= ((x >> b) & 1) << n++;
            compress7[a][x] = (uint8_t)out;
        }
}

/* The bits of x (13 bits) at the set bits of a, packed low. */
static inline u64 compress13(u64 a, u64 x) {
    u64 lo = compress7[a & 127][x & 127];
    u64 hi = compress7[a >> 7][(x >> 7) & 127];
    return lo | (hi << popc7[a & 127]);
}

/* Spread the 13 low bits of x to the even bits of the result. */
static inline u64 spread2(u64 x) { return spread7[x & 127] | ((u64)spread7[(x >> 7) & 63] << 14); }

/* The table key of a position at a trick boundary: its shape (suit lengths by
 * hand), its mode byte, and the owners of its cards (see Entry). */
static u64 position_key(const State *s, int *mode, u64 cur[2]) {
    u64 all = s->hand[0] | s->hand[1] | s->hand[2] | s->hand[3];
    u64 o1 = s->hand[1] | s->hand[3];
    u64 o2 = s->hand[2] | s->hand[3];
    cur[0] = cur[1] = 0;
    for (int su = 0; su < 4; su++) {
        int sh = 13 * su;
        u64 a = (all >> sh) & SUIT_BITS;
        u64 c = spread2(compress13(a, (o1 >> sh) & SUIT_BITS)) | (spread2(compress13(a, (o2 >> sh) & SUIT_BITS)) << 1);
        cur[su >> 1] |= c << (32 * (su & 1));
    }
    *mode = s->leader | (s->broken ? 4 : 0) | s->mode;
    return s->shape;
}

/* The same key with the BMI2 bit-gather and bit-scatter instructions (PEXT, PDEP), on x86-64
 * processors that have them (checked once, at the table's creation): one instruction each where
 * the portable version above looks up tables. Both give the same key. */
#ifdef DDCORE_BMI2
#include <immintrin.h>

__attribute__((target("bmi2"))) static u64 position_key_bmi2(const State *s, int *mode, u64 cur[2]) {
    u64 all = s->hand[0] | s->hand[1] | s->hand[2] | s->hand[3];
    u64 o1 = s->hand[1] | s->hand[3];
    u64 o2 = s->hand[2] | s->hand[3];
    cur[0] = cur[1] = 0;
    for (int su = 0; su < 4; su++) {
        u64 a = all & SUIT[su];
        u64 c = _pdep_u64(_pext_u64(o1, a), 0x5555555555555555ULL) | _pdep_u64(_pext_u64(o2, a), 0xAAAAAAAAAAAAAAAAULL);
        cur[su >> 1] |= c << (32 * (su & 1));
    }
    *mode = s->leader | (s->broken ? 4 : 0) | s->mode;
    return s->shape;
}

static inline u64 table_key(const State *s, int *mode, u64 cur[2]) {
    return have_bmi2 ? position_key_bmi2(s, mode, cur) : position_key(s, mode, cur);
}
#else
static inline u64 table_key(const State *s, int *mode, u64 cur[2]) { return position_key(s, mode, cur); }
#endif

/* The top `k` cards of mask m (the highest ranks: lowest indices). */
static inline u64 top_cards(u64 m, int k) {
    u64 out = 0;
    for (; k > 0 && m; k--) {
        out |= m & (~m + 1);
        m &= m - 1;
    }
    return out;
}

/* The cards per suit an entry names for a search whose result depended on
 * the ranks of the cards in `rel` (packed as Entry.k): in each suit, every
 * card down to the lowest card of `rel` in that suit. */
static void pattern_of(const State *s, u64 rel, uint8_t k[2]) {
    u64 all = s->hand[0] | s->hand[1] | s->hand[2] | s->hand[3];
    k[0] = k[1] = 0;
    for (int su = 0; su < 4; su++) {
        u64 r = rel & all & SUIT[su];
        if (!r) continue;
        int n = popc13((all >> (13 * su)) & ((2ULL << (highbit(r) - 13 * su)) - 1));
        k[su >> 1] |= (uint8_t)(n << (4 * (su & 1)));
    }
}

/* The top k set bits of a 13-bit suit mask a (its k highest cards), from
 * first7[a & 127][k]: the lowest k set bits of a 7-bit mask. */
static inline u64 suit_top(u64 a, int k) {
    int lo_n = popc7[a & 127];
    if (k <= lo_n) return first7[a & 127][k];
    return (a & 127) | ((u64)first7[a >> 7][k - lo_n] << 7);
}

/* The cards an entry names in this position (the top k of each suit). */
static u64 pattern_cards(const State *s, const Entry *e) {
    u64 all = s->hand[0] | s->hand[1] | s->hand[2] | s->hand[3];
    u64 out = 0;
    for (int su = 0; su < 4; su++) {
        int k = (e->k[su >> 1] >> (4 * (su & 1))) & 15;
        if (k) out |= suit_top((all >> (13 * su)) & SUIT_BITS, k) << (13 * su);
    }
    return out;
}

/* Sure tricks for one side from the top spades: a hand holding the k highest
 * remaining spades wins at least k tricks (each wins the trick it is played
 * in, and one hand plays one card per trick). Returns the count; *team gets
 * the side that owns them. */
static int top_spade_run(const State *s, int *team, u64 *cards) {
    u64 all = (s->hand[0] | s->hand[1] | s->hand[2] | s->hand[3]) & SPADES;
    if (!all) return 0;
    int top = lowbit(all);
    int owner = 0;
    for (int p = 0; p < 4; p++)
        if ((s->hand[p] >> top) & 1) owner = p;
    u64 mine = s->hand[owner] & SPADES;
    int k = 0;
    while (all && ((mine >> lowbit(all)) & 1)) {
        k++;
        all &= all - 1;
    }
    *team = owner & 1;
    *cards = top_cards((s->hand[0] | s->hand[1] | s->hand[2] | s->hand[3]) & SPADES, k);
    return k;
}

/* Sure tricks for side `team` from its spades: each spade of one of its hands
 * that is higher than every spade the opponents hold wins the trick it is
 * played in for the side (only partner can beat it), and every card is played
 * in a different trick of that hand. So the side wins at least the larger of
 * its two hands' counts. *cards gets the counted spades. */
static int sure_spade_tricks(const State *s, int team, u64 *cards) {
    u64 opp = (s->hand[team ^ 1] | s->hand[team ^ 3]) & SPADES;
    u64 above = opp ? ((1ULL << lowbit(opp)) - 1) : SPADES;
    u64 a = s->hand[team] & above, b = s->hand[team ^ 2] & above;
    int na = popc13(a), nb = popc13(b);
    *cards = na >= nb ? a : b;
    return na >= nb ? na : nb;
}

/* Can the Nil bidder never win a trick, whatever anyone plays? True when the
 * bidder holds no spade and, in every suit, only cards lower than all the
 * other hands' cards of that suit: a card led by another seat then beats the
 * bidder's card of its suit, the bidder discards a card of another suit when
 * void (never a spade), so never wins a trick and never leads. When the
 * bidder is on lead, it must also hold a suit another hand can follow (with
 * a higher card). *cards gets the bidder's top card of each suit: owners down
 * to it fix the order (the cards below it are the bidder's by the shape). */
static int nil_never_wins(const State *s, u64 *cards) {
    int n = s->nil_seat;
    u64 mine = s->hand[n];
    if (mine & SPADES) return 0;
    u64 others = (s->hand[0] | s->hand[1] | s->hand[2] | s->hand[3]) & ~mine;
    u64 rel = 0;
    int can_lead = 0;
    for (int su = 1; su < 4; su++) {
        u64 ms = mine & SUIT[su];
        if (!ms) continue;
        u64 os = others & SUIT[su];
        if (os && highbit(os) > lowbit(ms)) return 0;
        rel |= ms & (~ms + 1);
        if (os) can_lead = 1;
    }
    if (s->leader == n && !can_lead) return 0;
    *cards = rel;
    return 1;
}

/* ---- move generation and ordering -------------------------------------------------- */

/* The legal cards of the seat to play (rules_legal; bridge rules lift the spade-lead rule). */
static u64 legal_mask(const State *s, int seat) {
    u64 led = s->ntrick ? SUIT[card_suit[s->trick[0]]] : 0;
    return rules_legal(s->hand[seat], led, s->broken || s->bridge, s->c2);
}

/* Can seat q, still to play to this trick (led suit `led`), beat card c? */
static inline int can_beat(const State *s, int q, int c, int led) {
    u64 follow = s->hand[q] & SUIT[led];
    if (follow) return card_suit[c] == led && lowbit(follow) < c;
    u64 trumps = s->hand[q] & SPADES;
    if (!trumps) return 0;
    return c >= 13 || lowbit(trumps) < c;
}

/* Would card c, played now by the seat to play, win the trick whatever the
 * seats still to play do? */
static int sure_winner(const State *s, int seat, int c, int led) {
    for (int q = (seat + 1) & 3; q != s->leader; q = (q + 1) & 3)
        if (can_beat(s, q, c, led)) return 0;
    return 1;
}

/* Move ordering when counting tricks. What the scores need from the other
 * hands is worked out once per position, not per card: a card c of suit su
 * is a sure winner (it wins the trick whatever the seats still to play do)
 * exactly when c < sure_below[su]. */
typedef struct {
    int sure_below[4]; /* per suit: cards below this index (higher ranks) win for sure */
    int base[4];       /* per suit, leads: the score of a card that is not a sure winner, less its r */
    int w, led, partner_winning, partner_sure;
    u64 lens; /* the seat's suit lengths, 4 bits a suit */
} OrderCtx;

static void order_ctx(const State *s, int seat, u64 alive, OrderCtx *o) {
    int partner = seat ^ 2;
    if (s->ntrick == 0) {
        int lho = (seat + 1) & 3, rho = (seat + 3) & 3;
        u64 others = s->hand[lho] | s->hand[partner] | s->hand[rho];
        int sp_l = (s->hand[lho] & SPADES) != 0, sp_r = (s->hand[rho] & SPADES) != 0;
        int sp_p = (s->hand[partner] & SPADES) != 0;
        for (int su = 0; su < 4; su++) {
            /* a lead of this suit wins for sure below the other hands' highest card of it, unless
             * a hand void in it can trump */
            u64 follow = others & SUIT[su];
            int ruff = su != 0 && ((sp_l && !(s->hand[lho] & SUIT[su])) || (sp_r && !(s->hand[rho] & SUIT[su])));
            int partner_ruffs = su != 0 && sp_p && !(s->hand[partner] & SUIT[su]);
            o->sure_below[su] = (ruff || partner_ruffs) ? 0 : follow ? lowbit(follow) : 64;
            u64 suit_alive = alive & SUIT[su];
            int b;
            if (partner_ruffs && !ruff)
                b = 75;
            else if (suit_alive && ((s->hand[partner] >> lowbit(suit_alive)) & 1))
                b = ruff ? 25 : 70;
            else if (su == 0)
                b = 10;
            else
                b = 40 - (ruff ? 20 : 0);
            o->base[su] = b;
        }
        o->w = o->led = o->partner_winning = o->partner_sure = 0;
        o->lens = 0;
        return;
    }
    int led = card_suit[s->trick[0]];
    o->led = led;
    o->w = s->trick[s->win_pos];
    o->partner_winning = ((s->leader + s->win_pos) & 3) == partner;
    o->partner_sure = o->partner_winning && sure_winner(s, seat, o->w, led);
    /* sure winners: in the led suit below the lowest card a later seat follows with (none if a later
     * seat trumps), in spades (trumping) below every later trumper's lowest spade */
    int thr_led = 64, thr_sp = 64, trumped = 0;
    for (int q = (seat + 1) & 3; q != s->leader; q = (q + 1) & 3) {
        u64 follow = s->hand[q] & SUIT[led];
        if (follow) {
            if (lowbit(follow) < thr_led) thr_led = lowbit(follow);
        } else if (s->hand[q] & SPADES) {
            if (led != 0) trumped = 1;
            if (lowbit(s->hand[q] & SPADES) < thr_sp) thr_sp = lowbit(s->hand[q] & SPADES);
        }
    }
    for (int su = 0; su < 4; su++) o->sure_below[su] = 0;
    o->lens = (s->shape >> (16 * seat)) & 0xFFFF;
    o->sure_below[led] = trumped ? 0 : thr_led;
    if (led != 0) o->sure_below[0] = thr_sp;
}

/* The ordering score of card c when counting tricks (higher: tried first). */
static inline int order_score_fast(const OrderCtx *o, int lead, int c) {
    int su = card_suit[c];
    int r = card_rank[c]; /* 0 = ace: a larger r is a lower card */
    if (lead) return c < o->sure_below[su] ? 100 - r : o->base[su] + r;
    int win = rules_beats_winner(c, o->w);
    if (o->partner_sure) {
        /* partner has the trick: give the lowest card, never overtake */
        if (win) return r;
        if (su == o->led) return 60 + r;
        if (su == 0) return 10 + r;
        return 50 + r - (int)((o->lens >> (4 * su)) & 15);
    }
    if (win && c < o->sure_below[su]) return 90 + r; /* the cheapest sure winner */
    if (su == o->led) {
        if (win) return (o->partner_winning ? 30 : 65) + r;
        return 50 + r;
    }
    if (su == 0) { /* ruffing */
        if (win) return (o->partner_winning ? 20 : 60) + r;
        return 5 + r;
    }
    /* discarding: low cards first, and from short suits a little before long */
    return 45 + r - (int)((o->lens >> (4 * su)) & 15);
}

static int order_score_nil(const State *s, int seat, int c) {
    int r = c % 13;
    int nil = s->nil_seat;
    if (s->ntrick == 0) {
        if (seat == nil) return 50 + r;      /* lead low */
        if ((seat ^ 2) == nil) return 62 - r; /* lead high, to cover */
        return 50 + r;                       /* defenders lead low under the Nil */
    }
    int w = s->trick[s->win_pos];
    int win = rules_beats_winner(c, w);
    if (seat == nil) return win ? 10 + r : 80 - r; /* the highest card that still loses */
    if ((seat ^ 2) == nil) return win ? 70 - r : 30 + r;
    return win ? 20 + r : 60 + r;
}

/* The first card of each suit (a card's nearest higher card is never in another suit). */
#define SUIT_FIRSTS (1ULL | (1ULL << 13) | (1ULL << 26) | (1ULL << 39))

/* The cards of `legal` whose nearest higher card still in play (in `alive`: the hands and the
 * trick in progress) is not in `legal` either: one card per run of equivalent cards (a card
 * and the card above it are the same to play when no other card in play lies between; only the
 * forced 2♣ lead makes a card legal and its equal not, and it is alone). A card of `legal`
 * fills the cards out of play below it, up to the next card in play (shifts of 1, 2, 4 and 8
 * cover the longest gap, 12 cards), never across a suit's first card; a legal card whose
 * next higher position is so filled is not the top of its run. */
static inline u64 run_tops(u64 legal, u64 alive) {
    u64 g = legal, p = ~alive & ALL_CARDS & ~SUIT_FIRSTS;
    g |= p & (g << 1);
    p &= p << 1;
    g |= p & (g << 2);
    p &= p << 2;
    g |= p & (g << 4);
    p &= p << 4;
    g |= p & (g << 8);
    return legal & ~((g << 1) & ~SUIT_FIRSTS);
}

/* Lead history (when counting tricks; it does not help the Nil searches): when a lead decides
 * a search after the leads ordered before it did not (the static order got it wrong), that
 * card gains and each card ordered before it loses the tricks left (a card skipped as answered
 * gave a failed lead's answer, so it loses too). The sum, at most LEAD_HISTORY_CAP, is added
 * to a lead's ordering score: the leads that keep working in this deal are tried earlier, the
 * ones that keep failing later (a card is always its one holder's lead). Emptied at the start
 * of each solve, so a solve's nodes do not depend on the solves before it. */
static int lead_history[52];
#define LEAD_HISTORY_CAP 80

static inline int lead_history_bonus(int c) {
    return lead_history[c] < LEAD_HISTORY_CAP ? lead_history[c] : LEAD_HISTORY_CAP;
}

/* Record that moves[late] decided a search at a lead after the moves before it had not. */
static inline void note_late_lead(const State *s, const int *moves, int late) {
    lead_history[moves[late]] += s->left;
    for (int j = 0; j < late; j++) lead_history[moves[j]] -= s->left;
}

/* The legal cards of the seat to play, one per run of equivalent cards,
 * best-looking first. Returns the count. */
static int gen_moves(const State *s, int seat, int *moves, int hint) {
    u64 legal = legal_mask(s, seat);
    u64 alive = ALL_CARDS & ~s->gone; /* the hands and the trick in progress */
    int scores[13];
    int n = 0;
    u64 m = run_tops(legal, alive);
    if (!(m & (m - 1))) { /* one move (or none): nothing to order */
        if (m) moves[n++] = lowbit(m);
        return n;
    }
    int tricks = s->nil_seat < 0, lead = s->ntrick == 0;
    OrderCtx o;
    if (tricks) order_ctx(s, seat, alive, &o);
    while (m) {
        int c = lowbit(m);
        m &= m - 1;
        int sc;
        if (!tricks) {
            sc = order_score_nil(s, seat, c);
            if (c == hint) sc += 1 << 30; /* the hint comes from the table in the Nil searches only */
        } else if (lead) {
            sc = order_score_fast(&o, 1, c) + lead_history_bonus(c);
        } else {
            sc = order_score_fast(&o, 0, c);
        }
        int j = n++;
        while (j > 0 && scores[j - 1] < sc) {
            scores[j] = scores[j - 1];
            moves[j] = moves[j - 1];
            j--;
        }
        scores[j] = sc;
        moves[j] = c;
    }
    return n;
}

/* ---- the search ------------------------------------------------------------------------ */

static int ab(State *s, int target, u64 *rel);
static int search_moves(State *s, int target, int hint, int *decided, u64 *rel);

/* Play card c for the seat to play; returns the seat that won the trick if the
 * card completed it, else -1. The caller restores with unplay(). */
typedef struct {
    int broken, win_pos, leader, ntrick, c2;
    int replaced; /* the trick array's card the play wrote over (a completed trick's, which the
                   * play that completed it still needs after its search returns) */
    u64 gone;
} Undo;

static inline int play(State *s, int seat, int c, Undo *u) {
    u->broken = s->broken;
    u->win_pos = s->win_pos;
    u->leader = s->leader;
    u->ntrick = s->ntrick;
    u->c2 = s->c2;
    u->gone = s->gone;
    s->c2 = 0;
    s->hand[seat] &= ~(1ULL << c);
    s->shape -= 1ULL << (16 * seat + suit_shift[c]);
    int pos = s->ntrick;
    u->replaced = s->trick[pos];
    s->trick[pos] = c;
    if (rules_breaks_spades(1ULL << c, pos ? SUIT[card_suit[s->trick[0]]] : 0, s->slb)) s->broken = 1;
    if (pos == 0)
        s->win_pos = 0;
    else if (rules_beats_winner(c, s->trick[s->win_pos]))
        s->win_pos = pos;
    if (pos == 3) {
        int winner = (s->leader + s->win_pos) & 3;
        s->gone |= (1ULL << s->trick[0]) | (1ULL << s->trick[1]) | (1ULL << s->trick[2]) | (1ULL << c);
        s->ntrick = 0;
        s->leader = winner;
        s->left--;
        return winner;
    }
    s->ntrick = pos + 1;
    return -1;
}

static inline void unplay(State *s, int seat, int c, const Undo *u) {
    s->hand[seat] |= 1ULL << c;
    s->shape += 1ULL << (16 * seat + suit_shift[c]);
    if (u->ntrick == 3) s->left++;
    s->broken = u->broken;
    s->win_pos = u->win_pos;
    s->leader = u->leader;
    s->ntrick = u->ntrick;
    s->c2 = u->c2;
    s->gone = u->gone;
    s->trick[u->ntrick] = u->replaced;
}

/* The card that won the trick just completed (s->trick, s->win_pos) if it won
 * by its rank (another card of its suit is in the trick), else 0: a trick won
 * by the only card of its suit would be won by any card of that suit. */
static inline u64 trick_rank_card(const State *s) {
    int w = s->trick[s->win_pos];
    for (int i = 0; i < 4; i++)
        if (i != s->win_pos && card_suit[s->trick[i]] == card_suit[w]) return 1ULL << w;
    return 0;
}

/* The cards of the seat's hand equivalent to card c and below it: the cards
 * following c down its suit while no other hand's card (or card of the trick
 * in progress) lies between. */
static u64 run_below(const State *s, int seat, int c) {
    u64 alive = ALL_CARDS & ~s->gone; /* the hands and the trick in progress */
    u64 lower = alive & SUIT[card_suit[c]] & ~((2ULL << c) - 1);
    u64 run = 1ULL << c;
    while (lower && ((s->hand[seat] >> lowbit(lower)) & 1)) {
        run |= lower & (~lower + 1);
        lower &= lower - 1;
    }
    return run;
}

/* After card c was tried without deciding the search: the cards of its suit
 * to skip. When c is lower than every card of its suit whose rank the answers
 * so far relied on (`rel`), every card of the suit lower than all of those
 * gives the same answer as c: played in c's place, it loses or wins the
 * trick as c did (a trick it won by rank would have put c in rel), and the
 * positions below differ only in cards no answer looked at. Returns those
 * cards (the moves of the suit still to try are among them or above), or 0. */
static inline u64 lower_than_relevant(int c, u64 rel) {
    int su = card_suit[c];
    u64 r = rel & SUIT[su];
    if (r && highbit(r) >= c) return 0; /* c itself, or a card below it, mattered */
    int from = r ? highbit(r) + 1 : 13 * su; /* the cards below the lowest relevant one */
    return SUIT[su] & ~((1ULL << from) - 1);
}

/* Count a node and answer it when no search is needed: 0 past the node limit (the search is then
 * aborted: nodes only grow, so every later node stops here too), 1 when no more tricks are
 * needed, 0 when more are needed than are left; -1 otherwise. */
static inline int settled(State *s, int target) {
    s->nodes++;
    if (s->nodes > s->limit) {
        s->aborted = 1;
        return 0;
    }
    if (target <= 0) return 1;
    if (target > s->left) return 0;
    return -1;
}

/* ab() for a position inside a trick (the 2♣ lead is behind it), without a call of its own. */
static inline int mid_trick(State *s, int target, u64 *rel) {
    int v = settled(s, target);
    if (v >= 0) return v;
    int decided;
    return search_moves(s, target, -1, &decided, rel);
}

/* Try the moves of the seat to play. *rel gets the cards whose ranks the
 * result depends on: those of the move that decided it, or, when no move
 * did, of all moves. In the second case a move stands for the cards below
 * it that are equivalent here: if its own rank mattered, so do theirs (in a
 * position matching this one only down to the move's rank, they may not be
 * equivalent). */
static int search_moves(State *s, int target, int hint, int *decided, u64 *rel) {
    int seat = (s->leader + s->ntrick) & 3;
    int maximising = (seat & 1) == s->max_team;
    int moves[13];
    int n = gen_moves(s, seat, moves, hint);
    u64 all_rel = 0;
    u64 skip = 0; /* cards not worth trying: each would give the answer of a card already tried */
    for (int i = 0; i < n; i++) {
        if ((skip >> moves[i]) & 1) continue;
        Undo u;
        u64 child_rel = 0;
        int winner = play(s, seat, moves[i], &u);
        int gained = 0;
        if (winner >= 0) {
            gained = (s->counted >> winner) & 1;
            child_rel = trick_rank_card(s);
        }
        u64 r_rel = 0;
        int r = winner >= 0 ? ab(s, target - gained, &r_rel) : mid_trick(s, target, &r_rel);
        child_rel |= r_rel;
        unplay(s, seat, moves[i], &u);
        if (s->aborted) break;
        if (maximising != r && ((child_rel >> moves[i]) & 1)) child_rel |= run_below(s, seat, moves[i]);
        if (maximising == r) {
            if (i > 0 && s->ntrick == 0 && s->nil_seat < 0) note_late_lead(s, moves, i);
            *decided = moves[i];
            *rel = child_rel;
            return r;
        }
        all_rel |= child_rel;
        skip |= lower_than_relevant(moves[i], all_rel);
    }
    *decided = -1;
    *rel = all_rel;
    return maximising ? 0 : 1;
}

/* The last trick: every hand holds one card, so the play is forced. */
static int last_trick_value(const State *s, u64 *rel) {
    int lead = lowbit(s->hand[s->leader]);
    int best = lead, bpos = 0, same_suit = 0;
    for (int i = 1; i < 4; i++) {
        int c = lowbit(s->hand[(s->leader + i) & 3]);
        if (rules_beats_winner(c, best)) {
            best = c;
            bpos = i;
        }
    }
    for (int i = 0; i < 4; i++) {
        int c = lowbit(s->hand[(s->leader + i) & 3]);
        if (i != bpos && c / 13 == best / 13) same_suit = 1;
    }
    *rel = same_suit ? 1ULL << best : 0;
    return (s->counted >> ((s->leader + bpos) & 3)) & 1;
}

/* A card as suit * 16 + its rank among the cards of its suit still in play
 * (0 = the highest), and back: the form stored in the transposition table. */
static int card_to_relative(const State *s, int c) {
    u64 all = s->hand[0] | s->hand[1] | s->hand[2] | s->hand[3];
    int su = c / 13;
    return su * 16 + popc(all & SUIT[su] & ((1ULL << c) - 1));
}

static int relative_to_card(const State *s, int code) {
    u64 all = s->hand[0] | s->hand[1] | s->hand[2] | s->hand[3];
    u64 m = all & SUIT[code >> 4];
    for (int k = code & 15; k > 0 && m; k--) m &= m - 1;
    return m ? lowbit(m) : -1;
}

/* Can the maximising side make at least `target` counted tricks from here?
 * *rel gets the cards whose ranks the answer relies on: the answer holds for
 * every position of the same shape whose cards down to the lowest of these in
 * each suit have the same owners. */
static int ab(State *s, int target, u64 *rel) {
    *rel = 0;
    int v = settled(s, target);
    if (v >= 0) return v;
    int left = tricks_left(s);
    int decided;
    if (s->ntrick || s->c2) return search_moves(s, target, -1, &decided, rel);
    if (left == 1) return last_trick_value(s, rel) >= target;

    u64 cards = 0;
    if (s->nil_seat < 0) {
        /* the sure spade tricks first: cheaper than the table's key and probe */
        u64 sp = (s->hand[0] | s->hand[1] | s->hand[2] | s->hand[3]) & SPADES;
        if (sp) {
            /* only the side holding the highest spade has sure spade tricks */
            int team = (int)(((s->hand[1] | s->hand[3]) >> lowbit(sp)) & 1);
            int n = sure_spade_tricks(s, team, &cards);
            if (team == s->max_team) {
                if (n >= target) {
                    *rel = top_cards(cards, target); /* the answer needs only target of them */
                    return 1;
                }
            } else if (left - n < target) {
                *rel = top_cards(cards, left - target + 1);
                return 0;
            }
        }
    }
    /* two tricks left: searching them costs less than the table's key, probe and entry (and
     * keeps the table's lists short) */
    if (left == 2) return search_moves(s, target, -1, &decided, rel);
    u64 cur[2];
    int mode;
    u64 shape = table_key(s, &mode, cur);
    Probe p;
    tt_probe(shape, mode, cur, left, target, &p);
    if (p.lb >= target) {
        *rel = pattern_cards(s, p.lb_from);
        return 1;
    }
    if (p.ub < target) {
        *rel = pattern_cards(s, p.ub_from);
        return 0;
    }
    /* the lead that decided the last search here, tried first in the Nil searches (counting tricks,
     * the lead history orders better without it) */
    int hint = s->nil_seat >= 0 && p.best != 0xFF ? relative_to_card(s, p.best) : -1;
    if (s->nil_seat >= 0) {
        if (nil_never_wins(s, &cards)) {
            *rel = cards;
            return 0; /* target >= 1 here */
        }
        /* a Nil bidder holding the top spades must win a trick with each of them */
        u64 sp = (s->hand[0] | s->hand[1] | s->hand[2] | s->hand[3]) & SPADES;
        if (sp && ((s->hand[s->nil_seat] >> lowbit(sp)) & 1)) {
            int team, k = top_spade_run(s, &team, &cards);
            if (k >= target) {
                *rel = cards;
                return 1;
            }
        }
    }
    u64 srel = 0;
    int r = search_moves(s, target, hint, &decided, &srel);
    if (s->aborted) return 0; /* nothing learnt below the limit is stored */
    uint8_t k[2];
    u64 c[2];
    pattern_of(s, srel, k);
    u64 m[2] = {name_mask[k[0]], name_mask[k[1]]};
    c[0] = cur[0] & m[0];
    c[1] = cur[1] & m[1];
    int best = decided >= 0 && s->nil_seat >= 0 ? card_to_relative(s, decided) : 0xFF;
    if (r)
        tt_store(shape, mode, c, k, target, left, best);
    else
        tt_store(shape, mode, c, k, 0, target - 1, best);
    *rel = srel;
    return r;
}

/* A first guess of the value: play the position out, every seat playing the
 * card its move ordering likes best, and count the tricks. */
static int greedy_playout(State *s) {
    State t = *s;
    int got = 0;
    while (tricks_left(&t) > 0) {
        int seat = (t.leader + t.ntrick) & 3;
        int moves[13];
        Undo u;
        gen_moves(&t, seat, moves, -1);
        int winner = play(&t, seat, moves[0], &u);
        if (winner >= 0) got += (t.counted >> winner) & 1;
    }
    return got;
}

/* The exact value of the position: zero-window searches stepping from a
 * first guess (MTD-f style), narrowed by any bounds already in the table. */
static int exact_value(State *s) {
    int lo = 0, hi = tricks_left(s);
    if (s->ntrick == 0 && !s->c2 && hi > 1) {
        u64 cur[2];
        int mode;
        u64 shape = table_key(s, &mode, cur);
        Probe p;
        tt_probe(shape, mode, cur, hi, 0, &p);
        lo = p.lb;
        hi = p.ub;
    }
    int guess = greedy_playout(s);
    if (guess < lo) guess = lo;
    if (guess > hi) guess = hi;
    /* test "at least guess" first (or "at least guess + 1" if guess is already proven) */
    int t = guess > lo ? guess : guess + 1;
    while (lo < hi && !s->aborted) {
        if (t <= lo) t = lo + 1;
        if (t > hi) t = hi;
        u64 rel;
        if (ab(s, t, &rel)) {
            lo = t;
            t = t + 1;
        } else {
            hi = t - 1;
            t = t - 1;
        }
    }
    return lo;
}

/* ---- plain C entry points (used by the Python interface below and by _ddcore_wasm.c) ---------- */

static long long last_nodes = 0;

/* Set up the search state for a position: hands are four card masks (N, E, S, W), trick the
 * ntrick card indices of the trick in progress. Returns NULL, or what is wrong with the input. */
static const char *init_state(State *s, const u64 hands[4], int leader, const long long *trick, int ntrick, int broken,
                              int flags, int objective) {
    memset(s, 0, sizeof(*s));
    u64 seen = 0;
    for (int i = 0; i < 4; i++) {
        u64 m = hands[i];
        if (m >> 52 || (m & seen)) return "hand masks must be disjoint 52-bit masks";
        seen |= m;
        s->hand[i] = m;
        for (int su = 0; su < 4; su++) s->shape |= (u64)popc(m & SUIT[su]) << (4 * (4 * i + su));
    }
    if (leader < 0 || leader > 3 || objective < 0 || objective > 4) return "leader must be 0-3 and objective 0-4";
    if (ntrick < 0 || ntrick > 3) return "trick must be a tuple of at most three card indices";
    s->leader = leader;
    s->ntrick = ntrick;
    for (int i = 0; i < s->ntrick; i++) {
        long long c = trick[i];
        if (c < 0 || c > 51 || ((seen >> c) & 1)) return "trick cards must be distinct indices 0-51 not in any hand";
        seen |= 1ULL << c;
        s->trick[i] = (int)c;
    }
    if (s->ntrick) s->win_pos = rules_winning_position(s->trick, s->ntrick);
    int n = popc(s->hand[(leader + s->ntrick) & 3]);
    for (int i = 0; i < 4; i++) {
        int expect = n - ((((i - leader) & 3) < s->ntrick) ? 1 : 0);
        if (popc(s->hand[i]) != expect) return "hand sizes do not fit the trick in progress";
    }
    s->gone = ALL_CARDS & ~seen;
    s->left = hand_len(s, leader) + (s->ntrick ? 1 : 0);
    s->broken = broken ? 1 : 0;
    s->slb = flags & 1;
    s->bridge = (flags >> 1) & 1;
    s->c2 = s->ntrick == 0 && ((flags >> 2) & 1);
    s->objective = objective;
    if (objective == 0) {
        s->counted = 0x5;
        s->max_team = 0;
        s->nil_seat = -1;
    } else {
        s->nil_seat = objective - 1;
        s->counted = 1 << s->nil_seat;
        s->max_team = (s->nil_seat + 1) & 1;
    }
    s->mode = (objective << 3) | (s->slb << 6) | (s->bridge << 7);
    return NULL;
}

#define SOLVE_ABORTED (-1)   /* the node limit was reached */
#define SOLVE_NO_MEMORY (-2) /* the transposition table could not be allocated */

/* Solve a position set up by init_state: its exact value (target 0), or whether the value is at
 * least target (1 or 0); with limit > 0, SOLVE_ABORTED once that many nodes are visited. */
static int solve_state(State *s, int target, long long limit) {
    if (!tt_init()) return SOLVE_NO_MEMORY;
    if (tricks_left(s) == 0) return 0;
    s->limit = limit > 0 ? limit : 0x7FFFFFFFFFFFFFFFLL;
    memset(lead_history, 0, sizeof lead_history);
    u64 rel;
    int v = target > 0 ? ab(s, target, &rel) : exact_value(s);
    last_nodes = s->nodes;
    if (s->aborted) {
        /* bounds stored above the cut-off search may rest on its meaningless answers */
        tt_reset();
        return SOLVE_ABORTED;
    }
    return v;
}

static void clear_table(void) {
    if (slots != NULL) tt_reset();
}

#ifndef DDCORE_FREESTANDING
/* ---- Python interface ---------------------------------------------------------------- */

static int parse_position(PyObject *hands, int leader, PyObject *trick, int broken, int flags, int objective,
                          State *s) {
    if (!PyTuple_Check(hands) || PyTuple_GET_SIZE(hands) != 4) {
        PyErr_SetString(PyExc_ValueError, "hands must be a tuple of four masks");
        return 0;
    }
    u64 masks[4];
    for (int i = 0; i < 4; i++) {
        masks[i] = PyLong_AsUnsignedLongLong(PyTuple_GET_ITEM(hands, i));
        if (PyErr_Occurred()) return 0;
    }
    if (!PyTuple_Check(trick) || PyTuple_GET_SIZE(trick) > 3) {
        PyErr_SetString(PyExc_ValueError, "trick must be a tuple of at most three card indices");
        return 0;
    }
    int ntrick = (int)PyTuple_GET_SIZE(trick);
    long long cards[3];
    for (int i = 0; i < ntrick; i++) {
        cards[i] = PyLong_AsLongLong(PyTuple_GET_ITEM(trick, i));
        if (PyErr_Occurred()) return 0;
    }
    const char *error = init_state(s, masks, leader, cards, ntrick, broken, flags, objective);
    if (error != NULL) {
        PyErr_SetString(PyExc_ValueError, error);
        return 0;
    }
    return 1;
}

static PyObject *py_solve(PyObject *self, PyObject *args) {
    PyObject *hands, *trick;
    int leader, broken, flags, objective, target = 0;
    long long limit = 0;
    (void)self;
    if (!PyArg_ParseTuple(args, "OiOpii|iL", &hands, &leader, &trick, &broken, &flags, &objective, &target,
                          &limit))
        return NULL;
    State s;
    if (!parse_position(hands, leader, trick, broken, flags, objective, &s)) return NULL;
    int v = solve_state(&s, target, limit);
    if (v == SOLVE_NO_MEMORY) return PyErr_NoMemory();
    return PyLong_FromLong(v);
}

static PyObject *py_legal(PyObject *self, PyObject *args) {
    PyObject *hands, *trick;
    int leader, broken, flags;
    (void)self;
    if (!PyArg_ParseTuple(args, "OiOpi", &hands, &leader, &trick, &broken, &flags)) return NULL;
    State s;
    if (!parse_position(hands, leader, trick, broken, flags, 0, &s)) return NULL;
    return PyLong_FromUnsignedLongLong(legal_mask(&s, (s.leader + s.ntrick) & 3));
}

static PyObject *py_nodes(PyObject *self, PyObject *args) {
    (void)self;
    (void)args;
    return PyLong_FromLongLong(last_nodes);
}

static PyObject *py_clear(PyObject *self, PyObject *args) {
    (void)self;
    (void)args;
    clear_table();
    Py_RETURN_NONE;
}

static PyMethodDef methods[] = {
    {"solve", py_solve, METH_VARARGS,
     "solve(hands, leader, trick, broken, flags, objective, target=0) -> int\n\n"
     "The exact value of a position: hands is a tuple of four card masks (N, E, S, W),\n"
     "trick the card indices of the trick in progress, objective 0 for North-South's\n"
     "tricks or 1 + seat for the tricks a Nil bidder can be forced to take.\n"
     "With target > 0, only answers whether the value is at least target (1 or 0).\n"
     "With limit > 0, gives up after visiting that many search nodes and returns -1\n"
     "(the transposition table is then emptied)."},
    {"legal", py_legal, METH_VARARGS,
     "legal(hands, leader, trick, broken, flags) -> int\n\n"
     "The mask of the cards the search tries for the seat to play (its legal cards),\n"
     "with the arguments of solve(): what the tests hold equal to the kernel."},
    {"nodes", py_nodes, METH_NOARGS, "nodes() -> int: search nodes visited by the last solve()."},
    {"clear", py_clear, METH_NOARGS, "clear() -> None: empty the transposition table."},
    {NULL, NULL, 0, NULL}};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_ddcore",
                                    "Compiled double-dummy search under Spades rules.", -1, methods};

PyMODINIT_FUNC PyInit__ddcore(void) { return PyModule_Create(&module); }
#endif /* DDCORE_FREESTANDING */
