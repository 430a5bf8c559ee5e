#!/usr/bin/env python3
"""Baseline: the engine behind a one-process-per-request HTTP wrapper, as a new user
would write it: every GET /v1/posters/<theme>.png?... runs `nmti-poster render - -o -`.

Usage: process_wrapper.py BINARY PORT (threaded http.server on 127.0.0.1)."""
import json, subprocess, sys
from http.server import ThreadingHTTPServer, BaseHTTPRequestHandler
from urllib.parse import urlparse, parse_qs

BINARY, PORT = sys.argv[1], int(sys.argv[2])

class Handler(BaseHTTPRequestHandler):
    def do_GET(self):
        url = urlparse(self.path)
        theme = url.path.rsplit("/", 1)[-1].removesuffix(".png")
        q = {k: v[0] for k, v in parse_qs(url.query).items()}
        result = {"scores": {k: int(q.get(k, 0)) for k in "csea"}, "pack": q.get("pack", "workplace")}
        if "nickname" in q: result["nickname"] = q["nickname"]
        run = subprocess.run([BINARY, "render", "-", "-o", "-", "--theme", theme, "-q"],
                             input=json.dumps(result).encode(), capture_output=True)
        status = 200 if run.returncode == 0 else 400
        body = run.stdout if status == 200 else run.stderr
        self.send_response(status)
        self.send_header("Content-Type", "image/png" if status == 200 else "text/plain")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass

ThreadingHTTPServer(("127.0.0.1", PORT), Handler).serve_forever()
