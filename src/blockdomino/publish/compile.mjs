// Compile Python to bytecode with the site's own Pyodide, in Node.
//   node compile.mjs [--keep-sources] PYODIDE_DIR OUT_DIR [WHEEL...]
// Unpacks every wheel into OUT_DIR (a folder of this computer, mounted into Pyodide),
// compiles each module in OUT_DIR (the wheels', or sources put there before, such as the
// standard library's) to a .pyc beside it (the bytecode of Pyodide's own Python,
// marked to be used without checking its source) and, unless --keep-sources, removes
// the sources: the browser then imports without compiling. Prints nothing; a failure
// exits non-zero.
import { pathToFileURL } from "node:url";
import fs from "node:fs";
import path from "node:path";

const args = process.argv.slice(2);
const keepSources = args[0] === "--keep-sources";
const [pyodideDir, outDir, ...wheels] = keepSources ? args.slice(1) : args;
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: pyodideDir + path.sep, stdout: () => {} });
pyodide.FS.mkdirTree("/out");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: path.resolve(outDir) }, "/out");
for (const wheel of wheels) {
  pyodide.unpackArchive(new Uint8Array(fs.readFileSync(wheel)), "wheel", { extractDir: "/out" });
}
pyodide.globals.set("keep_sources", keepSources);
pyodide.runPython(`
import compileall, pathlib, py_compile, sys
done = compileall.compile_dir(
    "/out", quiet=2, legacy=True, workers=1,
    invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH,
)
if not done:
    sys.exit(1)
if not keep_sources:
    for source in pathlib.Path("/out").rglob("*.py"):
        source.unlink()
`);
