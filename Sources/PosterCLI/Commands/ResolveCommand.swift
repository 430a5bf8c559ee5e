import Foundation
import NMTIDomain
import PosterFiles

/// `nmti-poster resolve <result>`: checks a result JSON and prints what a
/// poster of it would show, as JSON.
struct ResolveCommand: Command {
    static let spec = CommandSpec(
        name: "resolve",
        abstract: "Check a quiz result and print its resolved personality as JSON.",
        discussion: """
            Reads a result JSON (see docs/result-json.md), resolves the personality from
            its scores, and prints the code, alias, title, pack copy, chart readings,
            the link its poster carries and, for invited results, the inviter and the
            pairing. Keys are sorted and text is UTF-8, unescaped.

            <result> may also be an invite or reply link in any form (nmti://...,
            https://<base>/i?... or /r?..., or the compact https://<base>/I/... or
            /R/...; docs/links.md): a reply resolves to the invitee's invited result,
            with the inviter and the pairing. "signature" then says whether the link's
            sig verified against --link-key-file ("verified"), was absent ("unsigned")
            or did not verify ("not-verified"); nicknames are kept only when it
            verified. "givenForm" says which form the link was in (nmti, web or
            compact) and "givenLink" is that link in its long form, for people, with
            its own signature.

            "link" is the link a poster of the result carries, in its long form for
            people: the web form under --link-base (or nmti:// without one), signed
            with the key. With --link-base, "compactLink" is the compact form that the
            poster's QR code holds; it is absent when the compact form cannot hold the
            link (a score outside -16...15), and the QR code then holds "link".

            An invalid result is reported as one line naming the file and JSON path,
            with exit status 65 (a link that cannot be parsed: 65, naming the
            parameter); a missing file exits with 66.

            -o writes atomically to a random temporary name renamed into place; a
            FIFO or character device is streamed into, a symlink, folder, block
            device or socket is refused with 73.

            EXAMPLES:
              nmti-poster resolve Fixtures/results/workplace-PRED.json
              cat result.json | nmti-poster resolve -
              nmti-poster resolve 'nmti://invite?pack=student&from=PRED&scores=6.3.2.5'
              nmti-poster resolve result.json --link-base https://nmti.example/
            """,
        arguments: [ArgumentSpec("result", help: "The result JSON file, an invite or reply link, or - to read standard input.")],
        options: [
            .value(
                "output", short: "o", valueName: "path", defaultValue: "-",
                help: "Where to write the JSON; - is standard output.")
        ] + LinkOptions.specOptions)

    /// The result file, or `-`.
    let input: String
    /// The output file, or `-`.
    let output: String
    /// How links are printed and checked.
    let links: LinkOptions

    init(_ values: ParsedValues) throws(UsageError) {
        input = values.argument("result") ?? ResultInput.standardInputPath
        output = try OutputOption.check(values.option("output") ?? "-", image: false)
        links = try LinkOptions(values)
    }

    func run(io: inout some TerminalIO) throws(CommandFailure) {
        let style = try links.style()
        let link = LinkInput.isLink(input) ? try LinkInput(input, signer: style.signer) : nil
        let result: QuizResult
        if let link { result = link.result } else { result = try ResultInput.load(input, io: &io) }
        let data: Data
        do {
            var document = ResolvedDocument(ResolvedResult(result), links: style)
            document.signature = link?.signature
            document.givenForm = link?.formName
            document.givenLink = link?.longText
            data = try document.jsonData()
        } catch {
            throw CommandFailure(.internalError, "cannot encode the resolved result: \(error)", cause: error)
        }
        do throws(IOFailure) {
            if output == "-" {
                try io.write(String(decoding: data, as: UTF8.self), to: .output)
            } else {
                try io.writeFile(data, to: output)  // see OutputTarget: atomic, or streamed into a FIFO or device
            }
        } catch {
            throw CommandFailure(output == "-" ? .stream : .outputUnwritable, error.description, cause: error)
        }
    }
}
