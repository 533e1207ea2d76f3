"""A Hexo blog's markdown source -> plain markdown posts: its tag plugins, its posts' asset
folders, the links between its posts."""

from __future__ import annotations

from notebase.importers.blogsource import link_site_refs
from notebase.importers.hexo import from_hexo
from notebase.importers.markdownpost import read_markdown
from notebase.importers.model import ImportedPost
from notebase.markdown import render_markdown


def body_of(post: ImportedPost) -> str:
    return "\n".join(line.text for block in post.blocks for line in block.lines)


# trimmed from kebingzao/blog_hexo's source/_posts (prevent-file-drop.md, ddos-spot.md): a Hexo
# blog of 319 posts, 448 code blocks, 59 quotes and 1,356 links between its posts in these tags
HEXO_POST = """具体代码如下：
{% codeblock lang:js %}
function PreventDefaultFileDrop(target) {
  $(target).on('dragover', fn);
}{% endcodeblock %}
之前有写过一篇 {% post_link http-ddos %} 讲述一次抵御 DDOS 攻击的情况。

{% blockquote 竞价实例 https://cloud.tencent.com/document/product/213/17816 %}
竞价实例（Spot）是云服务器 CVM 的一种新实例运作模式。
{% endblockquote %}
简单的来说
{% blockquote %}
A quote of no source.
{% endblockquote %}
```
{% codeblock %}
{% blockquote %}
```"""


def test_a_hexo_post_s_code_blocks_quotes_and_links_are_plain_markdown() -> None:
    assert from_hexo(HEXO_POST) == (
        "具体代码如下：\n"
        "```js\n"
        "function PreventDefaultFileDrop(target) {\n"
        "  $(target).on('dragover', fn);\n"
        "}\n"
        "```\n"
        "之前有写过一篇 []({% post_link http-ddos %}) 讲述一次抵御 DDOS 攻击的情况。\n"
        "\n"
        "\n"
        "> 竞价实例（Spot）是云服务器 CVM 的一种新实例运作模式。\n"
        ">\n"
        "> — 竞价实例, [cloud.tencent.com/document/product/213/17816]"
        "(https://cloud.tencent.com/document/product/213/17816)\n"
        "\n"
        "简单的来说\n"
        "\n"
        "> A quote of no source.\n"
        "\n"
        "```\n{% codeblock %}\n{% blockquote %}\n```"  # shown in a code block: as written
    )


def test_a_hexo_post_link_becomes_a_wikilink_or_names_the_post_it_leads_to() -> None:
    posts = [
        p
        for name, text in (
            ("ddos-spot.md", "---\ntitle: Spot\n---\nSee {% post_link http-ddos %}, {% post_link "
             "http-ddos 'the DDOS post' %} and {% post_link gone %}.\n"),
            ("http-ddos.md", "---\ntitle: 一次抵御 DDOS 攻击\n---\nText.\n"),
        )
        for p in read_markdown(text, name, name).posts
    ]  # fmt: skip
    linked, [unresolved] = link_site_refs(posts, {})
    assert body_of(linked[0]) == (
        "See [[一次抵御 DDOS 攻击]], [[一次抵御 DDOS 攻击|the DDOS post]] and gone."
    )
    assert unresolved.code == "import-unresolved-ref" and "'gone'" in unresolved.message


def test_hexo_s_asset_tags_name_the_file_in_the_post_s_asset_folder() -> None:
    """`{% asset_img %}`: a picture in the folder named as the post's file, beside it (`2fa/x.png`
    for `2fa.md`), named from the note's folder, where it is copied."""
    body = (
        "{% asset_img gradle-hook.png Gradle构建周期中的Hook点%}\n"
        '{% asset_img left 4.png 300 200 \'"Title" "Alt"\' %} {% asset_link a.pdf The paper %}\n'
        "{% img /images/x.png 100 The title %} {% asset_img %}\n"
        "```\n{% asset_img 1.png %}\n```"
    )
    assert from_hexo(body, "2fa") == (
        "![Gradle构建周期中的Hook点](2fa/gradle-hook.png)\n"
        "![Alt](2fa/4.png) [The paper](2fa/a.pdf)\n"
        "![The title](/images/x.png) {% asset_img %}\n"
        "```\n{% asset_img 1.png %}\n```"
    )
    archive = read_markdown("---\ntitle: 2FA\n---\n" + body, "2fa.md", "2fa.md")
    assert [path for path, _ in archive.files] == [  # copied beside the note, at these paths
        "2fa/gradle-hook.png",
        "2fa/4.png",
        "2fa/a.pdf",
        "images/x.png",
    ]


def test_a_relative_path_to_a_file_of_the_post_s_asset_folder_is_named_from_the_note_s() -> None:
    """Hexo's `post_asset_folder` (kebingzao/blog_hexo's 2fa.md: `![1](1.png)` for
    `_posts/2fa/1.png`): a post's pictures are published beside its page, where its relative
    links lead; a path naming a file of the folder beside the post is kept."""
    body = (
        '![1](1.png) <img src="2.png"> ![kept](2fa/3.png) [away](https://x.org/1.png) ![](9.png)\n'
        "```\n![1](1.png)\n```"
    )
    assert from_hexo(body, "2fa", {"1.png", "2.png", "sub/5.png"}) == (
        '![1](2fa/1.png) <img src="2fa/2.png"> ![kept](2fa/3.png) [away](https://x.org/1.png)'
        " ![](9.png)\n"
        "```\n![1](1.png)\n```"
    )
    archive = read_markdown("---\ntitle: 2FA\n---\n" + body, "2fa.md", "2fa.md", {"1.png"})
    assert [path for path, _ in archive.files] == ["2fa/1.png", "2fa/3.png", "9.png", "2.png"]


def test_hexo_s_video_and_link_tags_and_nexts_note_are_what_they_show() -> None:
    body = (
        "{% youtube dQw4w9WgXcQ %} {% vimeo 76979871 %} {% link Hexo docs https://hexo.io/docs %}\n"
        "{% note warning %}\nMind the **gap**.\n{% endnote %}\n"
        "{% unknown tag %}"
    )
    assert from_hexo(body) == (
        "[YouTube video dQw4w9WgXcQ](https://www.youtube.com/watch?v=dQw4w9WgXcQ) "
        "[Vimeo video 76979871](https://vimeo.com/76979871) [Hexo docs](https://hexo.io/docs)\n"
        "> [!warning]\n> Mind the **gap**.\n\n"
        "{% unknown tag %}"
    )


def test_an_image_numbered_by_its_words_is_shown_whole_not_a_pixel_wide() -> None:
    """kebingzao/blog_hexo numbers its pictures by their words (`![1](1.png)`: 1,029 of them),
    which Hexo shows as alt text under a picture shown whole, and a note reads as a width, as
    Obsidian does: every picture was one pixel wide. The words a note reads as a size are left
    out; other words, and code, are kept."""
    body = (
        "![1](1.png) ![alt|300x200](x.png) ![12 monkeys](m.png) ![a|b](y.png) `![2](c.png)`\n"
        "```\n![3](d.png)\n```"
    )
    archive = read_markdown("---\ntitle: 2FA\n---\n" + body, "2fa.md", "2fa.md", {"1.png"})
    note = body_of(archive.posts[0])
    assert note == (
        "![](2fa/1.png) ![alt](x.png) ![12 monkeys](m.png) ![a|b](y.png) `![2](c.png)`\n"
        "```\n![3](d.png)\n```"
    )
    shown = render_markdown(note.replace("2fa/1.png", "https://e.org/1.png"))
    assert '<img src="https://e.org/1.png" alt="" loading="lazy">' in shown.html


def test_a_quote_never_ended_is_left_as_written_and_code_in_a_quote_ends_nothing() -> None:
    """An unclosed `{% note %}` quoted the rest of the post; an end tag shown in a code block of
    the quote ended it there."""
    assert from_hexo("{% note info %}\nhello\n```\ncode\n```\nrest") == (
        "{% note info %}\nhello\n```\ncode\n```\nrest"
    )
    assert (
        from_hexo(
            "{% blockquote A %}\nq\n```\n{% endblockquote %}\n```\nmore\n{% endblockquote %}\nafter"
        )
        == "\n> q\n> ```\n> {% endblockquote %}\n> ```\n> more\n>\n> — A\n\nafter"
    )
