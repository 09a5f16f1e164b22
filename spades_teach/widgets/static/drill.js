// The drills of spades_teach: draws the `view` state sent by Python (one question, its
// feedback, the streak and accuracy of each kind) and sends the learner's answers back
// ({action: "answer", values: {...}}, {action: "next"}, {action: "mode", mode: "legal"}).
// No rule and no answer lives here: the library makes and grades every question. `h` and `face`
// (a card drawn like the card table's) are those of cards.js, and `readStored` and `writeStored` (the
// browser's store) those of stored.js, which the widget puts ahead of this file
// (spades_teach.widgets.base.static_text).

let uid = 0;

function render({ model, el }) {
  const id = `dr${++uid}`;
  // data-lm-suppress-shortcuts: JupyterLab's keyboard shortcuts (caught on the document before the
  // drill sees the key) stay out of the drill: Enter in an answer box checks the answer, as in Voila.
  const root = h("div", { class: "ct-root dr-root st-widget", role: "region", "aria-label": "Drills", "data-lm-suppress-shortcuts": "true" });
  el.append(root);
  let shownQuestion = null;
  let shownAnswered = false;
  const typed = {};

  function send(message) {
    model.send(message);
  }

  function submit(fields) {
    const values = {};
    for (const f of fields) values[f.name] = typed[f.name] ?? "";
    send({ action: "answer", values });
  }

  function draw() {
    const v = model.get("view") || {};
    const L = v.labels || {};  // the fixed words, in the learner's language (sent by Python)
    const answered = !!v.feedback;
    const newQuestion = v.question !== shownQuestion;
    if (newQuestion) for (const key of Object.keys(typed)) delete typed[key];
    const inside = root.contains(document.activeElement);
    const hadFocus = inside ? document.activeElement.dataset.focus : null;
    root.replaceChildren();

    // The kind menu and the question's title.
    const menu = h("select", { class: "dr-mode", id: `${id}-mode`, onchange: (e) => send({ action: "mode", mode: e.target.value }) });
    if (v.kinds && v.kinds.length > 1) menu.append(h("option", { value: "mixed" }, L.mixed));
    for (const [name, title] of v.kinds || []) menu.append(h("option", { value: name }, title));
    menu.value = v.mode;
    const several = (v.kinds || []).length > 1;
    root.append(
      h("div", { class: "ct-row dr-top" },
        h("h3", { class: "dr-title", id: `${id}-title` }, v.title || ""),
        several ? h("span", { class: "ct-field" }, h("label", { for: `${id}-mode` }, L.practise), menu) : null,
        h("span", { class: "dr-level", title: L.level_tip, "aria-describedby": `${id}-level-note` }, v.level_text)),
      h("p", { class: "dr-level-note", id: `${id}-level-note` }, v.level_note || ""),
    );

    // What the question shows: facts, the trick so far, the hand, the card asked about.
    const body = h("div", { class: "dr-body" });
    if (v.facts && v.facts.length) body.append(h("ul", { class: "dr-facts" }, v.facts.map((f) => h("li", {}, f))));
    if (v.trick && v.trick.length) {
      body.append(h("div", { class: "dr-trick", role: "group", "aria-label": L.trick },
        v.trick.map((p) => h("span", { class: "dr-play" }, h("span", { class: "dr-seat" }, p.seat), face(p.card)))));
    }
    const cardField = (v.fields || []).some((f) => f.kind === "card");
    if (v.hand && !cardField) {
      body.append(h("div", { class: "dr-hand-wrap" }, h("span", { class: "dr-caption" }, L.hand),
        h("div", { class: "dr-hand", role: "group", "aria-label": L.hand_box }, v.hand.map(face))));
    }
    if (v.card) body.append(h("div", { class: "dr-asked" }, h("span", { class: "dr-caption" }, L.asked), face(v.card)));
    root.append(body);

    // The question and the answer: choice buttons, or typed boxes with Enter to check.
    const prompt = h("p", { class: "dr-prompt", id: `${id}-prompt` }, v.prompt || "");
    root.append(prompt);
    const errorId = `${id}-error`;
    const fields = v.fields || [];
    const form = h("form", { class: "dr-form", "aria-labelledby": `${id}-prompt`, onsubmit: (e) => { e.preventDefault(); if (!answered) submit(fields); } });
    let first = null;
    for (const f of fields) {
      if (f.kind === "card") {
        // Which card? The cards offered, drawn as the table draws them, each a button.
        // The hand itself is the answer box: the cards offered are buttons, the others only shown.
        const group = h("div", { class: "dr-choices dr-card-choices dr-hand", role: "group", "aria-label": f.group_label });
        const offered = new Map((f.cards || []).map((c) => [c.code, c]));
        const inHand = new Set((v.hand || []).map((c) => c.code));
        const shown = [...(v.hand || []), ...(f.cards || []).filter((c) => !inHand.has(c.code))];
        for (const card of shown) {
          if (!offered.has(card.code)) {
            group.append(h("span", { class: "dr-not-offered" }, face({ ...card, label: L.not_offered.replace("{card}", card.label) })));
            continue;
          }
          const given = answered && v.feedback.given && v.feedback.given[f.name] === card.code;
          const button = h("button", {
            type: "button", class: `dr-choice dr-card-choice${given ? " dr-given" : ""}`, "data-choice": card.code,
            "data-focus": `choice-${card.code}`, disabled: answered, "aria-pressed": given ? "true" : "false",
            "aria-describedby": errorId,  // its name is the face's label ("queen of hearts")
            onclick: () => { typed[f.name] = card.code; submit(fields); },
          }, face(card));
          group.append(button);
          first = first || button;
        }
        form.append(group);
      } else if (f.kind === "choice") {
        const group = h("div", { class: "dr-choices", role: "group", "aria-label": f.label });
        for (const choice of f.choices) {
          const given = answered && v.feedback.given && v.feedback.given[f.name] === choice;
          const button = h("button", {
            type: "button", class: `dr-choice${given ? " dr-given" : ""}`, "data-choice": choice, "data-focus": `choice-${choice}`,
            disabled: answered, "aria-pressed": given ? "true" : "false", "aria-describedby": errorId,
            onclick: () => { typed[f.name] = choice; submit(fields); },
          }, choice);
          group.append(button);
          first = first || button;
        }
        form.append(group);
      } else {
        const input = h("input", {
          type: "text", class: `dr-input dr-input-${f.name}`, id: `${id}-${f.name}`, name: f.name, "data-focus": `input-${f.name}`,
          inputmode: f.kind === "bid" ? "text" : "decimal", autocomplete: "off", disabled: answered,
          "aria-describedby": errorId, "aria-invalid": v.error && !answered ? "true" : "false",
          oninput: (e) => { typed[f.name] = e.target.value; },
          onkeydown: (e) => {
            // Enter checks the answer here, not through the form's own submission, which does not
            // happen in JupyterLab. Enter in a box while another is still empty moves on to it.
            if (e.key !== "Enter" || e.shiftKey || e.ctrlKey || e.metaKey || e.altKey) return;
            e.preventDefault();
            e.stopPropagation();
            const empty = [...form.querySelectorAll(".dr-input")].find((box) => box !== e.target && !box.value.trim());
            if (empty && e.target.value.trim()) empty.focus();
            else if (!answered) submit(fields);
          },
        });
        input.value = answered ? ((v.feedback.given || {})[f.name] ?? "") : (typed[f.name] ?? "");
        form.append(h("label", { class: "ct-field dr-field", for: `${id}-${f.name}` }, f.label), input);
        first = first || input;
      }
    }
    const typedFields = fields.some((f) => f.kind !== "choice" && f.kind !== "card");
    if (typedFields) form.append(h("button", { type: "submit", class: "dr-check", disabled: answered, "data-focus": "check" }, L.check));
    form.append(h("span", { class: `dr-error${v.error ? " st-input-error" : ""}`, id: errorId, role: "alert" }, v.error ? `⚠ ${v.error}` : ""));
    root.append(form);

    // The feedback: the verdict, then the explanation line by line.
    const live = h("div", { class: "dr-feedback", "aria-live": "polite" });
    let next = null;
    if (v.feedback) {
      const fb = v.feedback;
      const cls = fb.correct === true ? "dr-right" : fb.correct === false ? "dr-wrong" : "dr-checking";
      live.append(h("p", { class: `dr-verdict ${cls}` }, fb.correct === true ? "✓ " : fb.correct === false ? "✗ " : "", fb.verdict));
      live.append(h("ul", { class: "dr-lines" }, fb.lines.map((line) => h("li", {}, line))));
      if (v.pending) live.append(h("p", { class: "dr-pending" }, v.pending));
    }
    root.append(live);
    next = h("button", { type: "button", class: "dr-next", "data-focus": "next", onclick: () => send({ action: "next" }) },
      answered ? L.next : L.skip);
    root.append(h("div", { class: "ct-row" }, next));

    // The streak and accuracy of each kind.
    const table = h("table", { class: "dr-stats" },
      h("caption", {}, L.progress),
      h("thead", {}, h("tr", {}, (L.heads || []).map((t) => h("th", { scope: "col" }, t)))),
      h("tbody", {}, (v.stats || []).map((s) => h("tr", { class: `dr-stat dr-stat-${s.kind}` },
        h("th", { scope: "row" }, s.title), h("td", { class: "dr-streak" }, String(s.streak)), h("td", {}, String(s.best)),
        h("td", { class: "dr-right-count" }, s.right_text), h("td", { class: "dr-accuracy" }, s.accuracy)))),
    );
    root.append(table);
    if (v.note) root.append(h("p", { class: "dr-note" }, v.note));

    // Focus lands where the learner acts next. A new question takes it only from inside the drill
    // (Next, the kind menu): one that comes while the learner is elsewhere on the page (the first
    // question, drawn as the chapter's page is still running, or the browser's saved counts handed
    // back) leaves the focus, and the page's scroll, where they are.
    let target = null;
    if (newQuestion && shownQuestion !== null && inside) target = first;
    else if (answered && !shownAnswered && !v.pending) target = next;
    else if (v.error && !answered) {
      target = [...root.querySelectorAll(".dr-input")].find((box) => !box.value.trim()) || root.querySelector("[aria-invalid=true]") || first;
    }
    else if (hadFocus) target = root.querySelector(`[data-focus="${CSS.escape(hadFocus)}"]`) || (answered ? next : null);
    if (target && !target.disabled) target.focus();
    shownQuestion = v.question;
    shownAnswered = answered && !v.pending;
  }

  function keep() {
    const v = model.get("view") || {};
    if (v.store === "browser" && v.restored) writeStored(v.progress || {});
  }

  // The browser store: hand the saved counts to Python once, as soon as the view says it waits for
  // them. Not only on the first draw: a page drawn while its cells still run (Voila's progressive
  // rendering) may draw the widget before its first view has come.
  let restoreAsked = false;
  function restore() {
    const v = model.get("view") || {};
    if (restoreAsked || v.store !== "browser" || v.restored) return;
    restoreAsked = true;
    send({ action: "restore", kinds: readStored() });
  }

  draw();
  restore();
  model.on("change:view", draw);
  model.on("change:view", keep);
  model.on("change:view", restore);
  return () => {
    model.off("change:view", draw);
    model.off("change:view", keep);
    model.off("change:view", restore);
  };
}

export default { render };
