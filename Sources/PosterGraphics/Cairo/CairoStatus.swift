import CCairo

/// Turns a Cairo status into a Swift error naming the call that produced it.
func checkCairo(_ status: cairo_status_t, _ call: StaticString) throws(GraphicsError) {
    guard status != CAIRO_STATUS_SUCCESS else { return }
    let reason = String(cString: cairo_status_to_string(status))
    throw GraphicsError(.cairo, "\(call) failed: \(reason)")
}
