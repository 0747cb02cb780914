"""What a process holds, as `make bench-footprint` and `make bench-overlay` measure it: resident
memory (VmRSS), its private part (Private_Clean + Private_Dirty of /proc/PID/smaps_rollup), both
in KiB, and its threads' names."""
import os


def memory(pid):
    fields = dict(line.split(":", 1) for line in open(f"/proc/{pid}/status"))
    private = sum(int(line.split()[1]) for line in open(f"/proc/{pid}/smaps_rollup") if line.startswith(("Private_Clean:", "Private_Dirty:")))
    threads = sorted(open(f"/proc/{pid}/task/{t}/comm").read().strip() for t in os.listdir(f"/proc/{pid}/task"))
    return int(fields["VmRSS"].split()[0]), private, threads
