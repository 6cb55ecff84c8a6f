// A step of the walk in openapi.test.ts, registered there in its place: a team made, a colleague
// invited and joining, roles changed, the team handed over and left, an invitation withdrawn.
import { expect, it } from "vitest";
import { signInThroughApi, tokenFromLink } from "../support/test-server";
import type { OpenApiWalk } from "./openapi-helpers";

export function runsATeam({ api, call }: OpenApiWalk) {
  it("makes a team, invites a colleague who joins, and hands the team over", async () => {
    const made = await call<{ team: { id: string } }>("POST", "/api/teams", { json: { name: "Docs team" } });
    expect(made.status).toBe(201);
    const id = made.body.team.id;
    expect((await call("GET", "/api/teams")).status).toBe(200);
    expect((await call("PATCH", "/api/teams/:id", { params: { id }, json: { name: "Docs crew" } })).status).toBe(200);

    const invite = (email: string) =>
      call<{ invitation: { id: string } }>("POST", "/api/teams/:id/invitations", { params: { id }, json: { email } });
    const withdrawn = await invite("nobody-openapi@example.com");
    const gone = { params: { id, invitationId: withdrawn.body.invitation.id } };
    expect((await call("DELETE", "/api/teams/:id/invitations/:invitationId", gone)).status).toBe(204);

    const colleague = await signInThroughApi(api.server, "colleague-openapi@example.com");
    expect((await invite("colleague-openapi@example.com")).status).toBe(201);
    const token = tokenFromLink(api.server.mailer.sent.at(-1)!.link!);
    expect((await call("POST", "/api/invitations/preview", { json: { token }, cookie: "" })).status).toBe(200);
    const joined = await call("POST", "/api/invitations/accept", { json: { token }, cookie: colleague.cookie });
    expect(joined.status).toBe(200);
    expect((await call("POST", "/api/invitations/accept", { json: { token }, cookie: colleague.cookie })).status).toBe(
      409,
    );

    const member = { params: { id, userId: colleague.userId } };
    expect((await call("GET", "/api/teams/:id", { params: { id } })).status).toBe(200);
    expect((await call("PATCH", "/api/teams/:id/members/:userId", { ...member, json: { role: "admin" } })).status).toBe(
      200,
    );
    expect(
      (await call("POST", "/api/teams/:id/transfer", { params: { id }, json: { userId: colleague.userId } })).status,
    ).toBe(200);
    expect((await call("DELETE", "/api/teams/:id", { params: { id } })).status).toBe(403);
    const me = await call<{ user: { uid: string } }>("GET", "/api/users/me");
    expect(
      (await call("DELETE", "/api/teams/:id/members/:userId", { params: { id, userId: me.body.user.uid } })).status,
    ).toBe(204);
    expect((await call("DELETE", "/api/teams/:id", { params: { id }, cookie: colleague.cookie })).status).toBe(204);
  });
}
