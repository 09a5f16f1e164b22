/*
 * _rules.h: the rules of the card play in C, once, for every compiled engine.
 *
 * The C twins of spades_teach/game/kernel.py's primitives: the legal cards of a hand
 * (kernel.legal), whether a card beats the card winning a trick (kernel.beats) and so
 * the trick's winner (kernel.winning_position), and whether a card breaks spades
 * (kernel.breaks_spades). Included by the compiled play state (game/_kernel.c) and the
 * double-dummy search (solver/_ddcore.c, also built as WebAssembly through
 * solver/_ddcore_wasm.c), so neither writes a rule of its own. It needs only
 * <stdint.h>, included first by its includer, and no C library.
 *
 * Cards: index 0 = A of spades ... 12 = 2 of spades, 13 = A of hearts ... 51 = 2 of
 * clubs; a card's mask is 1 << index, a hand the OR of its cards, a suit the mask of
 * its 13 cards. A card is a spade exactly when its mask is below RULES_SPADE_END, and
 * of two cards that can win a trick the one with the smaller mask is the higher.
 *
 * tests/test_kernel_backends.py holds these functions (through _kernel.rule_primitives)
 * equal to kernel.py's on every input shape and rule option; the differential tests of
 * the play state and the solver hold the engines that use them equal to the kernel.
 */
#ifndef SPADES_TEACH_RULES_H
#define SPADES_TEACH_RULES_H

#define RULES_SUIT_BITS 0x1FFFULL                              /* the 13 cards of a suit, spades' place */
#define RULES_SPADES RULES_SUIT_BITS                           /* kernel.SPADES */
#define RULES_SPADE_END (1ULL << 13)                           /* kernel.SPADE_END: every spade's mask is below */
#define RULES_FULL_DECK ((1ULL << 52) - 1)                     /* the 52 cards */
#define RULES_NON_SPADES (RULES_FULL_DECK & ~RULES_SPADES)     /* kernel.NON_SPADES */
#define RULES_TWO_OF_CLUBS (1ULL << 51)                        /* the 2 of clubs */

/* The mask of the suit of card `index` (0-51). */
static inline uint64_t rules_suit_of(int index) { return RULES_SUIT_BITS << (13 * (index / 13)); }

/* kernel.legal: the legal cards of `hand` when `led` (a suit mask; 0 when leading) was
 * led: follow suit if you can; the 2 of clubs leads the first trick when `two_of_clubs`
 * (and the hand holds it); no spade lead before spades are `broken` unless the hand
 * holds nothing else. */
static inline uint64_t rules_legal(uint64_t hand, uint64_t led, int broken, int two_of_clubs) {
    if (led) return (hand & led) ? (hand & led) : hand;
    if (two_of_clubs && (hand & RULES_TWO_OF_CLUBS)) return RULES_TWO_OF_CLUBS;
    if (broken) return hand;
    return (hand & RULES_NON_SPADES) ? (hand & RULES_NON_SPADES) : hand;
}

/* kernel.beats: whether card `mask` beats `top`, the card winning a trick of the suit
 * `led` so far: a higher card of the suit led or a spade (a higher one over a spade). */
static inline int rules_beats(uint64_t mask, uint64_t top, uint64_t led) {
    return (mask & (led | RULES_SPADES)) && mask < top;
}

/* rules_beats for card indices: whether card `c` beats card `top`, the card winning the
 * trick so far (which is of the suit led, or a spade: its own suit stands for the suit
 * led, as only a spade can beat a spade). */
static inline int rules_beats_winner(int c, int top) {
    /* rules_beats(1 << c, 1 << top, rules_suit_of(top)) on the indices: c is higher (a lower index)
     * and a spade, or of top's suit (c >= the first index of that suit, as c < top) */
    return c < top && (c < 13 || c >= 13 * (top / 13));
}

/* kernel.winning_position: the position in play order (0 = the lead) of the card
 * winning the trick of the `n` card indices `trick` (n >= 1). */
static inline int rules_winning_position(const int *trick, int n) {
    int best = 0;
    for (int i = 1; i < n; i++)
        if (rules_beats_winner(trick[i], trick[best])) best = i;
    return best;
}

/* kernel.breaks_spades: whether playing card `mask` breaks spades: a spade played on
 * another suit's lead (`led` its mask; 0 for the lead itself), or, with the
 * `spade_lead_breaks` option, any spade, a lead included. */
static inline int rules_breaks_spades(uint64_t mask, uint64_t led, int spade_lead_breaks) {
    if (mask >= RULES_SPADE_END) return 0;
    return spade_lead_breaks || (led != 0 && led != RULES_SPADES);
}

#endif
