// A step of the walk in openapi.test.ts, registered there in its place: the operator console's
// accounts and teams, a reasoned grant and a refused take, the audit log, and the instance's settings.
import { expect, it } from "vitest";
import type { OpenApiWalk } from "./openapi-helpers";

export function runsTheOperatorConsole({ call }: OpenApiWalk) {
  it("runs the operator console: accounts, credits, the audit log and the instance's settings", async () => {
    expect((await call("GET", "/api/admin/users", { query: "q=openapi&sort=balance" })).status).toBe(200);
    const me = await call<{ user: { uid: string } }>("GET", "/api/users/me");
    const adjust = (amount: number) =>
      call("POST", "/api/admin/users/:id/credits", {
        params: { id: me.body.user.uid },
        json: { amount, reason: "Docs check" },
      });
    expect((await adjust(5)).status).toBe(200);
    expect((await adjust(-10_000)).status).toBe(409);
    for (const path of ["/api/admin/audit", "/api/admin/settings", "/api/admin/usage", "/api/admin/usage.csv"] as const)
      expect((await call("GET", path)).status).toBe(200);
    for (const [method, path] of [
      ["POST", "/api/admin/users/:id/disable"],
      ["POST", "/api/admin/users/:id/enable"],
      ["DELETE", "/api/admin/users/:id"],
    ] as const) {
      expect((await call(method, path, { params: { id: "nobody" }, json: { reason: "Docs check" } })).status).toBe(404);
    }
    // A team's balance: given, and more than it holds refused; an unknown team is 404.
    const team = await call<{ team: { id: string } }>("POST", "/api/teams", { json: { name: "Docs team" } });
    const teamCredits = (id: string, amount: number) =>
      call("POST", "/api/admin/teams/:id/credits", { params: { id }, json: { amount, reason: "Docs check" } });
    expect((await teamCredits(team.body.team.id, 20)).status).toBe(200);
    expect((await teamCredits(team.body.team.id, -50)).status).toBe(409);
    expect((await teamCredits("nobody", 5)).status).toBe(404);
    const teams = await call<{ teams: { id: string; credits: number }[] }>("GET", "/api/admin/teams");
    expect(teams.body.teams.find((t) => t.id === team.body.team.id)?.credits).toBe(20);
    expect((await call("PATCH", "/api/admin/settings", { json: { announcement: "Docs" } })).status).toBe(200);
    expect((await call("PATCH", "/api/admin/settings", { json: { signupPolicy: "domains" } })).status).toBe(400);
    expect((await call("GET", "/api/admin/usage", { query: "days=0" })).status).toBe(400);
  });
}
