import Foundation
import Glibc

/// The snapshot file's place in the OS page cache, which decides whether a window's reads wait
/// for the disk: a snapshot not read since boot (or pushed out by other files) is not cached.
enum PageCache {
    /// Reads the whole file once, so every later read finds it cached.
    static func load(_ path: String) throws {
        guard let file = FileHandle(forReadingAtPath: path) else { throw PageCacheError.cannotOpen(path) }
        defer { try? file.close() }
        while let chunk = try file.read(upToCount: 1 << 20), !chunk.isEmpty {}
    }

    /// Writes back the file's dirty pages and drops all its pages from the cache, so the next
    /// reads go to the disk as for a snapshot nobody has read since boot.
    static func drop(_ path: String) throws {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { throw PageCacheError.cannotOpen(path) }
        defer { close(fd) }
        // DONTNEED drops clean pages only; a just-generated file may still be dirty.
        guard fsync(fd) == 0 else { throw PageCacheError.failed("fsync", errno) }
        let status = posix_fadvise(fd, 0, 0, Int32(POSIX_FADV_DONTNEED))
        guard status == 0 else { throw PageCacheError.failed("posix_fadvise", status) }
    }

    /// How many bytes of the file are in the page cache (`mincore` over a read-only mapping),
    /// so a run can show that dropping it worked; nil when that cannot be asked.
    static func residentBytes(_ path: String) -> Int? {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var status = stat()
        guard fstat(fd, &status) == 0, status.st_size > 0 else { return nil }
        let length = Int(status.st_size)
        guard let mapping = mmap(nil, length, PROT_READ, MAP_SHARED, fd, 0), mapping != MAP_FAILED else { return nil }
        defer { munmap(mapping, length) }
        let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))
        var pages = [UInt8](repeating: 0, count: (length + pageSize - 1) / pageSize)
        guard mincore(mapping, length, &pages) == 0 else { return nil }
        return pages.reduce(0) { $0 + Int($1 & 1) } * pageSize
    }
}

enum PageCacheError: Error, CustomStringConvertible {
    case cannotOpen(String)
    case failed(String, Int32)

    var description: String {
        switch self {
        case .cannotOpen(let path): "cannot open \(path)"
        case .failed(let call, let code): "\(call) failed: \(String(cString: strerror(code)))"
        }
    }
}
