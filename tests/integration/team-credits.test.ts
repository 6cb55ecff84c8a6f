// A team's balance on both databases: its members spend it, each paid once and never below zero
// under 50 concurrent requests; a member's monthly limit holds under concurrency; who spent what
// is in the team's history; a member who left cannot spend it.
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getBalance } from "#server/credits/credits.server";
import { listCreditHistory } from "#server/credits/history.server";
import { creditLedger, generationJobs, styles, teamMembers } from "#server/db/schema";
import { createOfflineProvider } from "#server/generation/providers/offline.server";
import { insertStyleWithSamples } from "#server/styles/style-samples.server";
import { testDatabases } from "../support/databases";
import { balanceOf, createTeam, createUser, ledgerSum } from "../support/factories";
import { jobsOn, PRICE, styleInput } from "./credits-and-jobs-helpers";

describe.each(testDatabases)("a team's credits on $name", (target) => {
  const on = jobsOn(target);
  const spendAs = (teamId: string, memberId: string) =>
    on.handle.db.transaction((tx) =>
      insertStyleWithSamples(tx, {
        actor: { workspaceId: teamId, memberId, apiKeyId: null },
        style: styleInput,
        provider: createOfflineProvider(),
      }),
    );

  it("pays each of 50 concurrent requests from two members once, and never goes below zero", async () => {
    const owner = await createUser(on.handle, 0);
    const member = await createUser(on.handle, 500);
    const teamId = await createTeam(on.handle.db, {
      ownerId: owner,
      members: [{ userId: member }],
      credits: PRICE * 10,
    });
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) => spendAs(teamId, i % 2 === 0 ? owner : member)),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(10);
    const refusals = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    expect(refusals.every((r) => r.reason.name === "InsufficientCreditsError")).toBe(true);
    expect(await getBalance(on.handle.db, teamId)).toBe(0);
    expect(await ledgerSum(on.handle.db, teamId)).toBe(0);
    // The members' own balances were not touched.
    expect(await balanceOf(on.handle.db, member)).toBe(500);
    const jobs = await on.handle.db.select().from(generationJobs).where(eq(generationJobs.ownerId, teamId));
    expect(jobs).toHaveLength(10);
    // Every charge says which member it was, and matches a job they started.
    const charges = await on.handle.db
      .select()
      .from(creditLedger)
      .where(and(eq(creditLedger.workspaceId, teamId), eq(creditLedger.reason, "generation_reserve")));
    expect(charges).toHaveLength(10);
    for (const charge of charges) {
      const job = jobs.find((j) => j.id === charge.ref)!;
      expect(charge.memberId).toBe(job.createdBy);
      expect([owner, member]).toContain(charge.memberId);
    }
  });

  it("holds a member's monthly limit under 50 concurrent requests, and leaves the others free", async () => {
    const owner = await createUser(on.handle, 0);
    const limited = await createUser(on.handle, 0);
    const teamId = await createTeam(on.handle.db, {
      ownerId: owner,
      members: [{ userId: limited, monthlyLimit: PRICE * 3 }],
      credits: PRICE * 100,
    });
    const results = await Promise.allSettled(Array.from({ length: 50 }, () => spendAs(teamId, limited)));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(3);
    for (const refused of results.filter((r): r is PromiseRejectedResult => r.status === "rejected")) {
      expect(refused.reason.message).toBe(
        `Your monthly limit in this team is ${PRICE * 3} credits; you have spent ${PRICE * 3} this month and this needs ${PRICE}. You were not charged.`,
      );
    }
    expect(await getBalance(on.handle.db, teamId)).toBe(PRICE * 97);
    // The owner has no limit: the team's balance is theirs to spend.
    await spendAs(teamId, owner);
    expect(await getBalance(on.handle.db, teamId)).toBe(PRICE * 96);
    // The team's history says who spent what.
    const { entries } = await listCreditHistory(on.handle.db, { workspaceId: teamId });
    const spent = entries.filter((e) => e.reason === "generation_reserve");
    expect(spent).toHaveLength(4);
    expect(spent.filter((e) => e.by === `${limited}@example.com`)).toHaveLength(3);
    expect(spent.filter((e) => e.by === `${owner}@example.com`)).toHaveLength(1);
    // In a person's own history, no line names anyone.
    const own = await listCreditHistory(on.handle.db, { workspaceId: owner });
    expect(own.entries.every((e) => e.by === null)).toBe(true);
  });

  it("refuses a member who has left, charging nothing", async () => {
    const owner = await createUser(on.handle, 0);
    const gone = await createUser(on.handle, 0);
    const teamId = await createTeam(on.handle.db, { ownerId: owner, members: [{ userId: gone }], credits: PRICE * 5 });
    await on.handle.db.delete(teamMembers).where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, gone)));
    await expect(spendAs(teamId, gone)).rejects.toThrow("You are no longer in this team.");
    expect(await getBalance(on.handle.db, teamId)).toBe(PRICE * 5);
    // Nothing of the attempt is left: no job, no style, no ledger line beyond the grant.
    expect(await on.handle.db.select().from(generationJobs).where(eq(generationJobs.ownerId, teamId))).toEqual([]);
    expect(await on.handle.db.select().from(styles).where(eq(styles.ownerId, teamId))).toEqual([]);
    expect(await ledgerSum(on.handle.db, teamId)).toBe(PRICE * 5);
  });
});
