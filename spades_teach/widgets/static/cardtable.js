// The card table of spades_teach: draws the `view` state sent by Python and sends the
// learner's actions back ({action: "play", card: "QH"}, {action: "bid", bid: "4"}, ...).
// No game rule lives here: which card is legal, and why not, comes with the state.

const SEATS = ["N", "E", "S", "W"];

function h(tag, attrs, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === false || value === null || value === undefined) continue;
    if (key === "class") el.className = value;
    else if (key === "text") el.textContent = value;
    else if (key.startsWith("on")) el.addEventListener(key.slice(2), value);
    else el.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

function face(card, extra) {
  // A card face: its rank and suit glyph in the suit's colour.
  return h(
    "span",
    { class: `ct-card ct-suit-${card.suit} ${extra || ""}`, role: "img", "aria-label": card.label, "data-code": card.code },
    h("span", { class: "ct-rank", "aria-hidden": "true" }, card.rank, h("span", { class: "ct-small" }, card.glyph)),
    h("span", { class: "ct-pip", "aria-hidden": "true" }, card.glyph),
  );
}

function backs(count) {
  const fan = h("span", { class: "ct-backs", role: "img", "aria-label": `${count} hidden ${count === 1 ? "card" : "cards"}` });
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

function select(cls, label, options, onchange) {
  const box = h("select", { class: cls, "aria-label": label, onchange });
  for (const [text, value] of options) box.append(h("option", { value }, text));
  return h("label", { class: "ct-field" }, h("span", {}, label), box);
}

function checkbox(cls, label, onchange) {
  return h("label", { class: `ct-field ct-check ${cls}` }, h("input", { type: "checkbox", onchange }), h("span", {}, label));
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
    h("button", { class: "ct-button ct-new", onclick: () => send({ action: "new" }) }, "New game"),
    h("button", { class: "ct-button ct-day", onclick: () => send({ action: "day" }) }, "Deal of the day"),
    h("button", { class: "ct-button ct-replay", onclick: () => send({ action: "replay" }) }, "Replay this deal"),
    h(
      "form",
      {
        class: "ct-code-form",
        onsubmit: (event) => {
          event.preventDefault();
          send({ action: "code", code: el.querySelector(".ct-code-input").value });
        },
      },
      h("label", { class: "ct-field" }, h("span", {}, "Deal code"), h("input", { class: "ct-code-input", type: "text", size: 24, placeholder: "paste a code", autocomplete: "off", spellcheck: "false" })),
      h("button", { class: "ct-button ct-code-go", type: "submit" }, "Play this deal"),
    ),
  );
  const settings = h(
    "div",
    { class: "ct-row ct-settings" },
    select("ct-mode", "Game", [["One hand", "hand"], ["Match", "match"]], (e) => send({ action: "set", name: "mode", value: e.target.value })),
    select("ct-level", "Bots", [["easy", "easy"], ["medium", "medium"], ["hard", "hard"]], (e) => send({ action: "set", name: "level", value: e.target.value })),
    select("ct-pace", "Bot pause", [], (e) => send({ action: "set", name: "pause", value: Number(e.target.value) })),
    checkbox("ct-teach", "Teach me", (e) => send({ action: "set", name: "teach", value: e.target.checked })),
    select("ct-hint-level", "Hints", [["Beginner rules", "beginner"], ["Expert", "expert"]], (e) => send({ action: "set", name: "hint_level", value: e.target.value })),
    checkbox("ct-four", "Four-colour deck", (e) => send({ action: "set", name: "four_colour", value: e.target.checked })),
    checkbox("ct-open-hands", "Show all hands", (e) => send({ action: "set", name: "open_hands", value: e.target.checked })),
  );
  const score = h("div", { class: "ct-score", role: "group", "aria-label": "Score" });
  const seats = {};
  for (const seat of ["N", "W", "E"]) seats[seat] = h("div", { class: `ct-seat ct-seat-${seat}` });
  const trick = h("div", { class: "ct-trick", role: "group", "aria-label": "Trick on the table" });
  const felt = h("div", { class: "ct-felt" }, seats.N, seats.W, trick, seats.E);
  const southLabel = h("div", { class: "ct-seat ct-seat-S" });
  const hint = h("div", { class: "ct-hint" });
  const bidSelect = h("select", { class: "ct-bid-choice", "aria-label": "Your bid, Enter bids" });
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
    h("label", { class: "ct-field" }, h("span", {}, "Your bid"), bidSelect),
    h("button", { class: "ct-button ct-bid-button", type: "submit" }, "Bid"),
  );
  const hand = h("div", { class: "ct-hand", role: "group", "aria-label": "Your hand" });
  const status = h("div", { class: "ct-status", role: "status", "aria-live": "polite" });
  const actions = h(
    "div",
    { class: "ct-row ct-actions" },
    h("button", { class: "ct-button ct-undo", onclick: () => send({ action: "undo" }) }, "Undo my card"),
    h("button", { class: "ct-button ct-last-button", "aria-expanded": "false", onclick: () => { state.showLast = !state.showLast; draw(); } }, "Last trick"),
    h("button", { class: "ct-button ct-next", onclick: () => send({ action: "next" }) }, "Next hand"),
  );
  const last = h("div", { class: "ct-last" });
  const end = h("section", { class: "ct-end", "aria-label": "End of the hand" });
  const over = h("section", { class: "ct-over", "aria-label": "End of the match" });
  const code = h("div", { class: "ct-code" });
  const root = h("div", { class: "ct-root st-widget" }, deal, settings, score, felt, southLabel, hint, bidRow, hand, status, actions, last, end, over, code);
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
    if (plain && (typing || hand.contains(event.target)) && OWN_KEYS.has(event.key)) event.stopPropagation();
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
  function seatLine(s, seat) {
    const bits = [h("span", { class: "ct-name" }, s.name)];
    if (s.dealer) bits.push(h("span", { class: "ct-tag" }, "dealer"));
    bits.push(h("span", { class: "ct-tag" }, s.bid === "" ? "no bid yet" : `bid ${s.bid}`));
    bits.push(h("span", { class: "ct-tag" }, `won ${s.won}`));
    if (s.turn) bits.push(h("span", { class: "ct-turn" }, seat === "S" ? "your turn" : "to play"));
    return h("div", { class: `ct-label${s.turn ? " ct-active" : ""}` }, bits);
  }

  function drawSeat(box, seat, view) {
    const s = view.seats[seat];
    box.replaceChildren(seatLine(s, seat), s.cards.length ? chips(s.cards) : backs(s.count));
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

  function trickCards(t, box) {
    box.replaceChildren();
    if (!t) {
      box.append(h("div", { class: "ct-trick-empty" }, "the trick goes here"));
      return;
    }
    for (const play of t.plays) {
      const won = t.winner === play.seat;
      box.append(h("div", { class: `ct-play ct-play-${play.seat}${won ? " ct-winner" : ""}`, "data-seat": play.seat }, face(play.card, `ct-played-${play.card.code}`)));
    }
    const caption = t.winner ? `trick ${t.number}: ${t.winner_word} wins the trick` : `trick ${t.number}`;
    box.append(h("div", { class: "ct-trick-caption" }, caption));
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
          h("span", { class: "ct-tag" }, side.bid === "" ? "no bids yet" : `bids ${side.bid}`),
          h("span", { class: "ct-tag" }, `won ${side.won}`),
          h("span", { class: "ct-tag" }, `bags ${side.bags}`),
        ),
      ),
      h("div", { class: "ct-hand-number" }, `hand ${view.hand_number}${view.mode === "match" ? ` · match to ${view.target}` : ""}`),
    );
  }

  function drawEnd(view) {
    end.replaceChildren();
    const finished = view.phase === "complete" || view.phase === "over";
    end.hidden = !finished;
    if (!finished) return;
    end.append(h("h3", {}, "The hand is over"), h("ul", { class: "ct-result" }, view.result.map((line) => h("li", {}, line))));
    const buttons = h("div", { class: "ct-row" });
    // the challenge's button first: the keyboard lands on it at the end of a deal of the day
    if (view.can_compare && !view.comparison) {
      buttons.append(h("button", { class: "ct-button ct-compare-button", disabled: Boolean(view.busy), onclick: () => { state.compareAsked = true; send({ action: "compare" }); } }, "Compare with the expert"));
    }
    if (!view.review) {
      buttons.append(h("button", { class: "ct-button ct-review-button", disabled: Boolean(view.busy), onclick: () => { state.reviewAsked = true; send({ action: "review" }); } }, "Review my hand"));
    }
    if (view.can_next) buttons.append(h("button", { class: "ct-button ct-next-end", onclick: () => send({ action: "next" }) }, "Next hand"));
    buttons.append(
      h("button", { class: "ct-button ct-new-end", onclick: () => send({ action: "new" }) }, "New game"),
      h("button", { class: "ct-button ct-replay-end", onclick: () => send({ action: "replay" }) }, "Replay this deal"),
    );
    end.append(buttons);
    if (view.comparison) {
      end.append(
        h(
          "div",
          { class: "ct-compare" },
          h("h4", { class: "ct-compare-title", tabindex: "-1" }, "Compared with the expert"),
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
          h("td", {}, r.cost > 0 ? `−${r.cost}` : r.nil_lost ? "Nil lost" : "0"),
          h("td", {}, termed(r.text_marked, r.text)),
        ),
      );
      end.append(
        h(
          "div",
          { class: "ct-review" },
          h("h4", { class: "ct-review-title", tabindex: "-1" }, "Review my hand"),
          h("p", {}, `What each of your cards cost, against best play by all four seats: ${view.review_summary}.`),
          h("table", {}, h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "trick"), h("th", { scope: "col" }, "card"), h("th", { scope: "col" }, "points lost"), h("th", { scope: "col" }, "why"))), h("tbody", {}, rows)),
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
      h("h3", {}, "The match is over"),
      h("p", { class: "ct-over-status" }, view.match_over.status),
      h("pre", { class: "ct-sheet" }, view.match_over.sheet),
      h("button", { class: "ct-button ct-new-over", onclick: () => send({ action: "new" }) }, "New game"),
    );
  }

  function momentOf(view) {
    // a new deal, a new hand or a new kind of moment (bid, play, end of the hand, end of the match)
    const kind = view.bid_choices.length ? "bid" : view.phase === "complete" || view.phase === "over" ? view.phase : "play";
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
    if (moment.endsWith("|bid") && (fresh || lost)) {
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
    if (!view.phase) {
      status.textContent = "press New game";
      return;
    }
    root.classList.toggle("ct-four-colour", Boolean(view.four_colour));
    root.classList.toggle("ct-busy", Boolean(view.busy));
    el.querySelector(".ct-mode").value = view.mode;
    el.querySelector(".ct-level").value = view.level;
    const pace = el.querySelector(".ct-pace");
    if (pace.options.length !== view.paces.length) {
      pace.replaceChildren(...view.paces.map((p) => h("option", { value: String(p) }, p === 0 ? "none" : `${p} s`)));
    }
    pace.value = String(view.pause);
    el.querySelector(".ct-teach input").checked = view.teach;
    el.querySelector(".ct-hint-level").value = view.hint_level;
    el.querySelector(".ct-four input").checked = view.four_colour;
    el.querySelector(".ct-open-hands input").checked = view.open_hands;
    drawScore(view);
    for (const seat of ["N", "W", "E"]) drawSeat(seats[seat], seat, view);
    southLabel.replaceChildren(seatLine(view.seats.S, "S"));
    trickCards(view.trick, trick);
    animateTrick(view, trick);
    const reasons = view.hint_reasons || [];
    hint.replaceChildren(
      h("div", {}, termed(view.hint_marked, view.hint)),
      ...(reasons.length ? [h("ul", { class: "ct-hint-reasons" }, ...reasons.map((line, i) => h("li", {}, termed((view.hint_reasons_marked || [])[i], line))))] : []),
    );
    hint.hidden = !view.hint;
    const bidding = view.bid_choices.length > 0;
    bidRow.hidden = !bidding;
    if (bidding) {
      const values = view.bid_choices.map((c) => c[1]).join("|");
      if (bidSelect.dataset.values !== values) {
        bidSelect.replaceChildren(...view.bid_choices.map(([text, value]) => h("option", { value }, text)));
        bidSelect.dataset.values = values;
        bidSelect.value = "";
      }
    } else {
      bidSelect.dataset.values = "";
    }
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
      trickCards(view.last_trick, box);
      last.replaceChildren(h("div", { class: "ct-last-title" }, "Last trick"), box);
    }
    drawEnd(view);
    drawOver(view);
    moveFocus(view, before, key);
    state.moment = momentOf(view);
    code.replaceChildren(h("span", {}, "Deal code "), h("code", { class: "ct-code-value" }, view.code), ` (${view.origin}) — paste it in "Deal code" to play these cards again.`);
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
