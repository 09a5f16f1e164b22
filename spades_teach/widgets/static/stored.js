// The progress this browser keeps for the live edition (where Python runs in the page and has no file of
// its own to keep it in): the drills' and the puzzles' counts, by name, in localStorage under one key.
// Not a module of its own: the Python side puts this file ahead of the module that uses it
// (spades_teach.widgets.base.static_text), as it does cards.js.

const STORAGE_KEY = "spades_teach/drills";

function readStored() {
  // The counts this browser keeps (the live edition's store); {} when there are none or storage is off.
  try {
    const value = JSON.parse(window.localStorage.getItem(STORAGE_KEY) || "{}");
    return value && typeof value === "object" && value.kinds && typeof value.kinds === "object" ? value.kinds : {};
  } catch (error) {
    return {};
  }
}

function writeStored(progress) {
  // Merge this widget's kinds into what the browser keeps.
  try {
    const kinds = { ...readStored(), ...progress };
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify({ version: 1, kinds }));
  } catch (error) {
    // Storage full or switched off: the progress lasts as long as the page.
  }
}

