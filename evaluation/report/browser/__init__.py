"""The instance browser of a report: ``instances.html`` (:mod:`.page`), every scored instance
with its sentence, glosses and each method's answer and credit, filters kept in the address
(:mod:`.where`), and the same views as JSON lines for scripts (:mod:`.lines`)."""

from evaluation.report.browser.lines import instance_lines
from evaluation.report.browser.page import instances_page, render_page
from evaluation.report.browser.table import InstanceTable, instance_table
from evaluation.report.browser.where import Where, parse_where, select

__all__ = [
    "InstanceTable",
    "Where",
    "instance_lines",
    "instance_table",
    "instances_page",
    "parse_where",
    "render_page",
    "select",
]
