#!/usr/bin/env python3
"""Writes the seeds of the link and HTTP fuzz targets (Fixtures/fuzz/link/, Fixtures/fuzz/http/).

Signatures are made with the keys the targets use (Fuzz/Sources/fuzz-link/LinkSigning.swift,
Fuzz/Sources/fuzz-http/ServicesUnderTest.swift), so signed seeds verify: rerun this after
changing a key, a link's canonical text or the URL signing rules (docs/links.md, README "Signed URLs").

    scripts/fuzz-seeds.py
"""
import base64
import hashlib
import hmac
import json
import os

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
LINK_FUZZ_KEY = b"fuzz-link-key-A-0123456789abcdef"
HTTP_LINK_KEY = b"fuzz-http-link-key-0123456789abcdef"
HTTP_URL_KEY = b"fuzz-http-url-key-0123456789abcdef"
UNRESERVED = set(b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")


def enc(text):
    """Strict RFC 3986 percent-encoding, as PercentEncoding.encode."""
    return "".join(chr(b) if b in UNRESERVED else "%%%02X" % b for b in text.encode("utf-8"))


def b64url(data):
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def code(scores):
    c, s, e, a = scores
    return ("P" if c >= 0 else "D") + ("R" if s >= 0 else "O") + ("E" if e >= 0 else "O") + ("D" if a >= 0 else "M")


def text(scores):
    return ".".join(str(v) for v in scores)


class Link:
    """An invite (inviter None) or a reply; a person is (scores or None, code, nickname or None)."""

    def __init__(self, sender, inviter=None, pack="workplace"):
        self.sender, self.inviter, self.pack = sender, inviter, pack

    def web_items(self):
        def person(p, code_name, scores_name):
            return [(scores_name, text(p[0]))] if p[0] else [(code_name, p[1])]
        items = person(self.sender, "t", "v")
        if self.inviter:
            items += person(self.inviter, "it", "iv")
        if self.pack != "workplace":
            items.append(("p", "s"))
        if self.sender[2]:
            items.append(("n", self.sender[2]))
        if self.inviter and self.inviter[2]:
            items.append(("in", self.inviter[2]))
        return items

    def scheme_items(self):
        s, i = self.sender, self.inviter
        items = [("pack", self.pack), ("from", s[1])]
        if s[0]:
            items.append(("scores", text(s[0])))
        if i:
            items.append(("to", i[1]))
            if i[0]:
                items.append(("toScores", text(i[0])))
        if s[2]:
            items.append(("nickname", s[2]))
        if i and i[2]:
            items.append(("toNickname", i[2]))
        return items

    @property
    def path(self):
        return "r" if self.inviter else "i"

    def signature(self, key):
        canonical = "nmti-link-1 %s?" % self.path + query(self.web_items())
        return b64url(hmac.new(key, canonical.encode(), hashlib.sha256).digest()[:16])

    def web(self, base, key=None):
        items = self.web_items() + ([("sig", self.signature(key))] if key else [])
        return base + self.path + "?" + query(items)

    def scheme(self, key=None):
        items = self.scheme_items() + ([("sig", self.signature(key))] if key else [])
        return "nmti://%s?" % ("reply" if self.inviter else "invite") + query(items)


def query(items):
    return "&".join("%s=%s" % (name, enc(value)) for name, value in items)


def person(scores, nickname=None):
    return (scores, code(scores), nickname)


INVITE = Link(person((6, -3, 2, -5), "小王<b>&\"'"), pack="student")
REPLY = Link(person((-4, 5, 7, 1), "阿May"), person((6, -3, 2, -5), "小王"))
OLD = Link((None, "POOM", None), (None, "PRED", "老板"))
EMOJI = Link(person((0, 0, 0, 0), "👨‍👩‍👧‍👦🔥"))


def link_seeds():
    k = LINK_FUZZ_KEY
    return {
        "invite-scheme.txt": INVITE.scheme(),
        "invite-scheme-signed.txt": INVITE.scheme(k),
        "invite-web-signed.txt": INVITE.web("https://nmti.example/", k),
        "reply-web.txt": REPLY.web("https://example.com/nmti/"),
        "reply-web-signed.txt": REPLY.web("https://example.com/nmti/", k),
        "reply-scheme-signed.txt": REPLY.scheme(k),
        "old-codes-only.txt": "nmti://reply?pack=workplace&from=POOM&to=PRED&toNickname=%E8%80%81%E6%9D%BF",
        "old-codes-web-signed.txt": OLD.web("http://127.0.0.1:8080/", k),
        "aliases-lowercase.txt": "NMTI://INVITE?from=hexa&pack=student#fragment",
        # Bidi controls are dropped when a link is read, so the signature does not cover them.
        "emoji-bidi-signed.txt": EMOJI.web("https://nmti.example/", k).replace(enc("🔥"), enc("🔥\u202e")),
        "unknown-parameters.txt": "https://nmti.example/i?utm_source=qr&v=1.2.3.4&x=&sig=",
        "bad-duplicate.txt": "https://nmti.example/i?v=1.2.3.4&v=1.2.3.4",
        "bad-percent.txt": "nmti://invite?from=PRED&nickname=%E5%B0%8",
        "bad-disagree.txt": "nmti://invite?from=DOOM&scores=6.-3.2.-5",
        "bad-base.txt": "https://nmti.example/a/../i?t=PRED",
        "bad-scores.txt": "https://nmti.example/i?v=1.2.3.99999999999999999999",
    }


def sign_url(path, items, body=None):
    """path?items&sig=…: URLSigner's canonical form (sorted, strictly encoded), plus the body's hash for a POST."""
    pairs = sorted((enc(n), enc(v)) for n, v in items)
    canonical = path + ("?" + "&".join("%s=%s" % p for p in pairs) if pairs else "")
    if body is not None:
        canonical += "\n" + hashlib.sha256(body).hexdigest()
    sig = b64url(hmac.new(HTTP_URL_KEY, canonical.encode(), hashlib.sha256).digest())
    return path + "?" + "&".join("%s=%s" % (enc(n), enc(v)) for n, v in items + [("sig", sig)])


def req(line, fields=(), body=b""):
    head = line + "\r\n" + "".join("%s: %s\r\n" % f for f in fields) + "\r\n"
    return head.encode() + body


def chunked(body, pieces=3):
    out = b""
    step = max(1, len(body) // pieces)
    for i in range(0, len(body), step):
        part = body[i:i + step]
        out += b"%x;ext=\"v\"\r\n" % len(part) + part + b"\r\n"
    return out + b"0\r\nX-Trailer: t\r\n\r\n"


def http_seeds():
    h = ("Host", "nmti.example")
    result = json.dumps({"pack": "student", "code": "PLOT", "scores": {"c": 9, "s": -5, "e": -2, "a": 4},
                         "nickname": "🐶", "fromCode": "DROM", "fromNickname": "学霸小李"}, ensure_ascii=False).encode()
    json_type = ("Content-Type", "application/json")
    poster = "/v1/posters/classic.png?c=6&s=-3&e=2&a=-5&pack=student&nickname=" + enc("小王")
    invite_page = "/" + INVITE.web("https://nmti.example/", HTTP_LINK_KEY).split("/", 3)[3]
    reply_page = "/" + REPLY.web("https://nmti.example/").split("/", 3)[3]
    reply_query = REPLY.web("https://nmti.example/").split("?", 1)[1]
    invite_items = INVITE.web_items() + [("ls", INVITE.signature(HTTP_LINK_KEY))]
    largest = "/healthz?" + "a&" * ((8192 - len("/healthz?")) // 2) + "a"
    pads = [("X-Pad-%d" % i, "x" * 980) for i in range(16)]
    tight = b"Host:x\r\n" + b"".join(b"X-Pad-%d:%s\r\n" % (i, b"x" * 1000) for i in range(15))
    tight += b"X-Last:" + b"y" * (16384 - len(tight) - len(b"X-Last:\r\n")) + b"\r\n"
    open_seeds = {
        "probes-pipelined.http": req("GET /healthz HTTP/1.1", [h]) + req("HEAD /readyz HTTP/1.1", [h]) + req("GET /metrics HTTP/1.1", [h]),
        "poster-get.http": req("GET %s HTTP/1.1" % poster, [h, ("Accept", "image/png")]),
        "poster-head-codes.http": req("HEAD /v1/posters/paper.png?code=hexa&from=DOOM&fromNickname=x HTTP/1.1", [h]),
        "poster-if-none-match.http": req("GET /v1/posters/neon.png?c=1&s=2&e=3&a=4 HTTP/1.1", [h, ("If-None-Match", "*")]),
        "render-post.http": req("POST /v1/render?theme=paper HTTP/1.1", [h, json_type, ("Content-Length", str(len(result)))], result),
        "render-chunked.http": req("POST /v1/render HTTP/1.1", [h, ("Content-Type", "application/json; charset=utf-8"), ("Transfer-Encoding", "chunked")], chunked(result)),
        "render-expect-continue.http": req("POST /v1/render?theme=classic HTTP/1.1", [h, json_type, ("Expect", "100-continue"), ("Content-Length", str(len(result)))], result),
        "render-bad-type.http": req("POST /v1/render HTTP/1.1", [h, ("Content-Type", "text/plain"), ("Content-Length", "2")], b"{}"),
        "landing-invite-signed.http": req("GET %s HTTP/1.1" % invite_page, [h, ("Accept", "text/html")]),
        "landing-reply-unsigned.http": req("GET %s HTTP/1.1" % reply_page, [("Host", "127.0.0.1:8080")]),
        "landing-conditional.http": req("GET /i?t=PRED HTTP/1.1", [h, ("If-None-Match", "W/\"abc\", \"def\"")]),
        "landing-bad-link-json.http": req("GET /r?v=1.2.3.4&n=x HTTP/1.1", [h, ("Accept", "application/json")]),
        "landing-bad-link-html.http": req("GET /i?v=1.2.3&n=%ZZ HTTP/1.1", [h]),
        "landing-absolute-form.http": req("GET http://nmti.example:8080/i?v=0.0.0.0&n=Bob HTTP/1.1", [("Host", "other")]),
        "link-image-reply.http": req("GET /v1/links/r/pair.png?%s HTTP/1.1" % reply_query, [h]),
        "link-image-invite-signed.http": req("GET /v1/links/i/classic.png?%s HTTP/1.1" % query(invite_items + [("format", "card")]), [h]),
        "well-known.http": req("GET /.well-known/apple-app-site-association HTTP/1.1", [h]) + req("GET /.well-known/assetlinks.json HTTP/1.1", [h]),
        "http10-no-host.http": req("GET /healthz HTTP/1.0"),
        "options-delete.http": req("OPTIONS * HTTP/1.1", [h]) + req("DELETE /healthz HTTP/1.1", [h]),
        "refused-between-pipelined.http": req("GET /healthz HTTP/1.1", [h]) + req("POST /v1/render HTTP/1.1", [h, ("Content-Length", "5"), ("Content-Length", "5")]) + req("GET /healthz HTTP/1.1", [h]),
        "refused-chunk.http": req("POST /v1/render HTTP/1.1", [h, json_type, ("Transfer-Encoding", "chunked")], b"5\r\n{\"a\":\r\nzz\r\n"),
        "refused-folded.http": req("GET /healthz HTTP/1.1", [h, ("X-A", "b\r\n c")]),
        "refused-forged-mark.http": req("GET /healthz?x=1 HTTP/1.1", [h, ("X-NMTI-Gate", "0-0 readable bad-request-line"), ("X-NMTI-Query", "a=b")]),
        "refused-version.http": b"GET / HTTP/2.0\r\nHost: a\r\n\r\n",
        "bare-lf.http": b"GET /healthz HTTP/1.1\nHost: a\n\n",
        # At the limits: the largest target and header lines served (with and without a space
        # after each colon), one byte more of target, a declared and a chunked body too large.
        "limits-largest-head.http": req("GET %s HTTP/1.1" % largest, [h] + pads),
        "limits-header-no-spaces.http": req("GET /healthz HTTP/1.1").replace(b"\r\n\r\n", b"\r\n" + tight + b"\r\n"),
        "limits-target-too-long.http": req("GET %sa HTTP/1.1" % largest, [h]),
        "limits-body-too-large.http": req("POST /v1/render HTTP/1.1", [h, json_type, ("Content-Length", "65537")]),
        "limits-chunk-too-large.http": req("POST /v1/render HTTP/1.1", [h, json_type, ("Transfer-Encoding", "chunked")], b"10001\r\n"),
    }
    signed_poster = sign_url("/v1/posters/classic.png", [("c", "-6"), ("s", "3"), ("e", "-2"), ("a", "5"), ("nickname", "签名")])
    render_target = sign_url("/v1/render", [("theme", "neon")], result)
    invite_image = sign_url("/v1/links/i/classic.png", invite_items)
    reply_items = REPLY.web_items() + [("ls", REPLY.signature(HTTP_LINK_KEY))]
    reply_image = sign_url("/v1/links/r/pair.png", reply_items)
    signed_seeds = {
        "signed-poster.http": req("GET %s HTTP/1.1" % signed_poster, [h]),
        "signed-render.http": req("POST %s HTTP/1.1" % render_target, [h, json_type, ("Content-Length", str(len(result)))], result),
        "signed-landing-base.http": req("GET /base/" + INVITE.web("https://nmti.example/base/", HTTP_LINK_KEY).split("/base/", 1)[1] + " HTTP/1.1", [h]),
        "signed-landing-reply.http": req("GET /r?" + query(REPLY.web_items() + [("sig", REPLY.signature(HTTP_LINK_KEY))]) + " HTTP/1.1", [h]),
        "signed-link-image-base.http": req("GET /base%s HTTP/1.1" % invite_image, [h]),
        "signed-link-image-reply.http": req("GET %s HTTP/1.1" % reply_image, [h, ("If-None-Match", "W/\"x\"")]),
        "signed-well-known.http": req("GET /.well-known/apple-app-site-association HTTP/1.1", [h]) + req("GET /base/.well-known/assetlinks.json HTTP/1.1", [h]) + req("GET /.well-known/assetlinks.json HTTP/1.1", [h]),
        "signed-bad-signature.http": req("GET %s HTTP/1.1" % signed_poster.replace("c=-6", "c=-7"), [h]) + req("GET /v1/posters/classic.png?c=1&s=1&e=1&a=1 HTTP/1.1", [h]),
    }
    seeds = {name: b"0" + data for name, data in open_seeds.items()}
    seeds.update({name: b"1" + data for name, data in signed_seeds.items()})
    return seeds


def write(folder, files):
    os.makedirs(folder, exist_ok=True)
    for name, data in files.items():
        with open(os.path.join(folder, name), "wb") as out:
            out.write(data.encode() if isinstance(data, str) else data)


write(os.path.join(ROOT, "Fixtures/fuzz/link"), link_seeds())
write(os.path.join(ROOT, "Fixtures/fuzz/http"), http_seeds())
