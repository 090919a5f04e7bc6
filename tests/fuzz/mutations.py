"""Hypothesis strategies that damage real files: characters flipped, inserted and deleted, lines
cut, swapped, doubled and dropped, columns swapped, random bytes decoded, huge numbers."""

from pathlib import Path

from hypothesis import strategies as st

#: Text that breaks parsers: digits int() refuses or that overflow, separators, NUL, BOM, CR.
NASTY = [
    "\u00b2",  # a superscript digit: str.isdigit() says yes, int() says no
    "\u0663",  # an Arabic-Indic digit: int() reads it
    "9" * 30,
    "70000",
    "9" * 5000,
    "-1",
    "0",
    "1e9",
    "NaN",
    "\x00",
    "\ufeff",
    "\r",
    "\t",
    ";",
    ",",
    '"',
    "é",
    "\u202e",
    "ÿ" * 3,
]

_char = st.one_of(st.characters(), st.sampled_from("0123456789 wb-+=HUZFWDL,;\t\"'"))


def read_texts(paths: list[Path]) -> list[str]:
    return [p.read_text(encoding="utf-8", errors="replace") for p in paths]


def _bytes_text():
    return st.one_of(
        st.binary(max_size=40).map(lambda b: b.decode("utf-8", errors="replace")),
        st.binary(max_size=40).map(lambda b: b.decode("cp1252", errors="replace")),
    )


@st.composite
def mutated(draw, texts: list[str], extra_lines: list[str] = (), edits: int = 6):
    """One of ``texts`` after one to ``edits`` random edits."""
    lines = draw(st.sampled_from(texts)).split("\n")
    for _ in range(draw(st.integers(1, edits))):
        if not lines:
            lines = [""]
        i = draw(st.integers(0, len(lines) - 1))
        line = lines[i]
        j = draw(st.integers(0, len(line)))
        op = draw(st.integers(0, 11))
        if op == 0 and line:  # flip a character
            j = min(j, len(line) - 1)
            lines[i] = line[:j] + draw(_char) + line[j + 1 :]
        elif op == 1:  # insert characters
            lines[i] = line[:j] + draw(st.text(_char, min_size=1, max_size=5)) + line[j:]
        elif op == 2:  # delete characters
            lines[i] = line[:j] + line[j + draw(st.integers(1, 5)) :]
        elif op == 3:  # cut the line
            lines[i] = line[:j]
        elif op == 4:  # swap two column ranges
            k = draw(st.integers(0, len(line)))
            a, b = sorted((j, k))
            w = draw(st.integers(1, 10))
            if b - a >= w:
                lines[i] = line[:a] + line[b : b + w] + line[a + w : b] + line[a : a + w]
                lines[i] += line[b + w :]
        elif op == 5:  # random bytes, decoded
            lines[i] = line[:j] + draw(_bytes_text()) + line[j + 4 :]
        elif op == 6:  # a huge or odd number over a field
            lines[i] = line[:j] + draw(st.sampled_from(NASTY)) + line[j + 4 :]
        elif op == 7:  # drop the line
            del lines[i]
        elif op == 8:  # double the line
            lines.insert(i, line)
        elif op == 9:  # swap two lines
            k = draw(st.integers(0, len(lines) - 1))
            lines[i], lines[k] = lines[k], lines[i]
        elif op == 10 and extra_lines:  # a record the file did not have
            lines.insert(i, draw(st.sampled_from(list(extra_lines))))
        else:  # cut the file here
            lines = lines[: i + 1]
    return "\n".join(lines)


def random_text():
    return st.one_of(st.text(max_size=300), _bytes_text(), st.just(""))
