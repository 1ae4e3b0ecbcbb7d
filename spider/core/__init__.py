"""What every solitaire of the house shares: cards and their names, the portable shuffle,
deal IDs, one action history with undo and redo, the save envelope and safe JSON reading,
messages as data, the solver's answer and the worker protocol, and the registry of games.

Nothing here knows the rules of any game.
"""
