"""The German catalog, assembled from one module per area."""

from .. import merge
from . import analysis_page, core, duel, klondike, klondike_page, page, spider

TEXTS = merge(core.TEXTS, spider.TEXTS, klondike.TEXTS, klondike_page.TEXTS, page.TEXTS, duel.TEXTS,
               analysis_page.TEXTS)
