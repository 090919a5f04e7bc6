"""Every PDF of the app prints emoji with the fallback font, and shows a visible "□" for a
character no font of it has, instead of dropping either silently (issue 15)."""

from arbiter.platform.pdf import MISSING, _Document, printable


def test_emoji_and_the_characters_dejavu_has_are_kept():
    assert printable("Ødegård ½ ♞ 🥋 🏆 👍🏽") == "Ødegård ½ ♞ 🥋 🏆 👍🏽"


def test_a_character_no_font_has_becomes_a_visible_square():
    assert printable("Yamashita 山下") == f"Yamashita {MISSING}{MISSING}"


def test_a_variation_selector_no_font_needs_is_left_out_not_squared():
    assert MISSING not in printable("\u2764\ufe0f")


def test_a_pdf_with_an_emoji_embeds_the_emoji_font():
    doc = _Document("Judo Cup 🥋", "Standings")
    doc.set_font("DejaVu", "B", 10)
    doc.cell(0, 6, "Winner 🏆")
    assert b"NotoEmoji" in bytes(doc.output())
