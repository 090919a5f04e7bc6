"""No secret in the repository: every file git tracks is scanned for private keys, cloud access
keys, Django signing keys and passwords, and each finding is named by file and line.

Allowed on purpose: the development fallback key documented in the README (arbiter/settings.py),
throw-away keys that say what they are (`build`, `load-bench-only`, one repeated character), and
passwords that are variable references (`${POSTGRES_PASSWORD:?...}`) or documentation
placeholders (`postgres://user:password@host`).
"""

import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

#: The development fallback in arbiter/settings.py, as documented in the README.
DEVELOPMENT_KEY = "django-insecure-development-key-do-not-deploy"
THROWAWAY_KEYS = {DEVELOPMENT_KEY, "build", "load-bench-only"}
PLACEHOLDER_PASSWORDS = {"password", "pass", "secret", "changeme", "change-me", "example"}

PRIVATE_KEY = re.compile(r"-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----")
AWS_KEY_ID = re.compile(r"\b(?:AKIA|ASIA|AGPA|AIDA|AROA)[0-9A-Z]{16}\b")
AWS_SECRET = re.compile(r"aws_secret_access_key\s*[:=]\s*['\"]?[A-Za-z0-9/+=]{40}", re.IGNORECASE)
SECRET_KEY_LITERAL = re.compile(r"SECRET_KEY['\"]?\s*[:=]\s*(?P<q>['\"]?)(?P<value>[^'\"\s,)]*)")
SETTINGS_FALLBACK = re.compile(r"SECRET_KEY\s*=\s*os\.environ\.get\(\s*['\"]SECRET_KEY['\"],")
PASSWORD_SETTING = re.compile(
    r"(?<![\w${])(?P<name>\w*(?:PASSWORD|PASSWD))\b['\"]?\s*[:=]\s*(?P<value>[^\s#]+)",
    re.IGNORECASE,
)
URL_PASSWORD = re.compile(r"\b[a-z][a-z0-9+.-]*://[^\s:/@'\"]+:(?P<value>[^\s@/'\"]+)@")
#: Where a password assignment is configuration (the places a real one would be pasted).
CONFIG_FILES = re.compile(
    r"(^|/)(settings[^/]*\.py|docker-compose[^/]*\.ya?ml|compose[^/]*\.ya?ml|Dockerfile[^/]*"
    r"|\.env[^/]*|[^/]*\.(ini|cfg|toml|conf))$"
)
SECRET_FILES = re.compile(
    r"(^|/)(\.env(\.local|\.production)?|id_rsa|id_ed25519|[^/]*\.pem|[^/]*\.key)$"
)


def is_reference(value: str) -> bool:
    """`${VAR}`, `$VAR`, os.environ[...] / os.environ.get(...) or an empty value."""
    value = value.strip("'\"")
    return value == "" or value.startswith(("$", "os.environ", "env(", "{"))


def throwaway_key(value: str) -> bool:
    return value in THROWAWAY_KEYS or len(set(value)) < 5 or is_reference(value)


def findings_in(path: str, text: str) -> list[str]:
    found = []
    config = bool(CONFIG_FILES.search(path))
    for number, line in enumerate(text.splitlines(), start=1):
        where = f"{path}:{number}"
        if PRIVATE_KEY.search(line):
            found.append(f"{where}: a private key")
        if AWS_KEY_ID.search(line):
            found.append(f"{where}: an AWS access key id")
        if AWS_SECRET.search(line):
            found.append(f"{where}: an AWS secret access key")
        for match in SECRET_KEY_LITERAL.finditer(line):
            # a quoted literal anywhere, a bare one (`SECRET_KEY=abc`) in configuration
            if (match["q"] or config) and not throwaway_key(match["value"]):
                found.append(f"{where}: a SECRET_KEY value")
        if SETTINGS_FALLBACK.search(line) and f'"{DEVELOPMENT_KEY}"' not in line:
            found.append(f"{where}: a SECRET_KEY fallback other than the documented one")
        if config:
            for match in PASSWORD_SETTING.finditer(line):
                value = match["value"].rstrip(",;")
                if not is_reference(value) and value.strip("'\"").lower() not in (
                    PLACEHOLDER_PASSWORDS
                ):
                    found.append(f"{where}: a password in {match['name']}")
        for match in URL_PASSWORD.finditer(line):
            value = match["value"]
            if not is_reference(value) and value.lower() not in PLACEHOLDER_PASSWORDS:
                found.append(f"{where}: a password in a URL")
    return found


def tracked_files() -> list[str]:
    listed = subprocess.run(
        ["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True
    ).stdout
    return [name for name in listed.decode().split("\0") if name]


def test_no_secret_in_the_files_git_tracks():
    found = []
    for path in tracked_files():
        if SECRET_FILES.search(path):
            found.append(f"{path}: a file that holds secrets is tracked")
            continue
        file = ROOT / path
        if not file.is_file():  # deleted in the working tree, not yet committed
            continue
        data = file.read_bytes()
        if b"\0" in data[:8192]:
            continue  # binary
        found += findings_in(path, data.decode("utf-8", errors="replace"))
    assert not found, "Secrets in the repository:\n" + "\n".join(found)


def test_the_settings_fall_back_to_the_documented_development_key():
    settings = (ROOT / "arbiter" / "settings.py").read_text()
    assert f'os.environ.get("SECRET_KEY", "{DEVELOPMENT_KEY}")' in settings
    assert DEVELOPMENT_KEY.startswith("django-insecure-")  # so check --deploy flags it (W009)


# The scanner finds what it should (the samples are put together here, so that this file itself
# holds none of them).
BEGIN = "-----BEGIN "
SAMPLES = {
    "deploy/id.txt": BEGIN + "OPENSSH PRIVATE KEY-----",
    "notes.md": "key AKIA" + "IOSFODNN7EXAMPLE in the notes",
    "ops.cfg": "aws_secret_access_key = " + "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
    "arbiter/local_settings.py": 'SECRET_KEY = "' + "k3y-w1th-pl3nty-0f-ch4rs-2f9a8c7e" + '"',
    "arbiter/settings.py": "SECRET_KEY = os.environ" + '.get("SECRET_KEY", "abc123xyz987")',
    "docker-compose.yml": "      POSTGRES_PASSWORD: " + "hunter2",
    "scripts/deploy.sh": "psql postgres://arbiter:" + "s3cr3t@db/arbiter",
}


def test_the_scanner_names_file_and_line_of_each_kind_of_secret():
    for path, line in SAMPLES.items():
        found = findings_in(path, "first line\n" + line)
        assert found and all(f.startswith(f"{path}:2: ") for f in found), (path, found)


def test_the_scanner_lets_references_and_placeholders_through():
    clean = {
        "docker-compose.yml": "POSTGRES_PASSWORD: ${POSTGRES_PASSWORD:?set POSTGRES_PASSWORD}\n"
        "DATABASE_URL: postgres://arbiter:${POSTGRES_PASSWORD:?set it}@db:5432/arbiter",
        "README.md": "`postgres://user:password@host:5432/name`",
        "Dockerfile": "RUN SECRET_KEY=build python manage.py collectstatic",
        "arbiter/settings.py": "SECRET_KEY = os.environ"
        + f'.get("SECRET_KEY", "{DEVELOPMENT_KEY}")',
        "tests/test_x.py": 'env = dict(SECRET_KEY="x" * 50)',
    }
    for path, text in clean.items():
        assert findings_in(path, text) == [], path
