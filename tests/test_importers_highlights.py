"""Reading highlights -> one post per book: Kindle clippings and Readwise CSV exports."""

from __future__ import annotations

from pathlib import Path

import pytest

from notebase.importers.highlights import (
    author_names,
    is_kindle,
    is_readwise,
    read_kindle,
    read_readwise,
    split_book,
)
from notebase.importers.model import ImportedPost
from notebase.importers.render import note_text

FIXTURES = Path(__file__).parent / "fixtures" / "importers"
CLIPPINGS = (FIXTURES / "My Clippings.txt").read_text(encoding="utf-8-sig")
READWISE = (FIXTURES / "readwise.csv").read_text(encoding="utf-8-sig")


def body(post: ImportedPost) -> str:
    return note_text(post).split("---\n", 2)[2]


def test_kindle_books_with_rehighlights_collapsed_and_notes_attached() -> None:
    archive = read_kindle(CLIPPINGS, "My Clippings.txt", "My Clippings.txt")
    pragmatic, kahneman = archive.posts
    assert (pragmatic.title, pragmatic.authors, pragmatic.date, pragmatic.origin) == (
        "The Pragmatic Programmer",
        ("Andrew Hunt", "David Thomas"),
        "2024-06-06",
        "My Clippings.txt:1",
    )
    assert body(pragmatic) == (
        "> Don’t live with broken windows. Fix each one as soon as it is discovered.\n>\n"
        "> — Andrew Hunt, David Thomas, *The Pragmatic Programmer*, page 12, location 170-174\n\n"
        "same as the \\*boy scout\\* rule\n\n"
        "Bookmark: page 40, location 610\n\n"
        "> Care about your craft.\n>\n"
        "> — Andrew Hunt, David Thomas, *The Pragmatic Programmer*, page 50, location 801-803\n"
    )
    assert (kahneman.title, kahneman.authors, kahneman.origin) == (
        "Thinking, Fast and Slow",
        ("Daniel Kahneman",),
        "My Clippings.txt:21",
    )
    assert "> \\# System 1 operates" in body(kahneman)


def test_kindle_entry_that_is_no_clipping_is_a_warning_at_its_line() -> None:
    diags = read_kindle(CLIPPINGS, "My Clippings.txt", "My Clippings.txt").diagnostics
    assert [(d.code, d.pos.line if d.pos else 0) for d in diags] == [("import-bad-clipping", 31)]


def test_kindle_distinct_passages_sharing_a_location_are_both_kept() -> None:
    text = (
        "B (A)\n- Your Highlight on Location 10-12 | Added on Monday, 3 June 2024 09:14:05\n\nOne.\n"
        "==========\nB (A)\n- Your Highlight on Location 12-14 | Added on Monday, 3 June 2024 09:14:05\n\n"
        "Two.\n==========\n"
    )
    (post,) = read_kindle(text, "c.txt", "c.txt").posts
    assert body(post).count("> — A, *B*") == 2


LOCALISED = """\ufeff人与永恒 (周国平)
- 您在位置 #469-471的标注 | 添加于 2014年3月2日星期日 下午10:29:20

人生最好的境界是丰富的安静。
==========
人与永恒 (周国平)
- 您在位置 #471 的笔记 | 添加于 2014年3月2日星期日 下午10:30:02

说得好
==========
知乎周刊 (知乎)
- 我的标注 位置 #465-466 | 添加于2013年12月24日星期二 下午09:10:24

小的时候读《背影》。
==========
Der Prozess (Franz Kafka)
- Ihre Markierung bei Position 610-612 | Hinzugefügt am Montag, 5. Januar 2015 21:41:19

Jemand musste Josef K. verleumdet haben.
==========
Der Prozess (Franz Kafka)
- Ihr Lesezeichen bei Position 700 | Hinzugefügt am Montag, 5. Januar 2015 21:50:00


==========
Rayuela (Julio Cortázar)
- Tu subrayado en la posición 1520-1522 | Añadido el martes, 2 de enero de 2018 10:00:00

Andábamos sin buscarnos.
==========
L'Étranger (Albert Camus)
- Votre surlignement sur la page 9 | emplacement 120-122 | Ajouté le lundi 4 mars 2019 08:00:00

Aujourd'hui, maman est morte.
==========
吾輩は猫である (夏目漱石)
- 位置No. 12-13のハイライト |作成日: 2020年5月1日金曜日 10:00:00

吾輩は猫である。
==========
"""


def test_kindle_clippings_in_the_kindles_languages() -> None:
    archive = read_kindle(LOCALISED, "My Clippings.txt", "My Clippings.txt")
    assert archive.diagnostics == ()
    books = {p.title: p for p in archive.posts}
    assert list(books) == [
        "人与永恒",
        "知乎周刊",
        "Der Prozess",
        "Rayuela",
        "L'Étranger",
        "吾輩は猫である",
    ]
    assert body(books["人与永恒"]) == (
        "> 人生最好的境界是丰富的安静。\n>\n> — 周国平, *人与永恒*, location 469-471\n\n说得好\n"
    )
    assert books["人与永恒"].date == "2014-03-02"
    assert books["知乎周刊"].date == "2013-12-24"
    assert body(books["Der Prozess"]) == (
        "> Jemand musste Josef K. verleumdet haben.\n>\n"
        "> — Franz Kafka, *Der Prozess*, location 610-612\n\nBookmark: location 700\n"
    )
    assert books["Der Prozess"].date == "2015-01-05"
    assert books["Rayuela"].date == "2018-01-02"
    assert "*L'Étranger*, page 9, location 120-122" in body(books["L'Étranger"])
    assert books["L'Étranger"].date == "2019-03-04"
    assert "*吾輩は猫である*, location 12-13" in body(books["吾輩は猫である"])
    assert books["吾輩は猫である"].date == "2020-05-01"
    assert is_kindle("clippings.txt", LOCALISED)


def test_a_kindle_page_range_of_one_page_is_that_page() -> None:
    text = (  # a Spanish Kindle writes a highlight on one page as `página 8-8`
        "Moonshot (Sculley, John)\n- La subrayado en la página 8-8 | Añadido el jueves, 14 de abril"
        " de 2022 10:43:56\n\nEstá surgiendo una nueva especie de emprendedores.\n==========\n"
        "Moonshot (Sculley, John)\n- La subrayado en la página 9-10 | Añadido el jueves, 14 de"
        " abril de 2022 10:44:56\n\nHan aumentado las expectativas.\n==========\n"
    )
    (book,) = read_kindle(text, "My Clippings.txt", "My Clippings.txt").posts
    assert "*Moonshot*, page 8\n" in body(book) and "*Moonshot*, page 9-10\n" in body(book)


def test_readwise_books_headings_notes_tags_and_escaping() -> None:
    archive = read_readwise(READWISE, "readwise.csv", "readwise.csv")
    deep, graham = archive.posts
    assert (deep.title, deep.authors, deep.date, deep.origin) == (
        "Deep Work",
        ("Cal Newport",),
        "2024-05-03",
        "readwise.csv:2",
    )
    assert deep.taxonomy.tags == ("productivity", "focus", "favorite")
    assert body(deep) == (
        "## Chapter 1\n\n"
        "> Deep work is the ability to focus without distraction\n> on a cognitively demanding task.\n"
        ">\n> — Cal Newport, *Deep Work*, location 61\n\nthe core definition\n\n"
        "> Clarity about what matters provides clarity about what does not.\n>\n"
        "> — Cal Newport, *Deep Work*, location 1204\n"
    )
    assert body(graham) == (
        "> Attention is a \\<b>resource\\</b> [[not\\]\\] a \\$tool.\n>\n"
        "> — Paul Graham, *How to Do Great Work*\n\nSeems right\n"  # an `order` is no place
    )
    assert [(d.code, d.pos.line if d.pos else 0) for d in archive.diagnostics] == [
        ("import-bad-highlight", 9)
    ]


# the shape of a real export (davidlove/fastai-nlp-course's readwise-data.csv): the newest row
# first, a heading marked by the note `.h2` and the tag `h2` (no dot)
NEWEST_FIRST = """Highlight,Book Title,Book Author,Amazon Book ID,Note,Color,Tags,Location Type,Location,Highlighted at
Later words.,Rules,A. Writer,,,yellow,,location,1900,2018-09-10 04:58:00+00:00
A Reciprocal Arrangement,Rules,A. Writer,,.h2,yellow,h2,location,1887,2018-09-10 04:57:00+00:00
Friendship is a reciprocal arrangement.,Rules,A. Writer,,,yellow,,location,1887,2018-09-10 04:56:00+00:00
"""


def test_readwise_headings_as_exported_and_highlights_in_reading_order() -> None:
    [post] = read_readwise(NEWEST_FIRST, "r.csv", "r.csv").posts
    assert post.taxonomy.tags == ()
    assert body(post) == (
        "## A Reciprocal Arrangement\n\n"
        "> Friendship is a reciprocal arrangement.\n>\n> — A. Writer, *Rules*, location 1887\n\n"
        "> Later words.\n>\n> — A. Writer, *Rules*, location 1900\n"
    )


def test_readwise_without_its_columns_is_an_error() -> None:
    archive = read_readwise("Highlight,Title\nx,y\n", "r.csv", "r.csv")
    assert archive.posts == ()
    assert [(d.code, d.is_error) for d in archive.diagnostics] == [("import-bad-csv", True)]


def test_detection() -> None:
    assert is_kindle("My Clippings.txt", "") and is_kindle("k.txt", CLIPPINGS)
    assert not is_kindle("notes.txt", "Tag: x\n\n  • Post\n\n    ==========")
    assert is_readwise("export.csv", READWISE) and not is_readwise("export.txt", READWISE)
    assert not is_readwise("other.csv", "a,b\n1,2\n")


# book lines of real exports (GengMS/reading-record, KWeatherwalks/KindleMyClippings): an author
# holding parentheses, and "Last, First"
@pytest.mark.parametrize(
    ("line", "title", "author"),
    [
        ("17496328 ((英)齐格蒙特·鲍曼)", "17496328", "(英)齐格蒙特·鲍曼"),
        (
            "A - li (咪咪 (Mimi Spencer) 麦克 (Michael))",
            "A - li",
            "咪咪 (Mimi Spencer) 麦克 (Michael)",
        ),
        ("Book (Series 1) (Weir, Andy)", "Book (Series 1)", "Weir, Andy"),
        ("Unbalanced (x", "Unbalanced (x", ""),
        ("(Only an author)", "(Only an author)", ""),
    ],
)
def test_a_kindle_book_lines_author_is_its_last_parenthesised_group(
    line: str, title: str, author: str
) -> None:
    assert split_book(line) == (title, author)


@pytest.mark.parametrize(
    ("value", "names"),
    [
        ("Weir, Andy", ["Andy Weir"]),
        ("Nir Eyal;", ["Nir Eyal"]),
        ("A. Ericsson;R. Pool", ["A. Ericsson", "R. Pool"]),
        ("Edward S. Herman, Noam Chomsky", ["Edward S. Herman", "Noam Chomsky"]),
        ("F. A. Hayek and W. W. Bartley III", ["F. A. Hayek", "W. W. Bartley III"]),
        ("Ann Lee, Bo Ma, and Cy Ng", ["Ann Lee", "Bo Ma", "Cy Ng"]),
        ("Emperor of Rome Marcus Aurelius", ["Emperor of Rome Marcus Aurelius"]),
        ("García Márquez, Gabriel", ["Gabriel García Márquez"]),  # a surname of two words
        ("Beauvoir de, Simone", ["Simone de Beauvoir"]),  # its particle before it
        ("van Gogh, Vincent", ["Vincent van Gogh"]),
        ("王小波，李银河", ["王小波", "李银河"]),  # a Chinese list: two authors
        ("鲁迅, 许广平", ["鲁迅", "许广平"]),  # not inverted: two names
        ("【德】赫尔曼·黑塞, ePUBw.COM", ["赫尔曼·黑塞"]),  # a download site's name: none
        ("SoBooKs.cc;约翰·伯格", ["约翰·伯格"]),
        ("Unknown", []),  # Calibre's for a book without one
        ("Administrator", []),  # Word's user
        ("kindle@eub-inc.com", []),  # the address a document was mailed from
        (
            "[英]柏瑞尔·马卡姆 著\u3000陶立夏 译",
            ["柏瑞尔·马卡姆"],
        ),  # a Chinese credit: wrote, translated
        ("（英）罗伯特•戴博德", ["罗伯特•戴博德"]),  # the author's country left out
        ("［英］肖恩•白塞尔著 顾真译", ["肖恩•白塞尔"]),
        ("张三 译", ["张三"]),  # a translator alone is named
    ],
)
def test_author_names_as_exports_write_them(value: str, names: list[str]) -> None:
    assert author_names(value) == names


def test_a_chinese_kindle_s_books_by_a_site_and_by_no_one_name_only_their_authors() -> None:
    """The shapes of a Chinese Kindle's clippings (MingxinChen/mingxinchen.github.io): a BOM
    before some book lines, an epub site's name among the authors, a Word document's user."""
    text = (
        "\ufeff悉达多 (【德】赫尔曼·黑塞, ePUBw.COM)\n- 您在位置 #120-121的标注 | 添加于 2022年2月3日"
        "星期四 上午9:15:02\n\n河水只是流淌。\n==========\n"
        "\ufeff随笔集 (Administrator)\n- 您在位置 #182-182的标注 | 添加于 2022年1月24日星期一 "
        "下午12:00:06\n\n观点存世并不需要多么正确\n==========\n"
    )
    first, second = read_kindle(text, "My Clippings.txt", "My Clippings.txt").posts
    assert (first.title, first.authors) == ("悉达多", ("赫尔曼·黑塞",))
    assert "> — 赫尔曼·黑塞, *悉达多*, location 120-121\n" in body(first)
    assert (second.title, second.authors) == ("随笔集", ())
    assert "> — *随笔集*, location 182\n" in body(second)


def test_a_kindle_note_listed_before_the_highlight_holding_it_is_put_after_it() -> None:
    # GengMS/reading-record: a note made while highlighting comes first in the file
    clip = "Book (A. Writer)\n- Your {0} on Location {1} | Added on Monday, 1 May 2023 10:00:0{2}\n\n{3}\n==========\n"
    text = clip.format("Note", "1849", 8, "important") + clip.format(
        "Highlight", "1849-1849", 9, "The passage."
    )
    [post] = read_kindle(text, "My Clippings.txt", "My Clippings.txt").posts
    assert body(post) == "> The passage.\n>\n> — A. Writer, *Book*, location 1849\n\nimportant\n"


def clipping(book_line: str, location: str, text: str) -> str:
    meta = f"- Your Highlight on Location {location} | Added on Monday, 1 May 2023"
    return f"{book_line}\n{meta}\n\n{text}\n==========\n"


def test_one_books_clippings_under_spellings_of_its_title_and_author_are_one_note() -> None:
    text = "".join(
        (  # a sample's title and author, then the bought book's; a line without its author
            clipping("El libro negro de las horas (Eva García Sáenz)", "10-11", "Era albina."),
            clipping("El Libro Negro de las Horas (Eva García Sáenz de Urturi)", "20-21", "Nieve."),
            clipping("Habitos-Atomicos-James-Clear  ", "30-31", "Un hábito."),
            clipping("Habitos-Atomicos-James-Clear (James Clear)", "40-41", "Otro hábito."),
            clipping("Poesía Completa (ALEJANDRA PIZARNIK)", "50-51", "La noche."),
            clipping("Poesía Completa (Alejandra Pizarnik)", "60-61", "El día."),
            clipping("Poems (Emily Dickinson)", "70-71", "Hope."),
            clipping("Poems (Walt Whitman)", "80-81", "Leaves."),
        )
    )
    archive = read_kindle(text, "My Clippings.txt", "My Clippings.txt")
    assert [(p.title, p.authors, p.origin) for p in archive.posts] == [
        ("El libro negro de las horas", ("Eva García Sáenz de Urturi",), "My Clippings.txt:1"),
        ("Habitos-Atomicos-James-Clear", ("James Clear",), "My Clippings.txt:11"),
        ("Poesía Completa", ("Alejandra Pizarnik",), "My Clippings.txt:21"),
        ("Poems", ("Emily Dickinson",), "My Clippings.txt:31"),
        ("Poems", ("Walt Whitman",), "My Clippings.txt:36"),
    ]
    assert body(archive.posts[0]).count("> — Eva García Sáenz de Urturi, ") == 2


@pytest.mark.parametrize(
    ("book_line", "title", "authors"),
    [
        (
            "La Servante ecarlate -- Atwood, Margaret -- Robert Laffont -- "
            "35a59d26b2cf8c196608b71ea95f0b40 -- Anna’s Archive (Atwood, Margaret)",
            "La Servante ecarlate",
            ("Margaret Atwood",),
        ),
        (
            "Dune -- Frank Herbert -- 9780441013593 -- 0123456789abcdef0123456789abcdef -- Anna’s"
            " Archive",
            "Dune",
            (),
        ),
        (
            "Moonshot (Spanish Edition) by John Sculley [Sculley, John] (z-lib.org)",
            "Moonshot (Spanish Edition)",
            ("John Sculley",),
        ),
        ("Rock -- Paper -- Scissors (Ann Lee)", "Rock -- Paper -- Scissors", ("Ann Lee",)),
        ("Stand by Me [Deluxe] (Ann Lee)", "Stand by Me [Deluxe]", ("Ann Lee",)),
    ],
)
def test_a_shadow_librarys_download_name_is_read_as_its_books_title_and_author(
    book_line: str, title: str, authors: tuple[str, ...]
) -> None:
    (book,) = read_kindle(
        clipping(book_line, "1-2", "Words."), "My Clippings.txt", "My Clippings.txt"
    ).posts
    assert (book.title, book.authors) == (title, authors)


def test_a_russian_kindles_places_and_dates_are_read() -> None:
    text = (
        "Мастер и Маргарита (Булгаков М.)\n- Ваш выделенный отрывок на странице 12 | Место 180-182"
        " | Добавлено: суббота, 3 октября 2026 г.\n\nНикогда и ничего не просите!\n==========\n"
        "Мастер и Маргарита (Булгаков М.)\n- Ваша закладка на странице 14 | Местоположение 200 |"
        " Добавлено: понедельник, 5 октября 2026 г. в 14:46:33\n\n\n==========\n"
    )
    archive = read_kindle(text, "My Clippings.txt", "My Clippings.txt")
    (book,) = archive.posts
    assert (book.date, archive.diagnostics) == ("2026-10-05", ())
    assert "*Мастер и Маргарита*, page 12, location 180-182\n" in body(book)
    assert "Bookmark: page 14, location 200\n" in body(book)


def test_a_readwise_export_a_spreadsheet_saved_with_semicolons_is_read() -> None:
    text = (
        "\ufeffHighlight;Book Title;Book Author;Note;Location Type;Location\r\n"
        '"Ja, so ist es; gut.";Der Prozess;Franz Kafka;;location;610\r\n'
    )
    archive = read_readwise(text, "readwise.csv", "readwise.csv")
    (book,) = archive.posts
    assert (book.title, book.authors, archive.diagnostics) == ("Der Prozess", ("Franz Kafka",), ())
    assert body(book).startswith("> Ja, so ist es; gut.\n>\n> — Franz Kafka, *Der Prozess*")
    assert is_readwise("readwise.csv", text)


def test_the_kindles_clipping_limit_notice_is_no_highlight_and_is_told() -> None:
    text = (
        "Sapiens (Yuval Noah Harari)\n- Your Highlight on page 89 | location 1340-1342 | Added on"
        " Saturday, 8 February 2025 10:14:09\n\n <You have reached the clipping limit for this"
        " item>\n==========\nSapiens (Yuval Noah Harari)\n- Your Highlight on page 31 | location"
        " 464-467 | Added on Friday, 7 February 2025 19:05:33\n\nStrangers <can> cooperate.\n"
        "==========\n"
    )
    archive = read_kindle(text, "My Clippings.txt", "My Clippings.txt")
    (book,) = archive.posts
    assert "clipping limit" not in body(book) and "Strangers \\<can> cooperate." in body(book)
    (diag,) = archive.diagnostics
    assert (diag.code, str(diag.pos)) == ("import-bad-clipping", "My Clippings.txt:1")
    assert "notice" in diag.message and "publisher" in (diag.hint or "")


@pytest.mark.parametrize("code", ["<T>", '<div class="note">', "<stdio.h>"])
def test_code_in_angle_brackets_highlighted_in_a_programming_book_is_a_highlight(
    code: str,
) -> None:
    text = (
        "Effective Java (Joshua Bloch)\n- Your Highlight on page 12 | location 100-101 | Added on"
        f" Saturday, 8 February 2025 10:14:09\n\n{code}\n==========\n"
    )
    archive = read_kindle(text, "My Clippings.txt", "My Clippings.txt")
    (book,) = archive.posts
    assert archive.diagnostics == ()
    assert body(book).startswith("> \\" + code)
