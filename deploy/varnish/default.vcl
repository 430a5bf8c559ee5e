# Varnish 7.1 (Debian bookworm) in front of `nmti-poster serve` origins.
# Checked as shipped by scripts/check-cdn (docs/deploy.md, "Behind a CDN"); only the two
# backends' addresses are yours to change.
vcl 4.1;

import directors;

# Readiness, not liveness: /readyz is 503 while an origin starts and while it drains
# (its lame-duck period, --lame-duck-s, keeps serving meanwhile), never because it is busy.
# Two failed probes of the last three mark an origin sick: at most about 2 s after SIGTERM,
# so --lame-duck-s must exceed interval x (window - threshold + 1) + timeout = 3 s.
probe readiness {
    .url = "/readyz";
    .interval = 1s;
    .timeout = 1s;
    .window = 3;
    .threshold = 2;
    .initial = 2;
    .expected_response = 200;
}

backend origin_1 {
    .host = "127.0.0.1";
    .port = "8081";
    .probe = readiness;
    .connect_timeout = 1s;
    .first_byte_timeout = 30s;
}

backend origin_2 {
    .host = "127.0.0.1";
    .port = "8082";
    .probe = readiness;
    .connect_timeout = 1s;
    .first_byte_timeout = 30s;
}

sub vcl_init {
    new origins = directors.round_robin();
    origins.add_backend(origin_1);
    origins.add_backend(origin_2);
}

sub vcl_recv {
    set req.backend_hint = origins.backend();
    # One id from the edge to the origin's log line, the client's if it sent one.
    if (!req.http.X-Request-Id) {
        set req.http.X-Request-Id = req.xid;
    }
    # Metrics are for your Prometheus, which scrapes the origins directly.
    if (req.url ~ "^/metrics(\?|$)") {
        return (synth(404));
    }
    if (req.url ~ "^/(healthz|readyz|version)(\?|$)") {
        return (pass);
    }
    # The whole URL, query included, is the cache key (the default hash): keep it so.
}

sub vcl_backend_response {
    # Posters and landing pages say `public, max-age=0, s-maxage=1`: stored for a second,
    # then revalidated. `keep` holds the object after that, so the revalidation is a
    # conditional request (If-None-Match), which the origin answers 304 from the ETag
    # alone, without drawing; without it Varnish would fetch the whole poster again.
    if (beresp.status == 200 && beresp.http.ETag) {
        set beresp.keep = 1d;
    }
    # The origin's request id named the fetch, not the requests the object will answer.
    unset beresp.http.X-Request-Id;
    # Errors say `no-store` and 429s `Retry-After`: the built-in VCL passes them on uncached.
}

sub vcl_deliver {
    set resp.http.X-Request-Id = req.http.X-Request-Id;
}
