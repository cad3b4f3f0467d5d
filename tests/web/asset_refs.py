"""
Finding what a page loads: the scripts, stylesheets, images and frames an
HTML page (or a template's source) asks the browser to fetch, and which of
those come from outside the game.
"""

import re
from html.parser import HTMLParser

# Tag -> the attributes through which it makes the browser fetch something.
LOADING_ATTRIBUTES = {
    "script": ("src",),
    "link": ("href",),
    "img": ("src", "srcset"),
    "iframe": ("src",),
    "frame": ("src",),
    "source": ("src", "srcset"),
    "audio": ("src",),
    "video": ("src", "poster"),
    "embed": ("src",),
    "object": ("data",),
    "input": ("src",),
}
REMOTE = re.compile(r"^\s*(?:https?:)?//", re.IGNORECASE)
CSS_REMOTE = re.compile(r"""(?:@import\s+|url\(\s*)['"]?((?:https?:)?//[^'")\s]+)""", re.IGNORECASE)
COMMENTS = re.compile(r"<!--.*?-->|{%\s*comment\s*%}.*?{%\s*endcomment\s*%}", re.DOTALL)


class _LoadCollector(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.loads = []
        self.styles = []
        self._in_style = False

    def handle_starttag(self, tag, attrs):
        for name, value in attrs:
            if value and name in LOADING_ATTRIBUTES.get(tag, ()):
                if name == "srcset":
                    urls = [part.split()[0] for part in value.split(",") if part.strip()]
                else:
                    urls = [value.strip()]
                self.loads.extend((tag, url) for url in urls)
            elif value and name == "style":
                self.styles.append(value)
        self._in_style = tag == "style"

    handle_startendtag = handle_starttag

    def handle_endtag(self, tag):
        if tag == "style":
            self._in_style = False

    def handle_data(self, data):
        if self._in_style:
            self.styles.append(data)


def without_comments(source):
    """The markup with HTML and Django template comments removed (they load nothing)."""
    return COMMENTS.sub("", source)


def asset_loads(html):
    """[(tag, url)] of everything the page fetches; commented-out markup is skipped."""
    collector = _LoadCollector()
    collector.feed(without_comments(html))
    collector.close()
    css_loads = [("style", url) for css in collector.styles for url in CSS_REMOTE.findall(css)]
    return collector.loads + css_loads


def remote_asset_loads(html):
    """[(tag, url)] of the fetches that leave the game (absolute or protocol-relative URLs)."""
    return [(tag, url) for tag, url in asset_loads(html) if REMOTE.match(url)]
