"""scripts/check-cdn's checks (see there): Varnish and nginx, as shipped in deploy/, in front
of two `nmti-poster serve` origins on 127.0.0.1. Prints one line per check and exits 1 on
the first failure. Every process it starts is stopped by its own id at the end."""
import http.client
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time

BINARY = os.path.abspath(sys.argv[1])
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
START = time.time()
SCRATCH = tempfile.mkdtemp(prefix="nmti-check-cdn.")
os.chmod(SCRATCH, 0o755)  # Varnish's and nginx's unprivileged workers read below it
PROCESSES = []
LAME_DUCK = 6  # > the idle timeout (5 s) and > Varnish's probe detection (about 3 s)
APPLE_APP = "ABCDE12345.com.example.nmti"


def say(text):
    print(f"check-cdn: [{time.time() - START:4.0f}s] {text}", flush=True)


class Failure(Exception):
    pass


def check(condition, text):
    if not condition:
        raise Failure(text)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def get(port, path, headers=None, timeout=30):
    """One request on a fresh connection: (status, headers with lowercased names, body)."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        connection.request("GET", path, headers=headers or {})
        response = connection.getresponse()
        body = response.read()
        return response.status, {k.lower(): v for k, v in response.getheaders()}, body
    finally:
        connection.close()


def start(arguments, log, **options):
    handle = open(log, "wb")
    process = subprocess.Popen(arguments, stdout=handle, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, **options)
    PROCESSES.append(process)
    return process


class Origin:
    def __init__(self, name, port, extra):
        self.name, self.port, self.extra = name, port, extra
        self.generation = 0
        self.start()

    def start(self, lame_duck=LAME_DUCK):
        self.generation += 1
        self.log = os.path.join(SCRATCH, f"{self.name}-{self.generation}.log")
        self.process = start([
            BINARY, "serve", "--host", "127.0.0.1", "--port", str(self.port), "--themes", os.path.join(ROOT, "Themes"),
            "--workers", "1", "--queue", "2", "--lame-duck-s", str(lame_duck), "--drain-s", "10",
            "--trusted-proxy", "127.0.0.1", "--apple-app-id", APPLE_APP,
            "--android-package", "com.example.nmti", "--android-cert-sha256", ":".join(["AB"] * 32),
        ] + self.extra, self.log)

    def wait_listening(self):
        deadline = time.time() + 120
        while time.time() < deadline:
            if any(line.get("event") == "listening" for line in self.lines()):
                return
            check(self.process.poll() is None, f"{self.name} exited: {open(self.log).read()[-2000:]}")
            time.sleep(0.1)
        raise Failure(f"{self.name} did not start")

    def lines(self):
        """The JSON lines of this origin's log so far (all of its generations)."""
        result = []
        for generation in range(1, self.generation + 1):
            path = os.path.join(SCRATCH, f"{self.name}-{generation}.log")
            with open(path, errors="replace") as handle:
                for line in handle:
                    if line.startswith("{"):
                        try:
                            result.append(json.loads(line))
                        except ValueError:
                            pass
        return result

    def requests(self, marker):
        return [line for line in self.lines() if "status" in line and marker in line.get("path", "")]


def origin_requests(origins, marker):
    return sorted((dict(line, origin=o.name) for o in origins for line in o.requests(marker)), key=lambda line: line["ts"])


def start_varnish(port, origins):
    vcl = open(os.path.join(ROOT, "deploy/varnish/default.vcl")).read()
    check('.port = "8081"' in vcl and '.port = "8082"' in vcl, "the VCL's backends moved; update check-cdn")
    vcl = vcl.replace('.port = "8081"', f'.port = "{origins[0].port}"').replace('.port = "8082"', f'.port = "{origins[1].port}"')
    path = os.path.join(SCRATCH, "default.vcl")
    open(path, "w").write(vcl)
    jail = [] if os.geteuid() == 0 else ["-j", "none"]
    start(["varnishd", "-F", "-a", f"127.0.0.1:{port}", "-f", path, "-n", os.path.join(SCRATCH, "varnish"),
           "-s", "malloc,128m", "-T", "127.0.0.1:0"] + jail, os.path.join(SCRATCH, "varnish.log"))


def start_nginx(port, origins):
    conf = open(os.path.join(ROOT, "deploy/nginx/nmti-poster.conf")).read()
    for old in ["server 127.0.0.1:8081", "server 127.0.0.1:8082", "listen 127.0.0.1:8080;", "/var/cache/nginx/nmti-poster"]:
        check(old in conf, f"the nginx configuration no longer says '{old}'; update check-cdn")
    cache = os.path.join(SCRATCH, "nginx-cache")
    os.makedirs(cache)
    os.chmod(cache, 0o777)
    conf = (conf.replace("server 127.0.0.1:8081", f"server 127.0.0.1:{origins[0].port}")
            .replace("server 127.0.0.1:8082", f"server 127.0.0.1:{origins[1].port}")
            .replace("listen 127.0.0.1:8080;", f"listen 127.0.0.1:{port};")
            .replace("/var/cache/nginx/nmti-poster", cache))
    open(os.path.join(SCRATCH, "nmti-poster.conf"), "w").write(conf)
    temp = os.path.join(SCRATCH, "nginx-temp")
    os.makedirs(temp)
    os.chmod(temp, 0o777)
    main = f"""worker_processes 2;
pid {SCRATCH}/nginx.pid;
error_log {SCRATCH}/nginx-error.log;
events {{ worker_connections 512; }}
http {{
    log_format cache '$msec "$request" $status $upstream_cache_status $upstream_status $upstream_addr';
    access_log {SCRATCH}/nginx-access.log cache;
    client_body_temp_path {temp}/body;
    proxy_temp_path {temp}/proxy;
    fastcgi_temp_path {temp}/fastcgi;
    uwsgi_temp_path {temp}/uwsgi;
    scgi_temp_path {temp}/scgi;
    include {SCRATCH}/nmti-poster.conf;
}}
"""
    open(os.path.join(SCRATCH, "nginx.conf"), "w").write(main)
    start(["nginx", "-p", SCRATCH, "-c", os.path.join(SCRATCH, "nginx.conf"), "-g", "daemon off;"],
          os.path.join(SCRATCH, "nginx.log"))


def wait_answering(port, what):
    deadline = time.time() + 30
    while time.time() < deadline:
        try:
            if get(port, "/healthz", timeout=2)[0] == 200:
                return
        except OSError:
            pass
        time.sleep(0.2)
    raise Failure(f"{what} does not answer on {port}")


def check_revalidation(cache, port, origins):
    marker = f"{cache}-plain"
    path = f"/v1/posters/classic.png?c=1&s=2&e=3&a=4&nickname={marker}"
    status, headers, first = get(port, path)
    check(status == 200, f"{cache}: plain poster {status}")
    check(headers.get("cache-control") == "public, max-age=0, s-maxage=1", f"{cache}: Cache-Control {headers.get('cache-control')}")
    etag = headers["etag"]
    status, _, again = get(port, path)
    check(status == 200 and again == first and len(origin_requests(origins, marker)) == 1,
          f"{cache}: the plain poster was not stored (origin saw {len(origin_requests(origins, marker))} requests)")
    # nginx keeps freshness in whole seconds: `s-maxage=1` lasts 1 to 2 s there.
    for _ in range(4):
        time.sleep(2.1)
        status, headers, body = get(port, path)
        check(status == 200 and body == first, f"{cache}: after revalidation {status}, {len(body)} bytes, not the poster")
        check(headers.get("content-length") == str(len(first)), f"{cache}: Content-Length {headers.get('content-length')} != {len(first)}")
    time.sleep(0.5)  # Varnish revalidates in the background
    seen = origin_requests(origins, marker)
    rendered = [line for line in seen if line.get("renderMs") is not None]
    revalidated = [line for line in seen if line["status"] == 304]
    check(len(rendered) == 1, f"{cache}: {len(rendered)} renders of one poster")
    check(len(revalidated) >= 4 and len(revalidated) == len(seen) - 1, f"{cache}: origin answers {[line['status'] for line in seen]}")
    check({line["origin"] for line in revalidated} == {"origin-1", "origin-2"}, f"{cache}: 304s only from {sorted({line['origin'] for line in revalidated})}")
    status, _, body = get(port, path, {"If-None-Match": etag})
    check(status == 304 and body == b"", f"{cache}: a client's If-None-Match got {status}")
    say(f"{cache}: plain URL stored, then revalidated {len(revalidated)} times with 304s from both origins "
        f"(origin-2 keeps no poster cache: Content-Length: 0 on its 304s), 1 render; every client answer "
        f"the full {len(first)} bytes; a client's If-None-Match gets 304 from the cache")
    return first, etag


def check_immutable(cache, port, origins, first, etag):
    marker = f"{cache}-plain&v="
    path = f"/v1/posters/classic.png?c=1&s=2&e=3&a=4&nickname={cache}-plain&v={etag.strip(chr(34))}"
    for round in range(3):
        status, headers, body = get(port, path)
        check(status == 200 and body == first, f"{cache}: v= URL {status}")
        check(headers.get("cache-control") == "public, max-age=31536000, immutable", f"{cache}: v= Cache-Control {headers.get('cache-control')}")
        if round < 2:
            time.sleep(1.5)
    count = len(origin_requests(origins, marker))
    check(count == 1, f"{cache}: the v= URL reached the origin {count} times")
    say(f"{cache}: v= URL fetched 3 times over 3 s: the origin saw it once (immutable)")


def check_errors(cache, port, origins):
    for path, expected in [(f"/v1/posters/nope.png?c=1&s=1&e=1&a=1&nickname={cache}-err", 404),
                           (f"/v1/posters/classic.png?c=x&s=1&e=1&a=1&nickname={cache}-err", 400)]:
        for _ in range(2):
            status, headers, _ = get(port, path)
            check(status == expected and headers.get("cache-control") == "no-store", f"{cache}: {path} {status}")
    count = len(origin_requests(origins, f"{cache}-err"))
    check(count == 4, f"{cache}: errors reached the origin {count} times of 4")
    say(f"{cache}: 404 and 400 (no-store) not stored: all 4 requests reached the origin")


def burst(port, paths, timeout=60):
    answers = []
    lock = threading.Lock()

    def one(path):
        try:
            result = get(port, path, timeout=timeout)
        except OSError as error:
            result = (f"error {error}", {}, b"")
        with lock:
            answers.append(result)

    threads = [threading.Thread(target=one, args=(path,)) for path in paths]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout + 5)
    return answers


def check_overload(cache, port, origins):
    answers = burst(port, [f"/v1/posters/neon.png?c={i % 7}&s=1&e=2&a=3&nickname={cache}-burst{i}" for i in range(16)])
    statuses = sorted(str(status) for status, _, _ in answers)
    refused = [(headers, body) for status, headers, body in answers if status == 429]
    check(all(status in (200, 429) for status, _, _ in answers), f"{cache}: burst answers {statuses}")
    check(refused, f"{cache}: no 429 in a burst of 16 on 2 x (1 worker + 2 queued)")
    for headers, body in refused:
        check(headers.get("retry-after") == "1" and json.loads(body)["error"]["code"] == "queue-full", f"{cache}: a 429 lost its Retry-After or body")
    counts = {s: statuses.count(s) for s in sorted(set(statuses))}
    say(f"{cache}: 16 renders at once on two saturated origins: {counts}; every 429 with Retry-After: 1, no 5xx")


def check_landing(cache, port, origins):
    marker = f"from={cache}-landing"
    path = f"/i?v=6.-3.2.-5&{marker}"
    status, headers, first = get(port, path)
    check(status == 200 and headers.get("content-type", "").startswith("text/html"), f"{cache}: landing page {status}")
    time.sleep(2.1)
    status, _, body = get(port, path)
    time.sleep(0.5)
    seen = origin_requests(origins, marker)
    check(status == 200 and body == first, f"{cache}: landing page after revalidation {status}")
    check([line["status"] for line in seen] == [200, 304], f"{cache}: landing page origin answers {[line['status'] for line in seen]}")
    say(f"{cache}: landing page stored, then revalidated (origin: 200, then 304)")


def check_well_known(cache, port):
    for path in ["/.well-known/apple-app-site-association", "/.well-known/assetlinks.json"]:
        status, headers, body = get(port, path)
        check(status == 200 and "location" not in headers and headers.get("content-type") == "application/json", f"{cache}: {path} {status}")
        check(APPLE_APP in body.decode() or "com.example.nmti" in body.decode(), f"{cache}: {path} body")
    say(f"{cache}: /.well-known/ files 200 application/json, no redirect")


def shutdown_under_traffic(cache, port, origins, lame_duck, seconds=16, workers=6):
    """SIGTERM origin-1 while `workers` clients request posters through the cache; the counts."""
    pool = [f"/v1/posters/paper.png?c={i % 9}&s={i % 5}&e=1&a=2&nickname={cache}-load{lame_duck}-{i}" for i in range(24)]
    for answer in burst(port, pool[:8]) + burst(port, pool[8:16]) + burst(port, pool[16:]):
        pass  # warm the caches (some may be 429: they are fetched again under load)
    counts, lock, stop = {}, threading.Lock(), time.time() + seconds
    sequence = [0]

    def client(index):
        while time.time() < stop:
            with lock:
                sequence[0] += 1
                n = sequence[0]
            path = pool[n % len(pool)] if n % 4 else f"/v1/posters/paper.png?c=1&s=1&e=1&a=1&nickname={cache}-unique{lame_duck}-{n}"
            try:
                status = str(get(port, path, timeout=20)[0])
            except OSError as error:
                status = f"connection {type(error).__name__}"
            with lock:
                counts[status] = counts.get(status, 0) + 1

    threads = [threading.Thread(target=client, args=(i,)) for i in range(workers)]
    for thread in threads:
        thread.start()
    time.sleep(3)
    signalled = time.time()
    origins[0].process.send_signal(signal.SIGTERM)
    for thread in threads:
        thread.join(seconds + 30)
    exit_status = origins[0].process.wait(timeout=30)
    lines = origins[0].lines()
    began = max(i for i, line in enumerate(lines) if line.get("event") == "draining")
    served = sum(1 for line in lines[began:] if "status" in line)
    events = [line["event"] for line in lines[began:] if "event" in line]
    return counts, exit_status, time.time() - signalled, events, served


def restart_origin(origin, lame_duck=LAME_DUCK):
    origin.start(lame_duck)
    origin.wait_listening()
    time.sleep(3)  # Varnish's probe marks it healthy again (2 good of 3 at 1 s)


def main():
    origins = [Origin("origin-1", free_port(), []), Origin("origin-2", free_port(), ["--cache-mb", "0"])]
    varnish_port, nginx_port = free_port(), free_port()
    for origin in origins:
        origin.wait_listening()
    start_varnish(varnish_port, origins)
    start_nginx(nginx_port, origins)
    wait_answering(varnish_port, "varnishd")
    wait_answering(nginx_port, "nginx")
    version = subprocess.run(["varnishd", "-V"], capture_output=True, text=True).stderr.split("\n")[0]
    nginx_version = subprocess.run(["nginx", "-v"], capture_output=True, text=True).stderr.strip()
    say(f"origins on 127.0.0.1:{origins[0].port} and :{origins[1].port} (1 worker, queue 2, lame duck {LAME_DUCK} s); "
        f"{version} on :{varnish_port}; {nginx_version} on :{nginx_port}")
    for cache, port in [("varnish", varnish_port), ("nginx", nginx_port)]:
        first, etag = check_revalidation(cache, port, origins)
        check_immutable(cache, port, origins, first, etag)
        check_errors(cache, port, origins)
        check_overload(cache, port, origins)
        check_landing(cache, port, origins)
        check_well_known(cache, port)
    for cache, port in [("varnish", varnish_port), ("nginx", nginx_port)]:
        counts, status, took, events, served = shutdown_under_traffic(cache, port, origins, LAME_DUCK)
        failures = {k: v for k, v in counts.items() if not k.startswith(("2", "3", "429"))}
        check(status == 0, f"{cache}: origin-1 exited {status} after SIGTERM")
        check(not failures, f"{cache}: SIGTERM of origin-1 under traffic: {counts}")
        say(f"{cache}: SIGTERM of origin-1 under traffic ({sum(counts.values())} requests in 16 s, 6 clients): "
            f"{dict(sorted(counts.items()))}, zero 5xx; origin-1 answered {served} requests after SIGTERM "
            f"and exited 0 ({' '.join(events)})")
        restart_origin(origins[0])
    # For comparison, not checked: the same through Varnish without a lame-duck period.
    origins[0].process.send_signal(signal.SIGTERM)
    origins[0].process.wait(timeout=60)
    restart_origin(origins[0], lame_duck=0)
    counts, status, took, _, _ = shutdown_under_traffic("varnish", varnish_port, origins, 0)
    failed = sum(v for k, v in counts.items() if not k.startswith(("2", "3", "429")))
    say(f"varnish, for comparison, origin-1 with --lame-duck-s 0: {dict(sorted(counts.items()))} ({failed} failed)")
    say("passed")


try:
    main()
    code = 0
except Failure as failure:
    print(f"check-cdn: FAILED: {failure}", file=sys.stderr)
    code = 1
finally:
    for process in PROCESSES:
        if process.poll() is None:
            process.send_signal(signal.SIGTERM)
    for process in PROCESSES:
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
    if os.environ.get("NMTI_CHECK_CDN_KEEP"):
        print(f"check-cdn: logs kept in {SCRATCH}", file=sys.stderr)
    else:
        shutil.rmtree(SCRATCH, ignore_errors=True)
sys.exit(code)
