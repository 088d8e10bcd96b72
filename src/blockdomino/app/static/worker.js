// The app's Python: Pyodide in a Web Worker, so the page never waits on it.
// It boots the site's own Pyodide while it fetches the app's packages (compiled ahead,
// one archive: no package manager, no index, nothing fetched from outside the app),
// unpacks them, imports the bridge and answers each message of the page with
// blockdomino.app.bridge.handle. It reports its progress as {type: "progress", done,
// total}, then {type: "ready"}, or {type: "failed", reason}.
import { loadPyodide } from "./pyodide/pyodide.mjs";

const queue = [];
let handle = null;

async function start() {
  const booting = loadPyodide({ indexURL: new URL("pyodide/", location.href).href });
  const contents = await (await fetch("contents.json")).json();
  const packages = fetch(contents.packages).then((answer) => answer.arrayBuffer());
  const total = 3;
  let done = 0;
  const step = () => postMessage({ type: "progress", done: ++done, total });
  const pyodide = await booting;
  step();
  const extractDir = pyodide.runPython("import site; site.getsitepackages()[0]");
  pyodide.unpackArchive(await packages, "zip", { extractDir });
  step();
  handle = pyodide.pyimport("blockdomino.app.bridge").handle;
  step();
  postMessage({ type: "ready" });
  for (const message of queue.splice(0)) answer(message);
}

function answer({ seq, text }) {
  postMessage({ type: "answer", seq, text: handle(text) });
}

onmessage = ({ data }) => (handle ? answer(data) : queue.push(data));

start().catch((error) => postMessage({ type: "failed", reason: String(error) }));
