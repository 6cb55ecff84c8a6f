import { data } from "react-router";
import { AppError } from "#domain/errors";
import { statusByCode } from "./errors.server";

/**
 * The React Router side of the one error mapping: a loader or action that lets an
 * AppError escape answers with that code's status (a 404 renders the spec's
 * "Page not found" page), the same status the JSON API gives.
 */
export function routeError(error: unknown): unknown {
  if (!(error instanceof AppError)) return error;
  return data({ code: error.code, message: error.message }, { status: statusByCode[error.code] });
}

/** Wraps a loader or action so AppErrors become responses with their status. */
export function withRouteErrors<Args, Result>(handler: (args: Args) => Promise<Result>) {
  return async (args: Args): Promise<Result> => {
    try {
      return await handler(args);
    } catch (error) {
      throw routeError(error);
    }
  };
}
