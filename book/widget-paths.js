// Tell require.js where the book keeps the widget modules it serves itself, so that a saved
// widget built with anywidget (the card table) loads its module from the book, never a CDN.
(function () {
  var here = document.currentScript.src.replace(/[^/]*$/, "");
  require.config({ paths: { anywidget: here + "anywidget" } });
})();
