// Run a Python script in Pyodide under Node.js, the Python of the book's live edition without a browser.
// Usage: node tests/pyodide_run.mjs PYODIDE_DIR FOLDER SCRIPT [PACKAGE ...]
// FOLDER (on this machine) is mounted at /work in Pyodide's file system and put first on sys.path;
// SCRIPT runs with /work as its current directory, and what it prints goes to stdout. Each PACKAGE
// (a name of PYODIDE_DIR's lock) is loaded first, as loadPyodide's ``packages`` option loads them.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, folder, script, ...packages] = process.argv.slice(2);
if (!script) {
  console.error("usage: node pyodide_run.mjs PYODIDE_DIR FOLDER SCRIPT");
  process.exit(2);
}
const { loadPyodide } = await import(pathToFileURL(resolve(pyodideDir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: resolve(pyodideDir) + "/", packages });
pyodide.setStdout({ batched: (line) => console.log(line) });
pyodide.setStderr({ batched: (line) => console.error(line) });
pyodide.FS.mkdir("/work");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: resolve(folder) }, "/work");
pyodide.runPython("import os, sys; os.chdir('/work'); sys.path.insert(0, '/work')");
try {
  pyodide.runPython(readFileSync(script, "utf8"), { filename: script });
} catch (error) {
  console.error(String(error));
  process.exit(1);
}
