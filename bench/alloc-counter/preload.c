// The allocation counter of bench/CMallocCounter as an LD_PRELOAD library, to count a server's
// heap allocations per request: SIGUSR1 makes the process print "allocations N" on stderr.
//
// Build: cc -O2 -shared -fPIC -I bench/CMallocCounter/include -o preload.so bench/alloc-counter/preload.c

#include <signal.h>
#include <stdio.h>
#include <unistd.h>

#include "../CMallocCounter/MallocCounter.c"

static void report(int signal_number) {
  (void)signal_number;
  char line[64];
  int length = snprintf(line, sizeof line, "allocations %llu\n", (unsigned long long)malloc_counter_allocations());
  if (length > 0) (void)!write(2, line, (size_t)length);
}

__attribute__((constructor)) static void install(void) { signal(SIGUSR1, report); }
