// The live edition's chapters run themselves (tools/lite/runs_itself, served by tools/build_lite.sh).
//
// A front-end extension of the site, written by hand: JupyterLite loads this script, finds the
// container below in window._JUPYTERLAB and asks it for "./extension", a JupyterLab plugin. The one
// thing it takes from the application's shared modules, JupyterLite's service-worker token, it reads
// from the share scope the container is given (init), so no bundler is needed to build it.
//
// On the notebook page (notebooks/index.html?path=...) only: the plugin starts the chapter's kernel as
// soon as the application has started (before the notebook is open: Pyodide's start is most of the
// wait), and as soon as the kernel is ready, runs all its cells (the reader no longer presses Run >
// Run All Cells), and the code cells the book hides (tagged remove-input or hide-input, so their code
// is collapsed, jupyter.source_hidden) show their output alone, without the collapsed stub of their
// code. Code the book shows stays shown. JupyterLab (lab/) keeps its own behaviour: nothing runs by
// itself there.
//
// What it does shows on the page's body, for the reader's tools and the tests:
//   data-st-run="kernel"   waiting for the kernel     "running"  the cells are running
//   data-st-run="done"     every cell ran             "stopped"  a cell failed: the run stopped there
//   data-st-kernel="early" the kernel was started by this plugin, before the notebook opened
var _JUPYTERLAB;
(function () {
  "use strict";

  var NAME = "spades-teach-runs-itself";

  var STYLE = [
    // the collapsed code of a cell the book hides: gone, with its output's prompt ("[3]:")
    "body.st-runs-itself .jp-CodeCell.st-code-hidden > .jp-Cell-inputWrapper { display: none; }",
    "body.st-runs-itself .jp-CodeCell.st-code-hidden .jp-OutputPrompt { visibility: hidden; }",
    // the chapter's text is read-only (tools/make_lite_lock.py): no cell toolbar (move, duplicate,
    // delete) over it when it is the active cell, as the title is when the chapter opens
    "body.st-runs-itself .jp-MarkdownCell .jp-cell-toolbar { display: none; }",
    // a phone (390 px): the menu bar's seven menus fit beside the notebook's trust mark (Help was cut)
    "@media (max-width: 640px) { body.st-runs-itself .lm-MenuBar-item { padding: 0 4px; } }",
    // and where they do not fit on one line (French or Spanish menus on a phone: Paramètres and Aide
    // were cut), they go on to a second line (fitMenuLines gives the menu's row its height)
    "body.st-runs-itself #menu-panel .lm-MenuBar-content { flex-wrap: wrap; }",
  ].join("\n");

  function isNotebookPage() {
    return /\/notebooks\/(index\.html)?$/.test(window.location.pathname);
  }

  function setState(state) {
    document.body.dataset.stRun = state;
  }

  // Mark the cells whose code the book hides (JupyterLab draws them collapsed), now and whenever
  // the notebook's cells change.
  function markHiddenCode(notebook) {
    notebook.widgets.forEach(function (cell) {
      if (cell.model.type === "code") {
        cell.node.classList.toggle("st-code-hidden", Boolean(cell.inputHidden));
      }
    });
  }

  // The notebook's session, once it has a kernel.
  function kernelReady(panel) {
    var session = panel.sessionContext;
    return session.ready.then(function () {
      if (session.session && session.session.kernel) {
        return;
      }
      return new Promise(function (resolve) {
        function changed() {
          if (session.session && session.session.kernel) {
            session.kernelChanged.disconnect(changed);
            resolve();
          }
        }
        session.kernelChanged.connect(changed);
      });
    });
  }

  function runItself(app, panel) {
    var notebook = panel.content;
    setState("kernel");
    return panel.context.ready
      .then(function () {
        markHiddenCode(notebook);
        notebook.model.cells.changed.connect(function () {
          markHiddenCode(notebook);
        });
        return kernelReady(panel);
      })
      .then(function () {
        setState("running");
        var release = keepReaderPlace(notebook);
        var ran = app.commands.execute("notebook:run-all-cells");
        notebook.activeCellIndex = 0;
        return Promise.resolve(ran).then(function (ok) {
          notebook.activeCellIndex = 0;
          window.setTimeout(release, SETTLE_MS);  // the last outputs and widgets are still drawn
          return ok;
        });
      })
      .then(function (ok) {
        setState(ok === false ? "stopped" : "done");
      });
  }

  // How long after the run the page still keeps the reader's place (outputs and widgets drawn late).
  var SETTLE_MS = 3000;
  var READER_MOVES = ["wheel", "touchstart", "keydown", "mousedown", "pointerdown"];

  // Run All makes each cell in turn the active one and scrolls to it, and outputs drawn above the view
  // push it down: while the chapter runs, the page stays where the reader is (at the chapter's title
  // when it opens), until the reader scrolls, clicks or types: then the page is theirs. Returns the
  // function that stops keeping the place.
  function keepReaderPlace(notebook) {
    // JupyterLab 4 scrolls the notebook in its outer panel (its cells are drawn as they come in view)
    var scroller = notebook.node.querySelector(".jp-WindowedPanel-outer") || notebook.node;
    var place = scroller.scrollTop;
    var kept = true;
    function hold() {
      if (kept && scroller.scrollTop !== place) {
        scroller.scrollTop = place;
      }
    }
    function release() {
      if (!kept) {
        return;
      }
      kept = false;
      scroller.removeEventListener("scroll", hold);
      READER_MOVES.forEach(function (name) {
        window.removeEventListener(name, release, true);
      });
    }
    scroller.addEventListener("scroll", hold);
    READER_MOVES.forEach(function (name) {
      window.addEventListener(name, release, true);
    });
    return release;
  }

  // The menu bar's row as high as its lines. Its menus wrap onto more lines where they do not fit
  // (STYLE), but the notebook shell lays its rows out itself (a Lumino BoxLayout, each row absolutely
  // placed at the height its CSS min-height gives when the shell is fitted): a second line of menus
  // was drawn over the notebook's toolbar. So the row's min-height follows the menus' lines, and the
  // shell's layout is fitted again whenever they change (the window's width, the menus' language, the
  // kernel's status beside them). (Lumino's own overflow menu, "...", never shows here: it measures
  // the menus once, before they are drawn, and finds them fitting for good.)
  function fitMenuLines(app) {
    var row = app.shell.menu;  // the notebook shell's menu row (#menu-panel-wrapper)
    var menus = row && row.node.querySelector("#menu-panel .lm-MenuBar-content");
    if (!menus || !row.parent || typeof ResizeObserver === "undefined") {
      return;
    }
    new ResizeObserver(function () {
      var first = menus.firstElementChild;
      var wrapped = first && menus.offsetHeight > first.offsetHeight + 1;
      var border = row.node.offsetHeight - row.node.clientHeight;  // its bottom border (border-box)
      var lines = menus.getBoundingClientRect().bottom - row.node.getBoundingClientRect().top;
      var wanted = wrapped ? Math.ceil(lines + border) + "px" : "";  // "": the stylesheet's, one line
      if (row.node.style.minHeight !== wanted) {
        row.node.style.minHeight = wanted;
        row.parent.fit();
      }
    }).observe(menus);
  }

  // The kernel every chapter of the site names (tools/make_lite_lock.py, LITE_KERNELSPEC).
  var KERNEL = "python";
  // Start the chapter's kernel as soon as the application has started, before the notebook is open:
  // Pyodide loads in its worker (seconds) while the page fetches the chapter and draws its cells. The
  // notebook then finds the session of its path running and connects to it (JupyterLite also answers
  // a second start for the same name with the same session), so one kernel starts, sooner. Our own
  // connection is closed at once (the kernel goes on): only the notebook's is left to receive the
  // kernel's messages.
  // The Pyodide kernel mounts the site's files (the chapter's folder) only if JupyterLite's service
  // worker is registered when the kernel is made; made before that, it runs without them and warns
  // "Pyodide contents will NOT be synced". On a first visit, and on the visit after a new site (the old
  // worker is unregistered, then the new one registered), that registration comes after the
  // application has started: the early start waits for it (the manager's ready, which also settles
  // when registering fails). Without the manager (no such token), it starts at once.
  function serviceWorkerRegistered(workers) {
    return workers && workers.ready ? workers.ready.catch(function () {}) : Promise.resolve();
  }

  function startKernelEarly(app, workers) {
    var path = new URLSearchParams(window.location.search).get("path");
    var sessions = app.serviceManager.sessions;
    if (!path || !/\.ipynb$/.test(path)) {
      return;
    }
    app.started
      .then(function () {
        return sessions.ready;
      })
      .then(function () {
        return serviceWorkerRegistered(workers);
      })
      .then(function () {
        var running = Array.from(sessions.running()).some(function (model) {
          return model.path === path;
        });
        if (running) {
          return;
        }
        var name = path.split("/").pop();
        return sessions.startNew({ path: path, name: name, type: "notebook", kernel: { name: KERNEL } })
          .then(function (session) {
            session.dispose();
            document.body.dataset.stKernel = "early";
          });
      })
      .catch(function (error) {
        console.error("The chapter's kernel could not start early:", error);
      });
  }

  var plugin = {
    id: NAME + ":plugin",
    description: "The chapter opened in the notebook page runs all its cells at once, its hidden code out of sight.",
    autoStart: true,
    activate: function (app, workers) {
      if (!isNotebookPage()) {
        return;
      }
      var style = document.createElement("style");
      style.textContent = STYLE;
      document.head.appendChild(style);
      document.body.classList.add("st-runs-itself");
      startKernelEarly(app, workers);
      var started = false;
      function opened() {
        var widget = app.shell.currentWidget;
        if (started || !widget || !widget.sessionContext || !widget.content || !widget.context) {
          return;
        }
        started = true;
        app.shell.currentChanged.disconnect(opened);
        runItself(app, widget).catch(function (error) {
          setState("stopped");
          console.error("The chapter could not run itself:", error);
        });
      }
      app.shell.currentChanged.connect(opened);
      app.restored.then(opened);
      app.restored.then(function () {
        fitMenuLines(app);
      });
    },
  };

  // The token of JupyterLite's service-worker manager, from the application's shared modules (the
  // share scope given to init); null when the scope has no such module.
  var WORKERS_PACKAGE = "@jupyterlite/apputils";
  var shareScope = null;
  function workersToken() {
    var versions = shareScope && shareScope[WORKERS_PACKAGE];
    var version = versions && Object.keys(versions)[0];
    if (!version) {
      return Promise.resolve(null);
    }
    return Promise.resolve(versions[version].get())
      .then(function (factory) {
        return factory().IServiceWorkerManager || null;
      })
      .catch(function () {
        return null;
      });
  }

  _JUPYTERLAB = _JUPYTERLAB || {};
  _JUPYTERLAB[NAME] = {
    init: function (scope) {
      shareScope = scope;
    },
    get: function (module) {
      if (module !== "./extension") {
        return Promise.reject(new Error('Module "' + module + '" does not exist in container.'));
      }
      return workersToken().then(function (token) {
        if (token) {
          plugin.optional = [token];
        }
        return function () {
          return { __esModule: true, default: [plugin] };
        };
      });
    },
  };
})();
