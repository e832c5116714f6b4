import CUV

/// The allocator keeps freed pages for reuse; after a burst (a large message, a large batch)
/// that would leave the process's RSS at its peak for good. This hands them back.
public enum FreedMemory {
    public static func release() {
        _ = cuv_release_freed_memory()
    }
}
