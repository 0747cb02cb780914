import CStartupPages

/// Transparent huge pages, declined for a small resident program (issue 66).
///
/// Where the kernel hands out huge pages to every process (`always`, as Debian's kernel does),
/// any 2 MB-aligned stretch of a growing heap — a thread's malloc arena after the start's
/// largest allocations — can be backed by one 2 MB page, resident whole even when a few
/// kilobytes of it are used. In one boot of the peers guest two of three starts of the idle
/// daemon held such a page: 2 MB more than its 8.5. A daemon whose heap is about 1 MB gains nothing from them:
/// the daemon declines them, first thing in `main`, before any thread or arena exists; memory
/// is still taken in 4 KiB pages as needed. The actions runner does not: the setting passes to
/// every process started after it, through `exec` too, and the runner starts the user's
/// commands, whose memory is theirs to arrange.
public enum HugePages {
    /// Declines transparent huge pages for this process and every process it starts from now
    /// on (`PR_SET_THP_DISABLE`); false when the kernel refused (before Linux 3.15).
    @discardableResult
    public static func decline() -> Bool {
        gestured_decline_transparent_huge_pages() == 0
    }
}
