// The process's native memory is given back to the system when freed (docs/decisions/069, 129, 140).
//
// Where the system has jemalloc, it replaces glibc's malloc, set to return freed pages from its
// background thread a quarter of a second after they are freed (given back at once, at a busy
// hour they cost a fresh render nearly as much CPU again, decision 140): glibc's main heap is
// trimmed only from its top, so rendering pages and serving requests (many buffers of a few kB
// to 128 kB) left it 100–150 MB larger for good. Elsewhere glibc is tuned: a fixed threshold
// keeps large image buffers (a 1024 px RGBA frame is 4 MB) in mappings of their own, and two
// arenas bound the threads' share. Both are read only when a process starts, so the process
// starts itself again, in place (same pid), with them set; an operator's own values are kept.
import { mallocEnvironment } from "./malloc-environment.mjs";

if (process.platform === "linux" && typeof process.execve === "function") {
  const wanted = mallocEnvironment(process.env);
  if (Object.entries(wanted).some(([name, value]) => process.env[name] !== value))
    process.execve(process.execPath, [process.execPath, ...process.execArgv, ...process.argv.slice(1)], {
      ...process.env,
      ...wanted,
    });
}
