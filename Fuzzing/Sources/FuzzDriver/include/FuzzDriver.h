#ifndef FUZZ_DRIVER_H
#define FUZZ_DRIVER_H
#include <stddef.h>
#include <stdint.h>

/// Runs libFuzzer (its command line in argc/argv) on `test`. SwiftPM links an executable
/// with its `main` renamed to `MODULE_main`, which libFuzzer does not define: each target
/// defines that symbol and calls this instead.
int fuzz_driver_run(int argc, char **argv, int (*test)(const uint8_t *data, size_t size));

#endif
