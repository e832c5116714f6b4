#ifndef NAVSHELL_CFUZZERDRIVER_H
#define NAVSHELL_CFUZZERDRIVER_H

#include <stddef.h>
#include <stdint.h>

// libFuzzer's entry for programs that have their own main (LLVM 11 and later). Only the fuzz
// build (-sanitize=fuzzer) calls it, so only that build needs libFuzzer linked.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

#endif
