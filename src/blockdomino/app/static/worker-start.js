// Python starts before the page's other modules load (check.js imports this first): the
// worker (by its name in the page's import map), and what it says until python.js
// listens, as index.html's first script has them.
const worker = new Worker(import.meta.resolve("./worker.js"), { type: "module" });
window.blockdominoPython = { worker, heard: [] };
worker.onmessage = ({ data }) => window.blockdominoPython.heard.push(data);
