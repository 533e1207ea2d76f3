"""Mermaid git graphs drawn at build time: read as Mermaid's docs write them (a commit on the branch
checked out, a branch growing from the head checked out, a merge joining the head of the branch
merged, a cherry-pick copying a commit of another branch), a lane a branch, a column a commit in
the order written, and a graph Mermaid would stop at left as its code."""

from __future__ import annotations

import itertools
import math
import re

import pytest

from notebase.markdown.diagrams import diagram_html
from notebase.markdown.gitgraph import gitgraph_html, lanes_of, read_gitgraph
from tests.conftest import mermaid_blocks

CHARTS = mermaid_blocks("gitgraphs")
(INTRO, THREE, IDS, TYPES, TAGS, BRANCH, CHECKOUT, MERGE, MERGE_ATTRS, CHERRY) = CHARTS[:10]
LONG_LABELS, METRO, ORDERED, MAIN_ORDER, LR, TB, BT, PARALLEL = CHARTS[11], *CHARTS[13:20]
TEN_BRANCHES = CHARTS[23]
# an earlier version of the same page's cherry-pick example, and its directive over several lines
PICK = (
    'gitGraph\n  commit id: "ZERO"\n  branch develop\n  commit id:"A"\n  checkout main\n'
    '  commit id:"ONE"\n  checkout develop\n  commit id:"B"\n  checkout main\n  commit id:"TWO"\n'
    '  cherry-pick id:"A"\n  commit id:"THREE"\n  checkout develop\n  commit id:"C"\n'
)
COLOURED = (
    "    %%{init: { 'logLevel': 'debug', 'theme': 'default' , 'themeVariables': {\n"
    "              'git0': '#ff0000',\n              'git1': '#00ff00'\n       } } }%%\n"
    '       gitGraph\n       commit\n       branch develop\n       commit tag:"v1.0.0"\n'
    "       commit\n       checkout main\n       commit type: HIGHLIGHT\n       commit\n"
    "       merge develop\n       commit\n       branch featureA\n       commit\n"
)

_COMMIT = re.compile(
    r'<g class="gitgraph-commit gitgraph-([\w-]+) gitgraph-branch-(\d+)" '
    r'transform="translate\(([-\d.]+),([-\d.]+)\)">'
)
_LINK = re.compile(
    r'<path class="gitgraph-link( gitgraph-picked)? gitgraph-branch-(\d+)" '
    r'd="M([-\d.]+),([-\d.]+) [^"]*L([-\d.]+),([-\d.]+)"/>'
)
_LINE = re.compile(
    r'<path class="gitgraph-line gitgraph-branch-(\d+)" d="M([-\d.]+),([-\d.]+) L([-\d.]+),([-\d.]+)"/>'
)
_NAME = re.compile(
    r'<g class="gitgraph-name gitgraph-branch-(\d+)"><rect x="([-\d.]+)" y="([-\d.]+)" '
    r'width="([-\d.]+)" height="([-\d.]+)" rx="4"/><text[^>]*>([^<]*)</text></g>'
)
Rect = tuple[float, float, float, float]  # left, top, right, bottom


def commits(source: str) -> list[tuple[str, int, float, float]]:
    """Each commit drawn, in the order drawn: its shape, its colour, its centre."""
    drawn = gitgraph_html(source) or ""
    return [(s, int(c), float(x), float(y)) for s, c, x, y in _COMMIT.findall(drawn)]


def links(source: str) -> list[tuple[bool, int, tuple[float, float], tuple[float, float]]]:
    """Each link between lanes: dashed or not, its colour, where it starts and where it ends."""
    drawn = gitgraph_html(source) or ""
    return [
        (bool(dashed), int(c), (float(x0), float(y0)), (float(x1), float(y1)))
        for dashed, c, x0, y0, x1, y1 in _LINK.findall(drawn)
    ]


def names(source: str) -> dict[str, tuple[int, Rect]]:
    """Each branch's name drawn: its colour and its box."""
    drawn = gitgraph_html(source) or ""
    return {
        name: (int(c), (float(x), float(y), float(x) + float(w), float(y) + float(h)))
        for c, x, y, w, h, name in _NAME.findall(drawn)
    }


_LABEL = re.compile(
    r'<g class="gitgraph-(?:id|tag|name)[^"]*"(?: transform="rotate\(45 ([-\d.]+) ([-\d.]+)\)")?>'
    r'(?:<rect x="([-\d.]+)" y="([-\d.]+)" width="([-\d.]+)" height="([-\d.]+)"[^>]*>'
    r'|<polygon points="([^"]*)"/>)<text[^>]*>([^<]*)</text>'
)
_SLANTED = re.compile(r'<g class="gitgraph-id" transform="rotate\(45 ([-\d.]+) ([-\d.]+)\)">')
Shape = list[tuple[float, float]]  # a convex polygon's corners


def label_shapes(source: str) -> list[tuple[str, Shape]]:
    """Every label drawn (the branches' names, the ids, level or at 45°, the tags): its text and
    its outline."""
    found: list[tuple[str, Shape]] = []
    for ax, ay, x, y, w, h, points, text in _LABEL.findall(gitgraph_html(source) or ""):
        if points:
            shape = [(float(p.split(",")[0]), float(p.split(",")[1])) for p in points.split()]
        else:
            left, top, right, bottom = float(x), float(y), float(x) + float(w), float(y) + float(h)
            shape = [(left, top), (right, top), (right, bottom), (left, bottom)]
        if ax:  # turned 45° (clockwise on the page) round (ax, ay)
            cx, cy, c = float(ax), float(ay), math.sqrt(0.5)
            shape = [
                (cx + (px - cx) * c - (py - cy) * c, cy + (px - cx) * c + (py - cy) * c)
                for px, py in shape
            ]
        found.append((text, shape))
    return found


def bounds(shape: Shape) -> Rect:
    xs, ys = [x for x, _ in shape], [y for _, y in shape]
    return min(xs), min(ys), max(xs), max(ys)


def dot(x: float, y: float, r: float = 9.0) -> Shape:
    return [
        (x + r * math.cos(k * math.pi / 8), y + r * math.sin(k * math.pi / 8)) for k in range(16)
    ]


def meet(a: Shape, b: Shape) -> bool:
    """Whether two convex outlines overlap (by more than a hair): no edge of either separates
    them."""
    for shape in (a, b):
        for (x0, y0), (x1, y1) in zip(shape, shape[1:] + shape[:1], strict=True):
            nx, ny = y0 - y1, x1 - x0
            pa = [nx * x + ny * y for x, y in a]
            pb = [nx * x + ny * y for x, y in b]
            hair = 0.2 * math.hypot(nx, ny)
            if max(pa) <= min(pb) + hair or max(pb) <= min(pa) + hair:
                return False
    return True


def test_every_chart_of_mermaids_docs_is_drawn() -> None:
    assert len(CHARTS) == 24
    for source in [*CHARTS, PICK, COLOURED]:
        drawn = gitgraph_html(source)
        assert drawn is not None and drawn.startswith('<figure class="mermaid"><svg')
        assert diagram_html(source) == drawn


def test_commits_go_on_the_branch_checked_out_and_a_merge_joins_two_heads() -> None:
    graph = read_gitgraph(MERGE)
    assert [c.branch for c in graph.commits] == [
        *["main"] * 2,
        *["develop"] * 3,
        *["main"] * 2,
        "main",  # the merge of develop
        *["main"] * 2,
    ]
    assert graph.commits[2].parents == (1,)  # develop grew from main's second commit
    assert graph.commits[5].parents == (1,)  # main goes on from its own head
    assert graph.commits[7].kind == "merge" and graph.commits[7].parents == (6, 4)
    assert lanes_of(graph) == ["main", "develop"]


def test_a_branch_is_made_checked_out_and_switch_is_checkout() -> None:
    graph = read_gitgraph(BRANCH)  # `branch develop`, then its three commits
    assert [c.branch for c in graph.commits] == ["main", "main", *["develop"] * 3]
    switched = read_gitgraph(CHECKOUT.replace("checkout main", "switch main"))
    assert [c.branch for c in switched.commits] == [
        c.branch for c in read_gitgraph(CHECKOUT).commits
    ]
    assert switched.commits[-1].branch == "main"


def test_left_to_right_a_column_a_commit_and_a_row_a_branch() -> None:
    drawn = commits(MERGE)
    xs = [x for _, _, x, _ in drawn]
    assert all(a < b for a, b in itertools.pairwise(xs))  # in the order written
    main_y = {y for i, (_, _, _, y) in enumerate(drawn) if i not in (2, 3, 4)}
    develop_y = {drawn[i][3] for i in (2, 3, 4)}
    assert len(main_y) == 1 and len(develop_y) == 1 and develop_y.pop() > main_y.pop()
    assert [colour for _, colour, _, _ in drawn] == [0, 0, 1, 1, 1, 0, 0, 0, 0, 0]
    boxes = names(MERGE)
    assert boxes["main"][1][2] < xs[0] and boxes["develop"][1][2] < xs[0]  # at the left
    assert boxes["main"][1][1] < drawn[0][3] < boxes["main"][1][3]  # on main's row


def test_branches_are_joined_where_they_grow_and_where_they_merge() -> None:
    drawn = commits(MERGE)
    centre = [(x, y) for _, _, x, y in drawn]
    assert links(MERGE) == [
        (False, 1, centre[1], centre[2]),  # develop from main's second commit, in its colour
        (False, 1, centre[4], centre[7]),  # develop's head into the merge, in develop's colour
    ]
    assert drawn[7][0] == "merge"
    lines = {
        int(c): ((float(a), float(b)), (float(d), float(e)))
        for c, a, b, d, e in _LINE.findall(gitgraph_html(MERGE) or "")
    }
    assert lines == {0: (centre[0], centre[9]), 1: (centre[2], centre[4])}  # first to last


def test_links_turn_where_their_way_along_a_lane_is_clear() -> None:
    """A branch leaves the commit it grew from across the lanes, then runs along its own lane
    (empty before its first commit); a merge runs along the merged lane (whose head it is), then
    across into the merge; a link that finds both lanes holding commits runs between them."""
    drawn = gitgraph_html(MERGE) or ""
    centre = [(x, y) for _, _, x, y in commits(MERGE)]
    corners = [
        [(float(x), float(y)) for x, y in re.findall(r"Q([-\d.]+),([-\d.]+)", d)]
        for d in re.findall(r'<path class="gitgraph-link[^"]*" d="([^"]*)"', drawn)
    ]
    develop_y = centre[2][1]
    assert corners == [[(centre[1][0], develop_y)], [(centre[7][0], develop_y)]]
    picked = re.findall(
        r'<path class="gitgraph-link gitgraph-picked[^"]*" d="([^"]*)"', gitgraph_html(PICK) or ""
    )
    drawn_pick = commits(PICK)
    between = (drawn_pick[0][3] + drawn_pick[1][3]) / 2  # (main's row and develop's)
    turns = [(float(x), float(y)) for x, y in re.findall(r"Q([-\d.]+),([-\d.]+)", picked[0])]
    expected = [(drawn_pick[1][2], between), (drawn_pick[5][2], between)]
    assert turns == [pytest.approx(corner, abs=0.06) for corner in expected]  # (to a tenth)


def test_a_merge_takes_the_id_tag_and_type_written() -> None:
    graph = read_gitgraph(MERGE_ATTRS)
    merge = next(c for c in graph.commits if c.kind == "merge")
    parents = [graph.commits[p].id for p in merge.parents]
    assert (merge.id, merge.tags, merge.shape, parents) == (
        "customID",
        ("customTag",),
        "reverse",
        ["6", "7"],
    )
    very = graph.commits[graph.ids["5"]]
    assert graph.commits[very.parents[0]].id == "3"  # grew from nice_feature's head then
    assert lanes_of(graph) == ["main", "nice_feature", "very_nice_feature"]
    assert [c.id for c in graph.commits if c.branch == "very_nice_feature"] == ["5", "8"]


def test_commit_types_have_shapes_and_only_ids_given_are_drawn() -> None:
    assert [s for s, _, _, _ in commits(TYPES)] == [
        "normal",
        "normal",
        "reverse",
        "normal",
        "highlight",
        "normal",
    ]
    drawn = gitgraph_html(TYPES) or ""
    ids = re.findall(r'<g class="gitgraph-id"[^>]*><rect[^>]*/><text[^>]*>([^<]*)</text>', drawn)
    assert ids == ["Normal", "Reverse", "Highlight"]
    assert "gitgraph-id" not in (gitgraph_html(THREE) or "")  # no id given: none drawn
    assert gitgraph_html(THREE) == gitgraph_html(THREE)  # (and none made up at random)


def test_tags_are_drawn_above_their_commits() -> None:
    drawn = commits(TAGS)
    tags = {text: bounds(shape) for text, shape in label_shapes(TAGS)}
    for text, number in (("v1.0.0", 1), ("RC_1", 3), ("8.8.4", 5)):
        left, _, right, bottom = tags[text]
        assert left < drawn[number][2] < right and bottom < drawn[number][3] - 9


def test_a_cherry_pick_copies_a_commit_of_another_branch() -> None:
    graph = read_gitgraph(PICK)
    picked = graph.commits[5]
    assert (picked.kind, picked.branch, picked.tags) == ("cherry-pick", "main", ("cherry-pick:A",))
    assert [graph.commits[p].id for p in picked.parents] == ["TWO", "A"]
    assert graph.commits[6].parents == (5,)  # THREE follows it on main
    drawn = commits(PICK)
    assert (False, 1, drawn[0][2:], drawn[1][2:]) in links(PICK)  # develop from ZERO
    assert (True, 1, drawn[1][2:], drawn[5][2:]) in links(PICK)  # A, dashed, to the pick
    cherry = read_gitgraph(CHERRY)  # A on release, made from develop before its first commit
    assert [c.branch for c in cherry.commits[:2]] == ["main", "release"]
    merge_pick = cherry.commits[6]  # of a merge: from the parent written
    assert merge_pick.branch == "release" and merge_pick.tags == ("cherry-pick:MERGE|parent:B",)
    assert [cherry.commits[p].id for p in merge_pick.parents] == ["A", "MERGE"]


def test_branches_in_the_order_given_else_as_made() -> None:
    assert lanes_of(read_gitgraph(ORDERED)) == ["main", "test3", "test2", "test1"]
    # mainBranchOrder 2 (in the --- block): those given none first, then by order
    assert lanes_of(read_gitgraph(MAIN_ORDER)) == ["test2", "test3", "test4", "main", "test1"]
    tops = {name: box[1] for name, (_, box) in names(MAIN_ORDER).items()}
    assert sorted(tops, key=tops.__getitem__) == ["test2", "test3", "test4", "main", "test1"]
    colours = [colour for colour, _ in names(TEN_BRANCHES).values()]
    assert colours == [0, 1, 2, 3, 4, 5, 6, 7, 0, 1]  # eight colours, round again


def test_the_main_branch_may_be_named_in_the_settings() -> None:
    graph = read_gitgraph(METRO)  # mainBranchName: 'MetroLine1', in the --- block
    assert lanes_of(graph) == ["MetroLine1", "MetroLine2", "MetroLine3"]
    assert [c.id for c in graph.commits].count("Boston") == 2  # an id twice: both drawn
    assert len(commits(METRO)) == len(graph.commits) == 14 + 2  # and two merges
    directive = (
        "%%{init: { 'gitGraph': {'mainBranchName': 'trunk'}} }%%\ngitGraph\n  commit\n"
        "  branch notes\n  commit\n  checkout trunk\n  merge notes\n"
    )
    assert lanes_of(read_gitgraph(directive)) == ["trunk", "notes"]
    drawn = diagram_html(directive)  # (as a page draws it: the directive read, not dropped)
    assert drawn is not None and drawn == gitgraph_html(directive) and ">trunk<" in drawn


def test_top_to_bottom_and_bottom_to_top_turn_the_lanes_upright() -> None:
    for source, down in ((TB, True), (BT, False)):
        drawn = commits(source)
        ys = [y for _, _, _, y in drawn]
        assert all((a < b) == down for a, b in itertools.pairwise(ys))
        main_x = {x for _, colour, x, _ in drawn if colour == 0}
        develop_x = {x for _, colour, x, _ in drawn if colour == 1}
        assert len(main_x) == 1 and len(develop_x) == 1 and main_x.pop() < develop_x.pop()
        boxes = names(source)
        if down:  # the names where the lanes start: above, or below
            assert boxes["main"][1][3] < min(ys)
        else:
            assert boxes["main"][1][1] > max(ys)
    assert read_gitgraph(LR).direction == "LR" and read_gitgraph(PARALLEL).direction == "LR"


def test_directives_over_several_lines_and_comments_are_read_past() -> None:
    graph = read_gitgraph(COLOURED)
    assert lanes_of(graph) == ["main", "develop", "featureA"] and len(graph.commits) == 8
    commented = 'gitGraph\n  %% a comment\n  commit id: "A" %% another\n  accTitle: t\n  accDescr {\n  x\n  }\n'
    assert [c.id for c in read_gitgraph(commented).commits] == ["A"]


def test_what_it_says_is_the_branches_and_the_commits() -> None:
    assert 'aria-label="Git graph: branches main, develop; 7 commits"' in (
        gitgraph_html(INTRO) or ""
    )
    titled = gitgraph_html("gitGraph\n  title Release flow\n  commit\n") or ""
    assert 'aria-label="Git graph: Release flow; branches main; 1 commit"' in titled
    assert ">Release flow</text>" in titled


def test_labels_meet_neither_each_other_nor_the_commits() -> None:
    upright = [  # (the header's line turned: `gitGraph TB:`, `gitGraph BT:`)
        re.sub(r"^(\s*)gitGraph$", rf"\1gitGraph {direction}:", chart, count=1, flags=re.M)
        for chart in (TAGS, MERGE_ATTRS, CHERRY, PICK, LONG_LABELS)
        for direction in ("TB", "BT")
    ]
    assert [read_gitgraph(chart).direction for chart in upright] == ["TB", "BT"] * 5
    tagged = 'gitGraph\n  commit tag: "release-candidate-1"\n  commit tag: "release-candidate-2"\n'
    for source in (*CHARTS, PICK, *upright, tagged):  # (wide tags push the columns apart)
        labels = label_shapes(source)
        size = re.search(r'viewBox="0 0 ([\d.]+) ([\d.]+)"', gitgraph_html(source) or "")
        assert size is not None
        for text, shape in labels:  # within the drawing
            left, top, right, bottom = bounds(shape)
            assert left >= 0 and right <= float(size.group(1)), text
            assert top >= 0 and bottom <= float(size.group(2)), text
        dots = [dot(x, y) for _, _, x, y in commits(source)]
        for (a, shape_a), (b, shape_b) in itertools.combinations(labels, 2):
            assert not meet(shape_a, shape_b), (a, b)
        for text, shape in labels:
            assert not any(meet(shape, d) for d in dots), text
    slanted = [(float(x), float(y)) for x, y in _SLANTED.findall(gitgraph_html(LONG_LABELS) or "")]
    assert len(slanted) == 8  # every id of that graph at 45°: one is wider than a column
    assert len(label_shapes(LONG_LABELS)) == 8 + 4  # (and the four branches' names)


@pytest.mark.parametrize(
    "source",
    [
        "gitGraph\n  commit\n  checkout develop",  # a branch never made
        "gitGraph\n  commit\n  branch develop\n  branch develop",  # made twice
        "gitGraph\n  commit\n  merge main",  # the branch checked out
        "gitGraph\n  commit\n  merge develop",  # a branch never made
        "gitGraph\n  commit\n  branch develop\n  checkout main\n  merge develop",  # the same head
        "gitGraph\n  branch develop\n  commit\n  checkout main\n  merge develop",  # main empty
        'gitGraph\n  commit id: "A"\n  branch b\n  commit\n  checkout main\n  merge b id: "A"',
        'gitGraph\n  commit id: "A"\n  branch b\n  commit\n  cherry-pick id: "A"\n  cherry-pick id: "B"',
        'gitGraph\n  commit id: "A"\n  cherry-pick id: "A"',  # of the branch checked out
        'gitGraph\n  commit\n  branch b\n  commit\n  checkout main\n  cherry-pick id: "1"',  # no id given
        'gitGraph\n  commit id: "Z"\n  branch b\n  commit id: "B"\n  checkout main\n  merge b id: "M"\n'
        '  checkout b\n  cherry-pick id: "M"',  # a merge, no parent
        'gitGraph\n  commit id: "Z"\n  branch b\n  commit id: "B"\n  checkout main\n  merge b id: "M"\n'
        '  branch c\n  commit\n  cherry-pick id: "M" parent: "X"',  # not its parent
        'gitGraph\n  commit\n  branch dev\n  commit id: "d1"\n  branch feat\n  checkout dev\n'
        '  commit id: "d2"\n  checkout feat\n  merge dev',  # feat's head is one of dev's
        "gitGraph\n  commit type: BOLD",
        "gitGraph\n  commit id: A",  # an id is a string
        "gitGraph\n  push",
        "gitGraph RL:\n  commit",
        "gitGraph\n  branch develop",  # no commit
        "gitGraph\n" + "  commit\n" * 401,
    ],
)
def test_what_mermaid_would_stop_at_stays_its_code(source: str) -> None:
    assert gitgraph_html(source) is None


def test_text_is_escaped() -> None:
    long_id = 'gitGraph\n  commit id: "<script>x</script>" tag: "a&b"\n  branch "<b>"\n  commit'
    for source in (long_id, 'gitGraph\n  commit id: "<i>"'):  # an id at 45°, and a level one
        drawn = gitgraph_html(source) or ""
        assert "<script" not in drawn and "<b>" not in drawn and "<i>" not in drawn
    assert "&lt;script&gt;" in (gitgraph_html(long_id) or "") and "a&amp;b" in (
        gitgraph_html(long_id) or ""
    )
    assert "&lt;i&gt;" in (gitgraph_html('gitGraph\n  commit id: "<i>"') or "")
