"""The first help search logs no warning about Lunr's filter (issue 24, point 9)."""

import logging
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]

SCRIPT = """
import logging, os
os.environ["DJANGO_SETTINGS_MODULE"] = "server.conf.test_settings"
import django; django.setup()
import evennia; evennia._init()
records = []
class Keep(logging.Handler):
    def emit(self, record):
        records.append(record.getMessage())
logging.getLogger("lunr").addHandler(Keep())
logging.getLogger("lunr").setLevel(logging.DEBUG)
PATCHED = %r
if PATCHED:
    from server.patches import help_stop_words
    help_stop_words.install()
from evennia.help.utils import LunrSearch
search = LunrSearch()
index = search.index("key", [{"field_name": "key", "boost": 1}], [{"key": "who"}, {"key": "say"}])
print("FOUND", [hit["ref"] for hit in index.search("who")])
print("RECORDS", records)
"""


def run(patched):
    out = subprocess.run([sys.executable, "-c", SCRIPT % patched], cwd=REPO, capture_output=True,
                         text=True, timeout=120)
    assert out.returncode == 0, out.stderr[-3000:]
    return out.stdout


def test_no_overwriting_warning_and_who_is_still_found():
    out = run(True)
    assert "FOUND ['who']" in out
    assert "Overwriting" not in out


def test_without_the_patch_lunr_warns():
    assert "Overwriting existing registered function stopWordFilter" in run(False)
