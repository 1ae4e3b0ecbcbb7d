"""The German catalog, assembled from one module per area."""

from .. import merge
from . import core, duel, page, spider

TEXTS = merge(core.TEXTS, spider.TEXTS, page.TEXTS, duel.TEXTS)
