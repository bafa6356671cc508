"""Bridge files at the edge: PBN 2.1, BBO LIN and qipai's JSON, read into and written from
``Record`` values built on ``qipai.bridge``. Standard library only.

>>> from qipai.formats import read_text, write_text
>>> [r] = read_text("pn|a,b,c,d|md|1SAKQJHAKQJDAKQJCA,,,|sv|b|", "lin")
>>> str(r.dealer), str(r.vulnerability), r.deal.is_complete
('S', 'All', False)
>>> read_text(write_text([r], "json"), "json") == [r]
True
"""

from .errors import FormatError
from .files import EXTENSIONS, read_file, read_text, write_file, write_text
from .jsonfmt import read_json, record_from_dict, record_to_dict, write_json
from .lin import read_lin, write_lin
from .pbn import read_pbn, write_pbn
from .record import Record

__all__ = [
    "EXTENSIONS",
    "FormatError",
    "Record",
    "read_file",
    "read_json",
    "read_lin",
    "read_pbn",
    "read_text",
    "record_from_dict",
    "record_to_dict",
    "write_file",
    "write_json",
    "write_lin",
    "write_pbn",
    "write_text",
]
