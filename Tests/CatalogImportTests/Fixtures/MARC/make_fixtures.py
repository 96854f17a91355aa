#!/usr/bin/env python3
"""Writes the MARC fixtures of this folder, each record spelled out field by field.

Run it from anywhere: python3 make_fixtures.py. The ISO 2709 framing (leader lengths, directory) is computed
here so that the broken records below are broken only where they say.
"""
import os

FT, RT, SD = b"\x1e", b"\x1d", b"\x1f"
HERE = os.path.dirname(os.path.abspath(__file__))


XML_BODIES = {}


def data_field(indicators, *subfields):
    body = indicators.encode("ascii")
    for code, value in subfields:
        body += SD + code.encode("ascii") + (value if isinstance(value, bytes) else value.encode("utf-8"))
    XML_BODIES[id(body)] = (indicators, subfields)
    return body


def record(fields, coding=b"a", status=b"n"):
    """fields: [(tag, bytes without terminator)]; returns the record's bytes."""
    directory, data = b"", b""
    for tag, body in fields:
        body = (body if isinstance(body, bytes) else body.encode("utf-8")) + FT
        directory += tag.encode("ascii") + b"%04d%05d" % (len(body), len(data))
        data += body
    base = 24 + len(directory) + 1
    length = base + len(data) + 1
    leader = b"%05d" % length + status + b"am" + b" " + coding + b"22" + b"%05d" % base + b" i 4500"
    assert len(leader) == 24
    return leader + directory + FT + data + RT


def fixed(date_type, date1, date2, language):
    value = "261201" + date_type + date1 + date2 + "enk" + " " * 17 + language + " d"
    assert len(value) == 40, len(value)
    return value


HOBBIT_FIELDS = [
    ("001", "hob001"),
    ("003", "DLC"),
    ("008", fixed("s", "1937", "    ", "eng")),
    ("020", data_field("  ", ("a", "0261102214 (pbk.)"))),
    ("100", data_field("1 ", ("a", "Tolkien, J. R. R.,"), ("e", "author."))),
    ("245", data_field("14", ("a", "The hobbit, or, There and back again /"), ("c", "J.R.R. Tolkien."))),
    ("264", data_field(" 1", ("a", "London :"), ("b", "Allen & Unwin,"), ("c", "1937."))),
    ("300", data_field("  ", ("a", "310 p. :"), ("b", "ill. ;"), ("c", "21 cm."))),
    ("520", data_field("  ", ("a", "Bilbo Baggins is swept into a quest."))),
    ("650", data_field(" 0", ("a", "Dragons"), ("v", "Fiction."))),
    ("655", data_field(" 7", ("a", "Fantasy fiction."), ("2", "lcgft"))),
]
HOBBIT = record(HOBBIT_FIELDS)

# UTF-8 text written decomposed (e + U+0301), as many UTF-8 MARC files are: the catalog stores NFC.
SOLITUDE_FIELDS = [
    ("001", "sol002"),
    ("003", "DLC"),
    ("008", fixed("r", "1995", "1967", "fre")),
    ("020", data_field("  ", ("a", "9782020238113"))),
    ("041", data_field("1 ", ("a", "fre"), ("h", "spa"))),
    ("100", data_field("1 ", ("a", "Garci\u0301a Ma\u0301rquez, Gabriel,"), ("d", "1927-2014."))),
    ("245", data_field("10", ("a", "Cent ans de solitude :"), ("b", "roman /"), ("c", "Gabriel Garci\u0301a Ma\u0301rquez."))),
    ("260", data_field("  ", ("a", "Paris :"), ("b", "Seuil,"), ("c", "1995."))),
    ("300", data_field("  ", ("a", "xii, 437 pages ;"), ("c", "22 cm"))),
    ("650", data_field(" 0", ("a", "Families"), ("z", "Colombia"), ("v", "Fiction."))),
    ("700", data_field("1 ", ("a", "Durand, Claude,"), ("e", "translator."))),
]
SOLITUDE = record(SOLITUDE_FIELDS)

CONGRESS_FIELDS = [
    ("001", "cong003"),
    ("008", fixed("s", "uuuu", "    ", "   ")),
    ("041", data_field("0 ", ("a", "eng"))),
    ("110", data_field("2 ", ("a", "United States."), ("b", "Congress."))),
    ("245", data_field("00", ("a", "Congressional record."))),
    ("260", data_field("  ", ("a", "Washington :"), ("b", "G.P.O.,"), ("c", "c1999."))),
    ("650", data_field(" 0", ("a", "Legislation"), ("z", "United States."))),
]
CONGRESS = record(CONGRESS_FIELDS)

# An ISBN whose checksum fails (left out with a warning), an illustrator by relator code, no 001.
PICTURES_FIELDS = [
    ("020", data_field("  ", ("a", "0261102215"))),
    ("100", data_field("1 ", ("a", "Sendak, Maurice."))),
    ("245", data_field("04", ("a", "The night kitchen."))),
    ("700", data_field("1 ", ("a", "Sendak, Jack,"), ("4", "ill"))),
    ("700", data_field("0 ", ("a", "Ursula,"), ("e", "editor."))),
]
PICTURES = record(PICTURES_FIELDS)

# MARC-8 (leader 9 blank): ANSEL diacritics come before the letter they go on (0xE2 acute, 0xE4 tilde, 0xE8 umlaut).
MARC8_SOLITUDE = record([
    ("001", "m8001"),
    ("008", fixed("s", "1967", "    ", "spa")),
    ("100", data_field("1 ", ("a", b"Garc\xe2ia M\xe2arquez, Gabriel."))),
    ("245", data_field("10", ("a", b"Cien a\xe4nos de soledad /"))),
], coding=b" ")
MARC8_MOTORHEAD = record([
    ("001", "m8002"),
    ("008", fixed("s", "1980", "    ", "ger")),
    ("100", data_field("1 ", ("a", b"M\xe8otorhead, Lemmy."))),
    ("245", data_field("00", ("a", b"Ein B\xe8uch \xe8uber L\xe8arm."))),
], coding=b" ")

# A leader that says UTF-8 (9 = a) over MARC-8 text.
LYING = record([
    ("001", "lie001"),
    ("245", data_field("00", ("a", b"Caf\xe2e society."))),
], coding=b"a")


def xml_text(value):
    text = value.decode("utf-8") if isinstance(value, bytes) else value
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def xml_record(fields, prefix="", leader="00000nam a2200000 i 4500", extra=""):
    """fields: [(tag, str or (indicators, subfields))] as data_field takes them, written as MARCXML."""
    p = prefix
    lines = ["  <%srecord>" % p, "    <%sleader>%s</%sleader>" % (p, leader, p)] if leader is not None else ["  <%srecord>" % p]
    for tag, body in fields:
        if isinstance(body, str):
            lines.append('    <%scontrolfield tag="%s">%s</%scontrolfield>' % (p, tag, xml_text(body), p))
            continue
        indicators, subfields = body
        lines.append('    <%sdatafield tag="%s" ind1="%s" ind2="%s">' % (p, tag, indicators[0], indicators[1]))
        for code, value in subfields:
            lines.append('      <%ssubfield code="%s">%s</%ssubfield>' % (p, code, xml_text(value), p))
        lines.append("    </%sdatafield>" % p)
    lines.append(extra + "  </%srecord>" % p)
    return "\n".join(lines) + "\n"


def xml_fields(fields):
    """The binary fixtures' field lists with each data field as (indicators, subfields)."""
    return [(tag, body if isinstance(body, str) else XML_BODIES[id(body)]) for tag, body in fields]


def broken_length(rec):
    return b"%05d" % (int(rec[:5]) + 3) + rec[5:]


def without_field_terminator(rec):
    # The last field's terminator becomes a space: the directory still says the field ends there.
    return rec[:-2] + b" " + rec[-1:]


def bad_indicator(rec):
    at = rec.index(b"The hobbit") - 4  # the 245's indicators "14"
    assert rec[at:at + 2] == b"14"
    return rec[:at] + b"1!" + rec[at + 2:]


def ragged_directory(rec):
    # One byte cut from the directory: it is no longer a whole number of 12-byte entries.
    base = int(rec[12:17])
    cut = rec[:24] + rec[25:]
    return b"%05d" % (len(cut)) + cut[5:12] + b"%05d" % (base - 1) + cut[17:]


FILES = {
    "books.mrc": HOBBIT + SOLITUDE + CONGRESS + PICTURES,
    "marc8.mrc": MARC8_SOLITUDE + MARC8_MOTORHEAD,
    "lying_leader.mrc": LYING,
    "broken.mrc": HOBBIT + broken_length(SOLITUDE) + b"\n" + without_field_terminator(CONGRESS)
    + bad_indicator(HOBBIT) + ragged_directory(PICTURES) + b"00026nam  22000xx   4500" + FT + RT + CONGRESS,
}

COLLECTION = '<collection xmlns="http://www.loc.gov/MARC21/slim">\n'
FILES["books.xml"] = (
    '<?xml version="1.0" encoding="UTF-8"?>\n<!-- the records of books.mrc -->\n' + COLLECTION
    + "".join(xml_record(xml_fields(f)) for f in [HOBBIT_FIELDS, SOLITUDE_FIELDS, CONGRESS_FIELDS, PICTURES_FIELDS])
    + "</collection>\n").encode("utf-8")
# A prefixed namespace, a CDATA section, character references and an element the schema does not have.
FILES["prefixed.xml"] = (
    '<marc:collection xmlns:marc="http://www.loc.gov/MARC21/slim">\n'
    + xml_record([("001", "pre001"), ("245", ("00", [("a", "Caf&#xE9; &amp; bar")]))], prefix="marc:")
    .replace("Caf&amp;#xE9; &amp;amp; bar", "Caf&#xE9; &amp; <![CDATA[bar <b>]]>")
    .replace("  </marc:record>", "    <marc:note>ignored</marc:note>\n  </marc:record>")
    + "</marc:collection>\n").encode("utf-8")
# Records broken against the schema, each rejected alone, between good ones.
FILES["broken.xml"] = (
    COLLECTION + xml_record(xml_fields(CONGRESS_FIELDS))
    + xml_record([("001", "x1"), ("245", ("1!", [("a", "Bad indicator")]))])
    + xml_record([("001", "x2"), ("245", ("00", [("a", "No leader")]))], leader=None)
    + xml_record([("001", "x3")], extra='    <subfield code="a">Loose</subfield>\n')
    + xml_record([("001", "x4"), ("245", ("00", [("a", "Short leader")]))], leader="00000nam")
    + xml_record(xml_fields(HOBBIT_FIELDS)) + "</collection>\n").encode("utf-8")
FILES["malformed.xml"] = (
    COLLECTION + xml_record(xml_fields(CONGRESS_FIELDS)) + "  <record><leader>x</record>\n</collection>\n"
).encode("utf-8")

if __name__ == "__main__":
    for name, content in FILES.items():
        with open(os.path.join(HERE, name), "wb") as file:
            file.write(content)
