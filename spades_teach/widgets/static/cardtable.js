// The card table of spades_teach: draws the `view` state sent by Python and sends the
// learner's actions back ({action: "play", card: "QH"}, {action: "bid", bid: "4"}, ...).
// No game rule lives here: which card is legal, and why not, comes with the state; so do, in
// two-player Spades, whose turn it is to draw and the card seen ({action: "keep"} / {action: "discard"}).
// No sentence lives here either: every word drawn comes from Python in the learner's language
// (view.labels for the fixed words, the state's own lines for the rest), so a language change
// redraws the table in the new words. `h` and `face` are those of cards.js, which the widget puts
// ahead of this file (spades_teach.widgets.base.static_text).

const SEATS = ["N", "E", "S", "W"];

function backs(count, label) {
  const fan = h("span", { class: "ct-backs", role: "img", "aria-label": label });
  for (let i = 0; i < count; i++) fan.append(h("span", { class: "ct-back", "aria-hidden": "true" }));
  fan.append(h("span", { class: "ct-count", "aria-hidden": "true" }, String(count)));
  return fan;
}

function chips(cards) {
  // An open hand (shown small): the cards in suit rows.
  const rows = h("span", { class: "ct-open" });
  for (const suit of ["S", "H", "D", "C"]) {
    const these = cards.filter((c) => c.suit === suit);
    if (!these.length) continue;
    rows.append(h("span", { class: "ct-open-row" }, these.map((c) => h("span", { class: `ct-chip ct-suit-${c.suit}`, "aria-label": c.label, role: "img" }, c.rank + c.glyph))));
  }
  return rows;
}

let termCount = 0;
function termed(pieces, fallback) {
  // A line with its glossary terms marked: each term a focusable word whose definition pops up
  // on hover or keyboard focus (and is read out with it: aria-describedby).
  if (!pieces) return [fallback || ""];
  return pieces.map((piece) => {
    if (!piece.term) return piece.text;
    termCount += 1;
    const id = `ct-term-def-${termCount}`;
    return h(
      "span",
      { class: "ct-term-wrap" },
      h("button", { type: "button", class: "ct-term", "aria-describedby": id, "data-term": piece.term }, piece.text),
      h("span", { class: "ct-term-def", role: "tooltip", id }, h("b", {}, piece.term), `: ${piece.definition}`),
    );
  });
}

// The fixed words of the table, in the learner's language (view.labels, sent by Python).
// An element with data-l="key" shows labels[key]; data-la sets its aria-label, data-lp its placeholder.
function applyLabels(root, labels) {
  for (const el of root.querySelectorAll("[data-l]")) el.textContent = labels[el.dataset.l] || "";
  for (const el of root.querySelectorAll("[data-la]")) el.setAttribute("aria-label", labels[el.dataset.la] || "");
  for (const el of root.querySelectorAll("[data-lp]")) el.setAttribute("placeholder", labels[el.dataset.lp] || "");
}

function options(box, choices) {
  // a menu's choices ([text, value] pairs); only their words change when the values stay the same
  const values = choices.map((c) => c[1]).join("|");
  if (box.dataset.values !== values) {
    box.replaceChildren(...choices.map(([text, value]) => h("option", { value }, text)));
    box.dataset.values = values;
  } else {
    choices.forEach(([text], i) => { box.options[i].textContent = text; });
  }
}

function select(cls, label, choices, onchange) {
  // choices: [label key, value] pairs (their words are set by applyLabels), or [] for a menu filled later
  const box = h("select", { class: cls, "data-la": label, onchange });
  for (const [key, value] of choices) box.append(h("option", { value, "data-l": key }));
  return h("label", { class: "ct-field" }, h("span", { "data-l": label }), box);
}

function checkbox(cls, label, onchange) {
  return h("label", { class: `ct-field ct-check ${cls}` }, h("input", { type: "checkbox", onchange }), h("span", { "data-l": label }));
}

function render({ model, el }) {
  const send = (message) => model.send(message);
  // inside: the learner's keyboard focus (or last click) is in this table, so the table may move
  // the focus on to the next thing to do; moment: the kind of moment drawn last (bidding, play, end).
  const state = { handFocus: false, focusIndex: 0, showLast: false, inside: false, moment: "" };

  // -- the parts built once (their values follow the state) -------------------------------------
  const deal = h(
    "div",
    { class: "ct-row ct-deal-row" },
    h("button", { class: "ct-button ct-new", "data-l": "new", onclick: () => send({ action: "new" }) }),
    h("button", { class: "ct-button ct-day", "data-l": "day", onclick: () => send({ action: "day" }) }),
    h("button", { class: "ct-button ct-replay", "data-l": "replay", onclick: () => send({ action: "replay" }) }),
    h(
      "form",
      {
        class: "ct-code-form",
        onsubmit: (event) => {
          event.preventDefault();
          send({ action: "code", code: el.querySelector(".ct-code-input").value });
        },
      },
      h("label", { class: "ct-field" }, h("span", { "data-l": "deal_code" }), h("input", { class: "ct-code-input", type: "text", size: 24, "data-lp": "code_placeholder", autocomplete: "off", spellcheck: "false" })),
      h("button", { class: "ct-button ct-code-go", type: "submit", "data-l": "play_code" }),
    ),
  );
  const settings = h(
    "div",
    { class: "ct-row ct-settings" },
    select("ct-mode", "game", [["one_hand", "hand"], ["match", "match"]], (e) => send({ action: "set", name: "mode", value: e.target.value })),
    select("ct-players", "players", [["four_players", "4"], ["two_players", "2"]], (e) => send({ action: "set", name: "players", value: Number(e.target.value) })),
    select("ct-level", "bots", [], (e) => send({ action: "set", name: "level", value: e.target.value })),
    select("ct-pace", "pause", [], (e) => send({ action: "set", name: "pause", value: Number(e.target.value) })),
    checkbox("ct-teach", "teach", (e) => send({ action: "set", name: "teach", value: e.target.checked })),
    select("ct-hint-level", "hints", [["beginner", "beginner"], ["expert", "expert"]], (e) => send({ action: "set", name: "hint_level", value: e.target.value })),
    checkbox("ct-four", "four_colour", (e) => send({ action: "set", name: "four_colour", value: e.target.checked })),
    checkbox("ct-open-hands", "open_hands", (e) => send({ action: "set", name: "open_hands", value: e.target.checked })),
    // the language menu: the table's words change at once, the game goes on
    select("ct-language", "language", [], (e) => send({ action: "language", value: e.target.value })),
  );
  const score = h("div", { class: "ct-score", role: "group", "data-la": "score" });
  const seats = {};
  for (const seat of ["N", "W", "E"]) seats[seat] = h("div", { class: `ct-seat ct-seat-${seat}` });
  const trick = h("div", { class: "ct-trick", role: "group", "data-la": "trick_box" });
  const felt = h("div", { class: "ct-felt" }, seats.N, seats.W, trick, seats.E);
  const southLabel = h("div", { class: "ct-seat ct-seat-S" });
  const hint = h("div", { class: "ct-hint" });
  const bidSelect = h("select", { class: "ct-bid-choice", "data-la": "bid_box" });
  const bidRow = h(
    "form",
    {
      class: "ct-row ct-bid-row",
      onsubmit: (event) => {
        event.preventDefault();
        state.handFocus = true;
        send({ action: "bid", bid: bidSelect.value });
      },
    },
    h("label", { class: "ct-field" }, h("span", { "data-l": "your_bid" }), bidSelect),
    h("button", { class: "ct-button ct-bid-button", type: "submit", "data-l": "bid" }),
  );
  // the two-player draw: keep the card seen, or discard it and take the next one
  const keepButton = h("button", { class: "ct-button ct-keep", type: "button", "data-l": "keep", onclick: () => send({ action: "keep" }) });
  const discardButton = h("button", { class: "ct-button ct-discard", type: "button", "data-l": "discard", onclick: () => send({ action: "discard" }) });
  const drawRow = h("div", { class: "ct-row ct-draw-row", role: "group", "data-la": "draw_box" }, keepButton, discardButton);
  const hand = h("div", { class: "ct-hand", role: "group", "data-la": "hand" });
  const status = h("div", { class: "ct-status", role: "status", "aria-live": "polite" });
  const actions = h(
    "div",
    { class: "ct-row ct-actions" },
    h("button", { class: "ct-button ct-undo", "data-l": "undo", onclick: () => send({ action: "undo" }) }),
    h("button", { class: "ct-button ct-last-button", "data-l": "last_trick", "aria-expanded": "false", onclick: () => { state.showLast = !state.showLast; draw(); } }),
    h("button", { class: "ct-button ct-next", "data-l": "next", onclick: () => send({ action: "next" }) }),
  );
  const last = h("div", { class: "ct-last" });
  const end = h("section", { class: "ct-end", "data-la": "end" });
  const over = h("section", { class: "ct-over", "data-la": "over_box" });
  const code = h("div", { class: "ct-code" });
  const root = h("div", { class: "ct-root st-widget" }, deal, settings, score, felt, southLabel, hint, bidRow, drawRow, hand, status, actions, last, end, over, code);
  el.append(root);

  // Enter on the bid list makes the bid (no Tab to the Bid button needed).
  bidSelect.addEventListener("keydown", (event) => {
    if (event.key === "Enter" && !event.shiftKey && !event.ctrlKey && !event.metaKey && !event.altKey) {
      event.preventDefault();
      bidRow.requestSubmit();
    }
  });

  // The keys the table uses stay in the table: in JupyterLab they would otherwise also reach the
  // notebook's shortcuts (ArrowDown on the bid list would move to the next cell).
  const OWN_KEYS = new Set(["ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight", "Home", "End", "PageUp", "PageDown", "Enter", " "]);
  root.addEventListener("keydown", (event) => {
    const typing = event.target.matches && event.target.matches("select, input, textarea");
    const plain = !event.ctrlKey && !event.metaKey && !event.altKey && !(event.shiftKey && event.key === "Enter");
    if (plain && (typing || hand.contains(event.target) || drawRow.contains(event.target)) && OWN_KEYS.has(event.key)) event.stopPropagation();
    if (typing && plain && event.key.length === 1) event.stopPropagation(); // letters typed in the code box
  });
  // Escape closes a glossary pop-up without moving the keyboard (it opens again on the next focus).
  root.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && event.target.classList && event.target.classList.contains("ct-term")) {
      event.target.parentElement.classList.add("ct-quiet");
    }
  });
  root.addEventListener("focusout", (event) => {
    if (event.target.classList && event.target.classList.contains("ct-term")) event.target.parentElement.classList.remove("ct-quiet");
  });
  const whereFocus = (event) => {
    state.inside = root.contains(event.target);
  };
  document.addEventListener("focusin", whereFocus);
  document.addEventListener("pointerdown", whereFocus);

  // -- keyboard and mouse in the hand ------------------------------------------------------------
  const cards = () => Array.from(hand.querySelectorAll("button.ct-hand-card"));
  const focusCard = (index) => {
    const all = cards();
    if (!all.length) return;
    const i = Math.max(0, Math.min(index, all.length - 1));
    all.forEach((b, j) => b.setAttribute("tabindex", j === i ? "0" : "-1"));
    state.focusIndex = i;
    all[i].focus();
  };
  const playAt = (index) => {
    const button = cards()[index];
    if (!button) return;
    state.handFocus = true;
    state.focusIndex = index;
    send({ action: "play", card: button.dataset.code });
  };
  hand.addEventListener("keydown", (event) => {
    const all = cards();
    const i = all.indexOf(document.activeElement);
    if (i < 0) return;
    const moves = { ArrowRight: i + 1, ArrowDown: i + 1, ArrowLeft: i - 1, ArrowUp: i - 1, Home: 0, End: all.length - 1 };
    if (event.key in moves) {
      event.preventDefault();
      focusCard(moves[event.key]);
    } else if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      playAt(i);
    }
  });
  hand.addEventListener("click", (event) => {
    const button = event.target.closest("button.ct-hand-card");
    if (button) playAt(cards().indexOf(button));
  });
  root.addEventListener("focusin", (event) => {
    state.handFocus = hand.contains(event.target);
    if (state.handFocus) {
      const i = cards().indexOf(event.target);
      if (i >= 0) state.focusIndex = i;
    }
  });

  // -- drawing the state --------------------------------------------------------------------------
  function seatLine(s) {
    const bits = [h("span", { class: "ct-name" }, s.name)];
    for (const tag of s.tags) bits.push(h("span", { class: "ct-tag" }, tag));
    if (s.turn) bits.push(h("span", { class: "ct-turn" }, s.turn_text));
    return h("div", { class: `ct-label${s.turn ? " ct-active" : ""}` }, bits);
  }

  function drawSeat(box, seat, view) {
    const s = view.seats[seat];
    box.hidden = !s; // two-player Spades: nobody sits West or East
    if (!s) return;
    box.replaceChildren(seatLine(s), s.cards.length ? chips(s.cards) : backs(s.count, s.hidden_label));
  }

  // -- cards that move -----------------------------------------------------------------------------
  // A card played slides in from its seat; a finished trick shows its winner, then slides to the
  // winner's seat. Nothing moves when the learner's system asks for reduced motion or the bot
  // pause is "none"; the moves last a part of the pause, so they never slow the game down.
  const FROM = { N: [0, -1], S: [0, 1], W: [-1, 0], E: [1, 0] };
  const moved = { trick: 0, plays: 0, swept: 0 };
  function motion(view) {
    const reduce = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    if (reduce || !view.pause) return 0;
    return Math.min(300, view.pause * 500);
  }

  function animateTrick(view, box) {
    const t = view.trick;
    const ms = motion(view);
    if (!t) return;
    const fresh = t.number !== moved.trick ? 0 : moved.plays;
    const plays = Array.from(box.querySelectorAll(".ct-play"));
    if (ms) {
      plays.slice(fresh).forEach((el) => {
        const [dx, dy] = FROM[el.dataset.seat] || [0, 0];
        el.animate(
          [{ transform: `translate(${dx * 9}em, ${dy * 7}em)`, opacity: 0.4 }, { transform: "none", opacity: 1 }],
          { duration: ms, easing: "ease-out" },
        );
      });
    }
    if (t.winner && moved.swept !== t.number) {
      moved.swept = t.number;
      if (ms) {
        const [dx, dy] = FROM[t.winner] || [0, 0];
        plays.forEach((el) =>
          el.animate(
            [{ transform: "none", opacity: 1 }, { transform: `translate(${dx * 9}em, ${dy * 7}em) scale(0.6)`, opacity: 0 }],
            { duration: ms, delay: ms * 2.5, easing: "ease-in", fill: "forwards" },
          ),
        );
      }
    }
    moved.trick = t.number;
    moved.plays = t.plays.length;
  }

  function trickCards(t, box, labels) {
    box.replaceChildren();
    if (!t) {
      box.append(h("div", { class: "ct-trick-empty" }, labels.trick_empty));
      return;
    }
    for (const play of t.plays) {
      const won = t.winner === play.seat;
      box.append(h("div", { class: `ct-play ct-play-${play.seat}${won ? " ct-winner" : ""}`, "data-seat": play.seat, title: play.label || "" }, face(play.card, `ct-played-${play.card.code}`)));
    }
    box.append(h("div", { class: "ct-trick-caption" }, t.caption));
  }

  function drawDraw(d, box) {
    // the two-player draw in the middle of the table: the card seen (and the one under it when the
    // rules let the player look), the stock left and the cards the learner threw away
    box.replaceChildren();
    const seen = h("div", { class: "ct-draw-seen" });
    if (d.card) seen.append(face(d.card, "ct-draw-card"));
    if (d.second) seen.append(h("span", { class: "ct-draw-second" }, h("span", { class: "ct-draw-note" }, d.second_label), face(d.second, "ct-draw-card")));
    box.append(
      h("div", { class: "ct-draw-view" },
        seen,
        h("div", { class: "ct-trick-caption ct-draw-caption" }, d.caption),
        h("div", { class: "ct-draw-stock" }, d.stock),
        d.discards.length ? h("div", { class: "ct-draw-discards" }, h("span", { class: "ct-draw-note" }, d.discards_label), " ", chips(d.discards)) : null,
      ),
    );
  }

  function drawHand(view) {
    const keep = state.handFocus || hand.contains(document.activeElement);
    const playing = view.phase === "play" && view.to_act === "S";
    hand.replaceChildren();
    hand.classList.toggle("ct-waiting", !playing);
    view.hand.forEach((card, i) => {
      const classes = ["ct-card", `ct-suit-${card.suit}`, "ct-hand-card", `ct-card-${card.code}`];
      classes.push(card.legal ? "ct-legal" : "ct-illegal");
      if (card.hinted) classes.push("ct-hinted");
      hand.append(
        h(
          "button",
          {
            class: classes.join(" "),
            type: "button",
            "data-code": card.code,
            // the visible rank comes first in the name, as speech-input users say what they see
            "aria-label": `${card.rank}${card.glyph}, ${card.label}`,
            "aria-disabled": card.legal ? "false" : "true",
            tabindex: "-1",
          },
          h("span", { class: "ct-rank", "aria-hidden": "true" }, card.rank, h("span", { class: "ct-small" }, card.glyph)),
          h("span", { class: "ct-pip", "aria-hidden": "true" }, card.glyph),
        ),
      );
    });
    const all = cards();
    if (!all.length) return;
    const i = Math.max(0, Math.min(state.focusIndex, all.length - 1));
    all[i].setAttribute("tabindex", "0");
    if (keep && view.phase === "play") focusCard(i);
  }

  function drawScore(view) {
    score.replaceChildren(
      ...view.score.map((side) =>
        h(
          "div",
          { class: `ct-side ct-side-${side.side}` },
          h("span", { class: "ct-side-name" }, side.label),
          h("span", { class: "ct-points" }, String(side.score)),
          side.tags.map((tag) => h("span", { class: "ct-tag" }, tag)),
        ),
      ),
      h("div", { class: "ct-hand-number" }, view.hand_line),
    );
  }

  function drawEnd(view) {
    const L = view.labels;
    end.replaceChildren();
    const finished = view.phase === "complete" || view.phase === "over";
    end.hidden = !finished;
    if (!finished) return;
    end.append(h("h3", {}, L.hand_over), h("ul", { class: "ct-result" }, view.result.map((line) => h("li", {}, line))));
    const buttons = h("div", { class: "ct-row" });
    // the challenge's button first: the keyboard lands on it at the end of a deal of the day
    if (view.can_compare && !view.comparison) {
      buttons.append(h("button", { class: "ct-button ct-compare-button", disabled: Boolean(view.busy), onclick: () => { state.compareAsked = true; send({ action: "compare" }); } }, L.compare));
    }
    if (!view.review) {
      buttons.append(h("button", { class: "ct-button ct-review-button", disabled: Boolean(view.busy), onclick: () => { state.reviewAsked = true; send({ action: "review" }); } }, L.review));
    }
    if (view.can_next) buttons.append(h("button", { class: "ct-button ct-next-end", onclick: () => send({ action: "next" }) }, L.next));
    buttons.append(
      h("button", { class: "ct-button ct-new-end", onclick: () => send({ action: "new" }) }, L.new),
      h("button", { class: "ct-button ct-replay-end", onclick: () => send({ action: "replay" }) }, L.replay),
    );
    end.append(buttons);
    if (view.comparison) {
      end.append(
        h(
          "div",
          { class: "ct-compare" },
          h("h4", { class: "ct-compare-title", tabindex: "-1" }, L.compared),
          h("p", { class: "ct-compare-summary" }, view.comparison.summary),
          view.comparison.differences.length
            ? h("ul", { class: "ct-compare-list" }, view.comparison.differences.map((line, i) => h("li", {}, termed((view.comparison.differences_marked || [])[i], line))))
            : null,
        ),
      );
    }
    if (view.review) {
      const rows = view.review.map((r) =>
        h(
          "tr",
          { class: r.cost > 0 || r.nil_lost ? "ct-costly" : "ct-fine" },
          h("td", {}, String(r.trick)),
          h("td", {}, face(r.card, "ct-mini")),
          h("td", {}, r.label || (r.nil_lost ? L.nil_lost : "")),
          h(
            "td",
            {},
            termed(r.text_marked, r.text),
            r.statistics ? h("details", { class: "ct-numbers" }, h("summary", {}, L.numbers), h("p", {}, r.statistics)) : null,
            r.hindsight ? h("p", { class: "ct-hindsight" }, termed(r.hindsight_marked, r.hindsight)) : null,
          ),
        ),
      );
      end.append(
        h(
          "div",
          { class: "ct-review" },
          h("h4", { class: "ct-review-title", tabindex: "-1" }, L.review),
          h("p", {}, view.review_intro),
          h("table", {}, h("thead", {}, h("tr", {}, h("th", { scope: "col" }, L.review_trick), h("th", { scope: "col" }, L.review_card), h("th", { scope: "col" }, L.review_cost), h("th", { scope: "col" }, L.review_why))), h("tbody", {}, rows)),
        ),
      );
    }
  }

  function drawOver(view) {
    over.replaceChildren();
    over.hidden = !view.match_over;
    if (!view.match_over) return;
    over.append(
      h("div", { class: `ct-banner${view.match_over.won ? " ct-banner-won" : ""}`, role: "status" }, view.match_over.banner),
      h("h3", {}, view.labels.match_over),
      h("p", { class: "ct-over-status" }, view.match_over.status),
      h("pre", { class: "ct-sheet" }, view.match_over.sheet),
      h("button", { class: "ct-button ct-new-over", onclick: () => send({ action: "new" }) }, view.labels.new),
    );
  }

  function momentOf(view) {
    // a new deal, a new hand or a new kind of moment (draw, bid, play, end of the hand, end of the match)
    const kind = view.draw ? (view.draw.mine ? "draw" : "drawing") : view.bid_choices.length ? "bid" : view.phase === "complete" || view.phase === "over" ? view.phase : "play";
    return `${view.code}|${view.origin}|${view.hand_number}|${kind}`;
  }

  function focusKey(element) {
    // the class that names a control of the table (its place is rebuilt on every draw)
    if (!element || !root.contains(element)) return "";
    return Array.from(element.classList).find((c) => /^ct-(review-button|compare-button|compare-title|next-end|new-end|replay-end|new-over|review-title)$/.test(c)) || "";
  }

  function moveFocus(view, before, key) {
    // The keyboard goes on to the next thing to do when a new moment starts (the bid box when
    // it is South's bid, Review my hand when the hand is over), and a control rebuilt under the
    // focus gets it back; nothing moves while the learner works elsewhere on the page.
    if (!state.inside) return;
    if (view.review && state.reviewAsked) {
      // the review asked for is there: the keyboard goes to its title (read out first)
      state.reviewAsked = false;
      end.querySelector(".ct-review-title").focus();
      return;
    }
    if (view.comparison && state.compareAsked) {
      state.compareAsked = false;
      end.querySelector(".ct-compare-title").focus();
      return;
    }
    const moment = momentOf(view);
    const lost = !root.contains(document.activeElement);
    const fresh = moment !== before;
    if (moment.endsWith("|draw") && (fresh || lost)) {
      keepButton.focus();
    } else if (moment.endsWith("|bid") && (fresh || lost)) {
      bidSelect.focus();
    } else if ((moment.endsWith("|complete") || moment.endsWith("|over")) && (fresh || lost)) {
      const panel = moment.endsWith("|over") ? over : end;
      const again = key && root.querySelector(`.${key}:not(:disabled)`);
      const first = panel.querySelector(".ct-compare-button:not(:disabled)");
      const next = again || first || panel.querySelector("button:not(:disabled)") || end.querySelector("button:not(:disabled)");
      if (next) next.focus();
    }
  }

  function draw() {
    const view = model.get("view") || {};
    const before = state.moment;
    const key = focusKey(document.activeElement);
    const labels = view.labels || {};
    applyLabels(root, labels);
    options(el.querySelector(".ct-level"), labels.levels || []);
    el.querySelector(".ct-players").value = String(view.players_setting || 4);
    const language = el.querySelector(".ct-language");
    options(language, labels.languages || []);
    language.value = view.language || "en";
    if (!view.phase) {
      status.textContent = labels.press_new || "";
      return;
    }
    root.classList.toggle("ct-four-colour", Boolean(view.four_colour));
    root.classList.toggle("ct-two", view.players === 2);
    root.classList.toggle("ct-busy", Boolean(view.busy));
    el.querySelector(".ct-mode").value = view.mode;
    el.querySelector(".ct-level").value = view.level;
    const pace = el.querySelector(".ct-pace");
    options(pace, view.paces.map((p, i) => [view.pace_labels[i], String(p)]));
    pace.value = String(view.pause);
    el.querySelector(".ct-teach input").checked = view.teach;
    el.querySelector(".ct-hint-level").value = view.hint_level;
    el.querySelector(".ct-four input").checked = view.four_colour;
    el.querySelector(".ct-open-hands input").checked = view.open_hands;
    drawScore(view);
    for (const seat of ["N", "W", "E"]) drawSeat(seats[seat], seat, view);
    southLabel.replaceChildren(seatLine(view.seats.S));
    if (view.draw) {
      drawDraw(view.draw, trick);
    } else {
      trickCards(view.trick, trick, labels);
      animateTrick(view, trick);
    }
    const reasons = view.hint_reasons || [];
    hint.replaceChildren(
      h("div", {}, termed(view.hint_marked, view.hint)),
      ...(reasons.length ? [h("ul", { class: "ct-hint-reasons" }, ...reasons.map((line, i) => h("li", {}, termed((view.hint_reasons_marked || [])[i], line))))] : []),
      ...(view.hint_details ? [h("details", { class: "ct-numbers" }, h("summary", {}, labels.numbers), h("p", {}, view.hint_details))] : []),
    );
    hint.hidden = !view.hint;
    const bidding = view.bid_choices.length > 0;
    bidRow.hidden = !bidding;
    if (bidding) {
      const fresh = bidSelect.dataset.values !== view.bid_choices.map((c) => c[1]).join("|");
      options(bidSelect, view.bid_choices);
      if (fresh) bidSelect.value = "";
    } else {
      bidSelect.dataset.values = "";
    }
    const drawing = Boolean(view.draw && view.draw.mine);
    drawRow.hidden = !drawing;
    keepButton.classList.toggle("ct-hinted", drawing && view.draw.advised === "keep");
    discardButton.classList.toggle("ct-hinted", drawing && view.draw.advised === "discard");
    drawHand(view);
    status.replaceChildren(
      view.message ? h("span", { class: "ct-message" }, termed(view.message_marked, view.message)) : "",
      view.message ? " " : "",
      h("span", { class: "ct-now" }, view.busy || view.status),
    );
    el.querySelector(".ct-undo").disabled = !view.can_undo;
    el.querySelector(".ct-next").hidden = view.mode !== "match";
    el.querySelector(".ct-next").disabled = !view.can_next;
    const lastButton = el.querySelector(".ct-last-button");
    lastButton.disabled = !view.last_trick;
    lastButton.setAttribute("aria-expanded", String(state.showLast && Boolean(view.last_trick)));
    last.hidden = !(state.showLast && view.last_trick);
    if (!last.hidden) {
      const box = h("div", { class: "ct-trick ct-trick-small" });
      trickCards(view.last_trick, box, labels);
      last.replaceChildren(h("div", { class: "ct-last-title" }, labels.last_trick), box);
    }
    drawEnd(view);
    drawOver(view);
    moveFocus(view, before, key);
    state.moment = momentOf(view);
    code.replaceChildren(h("span", {}, `${labels.deal_code} `), h("code", { class: "ct-code-value" }, view.code), ` ${view.code_note}`);
  }

  model.on("change:view", draw);
  draw();
  return () => {
    model.off("change:view", draw);
    document.removeEventListener("focusin", whereFocus);
    document.removeEventListener("pointerdown", whereFocus);
  };
}

export default { render };
