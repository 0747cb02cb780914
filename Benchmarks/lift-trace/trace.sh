#!/bin/sh
# In the guest (lift-trace/run.sh): the peers latency swipes with gestured alone, ftrace on its processes.
cd /host
T=/sys/kernel/tracing
[ -d $T/events ] || mount -t tracefs nodev $T
python3 guest/bench.py --share /host --out /host/out --stamp c --tools ${TOOLS:-gestured} --swipes 20 --short-swipes 0 \
  --cpu-seconds 1 --rounds 1 --settle 5 --idle 1 --no-alone > /host/out/bench.log 2>&1 &
B=$!
while ! grep -q "phase latency-tp" /host/out/bench.log; do sleep 0.2; done
echo 0 > $T/tracing_on
echo mono > $T/trace_clock
echo 16000 > $T/buffer_size_kb
echo > $T/trace
PIDS="$B $(pgrep -d ' ' -f 'gestured|gesturectl|subscriber.py|libinput|python3')"
echo "pids: $PIDS" > /host/out/pids.txt
ps -eLo pid,tid,comm,args >> /host/out/pids.txt
for p in $PIDS; do for t in $(ls /proc/$p/task); do echo $t >> $T/set_event_pid; done; done
echo 1 > $T/options/event-fork
for e in sched/sched_switch sched/sched_wakeup sched/sched_waking sched/sched_process_exec raw_syscalls/sys_enter raw_syscalls/sys_exit irq/irq_handler_entry; do echo 1 > $T/events/$e/enable; done
echo 1 > $T/tracing_on
while ! grep -q "phase latency-ts" /host/out/bench.log; do sleep 0.2; done
echo 0 > $T/tracing_on
cat $T/trace > /host/out/trace.txt
wait $B
echo traced
