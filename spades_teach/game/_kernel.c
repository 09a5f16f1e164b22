/*
 * The compiled twin of spades_teach.game.kernel.PlayState: the card play of one
 * hand in bit-mask form, the component a Round holds for its hot path
 * (legal_plays, play, closing a trick).
 *
 * The pure-Python PlayState in kernel.py is the reference. This type offers the
 * same public interface (kernel.PlayKernel: PlayCore(rules, seating, refused),
 * start, begin, legal_plays, play, play_unchecked, two_clubs_to_lead and the
 * read-only to_play, leader, hands, trick, tricks, won, broken, led_mask, events),
 * keeps its state to itself, and
 * applies the rules of _rules.h, the C twins of kernel.legal, kernel.beats and
 * kernel.breaks_spades; tests/test_kernel_backends.py drives both forms side by
 * side over thousands of random hands and asserts they agree at every step. It is
 * not a base class: Round holds one, it does not derive from it.
 *
 * Cards are bit masks as _rules.h describes them (index 0 = A of spades ... 51 = 2
 * of clubs; a hand is the OR of its cards' masks).
 *
 * Safe at its edge: nothing reachable from Python may crash the process. No field
 * can be written from Python: the rules and the seating are read (and checked) by
 * the constructor, the hands by start(), the first leader by begin(); a seat is
 * taken only as one of the four Seat objects, a card only as a Card, a hand is cut
 * to the 52 card bits, and every list read from Python is a copy.
 * tests/test_kernel_fuzz.py calls every method with hostile values in a subprocess.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <structmember.h>
#include <stdint.h>

#if (defined(__GNUC__) || defined(__clang__)) && !defined(SPADES_TEACH_PORTABLE_BITS)
#define POPCOUNT(x) __builtin_popcountll(x)
#define LOWEST_BIT(x) __builtin_ctzll(x)
#else
static int POPCOUNT(uint64_t x) {
    int n = 0;
    for (; x; x &= x - 1) n++;
    return n;
}
static int LOWEST_BIT(uint64_t x) {
    int n = 0;
    for (; !(x & 1); x >>= 1) n++;
    return n;
}
#endif

#include "_rules.h" /* the rules of the card play, shared with the double-dummy search */

#define FULL_DECK RULES_FULL_DECK /* the 52 cards: every hand C reads is cut to these bits */

/* Set once by setup(): the Python objects the kernel builds and compares with. */
static PyTypeObject *card_type = NULL;     /* spades_teach.game.cards.Card */
static PyTypeObject *cards_type = NULL;    /* spades_teach.game.cards.Cards */
static PyTypeObject *event_type = NULL;    /* spades_teach.game.kernel.PlayEvent */
static PyTypeObject *trick_type = NULL;    /* spades_teach.game.kernel.Trick */
static PyObject *deck[52];                 /* the 52 Card objects, by index */
static PyObject *seat_objects[4];          /* Seat.N .. Seat.W */
static PyObject *empty_cards = NULL;       /* Cards() */
static PyObject *str_index, *str_first_lead, *str_spade_lead_breaks, *str_two_of_clubs, *str_players, *str_next_of,
    *str_trick_orders, *str_number, *str_leader, *str_cards, *str_seats, *str_winner;

typedef struct {
    PyObject_HEAD
    uint64_t hands[4];
    uint64_t led_mask; /* 0 before the lead */
    uint64_t top_mask; /* the card winning the trick so far */
    long long legal_now; /* the legal cards of the seat to play once worked out, else -1 */
    char broken;
    char c2_pending; /* the 2 of clubs must still lead */
    char c2_rule; /* the rules make the 2 of clubs lead the first trick */
    char spade_lead_breaks;
    int players;
    long won[4]; /* tricks won, by seat number */
    PyObject *next_seat[4]; /* the seat after each seat, by seat number (NULL: the seat does not play) */
    PyObject *order[4]; /* the seats of a trick in play order, by leader's seat number */
    PyObject *tricks; /* list of Trick */
    PyObject *trick_cards; /* list of Card */
    PyObject *events; /* list of PlayEvent */
    PyObject *leader;
    PyObject *top_seat;
    PyObject *to_play;
    PyObject *refused; /* called with a play off the fast path (NULL: play answers None) */
} PlayCore;

static int ready(void) {
    if (card_type == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "spades_teach.game._kernel.setup() has not been called");
        return 0;
    }
    return 1;
}

/* The seat number (0-3) of one of the four Seat objects, or -1 with an exception
   set (anything else, even an equal int, is refused: C indexes arrays with it). */
static int seat_number(PyObject *seat) {
    for (int i = 0; i < 4; i++)
        if (seat == seat_objects[i] && seat != NULL) return i;
    PyErr_Format(PyExc_TypeError, "not a seat: %R", seat);
    return -1;
}

/* Where a Card keeps its index: the offset of its ``index`` slot, read once by setup() (0 until then). */
static Py_ssize_t index_offset = 0;

/* Where a Trick keeps its fields (number, leader, cards, seats, winner): the offsets of its slots,
   read once by setup(). */
enum { TRICK_NUMBER, TRICK_LEADER, TRICK_CARDS, TRICK_SEATS, TRICK_WINNER, TRICK_FIELDS };
static Py_ssize_t trick_offsets[TRICK_FIELDS];

/* The offset of the object slot ``name`` that ``type`` itself declares (a member descriptor of
   type T_OBJECT_EX), or 0 with a TypeError set. */
static Py_ssize_t slot_offset(PyTypeObject *type, PyObject *name) {
    PyObject *slot = PyObject_GetAttr((PyObject *)type, name);
    if (slot == NULL) return 0;
    Py_ssize_t offset = 0;
    if (Py_TYPE(slot) == &PyMemberDescr_Type && ((PyMemberDescrObject *)slot)->d_common.d_type == type &&
        ((PyMemberDescrObject *)slot)->d_member->type == T_OBJECT_EX)
        offset = ((PyMemberDescrObject *)slot)->d_member->offset;
    Py_DECREF(slot);
    if (offset <= 0) PyErr_Format(PyExc_TypeError, "%s must keep its %R in a slot of its own", type->tp_name, name);
    return offset;
}

/* The index (0-51) of a Card (of exactly that type: its index slot is read directly, no Python
   code runs), or -1 with an exception set. */
static int card_index(PyObject *card) {
    if (Py_TYPE(card) != card_type || index_offset == 0) {
        PyErr_Format(PyExc_TypeError, "not a Card: %R", card);
        return -1;
    }
    PyObject *index = *(PyObject **)((char *)card + index_offset);
    if (index == NULL) {
        PyErr_Format(PyExc_AttributeError, "a Card without its index: %R", card);
        return -1;
    }
    long n = PyLong_Check(index) ? PyLong_AsLong(index) : -1;
    if (n == -1 && PyErr_Occurred()) return -1;
    if (n < 0 || n > 51) {
        PyErr_Format(PyExc_ValueError, "not a card: %R", card);
        return -1;
    }
    return (int)n;
}

static void set_object(PyObject **slot, PyObject *value) {
    PyObject *old = *slot;
    Py_XINCREF(value);
    *slot = value;
    Py_XDECREF(old);
}

static int traverse(PlayCore *self, visitproc visit, void *arg) {
    for (int i = 0; i < 4; i++) {
        Py_VISIT(self->next_seat[i]);
        Py_VISIT(self->order[i]);
    }
    Py_VISIT(self->tricks);
    Py_VISIT(self->trick_cards);
    Py_VISIT(self->events);
    Py_VISIT(self->leader);
    Py_VISIT(self->top_seat);
    Py_VISIT(self->to_play);
    Py_VISIT(self->refused);
    return 0;
}

static int clear(PlayCore *self) {
    for (int i = 0; i < 4; i++) {
        Py_CLEAR(self->next_seat[i]);
        Py_CLEAR(self->order[i]);
    }
    Py_CLEAR(self->tricks);
    Py_CLEAR(self->trick_cards);
    Py_CLEAR(self->events);
    Py_CLEAR(self->leader);
    Py_CLEAR(self->top_seat);
    Py_CLEAR(self->to_play);
    Py_CLEAR(self->refused);
    return 0;
}

static void dealloc(PlayCore *self) {
    PyTypeObject *tp = Py_TYPE(self);
    PyObject_GC_UnTrack(self);
    clear(self);
    tp->tp_free((PyObject *)self);
}

static PyObject *new_core(PyTypeObject *type, PyObject *args, PyObject *kwds) {
    PlayCore *self = (PlayCore *)type->tp_alloc(type, 0);
    if (self == NULL) return NULL;
    self->legal_now = -1;
    self->players = 4;
    return (PyObject *)self;
}

/* -- PlayCore(rules, seating), start(hands), begin(leader) ------------------------------ */

/* The value of each seat in the mapping ``value`` (NULL where a seat is missing);
   -1 with an exception set on any other error. */
static int read_seat_table(PyObject *value, PyObject *found[4]) {
    for (int i = 0; i < 4; i++) {
        found[i] = PyObject_GetItem(value, seat_objects[i]);
        if (found[i] == NULL) {
            if (!PyErr_ExceptionMatches(PyExc_KeyError)) {
                for (int j = 0; j < i; j++) Py_XDECREF(found[j]);
                return -1;
            }
            PyErr_Clear();
        }
    }
    return 0;
}

static void drop_table(PyObject *found[4]) {
    for (int i = 0; i < 4; i++) Py_CLEAR(found[i]);
}

/* The seating's next_of (a seat for each seat that plays) and trick_orders (a tuple of at
   most four seats for each), checked; 0, or -1 with an exception set and nothing kept. */
static int read_seating(PyObject *seating, int *players, PyObject *nexts[4], PyObject *orders[4]) {
    for (int i = 0; i < 4; i++) nexts[i] = orders[i] = NULL;
    PyObject *count = PyObject_GetAttr(seating, str_players);
    if (count == NULL) return -1;
    if (!PyLong_CheckExact(count)) {
        PyErr_Format(PyExc_TypeError, "the seating's players must be the int 2 or 4, not %R", count);
        Py_DECREF(count);
        return -1;
    }
    int overflow = 0;
    long n = PyLong_AsLongAndOverflow(count, &overflow);
    Py_DECREF(count);
    if (n == -1 && PyErr_Occurred()) return -1;
    if (overflow || (n != 2 && n != 4)) {
        PyErr_SetString(PyExc_ValueError, "the seating's players must be 2 or 4");
        return -1;
    }
    PyObject *table = PyObject_GetAttr(seating, str_next_of);
    if (table == NULL) return -1;
    int failed = read_seat_table(table, nexts);
    Py_DECREF(table);
    if (failed < 0) return -1;
    for (int i = 0; i < 4; i++) {
        if (nexts[i] != NULL && seat_number(nexts[i]) < 0) {
            PyErr_Clear();
            PyErr_Format(PyExc_TypeError, "next_of must map a seat to a seat, not %R", nexts[i]);
            drop_table(nexts);
            return -1;
        }
    }
    table = PyObject_GetAttr(seating, str_trick_orders);
    if (table == NULL) {
        drop_table(nexts);
        return -1;
    }
    failed = read_seat_table(table, orders);
    Py_DECREF(table);
    if (failed < 0) {
        drop_table(nexts);
        return -1;
    }
    for (int i = 0; i < 4; i++) {
        if (orders[i] == NULL) continue;
        int ok = PyTuple_CheckExact(orders[i]) && PyTuple_GET_SIZE(orders[i]) <= 4;
        for (Py_ssize_t j = 0; ok && j < PyTuple_GET_SIZE(orders[i]); j++)
            ok = seat_number(PyTuple_GET_ITEM(orders[i], j)) >= 0;
        if (!ok) {
            PyErr_Clear();
            PyErr_Format(PyExc_TypeError, "trick_orders must map a seat to a tuple of at most four seats, not %R",
                         orders[i]);
            drop_table(nexts);
            drop_table(orders);
            return -1;
        }
    }
    *players = (int)n;
    return 0;
}

/* The play of a new hand with these hands, before the first lead; 0, or -1 with an
   exception set and nothing changed. */
static int reset(PlayCore *self, const uint64_t hands[4]) {
    PyObject *cards = PyList_New(0);
    PyObject *tricks = PyList_New(0);
    PyObject *events = PyList_New(0);
    if (cards == NULL || tricks == NULL || events == NULL) {
        Py_XDECREF(cards);
        Py_XDECREF(tricks);
        Py_XDECREF(events);
        return -1;
    }
    memcpy(self->hands, hands, sizeof self->hands);
    memset(self->won, 0, sizeof self->won);
    Py_XSETREF(self->trick_cards, cards);
    Py_XSETREF(self->tricks, tricks);
    Py_XSETREF(self->events, events);
    set_object(&self->leader, Py_None);
    set_object(&self->top_seat, Py_None);
    set_object(&self->to_play, Py_None);
    self->led_mask = 0;
    self->top_mask = 0;
    self->broken = 0;
    self->c2_pending = self->c2_rule;
    self->legal_now = -1;
    return 0;
}

static int init_core(PlayCore *self, PyObject *args, PyObject *kwds) {
    static char *names[] = {"rules", "seating", "refused", NULL};
    PyObject *rules, *seating, *refused = Py_None;
    if (!ready()) return -1;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "OO|O:PlayCore", names, &rules, &seating, &refused)) return -1;
    if (refused != Py_None && !PyCallable_Check(refused)) {
        PyErr_Format(PyExc_TypeError, "refused must be callable or None, not %R", refused);
        return -1;
    }
    PyObject *first_lead = PyObject_GetAttr(rules, str_first_lead);
    if (first_lead == NULL) return -1;
    int c2 = PyObject_RichCompareBool(first_lead, str_two_of_clubs, Py_EQ);
    Py_DECREF(first_lead);
    if (c2 < 0) return -1;
    PyObject *slb_obj = PyObject_GetAttr(rules, str_spade_lead_breaks);
    if (slb_obj == NULL) return -1;
    int slb = PyObject_IsTrue(slb_obj);
    Py_DECREF(slb_obj);
    if (slb < 0) return -1;
    int players;
    PyObject *nexts[4], *orders[4];
    if (read_seating(seating, &players, nexts, orders) < 0) return -1;
    for (int i = 0; i < 4; i++) {
        Py_XSETREF(self->next_seat[i], nexts[i]);
        Py_XSETREF(self->order[i], orders[i]);
    }
    set_object(&self->refused, refused == Py_None ? NULL : refused);
    self->players = players;
    self->c2_rule = (char)c2;
    self->spade_lead_breaks = (char)slb;
    static const uint64_t no_cards[4] = {0, 0, 0, 0};
    return reset(self, no_cards);
}

static PyObject *start(PlayCore *self, PyObject *given) {
    if (!ready()) return NULL;
    PyObject *seq = PySequence_Fast(given, "hands must be a sequence of four masks");
    if (seq == NULL) return NULL;
    if (PySequence_Fast_GET_SIZE(seq) != 4) {
        Py_DECREF(seq);
        PyErr_SetString(PyExc_ValueError, "hands must hold four masks, one a seat");
        return NULL;
    }
    uint64_t hands[4];
    for (int i = 0; i < 4; i++) {
        /* cut to the 52 card bits: cards_of_mask indexes the deck with every bit set */
        hands[i] = PyLong_AsUnsignedLongLong(PySequence_Fast_GET_ITEM(seq, i)) & FULL_DECK;
        if (PyErr_Occurred()) {
            Py_DECREF(seq);
            return NULL;
        }
    }
    Py_DECREF(seq);
    if (reset(self, hands) < 0) return NULL;
    Py_RETURN_NONE;
}

static PyObject *begin(PlayCore *self, PyObject *leader) {
    if (!ready() || seat_number(leader) < 0) return NULL;
    if (self->trick_cards == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "the play has not started");
        return NULL;
    }
    self->legal_now = -1;
    set_object(&self->leader, leader);
    set_object(&self->to_play, leader);
    set_object(&self->top_seat, leader);
    Py_RETURN_NONE;
}

/* -- legal_plays() --------------------------------------------------------------------- */

static uint64_t legal_now(PlayCore *self, int seat) {
    if (self->legal_now < 0)
        self->legal_now = (long long)rules_legal(self->hands[seat], self->led_mask, self->broken, self->c2_pending);
    return (uint64_t)self->legal_now;
}

/* The Cards of one card, by index, each made once and then shared (a Cards is an immutable tuple):
   a seat with one legal card (every card of the last trick, a singleton followed) gets it. */
static PyObject *single_cards[52];

/* The cards of a mask as a Cards tuple, in display order (ascending index). */
static PyObject *cards_of_mask(uint64_t mask) {
    mask &= FULL_DECK; /* deck holds 52 cards */
    Py_ssize_t n = (Py_ssize_t)POPCOUNT(mask);
    if (n == 1) {
        int index = LOWEST_BIT(mask);
        PyObject *one = single_cards[index];
        if (one == NULL) {
            one = cards_type->tp_alloc(cards_type, 1);
            if (one == NULL) return NULL;
            Py_INCREF(deck[index]);
            ((PyTupleObject *)one)->ob_item[0] = deck[index];
            if (single_cards[index] == NULL) {
                single_cards[index] = one; /* the cache's reference */
            } else { /* (the allocation ran Python code that filled this entry: keep the first) */
                Py_DECREF(one);
                one = single_cards[index];
            }
        }
        Py_INCREF(one);
        return one;
    }
    PyObject *made = cards_type->tp_alloc(cards_type, n);
    if (made == NULL) return NULL;
    PyObject **items = ((PyTupleObject *)made)->ob_item;
    for (Py_ssize_t i = 0; i < n; i++) {
        int index = LOWEST_BIT(mask);
        mask &= mask - 1;
        Py_INCREF(deck[index]);
        items[i] = deck[index];
    }
    return made;
}

static PyObject *legal_plays(PlayCore *self, PyObject *unused) {
    if (!ready()) return NULL;
    if (self->to_play == NULL || self->to_play == Py_None) {
        Py_INCREF(empty_cards);
        return empty_cards;
    }
    int seat = seat_number(self->to_play);
    if (seat < 0) return NULL;
    return cards_of_mask(legal_now(self, seat));
}

/* -- playing a card -------------------------------------------------------------------- */

static void lead(PlayCore *self, PyObject *seat, int index) {
    uint64_t mask = 1ULL << index;
    set_object(&self->leader, seat);
    self->led_mask = rules_suit_of(index);
    self->top_mask = mask;
    set_object(&self->top_seat, seat);
    if (rules_breaks_spades(mask, 0, self->spade_lead_breaks)) self->broken = 1;
}

/* Record the finished trick (its winner was kept up to date card by card); the
   winner leads the next one, or nobody after 13. Returns 0, or -1 with an
   exception set. */
static int close_trick(PlayCore *self) {
    PyObject *leader = self->leader, *winner = self->top_seat;
    if (leader == NULL || winner == NULL || self->tricks == NULL || self->trick_cards == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "no trick to close");
        return -1;
    }
    int lead_seat = seat_number(leader), win_seat = seat_number(winner);
    if (lead_seat < 0 || win_seat < 0) return -1;
    PyObject *seats = self->order[lead_seat];
    if (seats == NULL) {
        PyErr_Format(PyExc_RuntimeError, "no trick order from %R", leader);
        return -1;
    }
    /* leader and winner are among the four seats, which the module keeps alive; the
       order is held here, as a finalizer run by an allocation below could replace it. */
    Py_INCREF(seats);
    PyObject *trick = trick_type->tp_alloc(trick_type, 0); /* its slots are filled below */
    if (trick == NULL) {
        Py_DECREF(seats);
        return -1;
    }
    PyObject *number = PyLong_FromSsize_t(PyList_GET_SIZE(self->tricks) + 1);
    PyObject *cards = PyList_AsTuple(self->trick_cards);
    if (number == NULL || cards == NULL) {
        Py_XDECREF(number);
        Py_XDECREF(cards);
        Py_DECREF(trick);
        Py_DECREF(seats);
        return -1;
    }
    PyObject *values[TRICK_FIELDS] = {number, leader, cards, seats, winner};
    for (int i = 0; i < TRICK_FIELDS; i++) {
        Py_INCREF(values[i]);
        *(PyObject **)((char *)trick + trick_offsets[i]) = values[i];
    }
    Py_DECREF(number);
    Py_DECREF(cards);
    Py_DECREF(seats);
    int appended = PyList_Append(self->tricks, trick);
    Py_DECREF(trick);
    if (appended < 0) return -1;
    /* The list is this object's own (the trick getter copies it): emptied for the next trick. */
    if (PyList_SetSlice(self->trick_cards, 0, PyList_GET_SIZE(self->trick_cards), NULL) < 0) return -1;
    self->led_mask = 0;
    self->c2_pending = 0;
    self->won[win_seat] += 1;
    PyObject *next = PyList_GET_SIZE(self->tricks) == 13 ? Py_None : winner;
    Py_INCREF(next); /* winner is top_seat's reference: keep it alive while the fields change */
    set_object(&self->to_play, next);
    set_object(&self->leader, next);
    Py_DECREF(next);
    return 0;
}

/* The events (seat, card, renege) as the kernel makes them, each made once and then shared (a
   PlayEvent is an immutable tuple, as a Card is one of 52 objects): by renege, seat number and card. */
static PyObject *event_cache[2][4][52];

/* A new reference to the PlayEvent (seat_objects[seat], deck[index], renege), or NULL with an
   exception set. */
static PyObject *event_of(int seat, int index, int renege) {
    PyObject *event = event_cache[renege][seat][index];
    if (event == NULL) {
        event = event_type->tp_alloc(event_type, 3);
        if (event == NULL) return NULL;
        PyObject *flag = renege ? Py_True : Py_False;
        Py_INCREF(seat_objects[seat]);
        Py_INCREF(deck[index]);
        Py_INCREF(flag);
        PyTuple_SET_ITEM(event, 0, seat_objects[seat]);
        PyTuple_SET_ITEM(event, 1, deck[index]);
        PyTuple_SET_ITEM(event, 2, flag);
        if (event_cache[renege][seat][index] == NULL) {
            event_cache[renege][seat][index] = event; /* the cache's reference */
        } else {
            /* (the allocation ran Python code that filled this entry: keep the first) */
            Py_DECREF(event);
            event = event_cache[renege][seat][index];
        }
    }
    Py_INCREF(event);
    return event;
}

/* Play card ``index`` (the Card ``card``) for ``seat`` (``seat_obj``, one of the four seats)
   whatever the rules say: the trick and spades broken follow the card, the event
   (seat, card, renege) is recorded, and the turn moves on or the trick is closed. Returns
   the event, or NULL with an exception set (nothing changed, unless closing the trick failed). */
static PyObject *put_card(PlayCore *self, PyObject *seat_obj, int seat, PyObject *card, int index, PyObject *renege) {
    /* The event first: its making is the last point before the trick closes where Python
       code (a finalizer) could run, so the state is read after it. */
    card = deck[index]; /* the deck's own Card (an equal one given is not kept) */
    PyObject *event = event_of(seat, index, renege == Py_True);
    if (event == NULL) return NULL;
    if (self->trick_cards == NULL || self->events == NULL || self->tricks == NULL) {
        Py_DECREF(event);
        PyErr_SetString(PyExc_RuntimeError, "the play has not started");
        return NULL;
    }
    Py_ssize_t before = PyList_GET_SIZE(self->trick_cards);
    int full = before + 1 >= self->players;
    PyObject *next = full ? NULL : self->next_seat[seat];
    if (!full && next == NULL) {
        Py_DECREF(event);
        PyErr_Format(PyExc_RuntimeError, "no seat follows %R", seat_obj);
        return NULL;
    }
    if (PyList_Append(self->trick_cards, card) < 0) {
        Py_DECREF(event);
        return NULL;
    }
    if (PyList_Append(self->events, event) < 0) {
        PyList_SetSlice(self->trick_cards, before, before + 1, NULL);
        Py_DECREF(event);
        return NULL;
    }
    uint64_t mask = 1ULL << index;
    self->legal_now = -1;
    self->hands[seat] &= ~mask;
    if (before) {
        uint64_t led = self->led_mask;
        if (rules_breaks_spades(mask, led, self->spade_lead_breaks)) self->broken = 1;
        if (rules_beats(mask, self->top_mask, led)) {
            self->top_mask = mask;
            set_object(&self->top_seat, seat_obj);
        }
    } else {
        lead(self, seat_obj, index);
    }
    if (full) {
        if (close_trick(self) < 0) {
            Py_DECREF(event);
            return NULL;
        }
    } else {
        set_object(&self->to_play, next);
    }
    return event;
}

/* A play off the fast path: the answer of the refused hook, or None without one. */
static PyObject *refuse(PlayCore *self, PyObject *const *args) {
    PyObject *hook = self->refused;
    if (hook == NULL) Py_RETURN_NONE;
    Py_INCREF(hook); /* the hook may start the play afresh or drop it from this object */
    PyObject *answer = PyObject_Vectorcall(hook, args, 2, NULL);
    Py_DECREF(hook);
    return answer;
}

/* play(seat, card): the fast path plays a legal Card of the seat to play (given as that
   seat); anything else changes nothing here and goes to the refused hook (the round
   checks the play, explains a refusal or plays the card), or answers None without one. */
static PyObject *play(PlayCore *self, PyObject *const *args, Py_ssize_t nargs) {
    if (!ready()) return NULL;
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "play(seat, card) takes two arguments");
        return NULL;
    }
    PyObject *seat_obj = args[0], *card = args[1];
    if (seat_obj != self->to_play || seat_obj == Py_None || Py_TYPE(card) != card_type || self->trick_cards == NULL)
        return refuse(self, args);
    int seat = seat_number(seat_obj);
    if (seat < 0) return NULL;
    int index = card_index(card);
    if (index < 0) return NULL;
    uint64_t ok = self->legal_now >= 0 ? (uint64_t)self->legal_now
                                       : rules_legal(self->hands[seat], self->led_mask, self->broken, self->c2_pending);
    if (!(ok & (1ULL << index))) return refuse(self, args);
    return put_card(self, seat_obj, seat, card, index, Py_False);
}

/* play_unchecked(seat, card, renege=False): play whatever the rules say (a renege under the
   penalty rule, or a card the round has checked). */
static PyObject *play_unchecked(PlayCore *self, PyObject *const *args, Py_ssize_t nargs) {
    if (!ready()) return NULL;
    if (nargs != 2 && nargs != 3) {
        PyErr_SetString(PyExc_TypeError, "play_unchecked(seat, card, renege=False)");
        return NULL;
    }
    int renege = nargs == 3 ? PyObject_IsTrue(args[2]) : 0;
    if (renege < 0) return NULL;
    int seat = seat_number(args[0]);
    if (seat < 0) return NULL;
    int index = card_index(args[1]);
    if (index < 0) return NULL;
    return put_card(self, args[0], seat, args[1], index, renege ? Py_True : Py_False);
}

static PyObject *two_clubs_to_lead(PlayCore *self, PyObject *unused) {
    return PyBool_FromLong(self->c2_pending && self->trick_cards != NULL && PyList_GET_SIZE(self->trick_cards) == 0);
}

/* -- what the play looks like (read-only; lists are copies) ------------------------------ */

static PyObject *get_hands(PlayCore *self, void *closure) {
    return Py_BuildValue("[KKKK]", (unsigned long long)self->hands[0], (unsigned long long)self->hands[1],
                         (unsigned long long)self->hands[2], (unsigned long long)self->hands[3]);
}

static PyObject *get_won(PlayCore *self, void *closure) {
    return Py_BuildValue("[llll]", self->won[0], self->won[1], self->won[2], self->won[3]);
}

/* A copy of a list field: AttributeError while it is unset (a PlayCore made by __new__
   alone, or cleared by the garbage collector). */
static PyObject *list_copy(PyObject *list, const char *name) {
    if (list == NULL) {
        PyErr_Format(PyExc_AttributeError, "%s is not set: the play has not started", name);
        return NULL;
    }
    return PyList_GetSlice(list, 0, PyList_GET_SIZE(list));
}

static PyObject *get_trick(PlayCore *self, void *closure) { return list_copy(self->trick_cards, "trick"); }

static PyObject *get_tricks(PlayCore *self, void *closure) { return list_copy(self->tricks, "tricks"); }

static PyObject *get_events(PlayCore *self, void *closure) { return list_copy(self->events, "events"); }

static PyMemberDef members[] = {
    {"to_play", T_OBJECT, offsetof(PlayCore, to_play), READONLY,
     "The seat to play; None before begin() and once the hand is over."},
    {"leader", T_OBJECT, offsetof(PlayCore, leader), READONLY,
     "The seat that leads (or led) the trick in progress; None once the hand is over."},
    {"broken", T_BOOL, offsetof(PlayCore, broken), READONLY, "Whether spades are broken."},
    {"led_mask", T_ULONGLONG, offsetof(PlayCore, led_mask), READONLY,
     "The mask of the suit led to the trick in progress (0 before its lead)."},
    {NULL}};

static PyGetSetDef getset[] = {
    {"hands", (getter)get_hands, NULL, "Each seat's cards, as a mask by seat number (a copy).", NULL},
    {"won", (getter)get_won, NULL, "Tricks won by each seat, by seat number (a copy).", NULL},
    {"trick", (getter)get_trick, NULL, "The cards of the trick in progress, in the order played (a copy).", NULL},
    {"tricks", (getter)get_tricks, NULL, "The finished tricks, in order (a copy).", NULL},
    {"events", (getter)get_events, NULL, "The cards played so far, as events, in order (a copy).", NULL},
    {NULL}};

static PyMethodDef methods[] = {
    {"start", (PyCFunction)start, METH_O,
     "start(hands): deal four masks in, the play of a new hand before the first lead."},
    {"begin", (PyCFunction)begin, METH_O, "begin(leader): the bidding is over, leader leads the first trick."},
    {"legal_plays", (PyCFunction)legal_plays, METH_NOARGS,
     "The cards the seat to play may play now, in display order (a Cards tuple)."},
    {"play", (PyCFunction)(void (*)(void))play, METH_FASTCALL,
     "play(seat, card): play a legal Card of the seat to play; anything else goes to the refused hook "
     "(None without one) and changes nothing here."},
    {"play_unchecked", (PyCFunction)(void (*)(void))play_unchecked, METH_FASTCALL,
     "play_unchecked(seat, card, renege=False): play the card whatever the rules say."},
    {"two_clubs_to_lead", (PyCFunction)two_clubs_to_lead, METH_NOARGS,
     "Whether the next card is the first lead and must be the 2 of clubs."},
    {NULL}};

static PyTypeObject PlayCoreType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "spades_teach.game._kernel.PlayCore",
    .tp_basicsize = sizeof(PlayCore),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC, /* not a base class: Round holds one */
    .tp_doc = "PlayCore(rules, seating, refused=None): the card play of one hand in bit-mask form, the compiled "
              "twin of kernel.PlayState (a kernel.PlayKernel).",
    .tp_new = new_core,
    .tp_init = (initproc)init_core,
    .tp_dealloc = (destructor)dealloc,
    .tp_traverse = (traverseproc)traverse,
    .tp_clear = (inquiry)clear,
    .tp_methods = methods,
    .tp_members = members,
    .tp_getset = getset,
};

/* -- TurnOf(holder, doc): a read-only attribute that reads a component's to_play ------------------ */

/* The descriptor behind Round.to_act: on an instance, the to_play of the object held in its attribute
   ``holder`` (a PlayCore's field is read directly; any other object is asked for its to_play). It
   cannot be set or deleted. A property would call a function at every read: this is the cheaper read. */
typedef struct {
    PyObject_HEAD
    PyObject *holder; /* the instance attribute holding the component (a str) */
    PyObject *doc;
} TurnOf;

static PyObject *str_to_play;

static int turn_of_init(TurnOf *self, PyObject *args, PyObject *kwds) {
    static char *names[] = {"holder", "doc", NULL};
    PyObject *holder, *doc = Py_None;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "U|O:TurnOf", names, &holder, &doc)) return -1;
    Py_INCREF(holder);
    Py_XSETREF(self->holder, holder);
    Py_INCREF(doc);
    Py_XSETREF(self->doc, doc);
    return 0;
}

static void turn_of_dealloc(TurnOf *self) {
    Py_XDECREF(self->holder);
    Py_XDECREF(self->doc);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyObject *turn_of_get(TurnOf *self, PyObject *instance, PyObject *owner) {
    if (instance == NULL || instance == Py_None) {
        Py_INCREF(self);
        return (PyObject *)self;
    }
    if (self->holder == NULL) {
        PyErr_SetString(PyExc_AttributeError, "TurnOf was not initialised");
        return NULL;
    }
    PyObject *component = PyObject_GetAttr(instance, self->holder);
    if (component == NULL) return NULL;
    PyObject *seat;
    if (Py_TYPE(component) == &PlayCoreType) {
        seat = ((PlayCore *)component)->to_play;
        if (seat == NULL) seat = Py_None;
        Py_INCREF(seat);
    } else {
        seat = PyObject_GetAttr(component, str_to_play);
    }
    Py_DECREF(component);
    return seat;
}

static int turn_of_set(TurnOf *self, PyObject *instance, PyObject *value) {
    PyErr_SetString(PyExc_AttributeError, "the seat to act follows the bids and cards: it cannot be set");
    return -1;
}

static PyMemberDef turn_of_members[] = {
    {"__doc__", T_OBJECT, offsetof(TurnOf, doc), READONLY, NULL},
    {"holder", T_OBJECT, offsetof(TurnOf, holder), READONLY, "The instance attribute holding the component."},
    {NULL}};

static PyTypeObject TurnOfType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "spades_teach.game._kernel.TurnOf",
    .tp_basicsize = sizeof(TurnOf),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)turn_of_init,
    .tp_dealloc = (destructor)turn_of_dealloc,
    .tp_members = turn_of_members,
    .tp_descr_get = (descrgetfunc)turn_of_get,
    .tp_descr_set = (descrsetfunc)turn_of_set,
};

/* -- setup(Card, Cards, PlayEvent, Trick, deck, seats) ----------------------------------------- */

static PyObject *setup(PyObject *module, PyObject *args) {
    PyObject *card, *cards, *event, *trick, *deck_seq, *seats_seq;
    if (!PyArg_ParseTuple(args, "O!O!O!O!OO:setup", &PyType_Type, &card, &PyType_Type, &cards, &PyType_Type, &event,
                          &PyType_Type, &trick, &deck_seq, &seats_seq))
        return NULL;
    if (!PyType_IsSubtype((PyTypeObject *)cards, &PyTuple_Type) ||
        !PyType_IsSubtype((PyTypeObject *)event, &PyTuple_Type)) {
        PyErr_SetString(PyExc_TypeError, "Cards and PlayEvent must be tuple types");
        return NULL;
    }
    PyObject *d = PySequence_Fast(deck_seq, "the deck must be a sequence of 52 cards");
    if (d == NULL) return NULL;
    PyObject *s = PySequence_Fast(seats_seq, "the seats must be a sequence of 4 seats");
    if (s == NULL) {
        Py_DECREF(d);
        return NULL;
    }
    if (PySequence_Fast_GET_SIZE(d) != 52 || PySequence_Fast_GET_SIZE(s) != 4) {
        Py_DECREF(d);
        Py_DECREF(s);
        PyErr_SetString(PyExc_ValueError, "setup needs the 52 cards and the 4 seats");
        return NULL;
    }
    if (card_type != NULL) {
        /* Set once (by kernel.py, on import): a second call may only repeat the same
           objects (a reload), never swap in others under the live kernel. */
        int same = (PyTypeObject *)card == card_type && (PyTypeObject *)cards == cards_type &&
                   (PyTypeObject *)event == event_type && (PyTypeObject *)trick == trick_type;
        for (int i = 0; same && i < 52; i++) same = PySequence_Fast_GET_ITEM(d, i) == deck[i];
        for (int i = 0; same && i < 4; i++) same = PySequence_Fast_GET_ITEM(s, i) == seat_objects[i];
        Py_DECREF(d);
        Py_DECREF(s);
        if (!same) {
            PyErr_SetString(PyExc_RuntimeError, "the kernel is already set up with other objects");
            return NULL;
        }
        Py_RETURN_NONE;
    }
    /* Card's index and Trick's fields are slots (member descriptors holding objects): their
       offsets are read once, and a Trick is made by its type's allocator with no dictionary. */
    Py_ssize_t offset = slot_offset((PyTypeObject *)card, str_index);
    PyObject *trick_names[TRICK_FIELDS] = {str_number, str_leader, str_cards, str_seats, str_winner};
    Py_ssize_t offsets[TRICK_FIELDS];
    for (int i = 0; offset > 0 && i < TRICK_FIELDS; i++) offsets[i] = slot_offset((PyTypeObject *)trick, trick_names[i]);
    int trick_ok = offset > 0;
    for (int i = 0; trick_ok && i < TRICK_FIELDS; i++) trick_ok = offsets[i] > 0;
    if (!trick_ok || ((PyTypeObject *)trick)->tp_dictoffset != 0 || ((PyTypeObject *)trick)->tp_itemsize != 0 ||
        (((PyTypeObject *)trick)->tp_flags & Py_TPFLAGS_HAVE_GC) == 0) {
        if (!PyErr_Occurred())
            PyErr_SetString(PyExc_TypeError, "Trick must be a class with a slot for each field and no instance dictionary");
        Py_DECREF(d);
        Py_DECREF(s);
        return NULL;
    }
    for (int i = 0; i < 52; i++) {
        if (Py_TYPE(PySequence_Fast_GET_ITEM(d, i)) != (PyTypeObject *)card) {
            Py_DECREF(d);
            Py_DECREF(s);
            PyErr_SetString(PyExc_TypeError, "the deck must hold 52 objects of the Card type");
            return NULL;
        }
    }
    PyObject *empty = ((PyTypeObject *)cards)->tp_alloc((PyTypeObject *)cards, 0);
    if (empty == NULL) {
        Py_DECREF(d);
        Py_DECREF(s);
        return NULL;
    }
    for (int i = 0; i < 52; i++) {
        PyObject *c = PySequence_Fast_GET_ITEM(d, i);
        Py_INCREF(c);
        Py_XSETREF(deck[i], c);
    }
    for (int i = 0; i < 4; i++) {
        PyObject *seat = PySequence_Fast_GET_ITEM(s, i);
        Py_INCREF(seat);
        Py_XSETREF(seat_objects[i], seat);
    }
    Py_DECREF(d);
    Py_DECREF(s);
    Py_XSETREF(empty_cards, empty);
    Py_INCREF(card);
    Py_INCREF(cards);
    Py_INCREF(event);
    Py_XSETREF(card_type, (PyTypeObject *)card);
    index_offset = offset;
    memcpy(trick_offsets, offsets, sizeof trick_offsets);
    Py_XSETREF(cards_type, (PyTypeObject *)cards);
    Py_XSETREF(event_type, (PyTypeObject *)event);
    Py_INCREF(trick);
    Py_XSETREF(trick_type, (PyTypeObject *)trick);
    Py_RETURN_NONE;
}

/* -- shuffle(stream), deal_masks(stream, first) ------------------------------------------------ */

/* The Fisher-Yates shuffle of deal(seed) (see spades_teach/game/deals.py, whose
   _shuffle_stream is the reference): for i from 51 down to 1, a byte b of the
   stream below 256 - 256 % (i + 1) gives j = b % (i + 1) (a byte at or above is
   skipped), and cards i and j swap. Fills order with the 52 card indices and
   returns 1, or 0 when the stream runs out first (TypeError set for anything but bytes: -1). */
static int shuffled_order(PyObject *stream, int order[52]) {
    if (!PyBytes_Check(stream)) {
        PyErr_SetString(PyExc_TypeError, "a shuffle needs a bytes object");
        return -1;
    }
    const unsigned char *bytes = (const unsigned char *)PyBytes_AS_STRING(stream);
    Py_ssize_t size = PyBytes_GET_SIZE(stream), pos = 0;
    for (int i = 0; i < 52; i++) order[i] = i;
    for (int i = 51; i > 0; i--) {
        int n = i + 1, limit = 256 - 256 % n, b;
        do {
            if (pos >= size) return 0;
            b = bytes[pos++];
        } while (b >= limit);
        int j = b % n, held = order[i];
        order[i] = order[j];
        order[j] = held;
    }
    return 1;
}

/* shuffle(stream): the 52 card indices as a list, or None when the stream runs out first. */
static PyObject *shuffle(PyObject *module, PyObject *stream) {
    int order[52];
    int done = shuffled_order(stream, order);
    if (done < 0) return NULL;
    if (!done) Py_RETURN_NONE;
    PyObject *made = PyList_New(52);
    if (made == NULL) return NULL;
    for (int i = 0; i < 52; i++) {
        PyObject *index = PyLong_FromLong(order[i]);
        if (index == NULL) {
            Py_DECREF(made);
            return NULL;
        }
        PyList_SET_ITEM(made, i, index);
    }
    return made;
}

/* deal_masks(stream, first): the shuffled deck dealt one card at a time clockwise from seat
   number ``first`` (0-3): the four hands as masks, by seat number (deals._deal_stream is the
   reference), or None when the stream runs out first. */
static PyObject *deal_masks(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "deal_masks(stream, first) takes two arguments");
        return NULL;
    }
    long first = PyLong_Check(args[1]) ? PyLong_AsLong(args[1]) : -1;
    if (first == -1 && PyErr_Occurred()) return NULL;
    if (first < 0 || first > 3) {
        PyErr_SetString(PyExc_ValueError, "deal_masks: first must be a seat number, 0 to 3");
        return NULL;
    }
    int order[52];
    int done = shuffled_order(args[0], order);
    if (done < 0) return NULL;
    if (!done) Py_RETURN_NONE;
    uint64_t masks[4] = {0, 0, 0, 0};
    for (int k = 0; k < 52; k++) masks[(first + k) & 3] |= 1ULL << order[k];
    return Py_BuildValue("(KKKK)", (unsigned long long)masks[0], (unsigned long long)masks[1],
                         (unsigned long long)masks[2], (unsigned long long)masks[3]);
}

/* -- the rule primitives of _rules.h, for the tests that hold them to kernel.py ----------------------- */

/* rule_primitives(hand, led, broken, two_of_clubs, card, top, spade_lead_breaks): the answers of
   rules_legal(hand, led, broken, two_of_clubs), rules_beats(card, top, led) and
   rules_breaks_spades(card, led, spade_lead_breaks), masks cut to the 52 cards. */
static PyObject *rule_primitives(PyObject *module, PyObject *args) {
    unsigned long long hand, led, card, top;
    int broken, two_of_clubs, spade_lead_breaks;
    if (!PyArg_ParseTuple(args, "KKppKKp", &hand, &led, &broken, &two_of_clubs, &card, &top, &spade_lead_breaks))
        return NULL;
    hand &= FULL_DECK;
    led &= FULL_DECK;
    card &= FULL_DECK;
    top &= FULL_DECK;
    return Py_BuildValue("(KNN)", (unsigned long long)rules_legal(hand, led, broken, two_of_clubs),
                         PyBool_FromLong(rules_beats(card, top, led)),
                         PyBool_FromLong(rules_breaks_spades(card, led, spade_lead_breaks)));
}

/* winning_position(trick): rules_winning_position of one to four card indices. */
static PyObject *winning_position(PyObject *module, PyObject *trick) {
    int cards[4];
    PyObject *items = PySequence_Fast(trick, "winning_position(trick) needs a sequence of card indices");
    if (items == NULL) return NULL;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(items);
    if (n < 1 || n > 4) {
        Py_DECREF(items);
        PyErr_SetString(PyExc_ValueError, "a trick has one to four cards");
        return NULL;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        long c = PyLong_AsLong(PySequence_Fast_GET_ITEM(items, i));
        if (c == -1 && PyErr_Occurred()) {
            Py_DECREF(items);
            return NULL;
        }
        if (c < 0 || c > 51) {
            Py_DECREF(items);
            PyErr_SetString(PyExc_ValueError, "card indices are 0-51");
            return NULL;
        }
        cards[i] = (int)c;
    }
    Py_DECREF(items);
    return PyLong_FromLong(rules_winning_position(cards, (int)n));
}

static PyMethodDef module_methods[] = {
    {"setup", setup, METH_VARARGS, "setup(Card, Cards, PlayEvent, Trick, deck, seats): the objects the kernel builds."},
    {"shuffle", shuffle, METH_O, "shuffle(stream): the card indices deal(seed) shuffles from a byte stream, or None."},
    {"deal_masks", (PyCFunction)(void (*)(void))deal_masks, METH_FASTCALL,
     "deal_masks(stream, first): the hands deal(seed) deals from a byte stream, clockwise from seat number first, "
     "as a tuple of masks by seat number, or None."},
    {"rule_primitives", rule_primitives, METH_VARARGS,
     "rule_primitives(hand, led, broken, two_of_clubs, card, top, spade_lead_breaks): (legal mask, beats, breaks spades)."},
    {"winning_position", winning_position, METH_O, "winning_position(trick): the position of the card winning the trick."},
    {NULL}};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_kernel",
                                    "The compiled twin of spades_teach.game.kernel.PlayState.", -1, module_methods};

PyMODINIT_FUNC PyInit__kernel(void) {
    str_index = PyUnicode_InternFromString("index");
    str_first_lead = PyUnicode_InternFromString("first_lead");
    str_spade_lead_breaks = PyUnicode_InternFromString("spade_lead_breaks");
    str_two_of_clubs = PyUnicode_InternFromString("two_of_clubs");
    str_players = PyUnicode_InternFromString("players");
    str_next_of = PyUnicode_InternFromString("next_of");
    str_trick_orders = PyUnicode_InternFromString("trick_orders");
    str_number = PyUnicode_InternFromString("number");
    str_leader = PyUnicode_InternFromString("leader");
    str_cards = PyUnicode_InternFromString("cards");
    str_seats = PyUnicode_InternFromString("seats");
    str_winner = PyUnicode_InternFromString("winner");
    if (!str_index || !str_first_lead || !str_spade_lead_breaks || !str_two_of_clubs || !str_players ||
        !str_next_of || !str_trick_orders || !str_number || !str_leader || !str_cards || !str_seats || !str_winner)
        return NULL;
    str_to_play = PyUnicode_InternFromString("to_play");
    if (str_to_play == NULL) return NULL;
    if (PyType_Ready(&PlayCoreType) < 0 || PyType_Ready(&TurnOfType) < 0) return NULL;
    PyObject *m = PyModule_Create(&module);
    if (m == NULL) return NULL;
    /* The interface kernel.py expects (2: PlayCore is a component with start, begin,
       play_unchecked and a refused hook); a build of older source is not used. */
    if (PyModule_AddIntConstant(m, "INTERFACE", 2) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    Py_INCREF(&PlayCoreType);
    if (PyModule_AddObject(m, "PlayCore", (PyObject *)&PlayCoreType) < 0) {
        Py_DECREF(&PlayCoreType);
        Py_DECREF(m);
        return NULL;
    }
    Py_INCREF(&TurnOfType);
    if (PyModule_AddObject(m, "TurnOf", (PyObject *)&TurnOfType) < 0) {
        Py_DECREF(&TurnOfType);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
