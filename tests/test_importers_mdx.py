"""An MDX post (a Gatsby or Next.js blog's `.mdx`) -> plain markdown: its JavaScript and React
components read as what a note can show."""

from __future__ import annotations

from pathlib import Path

from notebase.importers import import_files
from notebase.importers.formats import choose_reader
from notebase.importers.markdownpost import read_markdown
from notebase.importers.mdx import from_mdx
from notebase.importers.render import note_text

# modelled on kentcdodds.com's content/blog/*.mdx and tailwind-nextjs-starter-blog's data/blog
MDX_POST = """---
title: AHA Testing
date: 2019-12-04
tags: [testing, react]
---
import TheSpectrumOfAbstraction from './the-spectrum-of-abstraction.tsx'
export const meta = {
  draft: false,
}

The AHA principle.

<TheSpectrumOfAbstraction />

{/* prettier-ignore */}
<Rendered>
\t<UsernameForm
\t\tupdateUsername={(u) => alert(`You typed ${u}!`)}
\t\tlight={<a href="/x">Don't</a>}
\t/>

Some **markdown** inside.
</Rendered>

<Image alt="ocean" src="/static/images/ocean.jpg" width={256} height={128} />

```js
import React from 'react'
<Example />
```
A paragraph, where
import is a word.
"""


def test_an_mdx_post_s_script_and_components_are_left_out_its_markdown_kept() -> None:
    body = from_mdx(MDX_POST.split("---\n", 2)[2])
    assert body.count("\n") == MDX_POST.split("---\n", 2)[2].count("\n")  # (lines kept)
    lines = [line for line in body.split("\n") if line.strip()]
    assert lines == [
        "The AHA principle.",
        "Some **markdown** inside.",
        "![ocean](/static/images/ocean.jpg)",
        "```js",
        "import React from 'react'",
        "<Example />",
        "```",
        "A paragraph, where",
        "import is a word.",
    ]


def test_an_mdx_file_is_a_markdown_post(tmp_path: Path) -> None:
    """An `.mdx` file was read as a plain-text archive (its front matter a code block, its title
    `title: …`), and a folder of them was no export (`import-unreadable`)."""
    assert choose_reader("post.mdx", MDX_POST) is read_markdown
    [post] = read_markdown(MDX_POST, "aha-testing.mdx", "blog/aha-testing.mdx").posts
    assert (post.title, post.date, post.taxonomy.tags) == (
        "AHA Testing",
        "2019-12-04",
        ("testing", "react"),
    )
    assert "import TheSpectrum" not in note_text(post)
    folder = tmp_path / "blog" / "aha-testing"
    folder.mkdir(parents=True)
    (folder / "index.mdx").write_text(MDX_POST, encoding="utf-8")
    out = import_files([tmp_path / "blog"], tmp_path / "notes", tmp_path)
    assert out.written == ("notes/aha-testing.md",)
