"""English as chess results are read worldwide: ISO dates (2026-11-24), not the US month first."""

DATE_FORMAT = "j F Y"
SHORT_DATE_FORMAT = "Y-m-d"
SHORT_DATETIME_FORMAT = "Y-m-d H:i"
