"""The page's pure model: what the page shows and says (table, words, hints, reviews, records,
statistics, the guided deal), as plain data and HTML. It uses the engine and never imports the
browser side, so all of it is tested under CPython."""
