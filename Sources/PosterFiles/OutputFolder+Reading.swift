import Foundation
#if canImport(Glibc)
import Glibc
#endif

extension OutputFolder {
    /// Why `regularFile(_:limit:)` gave no bytes.
    package enum ReadProblem: Error, Equatable, Sendable {
        /// Nothing under that name (or a folder on the way is missing).
        case missing
        /// A symlink, folder, FIFO, device or socket; or a symlink or file where a
        /// folder on the way should be.
        case notRegular
        /// A regular file with more than one hard link: its bytes can also be
        /// changed through a name outside the folder.
        case hardLinked
        /// Larger than the limit.
        case tooLarge
        /// It could not be opened or read (the errno).
        case unreadable(Int32)
    }

    /// The bytes of `relative` when it is a regular file with a single link, inside the
    /// root (every folder on the way walked without following symlinks, the file opened
    /// `O_NOFOLLOW` and checked to be the node examined), of at most `limit` bytes;
    /// otherwise why not. Nothing is followed or opened that is not a regular file.
    package func regularFile(_ relative: String, limit: Int) -> Result<Data, ReadProblem> {
        guard let parts = try? Self.components(of: relative) else { return .failure(.notRegular) }
        let folder: Int32
        do throws(WriteFailure) {
            folder = try openFolder(Array(parts.dropLast()), create: false, shown: relative)
        } catch {
            let problem: ReadProblem = switch error.code {
            case ENOENT: .missing
            case ELOOP, ENOTDIR: .notRegular
            default: .unreadable(error.code ?? EIO)
            }
            return .failure(problem)
        }
        defer { close(folder) }
        let name = parts.last!
        var named = stat()
        guard fstatat(folder, name, &named, AT_SYMLINK_NOFOLLOW) == 0 else { return .failure(errno == ENOENT ? .missing : .unreadable(errno)) }
        guard NodeKind(named.st_mode) == .regular else { return .failure(.notRegular) }
        guard named.st_nlink == 1 else { return .failure(.hardLinked) }
        guard Int(named.st_size) <= limit else { return .failure(.tooLarge) }
        let descriptor = openat(folder, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard descriptor >= 0 else { return .failure(errno == ELOOP ? .notRegular : errno == ENOENT ? .missing : .unreadable(errno)) }
        defer { close(descriptor) }
        var opened = stat()
        guard fstat(descriptor, &opened) == 0 else { return .failure(.unreadable(errno)) }
        // Swapped since the fstatat: judge what was opened.
        guard NodeKind(opened.st_mode) == .regular else { return .failure(.notRegular) }
        guard opened.st_nlink <= 1 else { return .failure(.hardLinked) }
        do throws(RegularFileBytes.Failure) {
            return .success(try RegularFileBytes.contents(of: descriptor, limit: limit))
        } catch {
            let problem: ReadProblem = switch error {
            case .tooLarge: .tooLarge
            case .system(let code): .unreadable(code)
            case .notRegular: .notRegular
            }
            return .failure(problem)
        }
    }
}
