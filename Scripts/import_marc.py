#!/usr/bin/env python3
"""MARC 21 files read with pymarc, the reference MARC reader, and mapped to books by the README's MARC mapping,
written independently of the catalog's Swift code.

    python3 Scripts/import_marc.py --json FILE.mrc|FILE.xml     one JSON object per record on stdout
    python3 Scripts/import_marc.py DATABASE FILE.mrc [SOURCE]   write the books as Scripts/import_books.py does

The first form is what the pymarc comparison test reads; the second is the peer `catalog-bench import` measures
`catalog import` of a MARC file against. A record pymarc cannot read is printed as {"rejected": "..."}.
"""
import json
import os
import re
import sys

import pymarc

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import import_books  # noqa: E402  (the writer the CSV peer uses)

YEAR = re.compile(r"(?<![0-9])[0-9]{4}(?![0-9])")


def trim(text):
    """ISBD punctuation cut: ' /', ' :', ' ;', ' =', ',' and a final period unless after an initial or '..'."""
    text = " ".join(text.split())
    while text:
        last = text[-1]
        if last in "/:;=,":
            text = text[:-1]
        elif last == "." and not text.endswith("..") and not ends_with_initial(text[:-1]):
            text = text[:-1]
        else:
            break
        text = text.strip()
    return " ".join(text.split())


def ends_with_initial(text):
    return bool(text) and text[-1].isalpha() and (len(text) == 1 or text[-2] in " .")


def title(record):
    field = next(iter(record.get_fields("245")), None)
    main = trim(field.get_subfields("a")[0]) if field and field.get_subfields("a") else ""
    if not main:
        return None
    rest = trim(field.get_subfields("b")[0]) if field.get_subfields("b") else ""
    return f"{main}: {rest}" if rest else main


def credits(record):
    names = []
    for field in record.get_fields("100", "110") + record.get_fields("700", "710"):
        if field.tag.endswith("10"):
            parts = [trim(value) for value in field.get_subfields("a", "b")]
            name = ". ".join(part for part in parts if part)
        else:
            heading = trim(field.get_subfields("a")[0]) if field.get_subfields("a") else ""
            name = heading
            if field.indicator1 == "1" and ", " in heading:
                surname, _, forenames = heading.partition(", ")
                name = " ".join(f"{forenames} {surname}".split())
        if name and name not in names:
            names.append(name)
    return names


def isbn13(record):
    for value in [v for field in record.get_fields("020") for v in field.get_subfields("a")]:
        token = re.split(r"[ (]", value.strip(), maxsplit=1)[0].replace("-", "")
        digits = token.upper()
        if len(digits) <= 10 and len(digits) >= 7 and re.fullmatch(r"[0-9]*[0-9X]", digits):
            digits = digits.rjust(10, "0")
            values = [10 if c == "X" else int(c) for c in digits]
            if sum((10 - i) * d for i, d in enumerate(values)) % 11 != 0:
                continue
            body = "978" + digits[:9]
        elif len(digits) == 13 and digits.isdigit() and digits.startswith(("978", "979")):
            body = digits[:12]
            if check13(body) != int(digits[12]):
                continue
        else:
            continue
        return body + str(check13(body))
    return None


def check13(twelve):
    return (10 - sum((1 if i % 2 == 0 else 3) * int(d) for i, d in enumerate(twelve)) % 10) % 10


def year(record):
    fixed = record.get_fields("008")
    data = fixed[0].data if fixed else ""
    if len(data) >= 15:
        date1, date2 = data[7:11], data[11:15]
        good = lambda d: d.isdigit() and int(d) > 0
        if data[6] == "r" and good(date2):
            return int(date2)
        if good(date1):
            return int(date1)
    statements = sorted(record.get_fields("264"), key=lambda f: 0 if f.indicator2 == "1" else 1)
    for field in statements + record.get_fields("260"):
        for value in field.get_subfields("c"):
            for match in YEAR.finditer(value):
                if int(match.group()) > 0:
                    return int(match.group())
    return None


def pages(record):
    for value in [v for field in record.get_fields("300") for v in field.get_subfields("a")]:
        words = [w for w in re.split(r"[ ,\[\]]", value) if w]
        for number, unit in zip(words, words[1:]):
            if unit.lower() in ("p", "p.", "pp.", "pages", "pages.") and number.isdigit() and 1 <= int(number) <= 100000:
                return int(number)
    return None


def genres(record):
    names = []
    for field in record.get_fields("650", "655"):
        for value in field.get_subfields("a"):
            name = trim(value)
            if name and name not in names:
                names.append(name)
    return names


def read(path):
    """Each record of the file as pymarc reads it, or None where it cannot."""
    if path.endswith(".xml"):
        yield from pymarc.parse_xml_to_array(path)
        return
    with open(path, "rb") as file:
        yield from pymarc.MARCReader(file, to_unicode=True, permissive=True)


def book(record):
    key = next((f.data.strip() for f in record.get_fields("001")), None) or None
    return {"key": key, "title": title(record), "credits": credits(record), "isbn13": isbn13(record),
            "year": year(record)}


def main_database(database, path, source):
    def books():
        for record in read(path):
            if record is None:
                continue
            mapped = book(record)
            yield {"key": mapped["key"], "title": mapped["title"], "isbn": mapped["isbn13"], "year": mapped["year"],
                   "pages": pages(record), "authors": mapped["credits"], "genres": genres(record)}
    import_books.write_books(database, books(), source)


def main_json(path):
    for record in read(path):
        print(json.dumps(book(record) if record is not None else {"rejected": "pymarc cannot read it"},
                         ensure_ascii=False))


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "--json":
        main_json(sys.argv[2])
    elif len(sys.argv) in (3, 4):
        main_database(sys.argv[1], sys.argv[2], sys.argv[3] if len(sys.argv) == 4 else "marc")
    else:
        sys.exit(__doc__)
