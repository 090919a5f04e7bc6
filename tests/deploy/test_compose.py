"""docker-compose.yml read as data: two app servers, the task worker, Redis, PostgreSQL and the
caching proxy, wired as the README says, and the app servers' health check run for real."""

import re
import subprocess
import sys

import pytest
import yaml

from tests.servers import ROOT, app_server, free_port, shared_database_url

COMPOSE = yaml.safe_load((ROOT / "docker-compose.yml").read_text())
SERVICES = COMPOSE["services"]
APP = ["migrate", "web1", "web2", "worker", "worker-quick"]
WEB = ["web1", "web2"]


def readme_settings() -> set[str]:
    """The variables the README's configuration table names in its first column."""
    table = (ROOT / "README.md").read_text().split("## Configuration", 1)[1].split("\n#", 1)[0]
    rows = [line.split("|")[1] for line in table.splitlines() if line.startswith("| `")]
    return {name for row in rows for name in re.findall(r"`([A-Z_]+)`", row)}


def test_it_runs_two_app_servers_two_workers_redis_postgresql_and_a_proxy():
    assert set(SERVICES) == {
        "db",
        "redis",
        "migrate",
        "web1",
        "web2",
        "worker",
        "worker-quick",
        "live",
        "proxy",
    }
    for name in WEB:
        assert SERVICES[name]["command"][0] == "gunicorn"
    assert SERVICES["worker"]["command"] == ["python", "manage.py", "db_worker"]
    quick = ["python", "manage.py", "db_worker", "--queue-name", "default"]
    assert SERVICES["worker-quick"]["command"] == quick  # a worker kept for quick jobs
    assert SERVICES["migrate"]["command"][:3] == ["python", "manage.py", "migrate"]
    assert SERVICES["proxy"]["image"].startswith("nginx:")


def test_the_app_containers_share_one_image_and_one_environment():
    images = {(SERVICES[name]["image"], SERVICES[name]["build"]) for name in APP}
    environments = [SERVICES[name]["environment"] for name in APP]
    assert images == {("arbiter-app", ".")}
    assert all(environment == environments[0] for environment in environments)


def test_the_app_uses_the_compose_database_and_redis_behind_the_proxy():
    environment = SERVICES["web1"]["environment"]
    assert "@db:5432/" in environment["DATABASE_URL"]
    assert environment["REDIS_URL"] == "redis://redis:6379/0"
    assert environment["BEHIND_PROXY"] == "1" and environment["DEBUG"] == "0"
    for required in ("SECRET_KEY", "ALLOWED_HOSTS"):
        assert ":?" in environment[required]  # compose refuses to start without it


def test_every_setting_in_the_readme_reaches_the_app_containers():
    passed = set(SERVICES["web1"]["environment"])
    # The tests' own settings: the browser tests' Chromium and the shared folder of real files.
    assert readme_settings() - passed == {"CHROMIUM_PATH", "ARBITER_SHARED_DIR"}


def test_services_start_in_order_on_health():
    for name in APP:
        waits = SERVICES[name]["depends_on"]
        assert waits["db"] == {"condition": "service_healthy"}
    for name in ["web1", "web2", "worker", "worker-quick"]:
        waits = SERVICES[name]["depends_on"]
        assert waits["redis"] == {"condition": "service_healthy"}
        assert waits["migrate"] == {"condition": "service_completed_successfully"}
    assert SERVICES["proxy"]["depends_on"] == {
        name: {"condition": "service_healthy"} for name in WEB
    }
    for name in ["db", "redis", *WEB]:
        assert SERVICES[name]["healthcheck"]["test"][0] in ("CMD", "CMD-SHELL")


def test_only_the_proxy_is_published_and_it_sends_to_every_app_server():
    assert [name for name, service in SERVICES.items() if "ports" in service] == ["proxy"]
    assert "./deploy/nginx:/etc/nginx/arbiter:ro" in SERVICES["proxy"]["volumes"]
    nginx = (ROOT / "deploy" / "nginx" / "nginx.conf").read_text()
    upstream = re.search(r"upstream arbiter_app \{(.*?)\}", nginx, re.DOTALL).group(1)
    assert re.findall(r"server (\w+):8000", upstream) == WEB
    assert "include /etc/nginx/arbiter/cache.conf;" in nginx
    assert "include /etc/nginx/arbiter/site.conf;" in nginx


def health_check(port: int, allowed_hosts: str) -> int:
    """The app servers' health check command, run here against a port of the test's choosing."""
    kind, python, flag, code = SERVICES["web1"]["healthcheck"]["test"]
    assert (kind, python, flag) == ("CMD", "python", "-c")
    code = code.replace("127.0.0.1:8000", f"127.0.0.1:{port}")
    env = {"ALLOWED_HOSTS": allowed_hosts, "PATH": ""}
    return subprocess.run([sys.executable, "-c", code], env=env, capture_output=True).returncode


@pytest.mark.django_db(transaction=True)
def test_the_health_check_passes_on_a_production_app_server_and_fails_without_one(tmp_path):
    hosts = "arbiter.example.org,127.0.0.1"
    env = {"DATABASE_URL": shared_database_url(tmp_path), "ALLOWED_HOSTS": hosts}
    env |= {"BEHIND_PROXY": "1", "SECURE_SSL_REDIRECT": "1"}  # as in the containers
    with app_server(env) as app:
        assert health_check(int(app.rsplit(":", 1)[1]), hosts) == 0
    assert health_check(free_port(), hosts) != 0


def test_the_push_service_holds_the_streams_beside_the_app_servers():
    """docs/live.md: uvicorn serves the push service from the app's image and environment; the
    app servers publish to the same Redis and point the pages at /live/, which the proxy sends
    to it."""
    live = SERVICES["live"]
    assert live["command"][:2] == ["uvicorn", "arbiter.live.service:app"]
    assert (live["image"], live["environment"]) == ("arbiter-app", SERVICES["web1"]["environment"])
    assert live["depends_on"] == {"redis": {"condition": "service_healthy"}}
    environment = SERVICES["web1"]["environment"]
    assert environment["LIVE_URL"] == "${LIVE_URL:-/live/}"
    assert environment["LIVE_TRUST_FORWARDED"] == "1"  # nginx sets X-Forwarded-For
    nginx = (ROOT / "deploy" / "nginx" / "nginx.conf").read_text()
    upstream = re.search(r"upstream arbiter_live \{(.*?)\}", nginx, re.DOTALL).group(1)
    assert "server live:8001" in upstream
    site = (ROOT / "deploy" / "nginx" / "site.conf").read_text()
    location = site.split("location /live/ {", 1)[1].split("}", 1)[0]
    assert "proxy_buffering off;" in location and "proxy_pass http://arbiter_live;" in location
