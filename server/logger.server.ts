import { pino } from "pino";
import { getConfig } from "./config.server";

let logger: pino.Logger | undefined;

export function getLogger(): pino.Logger {
  logger ??= pino({ level: getConfig().logLevel, base: { app: "motif" } });
  return logger;
}
