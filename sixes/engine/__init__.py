"""The engine: the rules, the bots and the simulator. Standard library only, no I/O; it runs the same
under CPython and in Pyodide, and imports nothing from the model or the browser side."""
