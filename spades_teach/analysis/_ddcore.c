/*
 * _ddcore: the compiled double-dummy search under Spades rules.
 *
 * The same algorithm as ReferenceSolver in double_dummy.py (the readable
 * version the tests compare against), written for speed:
 *
 *   - cards are bits 0..51 of a 64-bit mask (A♠ = 0 ... 2♠ = 12, A♥ = 13 ...
 *     2♣ = 51): a lower index is a higher card of the same suit;
 *   - zero-window searches ("can the maximising side make at least t of the
 *     counted tricks?") narrow the exact value by bisection (MTD-f style);
 *   - a transposition table at trick boundaries, keyed on the relative ranks
 *     of the remaining cards of each suit (who holds the highest remaining
 *     card, the next, ...), the leader, the spades-broken flag, the rule flags
 *     and the objective, holding lower and upper bounds; it lives for the life
 *     of the process, which is safe because the key is the whole position;
 *   - equivalent-card reduction (a run of cards of one suit in one hand,
 *     counting cards of completed tricks as gaps, is searched once);
 *   - move ordering (sure winners, cheap wins, low cards when partner holds
 *     the trick, the lead that decided the last search of a position first),
 *     a first guess from a greedy play-out, and sure-trick bounds (top spades,
 *     the leader's cashable top cards).
 *
 * Objective 0 counts North-South's tricks (North-South maximise). Objective
 * 1 + seat counts that Nil bidder's tricks (the defenders maximise).
 * Flags: bit 0 = any spade played breaks spades; bit 1 = bridge rules (spades
 * may be led at any time).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef uint64_t u64;

#define SUIT_BITS 0x1FFFULL
static const u64 SUIT[4] = {SUIT_BITS, SUIT_BITS << 13, SUIT_BITS << 26, SUIT_BITS << 39};
#define SPADES SUIT_BITS

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

typedef struct {
    u64 k1, k2;
    int8_t lb, ub;
    uint8_t depth;
    uint8_t used;
    uint8_t best; /* the lead that decided the last search here: suit * 16 + relative rank, 0xFF none */
} Entry;

#define TT_WAYS 4
#ifndef TT_LOG
#define TT_LOG 18
#endif
static Entry *tt = NULL;
static size_t tt_buckets = 0; /* a power of two */

static int tt_init(void) {
    if (tt != NULL) return 1;
    size_t buckets = (size_t)1 << TT_LOG; /* 2^18 buckets x 4 ways x 24 bytes = 24 MiB */
    tt = (Entry *)calloc(buckets * TT_WAYS, sizeof(Entry));
    if (tt == NULL) return 0;
    tt_buckets = buckets;
    return 1;
}

static inline size_t tt_hash(u64 k1, u64 k2) {
    u64 h = k1 * 0x9E3779B97F4A7C15ULL ^ (k2 + 0x632BE59BD9B4E019ULL) * 0xC2B2AE3D27D4EB4FULL;
    h ^= h >> 29;
    h *= 0xBF58476D1CE4E5B9ULL;
    h ^= h >> 32;
    return (size_t)(h & (tt_buckets - 1));
}

static inline Entry *tt_find(u64 k1, u64 k2) {
    Entry *b = tt + tt_hash(k1, k2) * TT_WAYS;
    for (int i = 0; i < TT_WAYS; i++)
        if (b[i].used && b[i].k1 == k1 && b[i].k2 == k2) return &b[i];
    return NULL;
}

static void tt_store(u64 k1, u64 k2, int lb, int ub, int depth, int best) {
    Entry *b = tt + tt_hash(k1, k2) * TT_WAYS;
    Entry *slot = NULL;
    for (int i = 0; i < TT_WAYS; i++) {
        if (b[i].used && b[i].k1 == k1 && b[i].k2 == k2) {
            slot = &b[i];
            break;
        }
    }
    if (slot == NULL) {
        for (int i = 0; i < TT_WAYS; i++) {
            if (!b[i].used) {
                slot = &b[i];
                break;
            }
        }
    }
    if (slot == NULL) { /* replace the shallowest entry */
        slot = &b[0];
        for (int i = 1; i < TT_WAYS; i++)
            if (b[i].depth < slot->depth) slot = &b[i];
    }
    slot->k1 = k1;
    slot->k2 = k2;
    slot->lb = (int8_t)lb;
    slot->ub = (int8_t)ub;
    slot->depth = (uint8_t)depth;
    slot->used = 1;
    slot->best = (uint8_t)best;
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
    int objective;
    int counted;  /* bit per seat: whose tricks count */
    int max_team; /* 0 = N-S maximise, 1 = E-W */
    int nil_seat; /* -1 for trick counting */
    u64 mode1, mode2;
    long nodes;
} State;

/* Does card a beat card b, where b is currently winning? */
static inline int beats(int a, int b) {
    int sa = a / 13, sb = b / 13;
    if (sa == sb) return a < b;
    return sa == 0;
}

static inline int tricks_left(const State *s) {
    return popc(s->hand[s->leader]) + (s->ntrick ? 1 : 0);
}

static void make_key(const State *s, u64 *k1, u64 *k2) {
    u64 all = s->hand[0] | s->hand[1] | s->hand[2] | s->hand[3];
    u64 o1 = s->hand[1] | s->hand[3];
    u64 o2 = s->hand[2] | s->hand[3];
    u64 part[4];
    for (int su = 0; su < 4; su++) {
        u64 m = all & SUIT[su];
        u64 code = 0;
        int n = 0;
        while (m) {
            int idx = lowbit(m);
            m &= m - 1;
            u64 owner = ((o1 >> idx) & 1) | (((o2 >> idx) & 1) << 1);
            code |= owner << (2 * n);
            n++;
        }
        part[su] = code | ((u64)n << 26);
    }
    *k1 = part[0] | (part[1] << 30) | s->mode1;
    *k2 = part[2] | (part[3] << 30) | ((u64)s->leader << 60) | ((u64)(s->broken ? 1 : 0) << 62) | s->mode2;
}

/* Sure tricks for one side from the top spades: a hand holding the k highest
 * remaining spades wins at least k tricks (each wins the trick it is played
 * in, and one hand plays one card per trick). Returns the count; *team gets
 * the side that owns them. */
static int top_spade_run(const State *s, int *team) {
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
    return k;
}

/* Quick tricks: tricks the leader L can cash at once from the top, keeping the
 * lead throughout.
 *
 * A top spade always wins, and L may lead spades if they are broken or L holds
 * nothing else; L cashes its top spades first (opponents holding spades must
 * follow, so their other suits are unchanged). Then, in each other suit, a
 * top card wins round i of the suit if each opponent holding a spade still
 * follows (holds at least i cards of it); an opponent with no spade cannot
 * win it. While cashing one suit, an opponent holding a spade always follows,
 * so the other suits' limits still hold and the suits add up.
 *
 * Partner must not be forced to trump a winner (that would move the lead):
 * if partner still holds a spade after the spade run, each suit is limited
 * to the rounds partner can follow or discard another card, and only the best
 * single suit counts. */
static int cash_count(const State *s, int L) {
    int P = L ^ 2, lho = (L + 1) & 3, rho = (L + 3) & 3;
    u64 all = s->hand[0] | s->hand[1] | s->hand[2] | s->hand[3];
    int lho_ruffs = (s->hand[lho] & SPADES) != 0, rho_ruffs = (s->hand[rho] & SPADES) != 0;
    int spades_ok = s->broken || s->bridge || !(s->hand[L] & ~SPADES);
    int spade_run = 0;
    if (spades_ok && (s->hand[L] & SPADES)) {
        u64 m = all & SPADES;
        while (m && ((s->hand[L] >> lowbit(m)) & 1)) {
            spade_run++;
            m &= m - 1;
        }
    }
    int partner_ruffs = popc(s->hand[P] & SPADES) > spade_run;
    int best = 0, sum = 0;
    for (int su = 1; su < 4; su++) {
        u64 mine = s->hand[L] & SUIT[su];
        if (!mine) continue;
        u64 m = all & SUIT[su];
        int k = 0;
        while (m && ((mine >> lowbit(m)) & 1)) {
            k++;
            m &= m - 1;
        }
        if (!k) continue;
        int cap = 13;
        int nl = popc(s->hand[lho] & SUIT[su]), nr = popc(s->hand[rho] & SUIT[su]);
        if (lho_ruffs && nl < cap) cap = nl;
        if (rho_ruffs && nr < cap) cap = nr;
        if (partner_ruffs) {
            int keep = popc(s->hand[P] & ~SPADES); /* partner's cards that are not spades */
            if (keep < cap) cap = keep;
        }
        if (k > cap) k = cap;
        if (k > best) best = k;
        sum += k;
    }
    return spade_run + (partner_ruffs ? best : sum);
}

/* The leader's own cashable tricks, or, when the leader can reach partner's
 * top card of a suit (a card of that suit to lead, and no opponent can trump
 * the first round), at least that trick, and partner's cashable tricks if the
 * leader holds no spade (so cannot be forced to trump partner's winners). */
static int quick_tricks(const State *s) {
    int L = s->leader, P = L ^ 2, lho = (L + 1) & 3, rho = (L + 3) & 3;
    int q = cash_count(s, L);
    u64 all = s->hand[0] | s->hand[1] | s->hand[2] | s->hand[3];
    int spades_ok = s->broken || s->bridge || !(s->hand[L] & ~SPADES);
    for (int su = 0; su < 4; su++) {
        u64 suit_all = all & SUIT[su];
        if (!(s->hand[L] & SUIT[su]) || !((s->hand[P] >> lowbit(suit_all)) & 1)) continue;
        if (su == 0) {
            if (!spades_ok) continue;
        } else {
            if (!(s->hand[lho] & SUIT[su]) && (s->hand[lho] & SPADES)) continue;
            if (!(s->hand[rho] & SUIT[su]) && (s->hand[rho] & SPADES)) continue;
        }
        int qp = (s->hand[L] & SPADES) ? 1 : cash_count(s, P);
        if (qp < 1) qp = 1;
        return qp > q ? qp : q;
    }
    return q;
}

/* ---- move generation and ordering -------------------------------------------------- */

static u64 legal_mask(const State *s, int seat) {
    u64 hand = s->hand[seat];
    if (s->ntrick) {
        u64 follow = hand & SUIT[s->trick[0] / 13];
        return follow ? follow : hand;
    }
    if (s->broken || s->bridge) return hand;
    u64 other = hand & ~SPADES;
    return other ? other : hand;
}

/* Can seat q, still to play to this trick (led suit `led`), beat card c? */
static inline int can_beat(const State *s, int q, int c, int led) {
    u64 follow = s->hand[q] & SUIT[led];
    if (follow) return c / 13 == led && lowbit(follow) < c;
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

static int order_score_tricks(const State *s, int seat, int c, u64 alive) {
    int su = c / 13;
    int r = c % 13; /* 0 = ace: a larger r is a lower card */
    int partner = seat ^ 2;
    if (s->ntrick == 0) {
        u64 suit_alive = alive & SUIT[su];
        int top = lowbit(suit_alive);
        int lho = (seat + 1) & 3, rho = (seat + 3) & 3;
        int ruff = 0;
        if (su != 0) {
            if (!(s->hand[lho] & SUIT[su]) && (s->hand[lho] & SPADES)) ruff = 1;
            if (!(s->hand[rho] & SUIT[su]) && (s->hand[rho] & SPADES)) ruff = 1;
        }
        if (sure_winner(s, seat, c, su)) return 100 - r;
        if (su != 0 && !(s->hand[partner] & SUIT[su]) && (s->hand[partner] & SPADES) && !ruff)
            return 75 + r; /* partner ruffs */
        if ((s->hand[partner] >> top) & 1) return ruff ? 25 + r : 70 + r;
        if (su == 0) return 10 + r;
        return 40 + r - (ruff ? 20 : 0);
    }
    int led = s->trick[0] / 13;
    int w = s->trick[s->win_pos];
    int wseat = (s->leader + s->win_pos) & 3;
    int partner_winning = wseat == partner;
    int win = beats(c, w);
    if (partner_winning && sure_winner(s, seat, w, led)) {
        /* partner has the trick: give the lowest card, never overtake */
        if (win) return r;
        if (su == led) return 60 + r;
        if (su == 0) return 10 + r;
        return 50 + r - popc(s->hand[seat] & SUIT[su]);
    }
    if (win && sure_winner(s, seat, c, led)) return 90 + r; /* the cheapest sure winner */
    if (su == led) {
        if (win) return (partner_winning ? 30 : 65) + r;
        return 50 + r;
    }
    if (su == 0) { /* ruffing */
        if (win) return (partner_winning ? 20 : 60) + r;
        return 5 + r;
    }
    /* discarding: low cards first, and from short suits a little before long */
    return 45 + r - popc(s->hand[seat] & SUIT[su]);
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
    int win = beats(c, w);
    if (seat == nil) return win ? 10 + r : 80 - r; /* the highest card that still loses */
    if ((seat ^ 2) == nil) return win ? 70 - r : 30 + r;
    return win ? 20 + r : 60 + r;
}

/* The legal cards of the seat to play, one per run of equivalent cards,
 * best-looking first. Returns the count. */
static int gen_moves(const State *s, int seat, int *moves, int hint) {
    u64 hand = s->hand[seat];
    u64 legal = legal_mask(s, seat);
    u64 alive = s->hand[0] | s->hand[1] | s->hand[2] | s->hand[3];
    for (int i = 0; i < s->ntrick; i++) alive |= 1ULL << s->trick[i];
    int scores[13];
    int n = 0;
    u64 m = legal;
    while (m) {
        int c = lowbit(m);
        m &= m - 1;
        u64 higher = alive & ((1ULL << c) - 1) & SUIT[c / 13];
        if (higher && ((hand >> highbit(higher)) & 1)) continue; /* same run as the card above */
        int sc = s->nil_seat < 0 ? order_score_tricks(s, seat, c, alive) : order_score_nil(s, seat, c);
        if (c == hint) sc += 1 << 30;
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

static int ab(State *s, int target);

/* Play card c for the seat to play; returns the seat that won the trick if the
 * card completed it, else -1. The caller restores with unplay(). */
typedef struct {
    int broken, win_pos, leader, ntrick;
    int trick[4]; /* the later tricks of the search overwrite the trick array */
} Undo;

static inline int play(State *s, int seat, int c, Undo *u) {
    u->broken = s->broken;
    u->win_pos = s->win_pos;
    u->leader = s->leader;
    u->ntrick = s->ntrick;
    memcpy(u->trick, s->trick, sizeof(u->trick));
    s->hand[seat] &= ~(1ULL << c);
    int pos = s->ntrick;
    s->trick[pos] = c;
    if (c < 13 && (s->slb || (pos > 0 && s->trick[0] >= 13))) s->broken = 1;
    if (pos == 0)
        s->win_pos = 0;
    else if (beats(c, s->trick[s->win_pos]))
        s->win_pos = pos;
    if (pos == 3) {
        int winner = (s->leader + s->win_pos) & 3;
        s->ntrick = 0;
        s->leader = winner;
        return winner;
    }
    s->ntrick = pos + 1;
    return -1;
}

static inline void unplay(State *s, int seat, int c, const Undo *u) {
    s->hand[seat] |= 1ULL << c;
    s->broken = u->broken;
    s->win_pos = u->win_pos;
    s->leader = u->leader;
    s->ntrick = u->ntrick;
    memcpy(s->trick, u->trick, sizeof(s->trick));
}

static int search_moves(State *s, int target, int hint, int *decided) {
    int seat = (s->leader + s->ntrick) & 3;
    int maximising = (seat & 1) == s->max_team;
    int moves[13];
    int n = gen_moves(s, seat, moves, hint);
    for (int i = 0; i < n; i++) {
        Undo u;
        int winner = play(s, seat, moves[i], &u);
        int gained = winner >= 0 ? (s->counted >> winner) & 1 : 0;
        int r = ab(s, target - gained);
        unplay(s, seat, moves[i], &u);
        if (maximising == r) {
            *decided = moves[i];
            return r;
        }
    }
    *decided = -1;
    return maximising ? 0 : 1;
}

/* The last trick: every hand holds one card, so the play is forced. */
static int last_trick_value(const State *s) {
    int lead = lowbit(s->hand[s->leader]);
    int best = lead, bpos = 0;
    for (int i = 1; i < 4; i++) {
        int c = lowbit(s->hand[(s->leader + i) & 3]);
        if (beats(c, best)) {
            best = c;
            bpos = i;
        }
    }
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

/* Can the maximising side make at least `target` counted tricks from here? */
static int ab(State *s, int target) {
    s->nodes++;
    if (target <= 0) return 1;
    int left = tricks_left(s);
    if (target > left) return 0;
    int decided;
    if (s->ntrick) return search_moves(s, target, -1, &decided);
    if (left == 1) return last_trick_value(s) >= target;

    u64 k1, k2;
    make_key(s, &k1, &k2);
    int lb = 0, ub = left, hint = -1;
    Entry *e = tt_find(k1, k2);
    if (e != NULL) {
        lb = e->lb;
        ub = e->ub;
        if (e->best != 0xFF) hint = relative_to_card(s, e->best);
        if (lb >= target) return 1;
        if (ub < target) return 0;
    }
    if (s->nil_seat >= 0) {
        /* a Nil bidder holding the top spades must win a trick with each of them */
        u64 sp = (s->hand[0] | s->hand[1] | s->hand[2] | s->hand[3]) & SPADES;
        if (sp && ((s->hand[s->nil_seat] >> lowbit(sp)) & 1)) {
            int team, k = top_spade_run(s, &team);
            if (k > lb) lb = k;
            if (lb >= target) {
                tt_store(k1, k2, lb, ub, left, e != NULL ? e->best : 0xFF);
                return 1;
            }
        }
    } else {
        int team;
        int k = top_spade_run(s, &team);
        if (k) {
            if (team == s->max_team) {
                if (k > lb) lb = k;
            } else if (left - k < ub) {
                ub = left - k;
            }
        }
        int q = quick_tricks(s);
        if ((s->leader & 1) == s->max_team) {
            if (q > lb) lb = q;
        } else if (left - q < ub) {
            ub = left - q;
        }
        if (lb >= target || ub < target) {
            tt_store(k1, k2, lb, ub, left, e != NULL ? e->best : 0xFF);
            return lb >= target;
        }
    }
    int r = search_moves(s, target, hint, &decided);
    if (r) {
        if (target > lb) lb = target;
    } else if (target - 1 < ub) {
        ub = target - 1;
    }
    tt_store(k1, k2, lb, ub, left, decided >= 0 ? card_to_relative(s, decided) : 0xFF);
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
    if (s->ntrick == 0 && hi > 1) {
        u64 k1, k2;
        make_key(s, &k1, &k2);
        Entry *e = tt_find(k1, k2);
        if (e != NULL) {
            lo = e->lb;
            hi = e->ub;
        }
    }
    int guess = greedy_playout(s);
    if (guess < lo) guess = lo;
    if (guess > hi) guess = hi;
    /* test "at least guess" first (or "at least guess + 1" if guess is already proven) */
    int t = guess > lo ? guess : guess + 1;
    while (lo < hi) {
        if (t <= lo) t = lo + 1;
        if (t > hi) t = hi;
        if (ab(s, t)) {
            lo = t;
            t = t + 1;
        } else {
            hi = t - 1;
            t = t - 1;
        }
    }
    return lo;
}

/* ---- Python interface ---------------------------------------------------------------- */

static long last_nodes = 0;

static int parse_position(PyObject *hands, int leader, PyObject *trick, int broken, int flags, int objective,
                          State *s) {
    memset(s, 0, sizeof(*s));
    if (!PyTuple_Check(hands) || PyTuple_GET_SIZE(hands) != 4) {
        PyErr_SetString(PyExc_ValueError, "hands must be a tuple of four masks");
        return 0;
    }
    u64 seen = 0;
    for (int i = 0; i < 4; i++) {
        unsigned long long m = PyLong_AsUnsignedLongLong(PyTuple_GET_ITEM(hands, i));
        if (PyErr_Occurred()) return 0;
        if (m >> 52 || (m & seen)) {
            PyErr_SetString(PyExc_ValueError, "hand masks must be disjoint 52-bit masks");
            return 0;
        }
        seen |= m;
        s->hand[i] = m;
    }
    if (leader < 0 || leader > 3 || objective < 0 || objective > 4) {
        PyErr_SetString(PyExc_ValueError, "leader must be 0-3 and objective 0-4");
        return 0;
    }
    if (!PyTuple_Check(trick) || PyTuple_GET_SIZE(trick) > 3) {
        PyErr_SetString(PyExc_ValueError, "trick must be a tuple of at most three card indices");
        return 0;
    }
    s->leader = leader;
    s->ntrick = (int)PyTuple_GET_SIZE(trick);
    for (int i = 0; i < s->ntrick; i++) {
        long c = PyLong_AsLong(PyTuple_GET_ITEM(trick, i));
        if (PyErr_Occurred()) return 0;
        if (c < 0 || c > 51 || ((seen >> c) & 1)) {
            PyErr_SetString(PyExc_ValueError, "trick cards must be distinct indices 0-51 not in any hand");
            return 0;
        }
        seen |= 1ULL << c;
        s->trick[i] = (int)c;
        if (i == 0 || beats((int)c, s->trick[s->win_pos])) s->win_pos = i;
    }
    int n = popc(s->hand[(leader + s->ntrick) & 3]);
    for (int i = 0; i < 4; i++) {
        int expect = n - ((((i - leader) & 3) < s->ntrick) ? 1 : 0);
        if (popc(s->hand[i]) != expect) {
            PyErr_SetString(PyExc_ValueError, "hand sizes do not fit the trick in progress");
            return 0;
        }
    }
    s->broken = broken ? 1 : 0;
    s->slb = flags & 1;
    s->bridge = (flags >> 1) & 1;
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
    s->mode1 = ((u64)objective << 60) | ((u64)s->slb << 63);
    s->mode2 = (u64)s->bridge << 63;
    return 1;
}

static PyObject *py_solve(PyObject *self, PyObject *args) {
    PyObject *hands, *trick;
    int leader, broken, flags, objective, target = 0;
    (void)self;
    if (!PyArg_ParseTuple(args, "OiOpii|i", &hands, &leader, &trick, &broken, &flags, &objective, &target))
        return NULL;
    State s;
    if (!parse_position(hands, leader, trick, broken, flags, objective, &s)) return NULL;
    if (!tt_init()) return PyErr_NoMemory();
    if (tricks_left(&s) == 0) return PyLong_FromLong(0);
    int v = target > 0 ? ab(&s, target) : exact_value(&s);
    last_nodes = s.nodes;
    return PyLong_FromLong(v);
}

static PyObject *py_nodes(PyObject *self, PyObject *args) {
    (void)self;
    (void)args;
    return PyLong_FromLong(last_nodes);
}

static PyObject *py_clear(PyObject *self, PyObject *args) {
    (void)self;
    (void)args;
    if (tt != NULL) memset(tt, 0, tt_buckets * TT_WAYS * sizeof(Entry));
    Py_RETURN_NONE;
}

static PyMethodDef methods[] = {
    {"solve", py_solve, METH_VARARGS,
     "solve(hands, leader, trick, broken, flags, objective, target=0) -> int\n\n"
     "The exact value of a position: hands is a tuple of four card masks (N, E, S, W),\n"
     "trick the card indices of the trick in progress, objective 0 for North-South's\n"
     "tricks or 1 + seat for the tricks a Nil bidder can be forced to take.\n"
     "With target > 0, only answers whether the value is at least target (1 or 0)."},
    {"nodes", py_nodes, METH_NOARGS, "nodes() -> int: search nodes visited by the last solve()."},
    {"clear", py_clear, METH_NOARGS, "clear() -> None: empty the transposition table."},
    {NULL, NULL, 0, NULL}};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_ddcore",
                                    "Compiled double-dummy search under Spades rules.", -1, methods};

PyMODINIT_FUNC PyInit__ddcore(void) { return PyModule_Create(&module); }
