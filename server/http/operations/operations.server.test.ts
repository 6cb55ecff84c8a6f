import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import express from "express";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, expectTypeOf, it } from "vitest";
import { z } from "zod";
import type { jobReply, objectsSubmittedReply } from "#domain/api-replies";
import type { generateObjectsSchema } from "#domain/objects";
import type { ApiBody, ApiReply } from "~/lib/api/api-client";
import type { Services } from "../../services";
import { apiErrorHandler } from "../errors.server";
import { buildOpenApiDocument } from "../openapi.server";
import { operationsRouter } from "./mount.server";
import { defineOperation, type Operation } from "./operation.server";
import { createMcpServer } from "../../mcp/mcp-server.server";
import { toolOfOperation } from "../../mcp/operation-tools.server";

/** A public operation (no database needed), declared with the body it takes. */
function greeting(body: z.ZodObject) {
  return defineOperation({
    method: "post",
    path: "/api/greetings/:to",
    tag: "Reference",
    summary: "Greet",
    access: "public",
    json: body,
    responses: { 201: { description: "The greeting.", json: z.object({ text: z.string() }) } },
    tool: {
      name: "greet",
      title: "Greet someone",
      description: "Greets someone by name.",
      params: { to: { name: "person", description: "Who is greeted." } },
      summarize: ({ text }) => `Said: ${text}`,
    },
    async handle({ params, body }) {
      const { name, shout } = body as { name: string; shout?: boolean };
      if (name === "off-schema") return { status: 201, body: { text: 42 } };
      const text = `Hello ${params.to}, from ${name}`;
      return { status: 201, body: { text: shout ? text.toUpperCase() : text } };
    },
  });
}

const servers: { close(): void }[] = [];
afterEach(() => servers.splice(0).forEach((server) => server.close()));

/** The API made of these operations alone: its router, listening, and its document. */
async function apiOf(operations: Operation[]) {
  const app = express();
  app.use(express.json());
  app.use("/api", operationsRouter({ getServices: async () => ({}) as Services, operations, select: () => true }));
  app.use(apiErrorHandler);
  const server = app.listen(0);
  servers.push(server);
  await new Promise((resolve) => server.once("listening", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const post = async (path: string, body: unknown) => {
    const response = await fetch(`${base}${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  return { post, document: buildOpenApiDocument(operations), agent: await agentOf(operations) };
}

/** An MCP client of the tools these operations declare, over the SDK's in-memory transport. */
async function agentOf(operations: Operation[]) {
  const server = createMcpServer({ services: {} as Services, user: null as never }, operations.map(toolOfOperation));
  const client = new Client({ name: "test", version: "1" });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
  servers.push({ close: () => void client.close() });
  const tool = async () => (await client.listTools()).tools.find((t) => t.name === "greet")!;
  const call = async (args: Record<string, unknown>) => {
    const result = (await client.callTool({ name: "greet", arguments: args })) as CallToolResult;
    return { isError: result.isError ?? false, text: result.content.map((c) => (c.type === "text" ? c.text : "")) };
  };
  return { tool, call };
}

type RequestBodySchema = { required?: string[]; properties: Record<string, unknown> };
const requestSchemaOf = (document: ReturnType<typeof buildOpenApiDocument>) =>
  (document.paths?.["/api/greetings/{to}"]?.post?.requestBody as { content: Record<string, { schema: unknown }> })
    .content["application/json"]!.schema as RequestBodySchema;

describe("an operation declared once", () => {
  it("is served, documented and offered to agents from the same declaration, and a change to it reaches all three", async () => {
    const before = await apiOf([greeting(z.object({ name: z.string() }))]);
    expect(await before.post("/api/greetings/ann", { name: "Bo" })).toEqual({
      status: 201,
      body: { text: "Hello ann, from Bo" },
    });
    expect(requestSchemaOf(before.document).required).toEqual(["name"]);
    expect((await before.agent.tool()).inputSchema.required).toEqual(["person", "name"]);
    expect(await before.agent.call({ person: "ann", name: "Bo" })).toEqual({
      isError: false,
      text: ["Said: Hello ann, from Bo", JSON.stringify({ text: "Hello ann, from Bo" }, null, 2)],
    });
    expect(Object.keys(before.document.paths?.["/api/greetings/{to}"]?.post?.responses ?? {})).toEqual(
      expect.arrayContaining(["201", "400", "413", "404"]),
    );

    // The one declaration changes: the body now needs `shout` too.
    const after = await apiOf([greeting(z.object({ name: z.string(), shout: z.boolean() }))]);
    const refused = await after.post("/api/greetings/ann", { name: "Bo" });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ error: { fields: [{ path: "shout" }] } });
    expect(await after.post("/api/greetings/ann", { name: "Bo", shout: true })).toEqual({
      status: 201,
      body: { text: "HELLO ANN, FROM BO" },
    });
    expect(requestSchemaOf(after.document).required).toEqual(["name", "shout"]);
    expect(requestSchemaOf(after.document).properties).toHaveProperty("shout");
    // The agent's tool asks for it too, refuses a call without it as the route does, and answers the same.
    expect((await after.agent.tool()).inputSchema.required).toEqual(["person", "name", "shout"]);
    expect((await after.agent.tool()).inputSchema.properties).toHaveProperty("shout", { type: "boolean" });
    expect(await after.agent.call({ person: "ann", name: "Bo" })).toMatchObject({
      isError: true,
      text: [expect.stringMatching(/\(shout\)$/)],
    });
    expect((await after.agent.call({ person: "ann", name: "Bo", shout: true })).text[0]).toBe(
      "Said: HELLO ANN, FROM BO",
    );
  });

  it("fails loudly in tests when a handler answers off its declared reply", async () => {
    const api = await apiOf([greeting(z.object({ name: z.string() }))]);
    const answer = await api.post("/api/greetings/ann", { name: "off-schema" });
    expect(answer.status).toBe(500);
  });

  it("types the browser's calls by the declarations: the body sent and the reply", () => {
    expectTypeOf<ApiReply<"get", "/api/jobs/:id">>().toEqualTypeOf<z.output<typeof jobReply>>();
    expectTypeOf<ApiReply<"post", "/api/objects">>().toEqualTypeOf<z.output<typeof objectsSubmittedReply>>();
    expectTypeOf<ApiBody<"post", "/api/objects">>().toEqualTypeOf<z.input<typeof generateObjectsSchema>>();
    expectTypeOf<ApiReply<"delete", "/api/keys/:id">>().toEqualTypeOf<undefined>();
  });
});
