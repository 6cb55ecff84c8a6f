// A team's composer (the create page, /app) on both databases: a member who has the page open sees,
// at their next load, the style and objects a colleague just made in the team — within the same
// minute, in the process that kept the page's data. The page's loader runs as the server runs it:
// behind the sign-in middleware, which picks the workspace from the browser's cookie.
import { RouterContextProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { requireUserMiddleware } from "#server/ui/require-user.server";
import { servicesContext } from "#server/ui/context";
import { loader } from "~/routes/app/index";
import { testDatabases } from "../support/databases";
import { createStyleThroughApi, createTeam, runJob, submitObjects, uniqueEmail } from "../support/factories";
import { setUpSignedInApi } from "../support/signed-in-api";
import { PUBLIC_URL, signInThroughApi } from "../support/test-server";

type CreatePage = Awaited<ReturnType<typeof loader>>;
const inTeam = (cookie: string, teamId: string) => `${cookie}; motif_workspace=${teamId}`;

describe.each(testDatabases)("a team's composer on $name", (target) => {
  const api = setUpSignedInApi(target, "composer-owner@example.com");

  afterEach(() => {
    vi.useRealTimers();
  });

  /** The create page's data as the browser whose cookie this is would get it. */
  async function loadCreatePage(cookie: string): Promise<CreatePage> {
    const request = new Request(`${PUBLIC_URL}/app`, { headers: { Cookie: cookie } });
    const context = new RouterContextProvider();
    context.set(servicesContext, api.server.services);
    let page: CreatePage | undefined;
    const args = { request, context, params: {}, unstable_pattern: "/app" } as unknown as Parameters<typeof loader>[0];
    await requireUserMiddleware(args as never, async () => {
      page = await loader(args);
      return new Response(null);
    });
    return page!;
  }

  it("shows a member, at their next load, the style and objects a colleague just made in the team", async () => {
    const owner = api.user;
    const member = await signInThroughApi(api.server, uniqueEmail("composer-member"));
    const teamId = await createTeam(api.database.db, {
      ownerId: owner.userId,
      members: [{ userId: member.userId }],
      credits: 500,
    });
    // One minute throughout: what the page shows must follow the records, not the clock.
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });

    const before = await loadCreatePage(inTeam(member.cookie, teamId));
    expect(before.styles).toEqual([]);
    expect(before.latest).toEqual([]);

    const { styleId } = await createStyleThroughApi(api.server, inTeam(owner.cookie, teamId), { name: "Team look" });
    const afterStyle = await loadCreatePage(inTeam(member.cookie, teamId));
    expect(afterStyle.styles.map((style) => style.id)).toEqual([styleId]);

    const set = await submitObjects(api.server, inTeam(owner.cookie, teamId), { styleId, subjects: ["a lantern"] });
    const submitted = await loadCreatePage(inTeam(member.cookie, teamId));
    expect(submitted.jobs.map((job) => job.id)).toContain(set.job.id);
    expect(submitted.latest.map((object) => object.id)).toEqual([set.objects[0]!.id]);

    expect((await runJob(api.server, set.job.id))?.status).toBe("succeeded");
    const done = await loadCreatePage(inTeam(member.cookie, teamId));
    expect(done.jobs.find((job) => job.id === set.job.id)?.status).toBe("succeeded");
    expect(done.latest[0]?.id).toBe(set.objects[0]!.id);
    expect(done.latest[0]).not.toEqual(submitted.latest[0]);

    // The member's own workspace shows none of the team's work.
    const own = await loadCreatePage(member.cookie);
    expect(own.styles).toEqual([]);
    expect(own.latest).toEqual([]);
  });
});
