// The browser's store of a view drawn by ipywidgets (the puzzles), in the live edition: an invisible
// widget that hands the counts this browser keeps (stored.js) to Python once, when the page opens, and
// keeps the counts Python sends back ({action: "restore", kinds: {...}} up; the `kinds` state down).

function render({ model, el }) {
  el.hidden = true;
  let asked = false;
  function restore() {
    if (asked || model.get("restored")) return;
    asked = true;
    model.send({ action: "restore", kinds: readStored() });
  }
  function keep() {
    if (model.get("restored")) writeStored(model.get("kinds") || {});
  }
  restore();
  model.on("change:kinds", keep);
  model.on("change:restored", restore);
  return () => {
    model.off("change:kinds", keep);
    model.off("change:restored", restore);
  };
}

export default { render };
