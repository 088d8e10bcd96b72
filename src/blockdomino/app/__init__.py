"""The code-free learner app: the whole tutorial as a static web app, Python in a worker.

``make.build_app(out, pyodide=..., stdlib=..., packages=..., notebooks=...)`` writes
it, from Python compiled ahead (``bytecode``); the
chapters come from the built notebooks (``chapters``), their widget cells as specs
(``specs``), and the page drives the controllers of ``blockdomino.play`` through the
JSON messages of ``bridge``.
"""
