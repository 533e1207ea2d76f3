"""The regular expressions of a Dataview query (`regexmatch`, `regextest`, `regexreplace`: the
JavaScript patterns a vault writes), run by a matcher of their own (pure).

Python's `re` backtracks: a pattern such as `(a+)+b` takes time exponential in its text, and it
has no timeout, so a note's pattern could stop the build. These patterns are instead compiled to
a small program run as a Pike VM (all the ways of matching followed at once, each once at each
character), which takes time in proportion to the pattern's size times the text's, whatever the
pattern: no pattern can hang the build. What it reads is what needs no backtracking: characters
and escapes (`\\d \\w \\s \\b`, their negations, `\\.` …), `.`, `[…]` classes, `^` and `$`,
groups (`(…)`, `(?:…)`), `|`, and the quantifiers `* + ? {n} {n,} {n,m}`, greedy or lazy, with
JavaScript's meaning (`\\d`, `\\w` and `\\b` ASCII, `.` any character but a line break) and its
leftmost-first choice among matches, so that groups capture what JavaScript captures. Refused, as
Unsupported naming the pattern (a dataview-unsupported warning, the query shown as written):
backreferences and lookaround, which no such matcher can run in bounded time; named groups, flags
and Unicode escapes; a pattern over MAX_PATTERN characters, or whose program, its `{n,m}`
repeats written out, is over MAX_PROGRAM steps. A text over MAX_TEXT characters is not matched
and a view's patterns take at most MAX_STEPS steps of the matcher in all (a Budget: past it, the
view says it cannot be shown), which bounds the time a view can take; a count of steps, not a
clock, so that the same notes make the same site."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

MAX_PATTERN = 500  # characters of a pattern
MAX_PROGRAM = 2000  # steps of its program
MAX_TEXT = 5_000  # characters of a text matched
MAX_STEPS = 2_000_000  # steps of the matcher for one view's patterns

_WORD = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_")
_DIGIT = frozenset("0123456789")
_LINE_BREAKS = frozenset("\n\r\u2028\u2029")
_CLASSES: dict[str, Callable[[str], bool]] = {
    "d": lambda c: c in _DIGIT,
    "D": lambda c: c not in _DIGIT,
    "w": lambda c: c in _WORD,
    "W": lambda c: c not in _WORD,
    "s": lambda c: c.isspace() or c == "\ufeff",
    "S": lambda c: not (c.isspace() or c == "\ufeff"),
}
_CONTROL = {"t": "\t", "n": "\n", "r": "\r", "f": "\f", "v": "\v", "0": "\0"}


def _is(char: str) -> Callable[[str], bool]:
    return lambda c: c == char


def _between(low: str, high: str) -> Callable[[str], bool]:
    return lambda c: low <= c <= high


class BadPattern(Exception):
    """A pattern this matcher does not run (the message names what of it)."""


# a step of a program: ("char", test) ("split", first, second) ("jmp", to) ("save", slot)
# ("assert", "^" | "$" | "b" | "B") ("match",)
Step = tuple[Any, ...]
# the parsed pattern: ("seq", [..]) ("alt", [..]) ("group", node, n) ("rep", node, lo, hi, lazy)
Node = tuple[Any, ...]


class Budget:
    """The steps a view's patterns may yet take."""

    def __init__(self, steps: int = MAX_STEPS) -> None:
        self.left = steps

    def spend(self, steps: int) -> None:
        self.left -= steps
        if self.left < 0:
            raise BadPattern("patterns that take too long over these notes")


@dataclass(frozen=True, slots=True)
class Pattern:
    program: tuple[Step, ...]
    groups: int  # capturing groups


def compile_pattern(source: str) -> Pattern:
    """The pattern's program (BadPattern: one it does not run)."""
    if len(source) > MAX_PATTERN:
        raise BadPattern(f"a pattern over {MAX_PATTERN} characters")
    reader = _Reader(source)
    node = reader.alternation()
    if reader.at < len(source):
        raise BadPattern(f"`{source[reader.at]}` where it stands")
    program: list[Step] = [("save", 0)]
    _emit(node, program)
    program += [("save", 1), ("match",)]
    if len(program) > MAX_PROGRAM:
        raise BadPattern("a pattern too large")
    return Pattern(tuple(program), reader.groups)


class _Reader:
    """A pattern read into its tree: alternation > sequence > repeat > atom."""

    def __init__(self, source: str) -> None:
        self.source, self.at, self.groups = source, 0, 0

    def peek(self) -> str:
        return self.source[self.at] if self.at < len(self.source) else ""

    def alternation(self) -> Node:
        options = [self.sequence()]
        while self.peek() == "|":
            self.at += 1
            options.append(self.sequence())
        return options[0] if len(options) == 1 else ("alt", options)

    def sequence(self) -> Node:
        items: list[Node] = []
        while self.peek() not in ("", "|", ")"):
            items.append(self.repeat(self.atom()))
        return ("seq", items)

    def repeat(self, node: Node) -> Node:
        char = self.peek()
        if char in ("*", "+", "?"):
            self.at += 1
            low, high = {"*": (0, -1), "+": (1, -1), "?": (0, 1)}[char]
        elif char == "{" and self.bounds() is not None:
            low, high = self.bounds() or (0, 0)
            self.at = self.source.index("}", self.at) + 1
        else:
            return node
        if node[0] in ("assert", "rep"):
            raise BadPattern(f"a quantifier after `{self.source[self.at - 1]}`")
        lazy = self.peek() == "?"
        self.at += lazy
        return ("rep", node, low, high, lazy)

    def bounds(self) -> tuple[int, int] | None:
        end = self.source.find("}", self.at)
        inner = self.source[self.at + 1 : end] if end > 0 else ""
        low, comma, high = inner.partition(",")
        if not low.isdigit() or (high and not high.isdigit()) or len(inner) > 9:
            return None
        low_n, high_n = int(low), (int(high) if high else -1 if comma else int(low))
        if high_n != -1 and high_n < low_n:
            raise BadPattern(f"the repeat {{{inner}}}")
        return low_n, high_n

    def atom(self) -> Node:
        char = self.peek()
        self.at += 1
        if char == "(":
            return self.group()
        if char == "[":
            return ("char", self.bracket())
        if char == "\\":
            return self.escape()
        if char == ".":
            return ("char", lambda c: c not in _LINE_BREAKS)
        if char in ("^", "$"):
            return ("assert", char)
        if char in ("*", "+", "?", "{", "}", "]"):
            if char in ("{", "}", "]"):  # (JavaScript reads a brace or bracket alone as itself)
                return ("char", _is(char))
            raise BadPattern(f"`{char}` with nothing to repeat")
        return ("char", _is(char))

    def group(self) -> Node:
        capture = not self.source.startswith("?", self.at)
        if not capture:
            if not self.source.startswith("?:", self.at):
                kind = self.source[self.at : self.at + 3]
                raise BadPattern(f"the group `({kind}`: lookaround and named groups are not read")
            self.at += 2
        else:
            self.groups += 1
        number = self.groups
        inner = self.alternation()
        if self.peek() != ")":
            raise BadPattern("a group not closed")
        self.at += 1
        return ("group", inner, number) if capture else inner

    def escape(self) -> Node:
        char = self.peek()
        self.at += 1
        if not char:
            raise BadPattern("a `\\` at the end")
        if char in "bB":
            return ("assert", char)
        return ("char", self.escaped(char))

    def escaped(self, char: str) -> Callable[[str], bool]:
        """What `\\x` matches (inside a class or out)."""
        if char in _CLASSES:
            return _CLASSES[char]
        if char in _CONTROL:
            return _is(_CONTROL[char])
        if char.isalnum():  # \1 \k<x> \u1234 \p{L} \cM …: backreferences and what is not read
            raise BadPattern(f"`\\{char}`")
        return _is(char)

    def bracket(self) -> Callable[[str], bool]:
        negated = self.peek() == "^"
        self.at += negated
        tests: list[Callable[[str], bool]] = []
        while self.peek() != "]":
            if not self.peek():
                raise BadPattern("a `[` not closed")
            low = self.class_char(tests)
            if (
                low
                and self.peek() == "-"
                and self.source[self.at + 1 : self.at + 2] not in ("]", "")
            ):
                self.at += 1
                high = self.class_char(tests)
                if not high or high < low:
                    raise BadPattern(f"the range `{low}-{high}`")
                tests.append(_between(low, high))
            elif low:
                tests.append(_is(low))
        self.at += 1
        return lambda c: any(t(c) for t in tests) != negated

    def class_char(self, tests: list[Callable[[str], bool]]) -> str:
        """A character of a class (""; a class such as `\\d` added to the tests instead)."""
        char = self.peek()
        self.at += 1
        if char != "\\":
            return char
        char = self.peek()
        self.at += 1
        if char in _CLASSES:
            tests.append(_CLASSES[char])
            return ""
        if char == "b":
            return "\b"
        if char in _CONTROL:
            return _CONTROL[char]
        if not char or char.isalnum():
            raise BadPattern(f"`\\{char}`")
        return char


def _emit(node: Node, program: list[Step]) -> None:
    kind = node[0]
    if kind == "seq":
        for item in node[1]:
            _emit(item, program)
    elif kind == "alt":
        options: list[Node] = node[1]
        jumps = []
        for n, option in enumerate(options):
            if n < len(options) - 1:
                split = len(program)
                program.append(("split", split + 1, 0))
                _emit(option, program)
                jumps.append(len(program))
                program.append(("jmp", 0))
                program[split] = ("split", split + 1, len(program))
            else:
                _emit(option, program)
        for at in jumps:
            program[at] = ("jmp", len(program))
    elif kind == "group":
        program.append(("save", 2 * int(node[2])))
        _emit(node[1], program)
        program.append(("save", 2 * int(node[2]) + 1))
    elif kind == "rep":
        _emit_repeat(node, program)
    else:  # char, assert
        program.append(node)
    if len(program) > MAX_PROGRAM:
        raise BadPattern("a pattern too large")


def _emit_repeat(node: Node, program: list[Step]) -> None:
    """`x{2,4}` as `x x (x (x)?)?`; `x*` as a loop (an empty turn of it ends it, as in JavaScript)."""
    _, inner, low, high, lazy = node
    assert isinstance(low, int) and isinstance(high, int) and isinstance(inner, tuple)
    for _ in range(low):
        _emit(inner, program)
        if len(program) > MAX_PROGRAM:
            raise BadPattern("a pattern too large")
    if high == -1:
        start = len(program)
        program.append(("split", 0, 0))
        _emit(inner, program)
        program.append(("jmp", start))
        after = len(program)
        program[start] = ("split", after, start + 1) if lazy else ("split", start + 1, after)
        return
    ends = []
    for _ in range(high - low):
        split = len(program)
        program.append(("split", 0, 0))
        ends.append(split)
        _emit(inner, program)
        if len(program) > MAX_PROGRAM:
            raise BadPattern("a pattern too large")
    for split in ends:
        after = len(program)
        program[split] = ("split", after, split + 1) if lazy else ("split", split + 1, after)


Captures = tuple[int, ...]  # each group's start and end (-1: none), the whole match's first


def search(pattern: Pattern, text: str, budget: Budget, start: int = 0) -> Captures | None:
    """The leftmost match at or after `start`, as JavaScript chooses it among those starting
    there: its captures, or None."""
    if len(text) > MAX_TEXT:
        raise BadPattern(f"a text over {MAX_TEXT} characters")
    empty: Captures = (-1,) * (2 * pattern.groups + 2)
    threads: list[tuple[int, Captures]] = []
    found: Captures | None = None
    for at in range(start, len(text) + 1):
        if found is None:
            threads = [*threads, (0, empty)]  # a match starting here, after those started before
        threads = _follow(pattern.program, threads, text, at, budget)
        following: list[tuple[int, Captures]] = []
        for pc, caps in threads:
            step = pattern.program[pc]
            if step[0] == "match":
                found = caps
                break  # the threads after it are the ways JavaScript tries later
            test = step[1]
            if at < len(text) and callable(test) and test(text[at]):
                following.append((pc + 1, caps))
        threads = following
        if not threads and found is not None:
            break
    return found


def _follow(
    program: tuple[Step, ...],
    threads: list[tuple[int, Captures]],
    text: str,
    at: int,
    budget: Budget,
) -> list[tuple[int, Captures]]:
    """The threads at `at`, each followed through the steps that read no character, in order of
    priority, each step reached once (the first way there wins, as in JavaScript)."""
    seen: set[int] = set()
    made: list[tuple[int, Captures]] = []
    for first in threads:
        stack = [first]
        while stack:
            pc, caps = stack.pop()
            if pc in seen:
                continue
            seen.add(pc)
            step = program[pc]
            kind = step[0]
            if kind == "jmp":
                stack.append((int(step[1]), caps))
            elif kind == "split":
                stack += [(int(step[2]), caps), (int(step[1]), caps)]
            elif kind == "save":
                slot = int(step[1])
                stack.append((pc + 1, (*caps[:slot], at, *caps[slot + 1 :])))
            elif kind == "assert":
                if _holds(str(step[1]), text, at):
                    stack.append((pc + 1, caps))
            else:
                made.append((pc, caps))
    budget.spend(len(seen) + 1)
    return made


def _holds(kind: str, text: str, at: int) -> bool:
    if kind == "^":
        return at == 0
    if kind == "$":
        return at == len(text)
    before = at > 0 and text[at - 1] in _WORD
    after = at < len(text) and text[at] in _WORD
    return (before != after) == (kind == "b")


def replace_all(pattern: Pattern, text: str, replacement: str, budget: Budget) -> str:
    """JavaScript's `text.replace(/pattern/g, replacement)`: each match, left to right, replaced
    (`$1`: its group, `$&`: itself, `$$`: a `$`)."""
    out, at, kept = [], 0, 0
    while at <= len(text):
        caps = search(pattern, text, budget, at)
        if caps is None:
            break
        begin, end = caps[0], caps[1]
        out += [text[kept:begin], _substitute(replacement, text, caps)]
        kept = end
        at = end if end > begin else end + 1
    return "".join(out) + text[kept:]


def _substitute(replacement: str, text: str, caps: Captures) -> str:
    out, i = [], 0
    while i < len(replacement):
        char, following = replacement[i], replacement[i + 1 : i + 2]
        if char == "$" and following == "$":
            out.append("$")
            i += 2
        elif char == "$" and following == "&":
            out.append(text[caps[0] : caps[1]])
            i += 2
        elif char == "$" and following.isdigit() and 0 < int(following) < len(caps) // 2:
            slot = 2 * int(following)
            out.append(text[caps[slot] : caps[slot + 1]] if caps[slot] >= 0 else "")
            i += 2
        else:
            out.append(char)
            i += 1
    return "".join(out)
