import { Router, type Request } from "express";
import { getJobView } from "../generation/job-views.server";
import { cancelJob } from "../generation/lifecycle.server";
import type { Services } from "../services.server";
import { AppError } from "./errors.server";
import { requireApiUser } from "./require-user.server";

type Params = Request<{ id: string }>;

/** A job's status and per-object progress; cancel by job id. */
export function jobsApi(getServices: () => Promise<Services>): Router {
  const router = Router();

  router.get("/:id", async (req: Params, res) => {
    const services = await getServices();
    const user = await requireApiUser(req, services);
    const job = await getJobView(services.database.db, { userId: user.id, jobId: req.params.id });
    if (!job) throw new AppError("not_found", "No such job.");
    res.setHeader("Cache-Control", "no-store");
    res.json({ job });
  });

  // Keeps what is made, charges only that, refunds the rest once.
  router.post("/:id/cancel", async (req: Params, res) => {
    const services = await getServices();
    const user = await requireApiUser(req, services);
    const { db } = services.database;
    const result = await cancelJob({ db }, { userId: user.id, jobId: req.params.id });
    res.json({
      job: await getJobView(db, { userId: user.id, jobId: result.job.id }),
      refunded: result.refund,
      message: result.job.error,
    });
  });

  return router;
}
