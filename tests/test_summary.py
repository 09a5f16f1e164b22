"""The ten steps, the questions and the mistakes (spades_teach/render/summary.py): every number from
the rules or the scoring, every word in the learner's language."""

from __future__ import annotations

import re

import pytest

from spades_teach.game.rules import Rules
from spades_teach.i18n import language
from spades_teach.render.summary import mistakes, questions, questions_html, ten_steps, ten_steps_html


def test_the_numbers_follow_the_rules() -> None:
    rules = Rules(target=300, bag_limit=5, bag_penalty=50, nil_value=50, blind_nil_value=150, loss_limit=-150)
    text = " ".join(ten_steps(rules)) + " ".join(q + a for q, a in questions(rules))
    assert "reach 300 points" in text and "falls to −150" in text
    assert "every 5 bags cost 50 points" in text
    assert "A Nil kept is worth 50 points" in text and "worth 150 either way" in text
    assert "500" not in text and "−200" not in text


def test_the_worked_examples_are_the_scorings() -> None:
    answers = dict(questions())
    assert answers["What does a side score when it is set?"].endswith("scores −60.")  # bid 6, took 5
    assert answers["How do partners score a contract?"].endswith("take 9 together: +72.")  # bid 4 + 3, took 9


def test_the_rule_options_change_the_steps() -> None:
    two_clubs = ten_steps(Rules(first_lead="two_of_clubs"))
    assert two_clubs[3] == "Whoever holds the 2♣ leads it to the first trick."
    no_loss = ten_steps(Rules(loss_limit=None))
    assert no_loss[-1] == "The first side to reach 500 points wins the game."
    assert dict(questions(Rules(first_lead="two_of_clubs")))["Who leads first?"].startswith("Whoever holds the 2♣")


def test_ten_steps_and_ten_questions() -> None:
    assert len(ten_steps()) == 10 and len(questions()) == 10
    assert all(re.search(r"chapters? \d+", line) for line in mistakes())
    assert ten_steps_html().count("<li>") == 10 and questions_html().count("<dt>") == 10


@pytest.mark.parametrize("lang", ["fr", "es"])
def test_every_line_is_translated(lang: str) -> None:
    english = ten_steps() + [q for pair in questions() for q in pair] + mistakes()
    with language(lang):
        local = ten_steps() + [q for pair in questions() for q in pair] + mistakes()
        html = ten_steps_html() + questions_html()
    assert not set(english) & set(local)
    assert "Spades in ten steps" not in html


def test_the_spanish_speaks_to_one_reader_and_the_french_says_vous() -> None:
    with language("es"):
        spanish = " ".join(ten_steps() + [a for pair in questions() for a in pair] + mistakes())
    with language("fr"):
        french = " ".join(ten_steps() + [a for pair in questions() for a in pair] + mistakes())
    assert not re.search(r"\b(usted|ustedes|vosotros|\w+áis|\w+éis)\b", spanish)
    assert not re.search(r"\b(tu|ton|ta|tes|toi)\b", french)
