// Large image buffers are given back to the system when freed. glibc's malloc raises its
// threshold for serving allocations from their own mappings each time one such mapping is freed,
// so after a few images every later buffer (a 1024 px RGBA frame is 4 MB) comes from its heap and
// stays there: about 100 MB kept for good after drawing previews (docs/decisions/069). A fixed
// threshold keeps them mapped. glibc reads it only when a process starts, so the process starts
// itself again, in place (same pid), with it set; an operator's own value is left alone.
if (
  process.platform === "linux" &&
  process.env.MALLOC_MMAP_THRESHOLD_ === undefined &&
  typeof process.execve === "function"
) {
  process.execve(process.execPath, [process.execPath, ...process.execArgv, ...process.argv.slice(1)], {
    ...process.env,
    MALLOC_MMAP_THRESHOLD_: "131072",
    MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? "2",
  });
}
