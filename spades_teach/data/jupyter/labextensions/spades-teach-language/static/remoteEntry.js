// A chapter opens with the interface in its own language (JupyterLab in the tutorial, JupyterLite in
// the live edition): spades_teach/data/jupyter/labextensions/spades-teach-language.
//
// A front-end extension written by hand, like the live edition's tools/lite/runs_itself: JupyterLab
// and JupyterLite load this script, find the container below in window._JUPYTERLAB and ask it for
// "./extension", a JupyterLab plugin. It takes nothing from the application's shared modules (it uses
// the application it is given), so no bundler is needed to build it.
//
// The chapter is the notebook the page opens: JupyterLab's /lab/tree/fr/04_scoring_a_hand.ipynb (or
// /lab/workspaces/<name>/tree/...), JupyterLite's ?path=fr/04_scoring_a_hand.ipynb. A chapter is
// English at the top of the folder, French under fr/ and Spanish under es/. When the interface
// speaks another language, the plugin sets JupyterLab's language setting (Settings > Language, the
// setting a reader's own choice writes) to the chapter's and reloads the page, once per tab and
// language: a language whose pack is missing leaves the page as it is. Any other page is left alone.
var _JUPYTERLAB;
(function () {
  "use strict";

  var NAME = "spades-teach-language";
  // JupyterLab's setting of the interface's language, and the locale each chapter language asks for
  // (the language packs' own: jupyterlab-language-pack-fr-FR, -es-ES).
  var SETTING = "@jupyterlab/translation-extension:plugin";
  var LOCALES = { en: "en", fr: "fr_FR", es: "es_ES" };
  // A chapter's file: NN_name.ipynb, in fr/ or es/ for a translation.
  var CHAPTER = /^(?:(fr|es)\/)?\d\d_[^/]+\.ipynb$/;

  // The path of the notebook the page opens (relative to the server's root), or null.
  function openedPath() {
    var query = new URLSearchParams(window.location.search).get("path");
    if (query) {
      return query.replace(/^\/+/, "");
    }
    var found = /\/tree\/(.+)$/.exec(window.location.pathname);
    return found ? decodeURIComponent(found[1]) : null;
  }

  // The language of the chapter the page opens ("en", "fr", "es"), or null for any other page.
  function chapterLanguage() {
    var path = openedPath();
    var found = path ? CHAPTER.exec(path) : null;
    return found ? found[1] || "en" : null;
  }

  // The interface's language, as JupyterLab's translator marks it on the page when it starts
  // (document.documentElement.lang: "fr-FR" -> "fr").
  function interfaceLanguage() {
    return (document.documentElement.lang || "en").slice(0, 2).toLowerCase();
  }

  function switchTo(app, language) {
    var tried = NAME + ":" + language;
    if (window.sessionStorage.getItem(tried)) {
      return; // tried once in this tab: that language's pack is missing
    }
    window.sessionStorage.setItem(tried, "1");
    var settings = app.serviceManager.settings;
    return settings
      .fetch(SETTING)
      .then(function (plugin) {
        var raw = {};
        try {
          raw = JSON.parse(plugin.raw || "{}") || {};
        } catch (error) {
          raw = {}; // a hand-written setting with comments: replaced
        }
        raw.locale = LOCALES[language];
        return settings.save(SETTING, JSON.stringify(raw, null, 2));
      })
      .then(function () {
        document.body.dataset.stLanguage = "switching";
        window.location.reload();
      })
      .catch(function (error) {
        console.warn("The interface could not switch to the chapter's language:", error);
      });
  }

  var plugin = {
    id: NAME + ":plugin",
    description: "A chapter opens with the interface in the chapter's language.",
    autoStart: true,
    activate: function (app) {
      var language = chapterLanguage();
      if (!language) {
        return;
      }
      // once every plugin is active, the translator among them (the page's language is then set),
      // and before the chapter's kernel starts (tools/lite/runs_itself waits for the sessions)
      app.started.then(function () {
        if (interfaceLanguage() === language) {
          document.body.dataset.stLanguage = language;
          return;
        }
        return switchTo(app, language);
      });
    },
  };

  _JUPYTERLAB = _JUPYTERLAB || {};
  _JUPYTERLAB[NAME] = {
    init: function () {},
    get: function (module) {
      if (module !== "./extension") {
        return Promise.reject(new Error('Module "' + module + '" does not exist in container.'));
      }
      return Promise.resolve(function () {
        return { __esModule: true, default: [plugin] };
      });
    },
  };
})();
