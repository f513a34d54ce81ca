"""Progress of a command's long steps on stderr: a tqdm bar per step on a terminal, else one
summary line per step when it ends (``train: corpus files 352/352 in 13.8 s``).
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from typing import Any, TextIO

__all__ = ["Steps"]


class Steps:
    """A ``callback(step, done, total)`` showing the progress of one command's steps
    (:meth:`step` gives a step's ``callback(done, total)``); ``done == total`` ends a step.
    Off a terminal only steps of at least ``min_seconds`` print their line.

    >>> import io
    >>> ticks = iter([0.0, 2.0])
    >>> stream = io.StringIO()
    >>> steps = Steps("train", stream=stream, clock=lambda: next(ticks))
    >>> files = steps.step("corpus files")
    >>> files(1, 2), files(2, 2)
    (None, None)
    >>> stream.getvalue()
    'train: corpus files 2/2 in 2.0 s\\n'
    """

    def __init__(
        self,
        command: str,
        *,
        enabled: bool = True,
        stream: TextIO | None = None,
        min_seconds: float = 1.0,
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        self.command = command
        self.enabled = enabled
        self.stream = stream if stream is not None else sys.stderr
        self.min_seconds = min_seconds
        self.clock = clock
        self.terminal = enabled and self.stream.isatty()
        self._step: str | None = None
        self._pending: dict[str, float] = {}
        self._done = 0
        self._total = 0
        self._started = 0.0
        self._bar: Any = None

    def __call__(self, step: str, done: int, total: int) -> None:
        if not self.enabled:
            return
        if step != self._step:
            self.close()
            self._step = step
            pending = self._pending.pop(step, None)
            self._started = self.clock() if pending is None else pending
            if self.terminal:
                from tqdm import tqdm

                self._bar = tqdm(
                    total=total, desc=f"{self.command}: {step}", file=self.stream, delay=0.5
                )
        if self._bar is not None:
            self._bar.total = total
            self._bar.update(done - self._bar.n)
        self._done, self._total = done, total
        if total and done >= total:
            self.close()

    def step(self, name: str) -> Callable[[int, int], None]:
        """A ``callback(done, total)`` reporting as step ``name``, timed from now."""
        if self.enabled:
            self._pending[name] = self.clock()
        return lambda done, total: self(name, done, total)

    def close(self) -> None:
        """End the current step: close its bar, or print its summary line."""
        if self._step is None:
            return
        seconds = self.clock() - self._started
        if self._bar is not None:
            self._bar.close()
            self._bar = None
        elif seconds >= self.min_seconds:
            self.stream.write(
                f"{self.command}: {self._step} {self._done:,}/{self._total:,} in {seconds:.1f} s\n"
            )
            self.stream.flush()
        self._step = None

    def __enter__(self) -> Steps:
        return self

    def __exit__(self, *exc: object) -> None:
        if exc[0] is None:
            self.close()
        elif self._bar is not None:
            self._bar.close()
