// What the card table (cardtable.js) and the drills (drill.js) both draw with: `h`, an element
// with its attributes and children, and `face`, a card's face. Not a module of its own: anywidget
// sends a widget's module as one text, where no import of a neighbour file can be resolved (in the
// book's saved pages either), so the Python side puts this file ahead of each module's own code
// (spades_teach.widgets.base.static_text).

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
  // A card face: its rank and suit glyph in the suit's colour (`extra`: more classes).
  return h(
    "span",
    { class: extra ? `ct-card ct-suit-${card.suit} ${extra}` : `ct-card ct-suit-${card.suit}`, role: "img", "aria-label": card.label, "data-code": card.code },
    h("span", { class: "ct-rank", "aria-hidden": "true" }, card.rank, h("span", { class: "ct-small" }, card.glyph)),
    h("span", { class: "ct-pip", "aria-hidden": "true" }, card.glyph),
  );
}
