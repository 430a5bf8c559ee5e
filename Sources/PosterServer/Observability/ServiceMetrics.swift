import Foundation
import Synchronization

/// What `/metrics` reports: requests by route and status, duration histograms by
/// route (requests; queue wait, render and encode), the build, the process, and
/// (supplied when asked) gauges.
final class ServiceMetrics: Sendable {
    struct Counts {
        var requests: [String: Int] = [:]  // "route\u{0}status"
        var queueWait: [String: DurationHistogram] = [:]  // by route
        var render: [String: DurationHistogram] = [:]
        var encode: [String: DurationHistogram] = [:]
        var request: [String: DurationHistogram] = [:]
    }

    private let counts = Mutex(Counts())
    /// `nmti_build_info`'s labels, written once.
    let buildLabels: String

    /// Metrics of a service whose build is `build` (see `BuildInfo`).
    init(build: BuildInfo) {
        buildLabels = build.labels.map { "\($0.name)=\"\(PrometheusText.label($0.value))\"" }.joined(separator: ",")
    }

    func countRequest(route: String, status: Int, nanoseconds: UInt64) {
        counts.withLock {
            $0.requests["\(route)\u{0}\(status)", default: 0] += 1
            $0.request[route, default: DurationHistogram()].record(nanoseconds: nanoseconds)
        }
    }

    func recordRender(route: String, queueWait: UInt64, draw: UInt64, encode: UInt64) {
        counts.withLock {
            $0.queueWait[route, default: DurationHistogram()].record(nanoseconds: queueWait)
            $0.render[route, default: DurationHistogram()].record(nanoseconds: draw)
            $0.encode[route, default: DurationHistogram()].record(nanoseconds: encode)
        }
    }

    /// A histogram family's samples, one set of series per route.
    private static func byRoute(_ name: String, _ histograms: [String: DurationHistogram]) -> [String] {
        histograms.keys.sorted().flatMap { route in
            histograms[route]!.lines(name, labels: "route=\"\(PrometheusText.label(route))\"")
        }
    }

    /// Gauges and counters read from the rest of the service at scrape time.
    struct Snapshot {
        var inFlight: Int
        var queued: Int
        var queueCapacity: Int
        var workers: Int
        var rejected: Int
        var cache: PosterCache.Statistics
        var cacheCapacity: Int
        var openConnections: Int
        var readTimeouts: Int
        var evictedConnections: Int
        var ready: Bool
        var saturated: Bool
    }

    /// The whole exposition text.
    func exposition(_ snapshot: Snapshot) -> String {
        let state = counts.withLock { $0 }
        var lines: [String] = []
        func metric(_ name: String, _ type: String, _ help: String, _ samples: [String]) {
            lines.append("# HELP \(name) \(help)")
            lines.append("# TYPE \(name) \(type)")
            lines += samples
        }
        let requestSamples = state.requests.keys.sorted().map { key -> String in
            let parts = key.split(separator: "\u{0}", maxSplits: 1).map(String.init)
            return "nmti_http_requests_total{route=\"\(PrometheusText.label(parts[0]))\",status=\"\(parts[1])\"} \(state.requests[key] ?? 0)"
        }
        metric("nmti_http_requests_total", "counter", "HTTP requests answered, by route and status.", requestSamples)
        metric("nmti_http_request_duration_seconds", "histogram", "From the request line to the answer being queued, by route.",
               Self.byRoute("nmti_http_request_duration_seconds", state.request))
        metric("nmti_render_queue_wait_seconds", "histogram", "Time a render waited for a worker, by route.", Self.byRoute("nmti_render_queue_wait_seconds", state.queueWait))
        metric("nmti_render_seconds", "histogram", "Binding, layout and drawing of one poster, by route.", Self.byRoute("nmti_render_seconds", state.render))
        metric("nmti_encode_seconds", "histogram", "PNG encoding of one poster, by route.", Self.byRoute("nmti_encode_seconds", state.encode))
        metric("nmti_renders_in_flight", "gauge", "Renders running now.", ["nmti_renders_in_flight \(snapshot.inFlight)"])
        metric("nmti_render_queue_length", "gauge", "Renders waiting for a worker.", ["nmti_render_queue_length \(snapshot.queued)"])
        metric("nmti_render_queue_capacity", "gauge", "Renders that may wait (--queue).", ["nmti_render_queue_capacity \(snapshot.queueCapacity)"])
        metric("nmti_render_workers", "gauge", "Render workers (--workers).", ["nmti_render_workers \(snapshot.workers)"])
        metric("nmti_render_rejected_total", "counter", "Renders refused with 429 because the queue was full.", ["nmti_render_rejected_total \(snapshot.rejected)"])
        metric("nmti_cache_hits_total", "counter", "Poster cache look-ups that found the poster.", ["nmti_cache_hits_total \(snapshot.cache.hits)"])
        metric("nmti_cache_misses_total", "counter", "Poster cache look-ups that did not.", ["nmti_cache_misses_total \(snapshot.cache.misses)"])
        metric("nmti_cache_evictions_total", "counter", "Posters evicted from the cache to make room.", ["nmti_cache_evictions_total \(snapshot.cache.evictions)"])
        metric("nmti_cache_bytes", "gauge", "PNG bytes held by the poster cache.", ["nmti_cache_bytes \(snapshot.cache.bytes)"])
        metric("nmti_cache_capacity_bytes", "gauge", "The cache's memory bound (--cache-mb).", ["nmti_cache_capacity_bytes \(snapshot.cacheCapacity)"])
        metric("nmti_http_open_connections", "gauge", "HTTP connections open now.", ["nmti_http_open_connections \(snapshot.openConnections)"])
        metric("nmti_http_read_timeouts_total", "counter", "Connections cut off for not sending their request in time.", ["nmti_http_read_timeouts_total \(snapshot.readTimeouts)"])
        metric("nmti_http_connections_evicted_total", "counter", "Quiet connections closed at the connection limit to let a new one in.", ["nmti_http_connections_evicted_total \(snapshot.evictedConnections)"])
        metric("nmti_ready", "gauge", "1 when /readyz answers 200 (serving; not starting or draining).", ["nmti_ready \(snapshot.ready ? 1 : 0)"])
        metric("nmti_saturated", "gauge", "1 while the render queue is full (new renders get 429).", ["nmti_saturated \(snapshot.saturated ? 1 : 0)"])
        metric("nmti_build_info", "gauge", "The build: version, engine digest, drawing library versions and the pinned fonts' digest.",
               ["nmti_build_info{\(buildLabels)} 1"])
        let process = ProcessSample.now()
        metric("process_cpu_seconds_total", "counter", "Total user and system CPU time spent in seconds.",
               ["process_cpu_seconds_total \(PrometheusText.number(process.cpuSeconds))"])
        metric("process_start_time_seconds", "gauge", "Start time of the process since unix epoch in seconds.",
               ["process_start_time_seconds \(PrometheusText.number(process.startTime))"])
        metric("process_open_fds", "gauge", "Number of open file descriptors.", ["process_open_fds \(process.openDescriptors)"])
        metric("process_max_fds", "gauge", "Maximum number of open file descriptors.", ["process_max_fds \(process.maximumDescriptors)"])
        metric("process_virtual_memory_bytes", "gauge", "Virtual memory size in bytes.", ["process_virtual_memory_bytes \(process.virtualBytes)"])
        metric("process_resident_memory_bytes", "gauge", "Resident memory size in bytes.", ["process_resident_memory_bytes \(ResidentMemory.bytes())"])
        return lines.joined(separator: "\n") + "\n"
    }
}

/// The process's resident set size, from `/proc/self/statm`.
package enum ResidentMemory {
    /// Resident bytes now; 0 when `/proc` cannot be read.
    package static func bytes() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }
}
