"""instances.html in a real browser: Debian's headless Chromium driven through Debian's
chromedriver by selenium (nothing downloaded at run time; skipped with the reason when one is
missing), on the small sample of tests/data/browser and three systems.  The page loads
without a console error; every filter shows the rows the same view selects in Python
(``--where``), in the same order; the controls write the address and the address restores
the view; the lemma view's matrices are the counts of the key files; the credits the page
computes are the scorer's."""

from __future__ import annotations

import shutil
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_sample import DATA, GOLD, SYSTEMS, compare_sample, read_keys

from evaluation.report.browser import instance_table, instances_page, parse_where, select

CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run"]
CHROMIUM_FLAGS += ["--disable-background-networking", "--disable-component-update"]


@pytest.fixture(scope="module")
def driver(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    webdriver = pytest.importorskip("selenium.webdriver", reason="selenium is not installed")
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    chromedriver = shutil.which("chromedriver")
    if chromium is None or chromedriver is None:
        pytest.skip("no Chromium or chromedriver (apt-get install chromium chromium-driver)")
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    for flag in CHROMIUM_FLAGS:
        options.add_argument(flag)
    options.add_argument(f"--user-data-dir={tmp_path_factory.mktemp('profile')}")
    options.binary_location = chromium
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    browser = webdriver.Chrome(service=Service(chromedriver), options=options)
    browser.set_window_size(1400, 1000)
    yield browser
    browser.quit()


@pytest.fixture(scope="module")
def sample(tmp_path_factory: pytest.TempPathFactory, wordnet: object) -> tuple[Path, Any]:
    """The page of the three systems (every gold instance scored, with training keys) and
    the instance table it shows."""
    result = compare_sample()
    page = tmp_path_factory.mktemp("page") / "instances.html"
    page.write_text(instances_page(result), encoding="utf-8")
    return page, instance_table(result)


def show(driver: Any, page: Path, address: str = "") -> None:
    driver.get(page.as_uri() + ("#" + address if address else ""))


def shown_ids(driver: Any) -> list[str]:
    return list(driver.execute_script("return window.wsdInstances.ids()"))


def count(driver: Any) -> int:
    from selenium.webdriver.common.by import By

    return int(driver.find_element(By.ID, "count").text.replace(",", ""))


def test_the_page_loads_without_a_console_error(driver: Any, sample: tuple[Path, Any]) -> None:
    page, table = sample
    driver.get_log("browser")  # what came before
    show(driver, page)
    assert count(driver) == len(table) == 20
    assert shown_ids(driver) == list(table.ids)
    severe = [entry for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]
    assert severe == []
    assert not driver.find_element("id", "errors").is_displayed()


VIEWS = """dataset=senseval2 pos=noun pos=adj lemma=run lemma=*AN* first-sense not-first-sense
seen-sense unseen-sense unseen-verb disagree all-wrong all-right only-right=gamma
right=alpha&wrong=beta wrong=gamma near-miss=beta near-miss=gamma&alpha=2 abstains=gamma
pos=verb&not-first-sense&disagree sort=right sort=-right sort=credit sort=-credit&alpha=1
sort=credit:gamma&alpha=inf sort=id sort=-lemma""".split()


@pytest.mark.parametrize("address", VIEWS)
def test_each_view_shows_the_rows_python_selects(
    driver: Any, sample: tuple[Path, Any], address: str
) -> None:
    page, table = sample
    show(driver, page, address)
    expected = [table.ids[i] for i in select(table, parse_where([address]))]
    assert shown_ids(driver) == expected
    assert count(driver) == len(expected)


def test_the_credits_the_page_computes_are_the_scorers(
    driver: Any, sample: tuple[Path, Any]
) -> None:
    page, table = sample
    show(driver, page)
    for k, label in enumerate(table.systems):
        for a, alpha in enumerate(table.alphas):
            found = driver.execute_script(f"return window.wsdInstances.credit({k}, {a})")
            assert found == pytest.approx(list(table.credit[label][a]), abs=1e-12), (label, alpha)


def _choose(driver: Any, element: str, value: str) -> None:
    from selenium.webdriver.support.ui import Select

    Select(driver.find_element("id", element)).select_by_value(value)


def test_the_controls_write_the_address_and_the_address_restores_the_view(
    driver: Any, sample: tuple[Path, Any]
) -> None:
    page, table = sample
    show(driver, page)
    chosen = {"f-dataset": "senseval2", "f-cond": "right-wrong", "f-x": "gamma", "f-y": "beta"}
    chosen["f-sort"] = "-right"
    for name, value in chosen.items():
        _choose(driver, name, value)
    address = "dataset=senseval2&right=gamma&wrong=beta&sort=-right"
    assert driver.execute_script("return location.hash") == "#" + address
    expected = [table.ids[i] for i in select(table, parse_where([address]))]
    assert shown_ids(driver) == expected and count(driver) == len(expected)
    # each option counts its instances under the other filters
    pos = driver.find_element("css selector", '#f-pos option[value="verb"]').text
    verbs = select(table, parse_where([address.replace("sort=-right", "pos=verb")]))
    assert pos == f"verb ({len(verbs)})"
    url = driver.current_url
    driver.get("about:blank")
    driver.get(url)
    assert shown_ids(driver) == expected
    script = "return document.getElementById('{}').value"
    assert {name: driver.execute_script(script.format(name)) for name in chosen} == chosen


def test_the_lemma_view_matrices_are_the_counts(driver: Any, sample: tuple[Path, Any]) -> None:
    """Per system, the gold x answer cells of ``run`` equal the pairs counted from the key
    files (an answer of another lemma in ``other``, an abstention in ``none``)."""
    page, _ = sample
    show(driver, page, "lemma=run")
    gold = read_keys(GOLD)
    runs = [i for i, keys in gold.items() if keys[0].startswith("run%")]
    for system in SYSTEMS:
        answers = read_keys(DATA / f"{system}.key")
        expected: Counter[tuple[str, str]] = Counter()
        for ident in runs:
            given = answers.get(ident, [])
            columns = {k if k.startswith("run%") else "other" for k in given} or {"none"}
            for g in gold[ident]:
                for column in columns:
                    expected[(g, column)] += 1
        cells = driver.execute_script(
            "return [...document.querySelectorAll("
            f'\'table.matrix[data-system="{system}"][data-lemma="run"] td\')]'
            ".map(td => [td.dataset.gold, td.dataset.answer, +td.dataset.count])"
        )
        found = {(g, a): n for g, a, n in cells if n}
        assert found == dict(expected), system
        assert sum(found.values()) == len(runs)  # one gold key and one answer each


def test_a_row_opens_to_its_glosses_and_answers(driver: Any, sample: tuple[Path, Any]) -> None:
    page, _ = sample
    show(driver, page, "all-wrong")
    driver.find_element("css selector", "tr.inst").click()
    detail = driver.find_element("css selector", "tr.detail").text
    assert "worry or cause anxiety in a persistent way" in detail  # the gold's gloss
    assert "eat%2:34:13::" in detail and "What is eating you ?" in detail


def test_unknown_terms_are_shown_not_thrown(driver: Any, sample: tuple[Path, Any]) -> None:
    page, table = sample
    driver.get_log("browser")
    show(driver, page, "sideways&pos=verb")
    errors = driver.find_element("id", "errors")
    assert errors.is_displayed() and "sideways" in errors.text
    assert count(driver) == len(select(table, parse_where(["pos=verb"])))
    assert [e for e in driver.get_log("browser") if e["level"] == "SEVERE"] == []
