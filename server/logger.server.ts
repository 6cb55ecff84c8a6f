import { pino } from "pino";
import { logLevelOf } from "./config.server";

let logger: pino.Logger | undefined;

export function getLogger(): pino.Logger {
  logger ??= pino({ level: logLevelOf(process.env), base: { app: "motif" } });
  return logger;
}
