"""The instance browser of a report: ``instances.html`` (:mod:`.page`), every scored instance
with its sentence, glosses and each method's answer and credit, filters kept in the address
(:mod:`.where`), and the same views as JSON lines for scripts (:mod:`.lines`)."""

from .lines import instance_lines
from .page import instances_page, render_page
from .table import InstanceTable, instance_table
from .where import Where, parse_where, select

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
