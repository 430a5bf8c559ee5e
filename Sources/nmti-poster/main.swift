import Foundation
import PosterCLI

// Everything but the process boundary lives in PosterCLI, where tests run it in-process.
NMTIPoster.prepareProcess()
var io = SystemIO()
exit(NMTIPoster.run(Array(CommandLine.arguments.dropFirst()), io: &io).rawValue)
