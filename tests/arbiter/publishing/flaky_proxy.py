"""A TCP proxy that loses connections, for the two-instance test (test_two_instances.py).

    python flaky_proxy.py LISTEN_PORT TARGET_PORT SEED CONTROL_FILE

While CONTROL_FILE holds "chaos", the link changes every 0.2 to 1.5 s (seeded) between up,
refusing (each connection closed at once), stalling (connections held open, nothing forwarded)
and cut mid-stream (forwarded, then closed after a random number of bytes); "up" forwards all.
Every change is printed with the time, so a failure can be replayed with the seed.
"""

import contextlib
import random
import socket
import sys
import threading
import time
from pathlib import Path

MODES = ["up", "refuse", "stall", "cut"]


def main() -> None:
    listen, target, seed, control = (
        int(sys.argv[1]),
        int(sys.argv[2]),
        int(sys.argv[3]),
        Path(sys.argv[4]),
    )
    rng = random.Random(seed)
    state = {"mode": "up"}

    def controller() -> None:
        while True:
            chaos = control.exists() and control.read_text().strip() == "chaos"
            mode = rng.choice(MODES) if chaos else "up"
            if mode != state["mode"]:
                print(f"{time.monotonic():.2f} link {mode}", flush=True)
            state["mode"] = mode
            time.sleep(rng.uniform(0.2, 1.5) if chaos else 0.1)

    threading.Thread(target=controller, daemon=True).start()
    server = socket.socket()
    server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    server.bind(("127.0.0.1", listen))
    server.listen(64)
    while True:
        client, _ = server.accept()
        mode = state["mode"]
        budget = rng.randint(1, 20000) if mode == "cut" else None
        threading.Thread(
            target=serve, args=(client, target, mode, budget, state), daemon=True
        ).start()


def serve(client: socket.socket, target: int, mode: str, budget, state) -> None:
    try:
        if mode == "refuse":
            client.setsockopt(
                socket.SOL_SOCKET, socket.SO_LINGER, b"\x01\x00\x00\x00\x00\x00\x00\x00"
            )
            return
        if mode == "stall":
            while state["mode"] == "stall":
                time.sleep(0.1)
            return  # closed without a byte forwarded
        upstream = socket.create_connection(("127.0.0.1", target))
        sent = [0]

        def pipe(source: socket.socket, sink: socket.socket) -> None:
            try:
                while data := source.recv(4096):
                    if budget is not None:
                        sent[0] += len(data)
                        if sent[0] > budget:
                            break
                    sink.sendall(data)
            except OSError:
                pass
            finally:
                for each in (source, sink):
                    with contextlib.suppress(OSError):
                        each.shutdown(socket.SHUT_RDWR)

        back = threading.Thread(target=pipe, args=(upstream, client), daemon=True)
        back.start()
        pipe(client, upstream)
        back.join()
        upstream.close()
    except OSError:
        pass
    finally:
        client.close()


if __name__ == "__main__":
    main()
