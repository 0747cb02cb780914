#!/usr/bin/env python3
"""Judges a tools/peers run: reads OUT/results.json (written by guest/bench.py) and prints the
tables (markdown) for README.md. Usage: analyze.py OUT/results.json [--json]

Latency of a swipe = the first stamp its tool wrote after the swipe's fingers landed and before
the next swipe's landed (the last swipe: before the phase ended, the bench's --tail after its
lift), minus the injector's CLOCK_REALTIME right after the write() of the swipe's lift frame. A
negative latency is a firing before the lift (mid-gesture). A swipe is recognized when exactly
one stamp falls in its window; two or more are a double firing. False firings: stamps in a
swipe phase outside every window, and stamps of a tool in the swipe phases of a device it is
not meant for. Firings while the fingers circle (the CPU phases) are counted on their own.
"""
import json
import sys

MEANT = {
    "gestured": {"touchpad", "touchscreen"},
    "touchegg": {"touchpad", "touchscreen"},
    "libinput-gestures": {"touchpad"},
    "fusuma": {"touchpad"},
    "lisgd": {"touchscreen"},
}
SHORT = {"touchpad": "tp", "touchscreen": "ts"}


def pct(values, q):
    if not values:
        return None
    s = sorted(values)
    k = (len(s) - 1) * q
    lo, hi = int(k), min(int(k) + 1, len(s) - 1)
    return s[lo] + (s[hi] - s[lo]) * (k - lo)


def judge(phase, stamps):
    sw = phase["swipes"]
    bounds = [s["down"] for s in sw] + [phase["end"]]
    per = []
    for i, s in enumerate(sw):
        inside = [t for t in stamps if bounds[i] <= t < bounds[i + 1]]
        per.append([(t - s["lift"]) / 1e6 for t in inside])
    outside = [t for t in stamps if phase["start"] <= t < phase["end"] and not bounds[0] <= t < bounds[-1]]
    firsts = [p[0] for p in per if p]
    want = phase.get("duration", 0.12) * 1000
    faults = [i + 1 for i, x in enumerate(sw) if "duration_ms" in x and
              (abs(x["duration_ms"] - want) > 0.1 * want or x["max_gap_ms"] > 20)]
    return {
        "injection_faults": faults,
        "missed_swipes": [i + 1 for i, p in enumerate(per) if not p],
        "n": len(sw), "once": sum(1 for p in per if len(p) == 1), "missed": sum(1 for p in per if not p),
        "double": sum(1 for p in per if len(p) >= 2), "extra": sum(max(0, len(p) - 1) for p in per),
        "outside": len(outside), "before_lift": sum(1 for p in per if p and p[0] < 0),
        "p50": pct(firsts, 0.5), "max": max(firsts) if firsts else None, "min": min(firsts) if firsts else None,
        "latencies_ms": [[round(x, 1) for x in p] for p in per],
    }


def count_in(stamps, start, end):
    return sum(1 for t in stamps if start <= t < end)


def load_host(path):
    """host-load.tsv (run.sh): time, busy ticks, total ticks (all CPUs), qemu's ticks."""
    try:
        with open(path) as f:
            return [tuple(float(x) for x in line.split()) for line in f if len(line.split()) == 4]
    except OSError:
        return []


def host_others(host, start_ns, end_ns, ncpu=None):
    """Cores' worth of host CPU used by everything but the guest's qemu between two times."""
    rows = [r for r in host if start_ns / 1e9 <= r[0] <= end_ns / 1e9]
    if len(rows) < 2:
        return None
    a, b = rows[0], rows[-1]
    total = b[2] - a[2]
    if total <= 0:
        return None
    cores = ncpu or HOST_CPUS
    return round(((b[1] - a[1]) - (b[3] - a[3])) / total * cores, 2)


HOST_CPUS = 2
QUIET = 0.25  # cores of the host used by others, below which a round counts as quiet


def analyze(res, host=()):
    ph = {p["name"]: p for p in res["phases"]}
    tck = res.get("clk_tck", 100)
    a = {"tools": {}, "calibration_ms": res.get("calibration_ms")}
    for tool in res["tools"]:
        st = res["stamps"].get(tool, [])
        r = a["tools"][tool] = {"together": {}, "alone": {}, "false": {}, "circling": {}, "cpu": {}}
        for dev in ("touchpad", "touchscreen"):
            for mode, name in (("together", f"latency-{SHORT[dev]}"), ("alone", f"alone-{tool}-latency-{SHORT[dev]}")):
                p = ph.get(name)
                if not p:
                    continue
                if dev in MEANT[tool]:
                    j = r[mode][dev] = judge(p, st)
                    r["false"][name] = j["outside"]
                else:
                    r["false"][name] = count_in(st, p["start"], p["end"])
        for dev in ("touchpad", "touchscreen"):
            p = ph.get(f"short-{SHORT[dev]}")
            if p is None:
                continue
            if dev in MEANT[tool]:
                j = r.setdefault("short", {})[dev] = judge(p, st)
                r["false"][f"short-{SHORT[dev]}"] = j["outside"]
            else:
                r["false"][f"short-{SHORT[dev]}"] = count_in(st, p["start"], p["end"])
        r["warm-up"] = {n: count_in(st, ph[n]["start"], ph[n]["end"]) for n in ("warmup-tp", "warmup-ts") if n in ph}
        for kind in ("ts", "tp"):
            rounds = [p for n, p in ph.items() if n.startswith(f"alone-{tool}-cpu-{kind}")]
            if not rounds:
                continue
            ticks = sum(p["cpu"][tool]["ticks"] for p in rounds)
            frames = sum(p["frames"] for p in rounds)
            per_process, per_thread = {}, {}
            for p in rounds:
                for k, v in p["cpu"][tool]["per_process"].items():
                    per_process[k] = per_process.get(k, 0) + v["ticks"] / tck
                for k, v in p["cpu"][tool].get("per_thread_ticks", {}).items():
                    per_thread[k] = per_thread.get(k, 0) + v / tck
            r["circling"][kind] = sum(count_in(st, p["start"], p["end"]) for p in rounds)
            loads = [host_others(host, p["start"], p["end"]) for p in rounds]
            quiet = [p for p, l in zip(rounds, loads) if l is not None and l < QUIET]
            r["cpu"][kind] = {
                "quiet_per_1000": (sum(p["cpu"][tool]["ticks"] for p in quiet) / tck / sum(p["frames"] for p in quiet) * 1000) if quiet else None,
                "quiet_rounds": len(quiet),
                "seconds": ticks / tck, "frames": frames,
                "hz": frames / sum(p["inject_seconds"] for p in rounds),
                "per_1000": ticks / tck / frames * 1000,
                "user_per_1000": sum(p["cpu"][tool].get("user", 0) for p in rounds) / tck / frames * 1000,
                "system_per_1000": sum(p["cpu"][tool].get("system", 0) for p in rounds) / tck / frames * 1000,
                "rounds_per_1000": [round(p["cpu"][tool]["ticks"] / tck / p["frames"] * 1000, 3) for p in rounds],
                "host_others_cores": loads,
                "per_process_s": {k: round(v, 2) for k, v in per_process.items()},
                "per_thread_s": {k: round(v, 2) for k, v in sorted(per_thread.items(), key=lambda kv: -kv[1])[:6]},
                "busy_after_input_s": max(p.get("busy_after_input_s") or 0 for p in rounds),
            }
        r["after_resume"] = sum(count_in(st, w["start"], w["end"]) for w in res.get("resumed", []))
        ic = res["idle_cpu"][tool]
        r["idle_cpu_ms_per_s"] = ic["ticks"] / tck * 1000 / res["idle_cpu"]["seconds"]
        r["idle_rss_kb"] = res["idle_memory"][tool]["rss_kb"]
        r["idle_pss_kb"] = res["idle_memory"][tool]["pss_kb"]
        r["idle_rss_per_process"] = res["idle_memory"][tool]["per_process"]
        r["end_rss_kb"] = res["end_memory"][tool]["rss_kb"]
        r["alive_at_end"] = res["alive_at_end"][tool]
    ev = res.get("gestured_events")
    if ev:
        ended = []
        for ns, line in ev:
            try:
                j = json.loads(line)
            except ValueError:
                continue
            if j.get("event") == "gesture" and j.get("phase") == "ended":
                ended.append(int(ns))
        sub = a["gestured_subscriber"] = {}
        for dev in ("touchpad", "touchscreen"):
            for mode, name in (("together", f"latency-{SHORT[dev]}"), ("alone", f"alone-gestured-latency-{SHORT[dev]}")):
                if name in ph:
                    sub.setdefault(mode, {})[dev] = judge(ph[name], ended)
    return a


def fmt(x, nd=0):
    return "—" if x is None else f"{x:.{nd}f}"


def tables(res, a):
    out = []
    tools = res["tools"]
    both = lambda f, T, A: f"{f(T)} · {f(A)}"
    once = lambda L: f"{L['once']}/{L['n']}" if L else "—"
    out.append("Swipes: three fingers left, 120 ms (landing to lift) at 125 Hz, one every 600 ms; "
               "each cell `together · alone` (every tool reading the same swipes at once · the others stopped).")
    out.append("")
    out.append("| tool | device | recognized exactly once /20 | latency p50 ms | latency max ms | fired before the lift | double | false | quick swipes (80 ms) recognized |")
    out.append("|---|---|---|---|---|---|---|---|---|")
    for t in tools:
        r = a["tools"][t]
        falses = sum(r["false"].values())
        first = True
        for dev in ("touchpad", "touchscreen"):
            T, A = r["together"].get(dev), r["alone"].get(dev)
            if not T and not A:
                continue
            S = r.get("short", {}).get(dev)
            p50 = both(lambda L: fmt(L["p50"]) if L else "—", T, A)
            mx = both(lambda L: fmt(L["max"]) if L else "—", T, A)
            bl = both(lambda L: str(L["before_lift"]) if L else "—", T, A)
            dbl = both(lambda L: str(L["double"]) if L else "—", T, A)
            out.append(f"| {t if first else ''} | {dev} | {both(once, T, A)} | {p50} | {mx} | {bl} | {dbl} | {falses if first else ''} | {once(S)} |")
            first = False
    out.append("")
    g = a["tools"].get("gestured", {}).get("cpu", {})
    out.append("CPU s / 1,000 frames, each tool alone: all 4 turns · only the turns in which the host's other load stayed under "
               f"{QUIET} cores (how many); × gestured from the same columns.")
    out.append("")
    out.append("| tool | touchscreen, 10 fingers, 240 Hz | × gestured | touchpad, 3 fingers, 125 Hz | × gestured | fired while circling (ts / tp) | idle CPU ms/s | idle RSS MiB | idle PSS MiB |")
    out.append("|---|---|---|---|---|---|---|---|---|")
    for t in tools:
        r = a["tools"][t]
        cells = []
        for kind in ("ts", "tp"):
            c, gc = r["cpu"].get(kind), g.get(kind)
            if not c:
                cells += ["—", "—"]
                continue
            if c["seconds"] == 0 and {"ts": "touchscreen", "tp": "touchpad"}[kind] not in MEANT[t]:
                cells += ["0 (does not read it)", "—"]
                continue
            ratio = c["per_1000"] / gc["per_1000"] if gc and gc["per_1000"] else None
            qr = c["quiet_per_1000"] / gc["quiet_per_1000"] if gc and c["quiet_per_1000"] is not None and gc.get("quiet_per_1000") else None
            cells += [f"{c['per_1000']:.2f} · {fmt(c['quiet_per_1000'], 2)} ({c['quiet_rounds']})", f"{fmt(ratio, 2)} · {fmt(qr, 2)}"]
        circ = f"{r['circling'].get('ts', '—')} / {r['circling'].get('tp', '—')}"
        out.append(f"| {t} | {cells[0]} | {cells[1]} | {cells[2]} | {cells[3]} | {circ} | {r['idle_cpu_ms_per_s']:.1f} | {r['idle_rss_kb'] / 1024:.1f} | {r['idle_pss_kb'] / 1024:.1f} |")
    out.append("")
    out.append("Where the CPU goes: user · kernel (system) s / 1,000 frames, all turns.")
    out.append("")
    out.append("| tool | touchscreen user · kernel | touchpad user · kernel |")
    out.append("|---|---|---|")
    for t in tools:
        c = a["tools"][t]["cpu"]
        split = lambda k: f"{c[k]['user_per_1000']:.2f} · {c[k]['system_per_1000']:.2f}" if k in c and "user_per_1000" in c[k] and c[k]["seconds"] else "—"
        out.append(f"| {t} | {split('ts')} | {split('tp')} |")
    sc = res.get("syscalls") or {}
    if sc:
        names = sorted({n for v in sc.values() for n in v["calls"]}, key=lambda n: -max(v["calls"].get(n, {"calls": 0})["calls"] / max(v["frames"], 1) for v in sc.values()))
        out.append("")
        out.append("System calls a touchscreen frame (ten fingers, 240 Hz, each tool alone under `strace -c -f`): calls / frames (errors).")
        out.append("")
        out.append("| call | " + " | ".join(f"{t} ({v['frames']} frames)" for t, v in sc.items()) + " |")
        out.append("|---|" + "---|" * len(sc))
        for n in names:
            cells = []
            for v in sc.values():
                c = v["calls"].get(n)
                cells.append("—" if not c else f"{c['calls'] / v['frames']:.3f}" + (f" ({c['errors']})" if c["errors"] else ""))
            out.append(f"| {n} | " + " | ".join(cells) + " |")
        out.append("| **all** | " + " | ".join(f"**{sum(c['calls'] for c in v['calls'].values()) / v['frames']:.3f}**" for v in sc.values()) + " |")
    cg = res.get("callgrind") or {}
    if any(isinstance(v, dict) for v in cg.values()):
        out.append("")
        out.append(f"User-space instructions a touchscreen frame (ten fingers at {cg['rate']:g} Hz, the reading process alone under callgrind, "
                   "every thread; the difference between N and 2N frames over N).")
        out.append("")
        out.append("| tool | instructions a frame | frames: instructions in all |")
        out.append("|---|---|---|")
        for t, v in cg.items():
            if isinstance(v, dict):
                out.append(f"| {t} | {fmt(v['per_frame'])} | " + "; ".join(f"{k}: {c:,}" if c else f"{k}: —" for k, c in v["frames"].items()) + " |")
    return "\n".join(out)


def main():
    global HOST_CPUS
    res = json.load(open(sys.argv[1]))
    import os
    base = os.path.dirname(os.path.abspath(sys.argv[1]))
    host = load_host(os.path.join(base, "host-load.tsv"))
    try:
        with open(os.path.join(base, "meta.txt")) as f:
            for line in f:
                if line.startswith("host:"):
                    HOST_CPUS = int(line.split()[1])
    except (OSError, ValueError, IndexError):
        pass
    a = analyze(res, host)
    a["host_others_by_phase"] = {p["name"]: host_others(host, p["start"], p["end"]) for p in res["phases"]}
    if "--json" in sys.argv:
        print(json.dumps(a, indent=1))
        return
    print(tables(res, a))
    print()
    for how, c in (a.get("calibration_ms") or {}).items():
        print(f"the stamp command alone, spawned {how} (every tool stopped): p50 {fmt(pct(c, 0.5), 1)} ms, max {fmt(max(c), 1)} ms")
    for mode, devs in a.get("gestured_subscriber", {}).items():
        for dev, L in devs.items():
            print(f"gestured's swipe-left-3 `ended` at a plain subscriber ({mode}, {dev}): {L['once']}/{L['n']}, p50 {fmt(L['p50'], 1)} ms, max {fmt(L['max'], 1)} ms")
    for m in res.get("memory", []):
        print(f"RSS kB {m['when']}: " + "; ".join(f"{t} {v}" for t, v in m.items() if t != "when"))
    loads = {k: v for k, v in a["host_others_by_phase"].items() if v is not None}
    if loads:
        busy = {k: v for k, v in loads.items() if v >= 0.25}
        print(f"the host's other load beside the guest: max {max(loads.values()):.2f} cores; phases at >= 0.25 cores: "
              + (", ".join(f"{k} {v}" for k, v in busy.items()) or "none"))
    for t, r in a["tools"].items():
        print(f"{t}: warm-up firings {r['warm-up']}; after resume {r['after_resume']}; false by phase {r['false']}; alive at end {r['alive_at_end']}")
        for kind, c in r["cpu"].items():
            print(f"   cpu-{kind}: {c['seconds']:.2f} s for {c['frames']} frames ({c['hz']:.0f} Hz); per round s/1000 frames {c['rounds_per_1000']} with the host's other load (cores) {c['host_others_cores']}; busy up to {fmt(c['busy_after_input_s'], 1)} s after the last frame; {c['per_process_s']}; threads {c['per_thread_s']}")
        print(f"   idle RSS kB: {r['idle_rss_per_process']}; at the end {r['end_rss_kb']} kB")
        for mode in ("together", "alone", "short"):
            for dev, L in r.get(mode, {}).items():
                print(f"   {mode} {dev} ms: {L['latencies_ms']}")
                if L["missed_swipes"] or L["injection_faults"]:
                    print(f"      missed swipes {L['missed_swipes']}; swipes not injected as meant (duration off by 10 %, or a gap > 20 ms) {L['injection_faults']}")


if __name__ == "__main__":
    main()
