import PosterDisplay
import Testing

/// `Color(hex:)`, which reads every bound colour on every render.
@Suite struct ColorHexTests {
    @Test(arguments: [
        ("#FF5A36", 255, 90, 54, 255), ("#ff5a36", 255, 90, 54, 255), ("#F53", 255, 85, 51, 255),
        ("#F538", 255, 85, 51, 136), ("#FF5A3680", 255, 90, 54, 128), ("#000000", 0, 0, 0, 255),
    ])
    func readsEveryForm(hex: String, red: Int, green: Int, blue: Int, alpha: Int) throws {
        let color = try #require(Color(hex: hex))
        #expect(color == Color(red: Double(red) / 255, green: Double(green) / 255, blue: Double(blue) / 255,
                               alpha: Double(alpha) / 255))
    }

    @Test(arguments: ["", "#", "FF5A36", "#FF5A3", "#FF5A36F", "#FF5A36FF0", "#GG0000", " #FF5A36", "#FF5A36 ",
                      "#ＦＦ5A36", "#FF5A3６", "#\u{301}FF5A36", "##FF5A36", "#12345678901234567890"])
    func rejectsEverythingElse(hex: String) {
        #expect(Color(hex: hex) == nil)
    }
}
