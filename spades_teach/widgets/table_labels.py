"""The card table's words: every fixed label the JavaScript draws (:func:`table_labels`), a card
said in words for screen readers (:func:`card_words`) and one line per bid or card of a hand
(:func:`describe`), in the language in use. The table holds no sentence of its own."""

from __future__ import annotations

from typing import Any

from spades_teach.advice.levels import level_name
from spades_teach.game.cards import Card
from spades_teach.game.notation import seat_word, suit_word
from spades_teach.game.round import BidEvent, PlayEvent
from spades_teach.i18n import LANGUAGE_NAMES, LANGUAGES, N_, _, pgettext

__all__ = ["RANK_WORDS", "TABLE_LEVELS", "card_words", "describe", "table_labels"]

#: The bot levels the table offers (the expert, slower, plays in the analysis tools).
TABLE_LEVELS = ("easy", "medium", "hard")
#: The ranks said in words (a card is read out as "queen of hearts").
RANK_WORDS = {
    2: N_("two"),
    3: N_("three"),
    4: N_("four"),
    5: N_("five"),
    6: N_("six"),
    7: N_("seven"),
    8: N_("eight"),
    9: N_("nine"),
    10: N_("ten"),
    11: N_("jack"),
    12: N_("queen"),
    13: N_("king"),
    14: N_("ace"),
}


def card_words(card: Card) -> str:
    """A card said in words in the language in use: "queen of hearts", "dame de cœur"."""
    return _("{rank} of {suit}").format(rank=_(RANK_WORDS[int(card.rank)]), suit=suit_word(int(card.suit)))


def table_labels() -> dict[str, Any]:
    """Every fixed word of the card table (buttons, menus, headings, screen-reader
    labels) in the language in use: the JavaScript draws these and holds no sentence."""
    return {
        "new": _("New game"),
        "day": _("Deal of the day"),
        "replay": _("Replay this deal"),
        "deal_code": _("Deal code"),
        "code_placeholder": _("paste a code"),
        "play_code": _("Play this deal"),
        "game": pgettext("table menu", "Game"),
        "one_hand": pgettext("table menu", "One hand"),
        "match": pgettext("table menu", "Match"),
        "players": _("Players"),
        "four_players": _("four, in partnerships"),
        "two_players": _("two, each for themselves"),
        "bots": _("Bots"),
        "levels": [[level_name(level), level] for level in TABLE_LEVELS],
        "pause": _("Bot pause"),
        "teach": _("Teach me"),
        "hints": _("Hints"),
        "beginner": _("Beginner rules"),
        "expert": _("Expert"),
        "four_colour": _("Four-colour deck"),
        "open_hands": _("Show all hands"),
        "language": _("Language"),
        "languages": [[LANGUAGE_NAMES[code], code] for code in LANGUAGES],
        "score": _("Score"),
        "trick_box": _("Trick on the table"),
        "bid_box": _("Your bid, Enter bids"),
        "your_bid": _("Your bid"),
        "bid": _("Bid"),
        "draw_box": _("Your draw: keep the card or discard it"),
        "keep": _("Keep this card"),
        "discard": _("Discard it and take the next card"),
        "hand": _("Your hand"),
        "undo": _("Undo my card"),
        "last_trick": _("Last trick"),
        "next": _("Next hand"),
        "end": _("End of the hand"),
        "over_box": _("End of the match"),
        "trick_empty": _("the trick goes here"),
        "hand_over": _("The hand is over"),
        "compare": _("Compare with the expert"),
        "compared": _("Compared with the expert"),
        "review": _("Review my hand"),
        "nil_lost": _("Nil lost"),
        "review_trick": _("trick"),
        "review_card": _("card"),
        "review_cost": _("verdict"),
        "numbers": _("the numbers"),
        "review_why": _("why"),
        "match_over": _("The match is over"),
        "press_new": _("press New game"),
    }


def describe(event: BidEvent | PlayEvent) -> str:
    """One line for a bid or a card of the hand ("North bid 3", "East played 7♥")."""
    if isinstance(event, BidEvent):
        return _("{seat} bid {bid}").format(seat=seat_word(event.seat), bid=event.bid.label)
    return _("{seat} played {card}").format(seat=seat_word(event.seat), card=event.card.pretty)
