import NMTIDomain
import PosterLinks
import PosterScan

/// The scan lint: every QR code a poster draws must read back, with a real decoder (zbar),
/// to exactly its text after a chat app's recompression (`ScanLint.Case`: a Lanczos
/// downscale and a JPEG), for the typical and the longest personalised, signed links.
public enum ScanLint {
    /// One personalised link the lint draws on every variant, and the recompression it must survive.
    public struct Case: Sendable, Hashable {
        /// How reports name it: `typical link` or `longest link`.
        public let name: String
        /// This result's nickname.
        public let nickname: String
        /// The inviter's nickname (every case is an invited result: a reply link carries both).
        public let inviterNickname: String
        /// The scale the poster is shrunk to before the JPEG, such as 0.5.
        public let scale: Double
        /// The JPEG quality, such as 75.
        public let jpegQuality: Int

        /// A case.
        public init(name: String, nickname: String, inviterNickname: String, scale: Double, jpegQuality: Int) {
            self.name = name
            self.nickname = nickname
            self.inviterNickname = inviterNickname
            self.scale = scale
            self.jpegQuality = jpegQuality
        }

        /// A typical invited student: a 7-character nickname with an emoji, an inviter of 5
        /// characters; it must read at half size and JPEG quality 75 (a Moments screenshot).
        public static let typical = Case(name: "typical link", nickname: QRBoxLint.typicalNicknames.sender,
                                         inviterNickname: QRBoxLint.typicalNicknames.inviter, scale: 0.5, jpegQuality: 75)
        /// Both nicknames at the 24-character limit; it must read at 0.72x and quality 80.
        public static let longest = Case(name: "longest link", nickname: String(repeating: "卷", count: 12) + String(repeating: "摸鱼", count: 6),
                                         inviterNickname: String(repeating: "打工人", count: 8), scale: 0.72, jpegQuality: 80)

        /// The recompression of this case.
        var recompression: Recompression { Recompression(scale: scale, jpegQuality: jpegQuality) }
    }

    /// The cases every check runs.
    public static let cases: [Case] = [.typical, .longest]

    /// The base links are checked under when the caller has none: the length of a short
    /// real domain (docs/themes.md, "Checking and rendering a theme").
    public static let referenceBase = try! LinkBase(QRBoxLint.referenceBase)

    /// The key the lint signs with: a signature's length, not its value, decides the code's density.
    static let signer = try! LinkSigner(keys: [Array("nmti scan lint: not a secret key".utf8)])

    /// Whether the decoder libraries are there; the reason (naming the Debian packages) when not.
    public static func unavailableReason() -> String? { QRScanner.availability()?.description }

    /// The result a case draws for one sample: invited by the next type in the catalogue, both nicknamed.
    static func result(for sample: ThemeSample, case check: Case) -> QuizResult {
        let own = sample.result
        let codes = PersonalityCode.all
        let inviterCode = own.fromCode ?? codes[((codes.firstIndex(of: own.code) ?? 0) + 1) % codes.count]
        let inviterScores = own.fromScores ?? QuizResult.catalogueSample(for: inviterCode, pack: own.pack).scores
        return QuizResult(scores: own.scores, pack: own.pack, nickname: check.nickname, fromCode: inviterCode,
                          fromScores: inviterScores, fromNickname: check.inviterNickname)
    }
}
