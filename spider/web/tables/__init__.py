"""The games' tables: each draws its game into ``#board`` and reports where a gesture
landed (``spider.py``, ``klondike.py``); ``base.py`` is the contract and what both share,
``layout.py`` the pure geometry, ``status.py`` the status cells. Which table draws which
game is the game's room (:mod:`spider.web.rooms`)."""
