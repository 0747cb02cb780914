"""What a process holds, as `make bench-footprint` and `make bench-overlay` measure it: resident
memory (Rss) and its private part (Private_Clean + Private_Dirty), both from
/proc/PID/smaps_rollup, in KiB, and its threads' names. Rss from the page tables, not VmRSS,
which Linux before 6.2 counts per thread and adds up only now and then (later kernels keep it
in per-CPU counters): it lagged a process that unmaps pages (issue 66)."""
import os


def memory(pid):
    rollup = {}
    for line in open(f"/proc/{pid}/smaps_rollup"):
        name, _, rest = line.partition(":")
        if rest.strip().endswith("kB"):
            rollup[name] = int(rest.split()[0])
    threads = sorted(open(f"/proc/{pid}/task/{t}/comm").read().strip() for t in os.listdir(f"/proc/{pid}/task"))
    return rollup["Rss"], rollup["Private_Clean"] + rollup["Private_Dirty"], threads
