// Add bytecode to the live edition's wheels and python_stdlib.zip (tools/lite/precompile.py), in Pyodide
// under Node.js: the site's own runtime, so the bytecode is exactly its Python's.
// Usage: node tools/lite/precompile.mjs [--no-debug-ranges] SITE_PYODIDE_DIR JUPYTER_LITE_JSON [--own] ROOT...
// SITE_PYODIDE_DIR is the site's static/pyodide folder (the runtime, the wheels and their lock), rewritten
// in place; the packages named in JUPYTER_LITE_JSON's loadPyodideOptions are loaded first, as the kernel
// loads them; each ROOT is a module to import (PACKAGE.* for a package and all its modules).
// --no-debug-ranges compiles without the instructions' column positions (PYTHONNODEBUGRANGES); --own
// rewrites spades_teach's wheel only, and without it every other wheel and python_stdlib.zip.
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const args = process.argv.slice(2);
const noDebugRanges = args[0] === "--no-debug-ranges";
const [folder, config, ...roots] = noDebugRanges ? args.slice(1) : args;
if (!config) {
  console.error("usage: node precompile.mjs SITE_PYODIDE_DIR JUPYTER_LITE_JSON ROOT...");
  process.exit(2);
}
const settings = JSON.parse(readFileSync(config, "utf8"))["jupyter-config-data"].litePluginSettings;
const packages = settings["@jupyterlite/pyodide-kernel-extension:kernel"].loadPyodideOptions.packages;
const { loadPyodide } = await import(pathToFileURL(resolve(folder, "pyodide.mjs")).href);
const env = noDebugRanges ? { PYTHONNODEBUGRANGES: "1" } : {};
const pyodide = await loadPyodide({ indexURL: resolve(folder) + "/", packages, env });
pyodide.setStdout({ batched: (line) => console.log(line) });
pyodide.setStderr({ batched: (line) => console.error(line) });
pyodide.FS.mkdir("/site");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: resolve(folder) }, "/site");
const script = resolve(dirname(fileURLToPath(import.meta.url)), "precompile.py");
pyodide.globals.set("argv", pyodide.toPy(["precompile.py", "/site", ...roots]));
pyodide.runPython("import sys; sys.argv = list(argv); del argv");
try {
  pyodide.runPython(readFileSync(script, "utf8"), { filename: script });
} catch (error) {
  console.error(String(error));
  process.exit(1);
}
