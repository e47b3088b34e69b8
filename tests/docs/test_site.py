"""The documentation site (issue 41): every registered metric and every command has its
generated page, in the navigation; ``mkdocs build --strict`` builds it (no broken link, no
page missing from the nav); and a real browser renders the built index and a metric page
with the navigation and the options table.

The build needs the ``docs`` extra (mkdocs, mkdocs-material): without it the build tests
skip, unless ``BLEUPRINT_REQUIRE_DOCS=1`` (CI sets it), as a missing Chromium is a skip
unless ``BLEUPRINT_REQUIRE_BROWSER=1``."""

from __future__ import annotations

import argparse
import importlib.util
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from docsgen import reference  # noqa: E402
from bleuprint.mutants.hooks import mutant_hooks

REQUIRE_DOCS = os.environ.get("BLEUPRINT_REQUIRE_DOCS") == "1"
REQUIRE_BROWSER = os.environ.get("BLEUPRINT_REQUIRE_BROWSER") == "1"


@pytest.fixture(scope="module")
def generated():
    return reference.pages()


def _every_command() -> list[str]:
    """Every command and subcommand of the real parser ("score", "mutants run", ...),
    walked here (not by docsgen), aliases left out."""
    from bleuprint.cli import build_parser

    found, seen = [], []

    def walk(parser, prefix):
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                for name, sub in action.choices.items():
                    if any(sub is other for other in seen):
                        continue
                    seen.append(sub)
                    found.append(f"{prefix} {name}".strip())
                    walk(sub, f"{prefix} {name}")

    walk(build_parser(), "")
    return found


def _nav_paths(entries) -> list[str]:
    out = []
    for entry in entries:
        if isinstance(entry, str):
            out.append(entry)
        elif isinstance(entry, dict):
            for value in entry.values():
                out += _nav_paths(value) if isinstance(value, list) else [value]
    return out


def test_every_registered_metric_has_a_page_in_the_nav(generated):
    from bleuprint.core import get_metric, metric_names

    nav = _nav_paths(reference.nav(generated))
    for name in metric_names():
        path = f"{reference.METRICS_DIR}/{name}.md"
        assert path in generated, f"metric {name} has no reference page"
        assert path in nav, f"metric {name}'s page is not in the navigation"
        page = generated[path]
        metric = get_metric(name)
        for option in metric.options:  # every option has its row
            assert f"| `{option.name}` |" in page, f"{name}: option {option.name} not listed"
        for fault in mutant_hooks(metric).faults():
            assert f"| `{fault.id}` |" in page, f"{name}: planted mutant {fault.id} not listed"


def test_every_command_and_subcommand_has_a_page(generated):
    nav = _nav_paths(reference.nav(generated))
    commands = _every_command()
    assert {"score", "verify", "mutants run", "vectors export", "audit", "reproduce"} <= set(commands)
    for command in commands:
        top = command.split(" ")[0]
        path = f"{reference.CLI_DIR}/{top}.md"
        assert path in generated and path in nav, f"bleuprint {top} has no page in the navigation"
        heading = f"# `bleuprint {command}`"
        assert re.search(rf"^#+ `bleuprint {re.escape(command)}`$", generated[path], re.M), \
            f"{path} has no section {heading!r}"


def test_a_metric_without_a_page_fails_the_check(generated):
    """The check above can fail: a registered metric that the pages do not know of."""
    from bleuprint.core import register, unregister
    from bleuprint.metrics.exact_match import ExactMatch

    class Unpaged(ExactMatch):
        name = "unpaged_metric_for_the_test"

    register(Unpaged())
    try:
        with pytest.raises(AssertionError, match="unpaged_metric_for_the_test has no reference page"):
            test_every_registered_metric_has_a_page_in_the_nav(generated)
    finally:
        unregister("unpaged_metric_for_the_test")


def test_the_nav_lists_every_hand_written_page():
    """mkdocs.yml's nav holds every page of docs/ (a page left out of it is unreachable)."""
    text = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    listed = set(re.findall(r":\s+([\w./-]+\.md)\s*$", text, re.M))
    pages = {path.relative_to(ROOT / "docs").as_posix() for path in (ROOT / "docs").rglob("*.md")}
    assert pages == listed, (f"not in the nav: {sorted(pages - listed)}; in the nav, no file: {sorted(listed - pages)}")


# ---------------------------------------------------------------------------- the built site


def _mkdocs_installed() -> bool:
    return importlib.util.find_spec("mkdocs") is not None and importlib.util.find_spec("material") is not None


@pytest.fixture(scope="module")
def built_site(tmp_path_factory):
    """``mkdocs build --strict`` of this checkout into a temporary folder."""
    if not _mkdocs_installed():
        if REQUIRE_DOCS:
            pytest.fail("BLEUPRINT_REQUIRE_DOCS=1 but mkdocs and mkdocs-material are not installed (.[docs])")
        pytest.skip("the docs extra is not installed: pip install -e '.[docs]'")
    site = tmp_path_factory.mktemp("site")
    done = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-f", str(ROOT / "mkdocs.yml"),
                           "-d", str(site)], capture_output=True, text=True, timeout=600, cwd=ROOT,
                          env={**os.environ, "NO_MKDOCS_2_WARNING": "1"})
    assert done.returncode == 0, done.stderr[-4000:]
    return site


def test_the_strict_build_writes_every_page(built_site):
    from bleuprint.core import metric_names

    assert (built_site / "index.html").exists()
    for name in metric_names():
        assert (built_site / reference.METRICS_DIR / name / "index.html").exists(), name
    for command in _every_command():
        assert (built_site / reference.CLI_DIR / command.split(" ")[0] / "index.html").exists(), command


def _chromium():
    for name in ("chromium", "chromium-browser", "google-chrome"):
        found = shutil.which(name)
        if found:
            return found
    return None


def _browser(tmp_path, *arguments) -> subprocess.CompletedProcess:
    command = [_chromium(), "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
               "--disable-background-networking", "--disable-component-update", "--disable-sync",
               f"--user-data-dir={tmp_path / 'profile'}", "--virtual-time-budget=10000", *arguments]
    return subprocess.run(command, capture_output=True, text=True, timeout=120, env={**os.environ, "HOME": str(tmp_path)})


@pytest.mark.skipif(_chromium() is None and not REQUIRE_BROWSER,
                    reason="no headless browser: install Debian's chromium (apt-get install -y chromium)")
def test_the_built_site_renders_in_a_headless_browser(built_site, tmp_path):
    """Chromium opens the built index and the chrF page from disk: the DOM it built holds
    the navigation (Material's nav with the tutorials and the metric pages' links) and, on
    the metric page, the options table with a row per option (chrF's six, in order). A
    screenshot of the metric page is left at /tmp/site-metric.png for a look by eye."""
    assert _chromium() is not None, "BLEUPRINT_REQUIRE_BROWSER=1 but no chromium is installed"
    from bleuprint.core import get_metric

    index = _browser(tmp_path, "--dump-dom", (built_site / "index.html").as_uri()).stdout
    assert 'class="md-nav' in index and "Verify a port" in index, index[:2000]
    assert 'href="reference/metrics/chrf/' in index

    page = built_site / reference.METRICS_DIR / "chrf" / "index.html"
    dom = _browser(tmp_path, "--dump-dom", page.as_uri()).stdout
    assert 'class="md-nav' in dom and "Command line" in dom
    table = dom.split('<div class="options-table">', 1)[1].split("</table>", 1)[0]
    rows = re.findall(r"<tr>\s*<td><code>(\w+)</code></td>", table)
    assert rows == [option.name for option in get_metric("chrf").options]
    _browser(tmp_path, "--window-size=1280,1600", "--hide-scrollbars", "--screenshot=/tmp/site-metric.png",
             page.as_uri())
