import sharp from "sharp";
import { followTraining } from "#server/learning/training-queue.server";
import type { TrainingView } from "#domain/training";
import { json } from "./factories";
import type { ApiTestServer } from "./test-server";

/** A small opaque picture of one colour, as a dataset's upload. */
export const solidPicture = (background: string, size = 64) =>
  sharp({ create: { width: size, height: size, channels: 3, background } })
    .png()
    .toBuffer();

/** What the follower is handed in a worker, from the test server's services. */
export const trainingDepsOf = (server: ApiTestServer) => ({
  db: server.services.database.db,
  storage: server.services.storage,
  providers: server.services.providers,
  config: server.services.config,
});

/** Follows a training as the workers would, one look at a time, until it ends (at most `looks`). */
export async function followToEnd(server: ApiTestServer, trainingId: string, looks = 20): Promise<number> {
  for (let i = 1; i <= looks; i++) {
    const { again } = await followTraining(trainingDepsOf(server), trainingId);
    if (!again) return i;
  }
  throw new Error(`The training ${trainingId} had not ended after ${looks} looks`);
}

/** Uploads pictures to a style's or character's pictures (multipart `references`); throws unless 201. */
export async function uploadPictures(server: ApiTestServer, cookie: string, path: string, pictures: Buffer[]) {
  const form = new FormData();
  pictures.forEach((file, i) => form.append("references", new Blob([new Uint8Array(file)]), `picture-${i}.png`));
  const response = await server.call(path, { method: "POST", body: form, cookie });
  if (response.status !== 201) throw new Error(`POST ${path}: ${response.status} ${await response.text()}`);
  return (await json<{ pictures: { id: string; url: string }[] }>(response)).pictures;
}

/** GET /api/trainings/{id}. */
export async function trainingOf(server: ApiTestServer, cookie: string, id: string): Promise<TrainingView> {
  const response = await server.call(`/api/trainings/${id}`, { cookie });
  return (await json<{ training: TrainingView }>(response)).training;
}
