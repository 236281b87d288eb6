// Package adversarial holds the adversarial tests of the grundy command:
// bad inputs, bombs (positions, files and rule scripts built to exhaust time
// or memory), the limit flags (--timeout, --max-states, --max-memory), edges
// of the integer range, a full disk under a run file and forged run-file
// headers.
//
// The tests build the grundy binary once and run it as a subprocess, as a
// user or an attacker would, with a safety-net deadline. Each case asserts
// the exit status (0 success, 1 a failure or a limit, 2 bad input;
// docs/reference.md, "Exit statuses"), the message (one line on stderr, no
// control characters, no Go panic or runtime dump, no "context deadline
// exceeded") and a bound on the wall time and the peak resident memory of
// the process tree.
//
// The package has no non-test code; this file only documents it.
// GRUNDY_ADVERSARIAL_BIN names a prebuilt binary to test instead of building
// one.
package adversarial
