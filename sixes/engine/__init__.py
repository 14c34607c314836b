"""The engine: the rules, the bots, saves and the simulator. Standard library only; it runs the same under
CPython and in Pyodide, and imports nothing from the model or the browser side."""
