// A separate process that takes the embedded database's folder lock and holds it
// until it is killed: the test stands in for a Motif process that crashed.
import { lockDataFolder } from "../../server/db/folder-lock.server";

lockDataFolder(process.argv[2]!);
process.stdout.write("locked\n");
setInterval(() => {}, 60_000);
