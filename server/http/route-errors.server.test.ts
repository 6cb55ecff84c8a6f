import { describe, expect, it } from "vitest";
import { AppError } from "#domain/errors";
import { withRouteErrors } from "./route-errors.server";

describe("withRouteErrors", () => {
  it("turns an AppError into a response with the API's status for that code", async () => {
    const loader = withRouteErrors(async () => {
      throw new AppError("not_found", "No such object.");
    });
    const thrown = await loader({}).catch((error: unknown) => error);
    expect(thrown).toMatchObject({ type: "DataWithResponseInit", init: { status: 404 } });
  });

  it("passes other errors through unchanged, and results too", async () => {
    const boom = new Error("boom");
    await expect(withRouteErrors(async () => Promise.reject(boom))({})).rejects.toBe(boom);
    await expect(withRouteErrors(async () => 42)({})).resolves.toBe(42);
  });
});
