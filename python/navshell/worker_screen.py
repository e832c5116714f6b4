"""What a screen written with navshell.worker is made of: ``ListScreen``, its ``Section``s and
``Row``s, the selections (``push``, ``pop``, ``open_url``) and the errors its opening raises.
navshell.worker re-exports every name here; import them from there."""

import json

from .worker_actions import ActionFailed


class NotFound(Exception):
    """The params name nothing (no such folder, commit, user): the opening fails with -32602."""


class InvalidParams(Exception):
    """The params are wrong; the message names the field."""


def Row(id, title, kind="item", subtitle=None, detail=None, accessory=None, values=None):
    """A row as the protocol writes it. ``id`` must be stable for the same item across loads."""
    fields = {"id": id, "kind": kind, "title": title, "subtitle": subtitle, "detail": detail,
              "accessory": accessory, "values": values}
    return {key: value for key, value in fields.items() if value is not None}


class Section:
    """One section: a fixed list (``items``) or pages (``pages(cursor) -> (items, next_cursor)``,
    ``cursor`` None for the first page and ``next_cursor`` None after the last)."""

    def __init__(self, id, header=None, items=None, pages=None, empty_footer=None, footer=None):
        if (items is None) == (pages is None):
            raise ValueError("a Section has items or pages, not both or neither")
        self.id, self.header, self.empty_footer, self.footer = id, header, empty_footer, footer
        self.items = [] if items is None else list(items)
        self._pages = pages
        self._cursor = None
        self.has_more = pages is not None

    def load_page(self):
        items, self._cursor = self._pages(self._cursor)
        self.items.extend(items)
        self.has_more = self._cursor is not None
        return len(items)

    def info(self):
        footer = self.footer if self.items or not self.empty_footer else self.empty_footer
        fields = {"id": self.id, "header": self.header, "footer": footer, "count": len(self.items),
                  "hasMore": True if self.has_more else None}
        return {key: value for key, value in fields.items() if value is not None}


def push(kind, params=None):
    """A selection that asks navhost to push a screen (built-in or external)."""
    return {"action": "push", "kind": kind, "params": params or {}}


def pop():
    """A selection that asks navhost to pop this screen."""
    return {"action": "pop"}


def open_url(url):
    """A selection that hands the client a URL to open."""
    return {"action": "openURL", "url": url}


class ListScreen:
    """Subclass it: ``__init__(params)`` (raise ``InvalidParams``), ``title``,
    ``sections(query)``, ``row(item)``, ``select(item)`` (``push``, ``pop``, ``open_url`` or None).

    Actions: ``actions(item)`` lists an item's (``Action``s; ``item`` None is the screen's own),
    ``preview(action, item, input)`` returns the item as it will look once done (shown at
    once) or None, and ``perform(action, item, input)`` does it, raising ``ActionFailed``; the
    rows are then read again. ``action_state(item)`` binds a confirmation to the item. ``url``,
    when set, is the web address of the screen's own item (``open-url``, ``copy-url``).
    """

    title = ""
    url = None

    def sections(self, query):
        raise NotImplementedError

    def row(self, item):
        raise NotImplementedError

    def select(self, item):
        return None

    def actions(self, item):
        return []

    def preview(self, action, item, input):
        return None

    def perform(self, action, item, input):
        raise ActionFailed("failed", f"{action} is not implemented")

    def action_state(self, item):
        return "" if item is None else json.dumps(self.row(item), sort_keys=True)
