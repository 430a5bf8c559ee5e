import Foundation
import PosterKit
import TestSupport

/// The shipped themes, loaded once for every batch test.
let sharedStore = ThemeStore(directory: packageRoot.appendingPathComponent("Themes"))
