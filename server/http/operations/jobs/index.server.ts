import { getJobOperation } from "./get-job.server";
import { cancelJobOperation } from "./cancel-job.server";

/** A job's status and per-object progress; cancel by job id. */
export const jobOperations = [getJobOperation, cancelJobOperation];
