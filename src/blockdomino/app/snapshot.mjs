// Take the app's Python memory snapshot with the app's own Pyodide, in Node.
//   node snapshot.mjs APP_DIR OUT_FILE
// Boots the Pyodide of APP_DIR/pyodide (its standard library compiled ahead, as the
// browser has it), unpacks APP_DIR/packages.zip into site-packages, imports the bridge,
// opens every live piece of the chapters in APP_DIR/chapters once and forgets them (a
// chapter's first view then finds its words, its language's data and its modules
// already in memory: a first open costs a tenth of what it did), and writes Pyodide's
// memory snapshot to OUT_FILE; prints the Pyodide version.
// The same app gives the same bytes: while it runs, the random bytes, the clocks and
// Math.random that Pyodide asks Node for are a fixed sequence (the browser's worker
// reseeds Python's random numbers after it starts from the snapshot).
import { pathToFileURL } from "node:url";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

let state = 0x9e3779b9;
const next = () => ((state = (Math.imul(state, 1664525) + 1013904223) >>> 0), state >>> 24);
crypto.randomFillSync = (view) => {
  const bytes = new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
  for (let i = 0; i < bytes.length; i++) bytes[i] = next();
  return view;
};
Math.random = () => next() / 256;
let now = 1e12; // the clocks move on, so that Python sees a folder change
Date.now = () => (now += 1);
let ticks = 0;
performance.now = () => (ticks += 1);

const [app, out] = process.argv.slice(2);
const dir = path.join(app, "pyodide");
const { loadPyodide, version } = await import(pathToFileURL(path.join(dir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: dir + path.sep, _makeSnapshot: true, stdout: () => {} });
const extractDir = pyodide.runPython("import site; site.getsitepackages()[0]");
const packages = new Uint8Array(fs.readFileSync(path.join(app, "packages.zip")));
pyodide.unpackArchive(packages, "zip", { extractDir });
const bridge = pyodide.pyimport("blockdomino.app.bridge");
for (const lang of fs.readdirSync(path.join(app, "chapters")).sort()) {
  for (const file of fs.readdirSync(path.join(app, "chapters", lang)).sort()) {
    const { blocks } = JSON.parse(fs.readFileSync(path.join(app, "chapters", lang, file)));
    for (const { spec } of blocks.filter((block) => block.type === "live")) {
      const answer = JSON.parse(bridge.handle(JSON.stringify({ op: "open", id: "-", spec, seed: 0 })));
      if (answer.error) throw new Error(`chapters/${lang}/${file}: ${answer.error}`);
    }
  }
}
bridge.BRIDGE.components.clear();
bridge.destroy();
fs.writeFileSync(out, pyodide.makeMemorySnapshot());
process.stdout.write(version);
