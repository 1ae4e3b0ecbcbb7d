"""The English catalog, assembled from one module per area."""

from .. import merge
from . import core, duel, klondike, page, spider

TEXTS = merge(core.TEXTS, spider.TEXTS, klondike.TEXTS, page.TEXTS, duel.TEXTS)
