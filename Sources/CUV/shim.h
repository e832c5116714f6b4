#ifndef NAVSHELL_CUV_SHIM_H
#define NAVSHELL_CUV_SHIM_H

#include <uv.h>
#include <sys/prctl.h>
#include <signal.h>
#include <malloc.h>
#include <fcntl.h>
#include <sys/syscall.h>
#include <unistd.h>

#ifndef F_SETPIPE_SZ
#define F_SETPIPE_SZ 1031 /* F_LINUX_SPECIFIC_BASE + 7, as <linux/fcntl.h> has it */
#endif

// prctl is variadic, which Swift cannot call: this names the one use we have of it.
static inline int cuv_set_parent_death_signal(int signum) {
    return prctl(PR_SET_PDEATHSIG, (unsigned long)signum, 0, 0, 0);
}

// glibc's malloc_trim, which Swift's Glibc module does not import: hands freed heap pages back
// to the system (navhost after a burst of large messages).
static inline int cuv_release_freed_memory(void) {
    return malloc_trim(0);
}

// fcntl is variadic and F_SETPIPE_SZ needs _GNU_SOURCE: sets a pipe's kernel buffer. Returns
// the capacity granted (the kernel rounds up to a power-of-two number of pages), or -1.
static inline int cuv_set_pipe_capacity(int fd, int bytes) {
    return fcntl(fd, F_SETPIPE_SZ, bytes);
}

// pidfd_open(2) (Linux 5.3), which glibc 2.36 has no wrapper for: a descriptor that becomes
// readable when the process exits, so the loop watches a child like any other descriptor.
// Close-on-exec by default. Returns -1 with errno set on failure.
#ifndef SYS_pidfd_open
#define SYS_pidfd_open 434 /* the same number on every Linux architecture */
#endif
static inline int cuv_pidfd_open(pid_t pid) {
    return (int)syscall(SYS_pidfd_open, pid, 0);
}

#endif
