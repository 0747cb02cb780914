/* Stands in for a program a gesture tool runs (xdotool, notify-send, …): a symlink named after
 * it points here, and each run appends one line to $PARITY_EFFECTS (default
 * /run/parity/effects.log): CLOCK_MONOTONIC in ns, then the program's name and its arguments,
 * each as a JSON string, tab-separated. One write(2) per line, O_APPEND, so runs from several
 * processes never interleave. Built static by e2e/parity/run.sh; part of `make import-parity`. */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static size_t quoted(char *out, size_t room, const char *text) {
    size_t n = 0;
    if (n < room) out[n++] = '"';
    for (const unsigned char *p = (const unsigned char *)text; *p && n + 7 < room; p++) {
        if (*p == '"' || *p == '\\') { out[n++] = '\\'; out[n++] = (char)*p; }
        else if (*p < 0x20) n += (size_t)snprintf(out + n, room - n, "\\u%04x", *p);
        else out[n++] = (char)*p;
    }
    if (n < room) out[n++] = '"';
    return n;
}

int main(int argc, char **argv) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    static char line[65536];
    size_t n = (size_t)snprintf(line, sizeof line, "%lld", (long long)now.tv_sec * 1000000000LL + now.tv_nsec);
    const char *name = strrchr(argv[0], '/') ? strrchr(argv[0], '/') + 1 : argv[0];
    line[n++] = '\t';
    n += quoted(line + n, sizeof line - n - 2, name);
    for (int i = 1; i < argc && n + 8 < sizeof line; i++) {
        line[n++] = '\t';
        n += quoted(line + n, sizeof line - n - 2, argv[i]);
    }
    line[n++] = '\n';
    const char *path = getenv("PARITY_EFFECTS") ? getenv("PARITY_EFFECTS") : "/run/parity/effects.log";
    int fd = open(path, O_WRONLY | O_APPEND | O_CREAT, 0644);
    if (fd < 0) return 0;
    ssize_t written = write(fd, line, n);
    (void)written;
    close(fd);
    return 0;
}
