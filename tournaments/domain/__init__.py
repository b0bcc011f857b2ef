"""The shared language of the project: pure Python, no Django.

`state` holds the tournament state every engine reads; `trf` reads and writes FIDE TRF files.
"""
