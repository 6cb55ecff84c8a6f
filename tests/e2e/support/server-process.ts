// The production server as a process, shared with the integration tests.
export { startServerProcess, waitForHealth } from "../../support/server-process";
