"""The browser side of Sixes: the only code that imports ``pyscript``, ``js`` or ``pyodide``. index.html starts
``controller.start()``; each other module of this package is one room of the page, named for its concern."""
