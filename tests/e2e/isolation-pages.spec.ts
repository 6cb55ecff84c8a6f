import { expect, test, type Page } from "@playwright/test";
import { readFileSync } from "node:fs";
import { countMails, mailsTo, signInWithApi, uniqueEmail } from "./support/auth";
import { createStyleWithApi, generateObjectsWithApi, waitForJob } from "./support/objects";
import { e2ePorts } from "./support/ports";

// Every page of the route table, opened by people who must not see an owner's things (another
// account, a member of another team working in it, a member removed from the owner's team, also
// naming it) with the ids of the owner's records, their own and their team's, in the address: each
// page is the 404 page or their own, and none shows anything of the owner's. The list of pages is
// read from app/routes.ts, so a new page is walked without a line here.
const base = `http://localhost:${e2ePorts.app}`;

function routePaths(): string[] {
  const table = readFileSync(new URL("../../app/routes.ts", import.meta.url), "utf8");
  return [...table.matchAll(/route\("([^"]+)"/g)].map((m) => `/${m[1]!}`).filter((path) => !path.includes("*"));
}

async function teamOf(owner: Page, name: string, invitee: string): Promise<{ id: string; link: string }> {
  const made = await owner.request.post(`${base}/api/teams`, { headers: { Origin: base }, data: { name } });
  const { team } = (await made.json()) as { team: { id: string } };
  const invited = await owner.request.post(`${base}/api/teams/${team.id}/invitations`, {
    headers: { Origin: base },
    data: { email: invitee },
  });
  expect(invited.status()).toBe(201);
  await expect.poll(() => countMails(owner.request, invitee)).toBe(1);
  const [mail] = await mailsTo(owner.request, invitee);
  return { id: team.id, link: /https?:\/\/\S+\/invite\?token=\S+/.exec(mail!.text)![0] };
}

test("no page shows anything of an owner's to another account or to a removed team member", async ({
  page,
  browser,
}) => {
  // Three people, a generation, and every page twice.
  test.slow();
  const ownerEmail = uniqueEmail("walled-owner");
  await signInWithApi(page, ownerEmail);
  const styleId = await createStyleWithApi(page, "Walled Garden Icons");
  const { job, objects } = await generateObjectsWithApi(page, { styleId, subjects: ["Sundial"] });
  await waitForJob(page, job.id);
  const removedEmail = uniqueEmail("walled-removed");
  const team = await teamOf(page, "Walled Garden Studio", removedEmail);

  const removed = await (await browser.newContext()).newPage();
  await signInWithApi(removed, removedEmail);
  const token = new URL(team.link).searchParams.get("token")!;
  const accepted = await removed.request.post(`${base}/api/invitations/accept`, {
    headers: { Origin: base },
    data: { token },
  });
  expect(accepted.status()).toBe(200);
  const removedId = ((await (await removed.request.get(`${base}/api/users/me`)).json()) as { user: { uid: string } })
    .user.uid;
  const out = await page.request.delete(`${base}/api/teams/${team.id}/members/${removedId}`, {
    headers: { Origin: base },
  });
  expect(out.status()).toBe(204);

  // The owner also works in the team, on credits an operator gave it: its object is walked too.
  const operator = await (await browser.newContext()).newPage();
  await signInWithApi(operator, "operator@example.com");
  const granted = await operator.request.post(`${base}/api/admin/teams/${team.id}/credits`, {
    headers: { Origin: base },
    data: { amount: 100, reason: "Walled garden" },
  });
  expect(granted.status()).toBe(200);
  await page.goto(`/app?workspace=${team.id}`);
  const teamStyleId = await createStyleWithApi(page, "Walled Team Crest");
  const inTeam = await generateObjectsWithApi(page, { styleId: teamStyleId, subjects: ["Gatehouse"] });
  await waitForJob(page, inTeam.job.id);

  const stranger = await (await browser.newContext()).newPage();
  await signInWithApi(stranger);
  // Someone in a team of their own, working in it.
  const otherMember = await (await browser.newContext()).newPage();
  await signInWithApi(otherMember);
  const otherTeam = await otherMember.request.post(`${base}/api/teams`, {
    headers: { Origin: base },
    data: { name: "Other Yard" },
  });
  const otherTeamId = ((await otherTeam.json()) as { team: { id: string } }).team.id;

  const made = await page.request.post(`${base}/api/characters`, {
    headers: { Origin: base },
    data: { name: "Walled Warden", description: "keeper of the sundial" },
  });
  expect(made.status()).toBe(201);
  const characterId = ((await made.json()) as { character: { id: string } }).character.id;

  const ids: Record<string, string> = {
    objectId: inTeam.objects[0]!.id,
    teamId: team.id,
    styleId: teamStyleId,
    characterId,
  };
  const secrets = [ownerEmail, "Walled Garden Icons", "Walled Garden Studio", objects[0]!.id, team.id, styleId];
  secrets.push("Walled Team Crest", "Gatehouse", inTeam.objects[0]!.id, teamStyleId);
  secrets.push("Walled Warden", "keeper of the sundial", characterId);
  const owned = routePaths().filter((path) => path.includes(":"));
  expect(owned.length).toBeGreaterThan(1);

  for (const [who, viewer, query] of [
    ["another account", stranger, ""],
    ["a member of another team", otherMember, `?workspace=${otherTeamId}`],
    ["a removed member", removed, ""],
    ["a removed member naming the team", removed, `?workspace=${team.id}`],
  ] as const) {
    for (const path of routePaths()) {
      const url =
        path.replace(/:(\w+)/g, (_m, name: string) => {
          if (!ids[name]) throw new Error(`The walk has no record of the owner for :${name} in ${path}: add one.`);
          return encodeURIComponent(ids[name]!);
        }) + query;
      const response = await viewer.request.get(`${base}${url}`, { maxRedirects: 0 });
      const html = await response.text();
      const label = `${url} as ${who} → ${response.status()}`;
      // The page may repeat its own address (the viewer typed it): anything else of the owner's is a leak.
      for (const secret of secrets.filter((s) => !url.includes(s)))
        expect(html.includes(secret), `${label} shows ${secret}`).toBe(false);
      if (path.includes(":")) expect(response.status(), label).toBe(404);
    }
  }
  // The owner still sees their team's page, and the team's object.
  expect((await page.request.get(`${base}/app/teams/${team.id}`)).status()).toBe(200);
  expect((await page.request.get(`${base}/app/object/${inTeam.objects[0]!.id}`)).status()).toBe(200);
  expect((await page.request.get(`${base}/app/style/${teamStyleId}`)).status()).toBe(200);
  expect((await page.request.get(`${base}/app/characters/${characterId}`)).status()).toBe(200);
});
