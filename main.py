"""Starts the page: everything lives in spider.web.app."""

from spider.web.app import start

start()
