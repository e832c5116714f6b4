#ifndef NAVSHELL_CJSONSCAN_H
#define NAVSHELL_CJSONSCAN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

// Whether `bytes` is one JSON object or array whose brackets balance outside strings, with
// nothing after it and no raw control character anywhere (a backslash escapes the byte after
// it inside a string; outside one it is refused). Tokens are not validated: this is the check
// navhost makes before passing a worker's result on as the bytes it arrived as
// (Transport's RawResult). Sixty-four bytes at a time, with SSE2 where the target has it.
bool navshell_is_balanced_container(const uint8_t *bytes, size_t count);

// The same check with the masks made a byte at a time, as a target without SSE2 makes them:
// the tests hold both to the same answers.
bool navshell_is_balanced_container_bytewise(const uint8_t *bytes, size_t count);

#endif
