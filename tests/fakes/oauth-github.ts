// A local stand-in for GitHub's OAuth 2.0 web flow and the two REST calls Motif makes,
// speaking GitHub's wire format. Run on its own: node tests/fakes/oauth-github.ts <port>
import { createHash, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export const FAKE_GITHUB_USER = { id: 4242, login: "octo-artist", email: "octo@example.com" };
export const FAKE_GITHUB_CLIENT = { id: "fake-github-client", secret: "fake-github-secret" };

interface PendingCode {
  redirectUri: string;
  codeChallenge: string | null;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
}

export async function startFakeGitHub(port = 0): Promise<{ url: string; close(): Promise<void> }> {
  const codes = new Map<string, PendingCode>();
  const tokens = new Set<string>();

  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { "Content-Type": "application/json" });
      res.end(JSON.stringify(body));
    };

    // The consent screen: a real page with an Authorize button, like GitHub's.
    if (url.pathname === "/login/oauth/authorize" && req.method === "GET") {
      const clientId = url.searchParams.get("client_id");
      const redirectUri = url.searchParams.get("redirect_uri");
      const state = url.searchParams.get("state");
      if (clientId !== FAKE_GITHUB_CLIENT.id || !redirectUri || !state) return json(400, { error: "invalid_request" });
      const code = randomBytes(10).toString("hex");
      codes.set(code, { redirectUri, codeChallenge: url.searchParams.get("code_challenge") });
      const target = new URL(redirectUri);
      target.searchParams.set("code", code);
      target.searchParams.set("state", state);
      res.writeHead(200, { "Content-Type": "text/html" });
      res.end(
        `<!doctype html><title>Authorize application</title><h1>Authorize Motif</h1>` +
          `<p>Signed in as ${FAKE_GITHUB_USER.login}</p><a href="${target.href.replace(/&/g, "&amp;")}">Authorize</a>`,
      );
      return;
    }

    if (url.pathname === "/login/oauth/access_token" && req.method === "POST") {
      const form = new URLSearchParams(await readBody(req));
      const basic = req.headers.authorization?.startsWith("Basic ")
        ? Buffer.from(req.headers.authorization.slice(6), "base64").toString().split(":")
        : [form.get("client_id"), form.get("client_secret")];
      const pending = codes.get(form.get("code") ?? "");
      if (basic[0] !== FAKE_GITHUB_CLIENT.id || basic[1] !== FAKE_GITHUB_CLIENT.secret) {
        return json(401, { error: "incorrect_client_credentials" });
      }
      if (!pending || pending.redirectUri !== form.get("redirect_uri"))
        return json(400, { error: "bad_verification_code" });
      if (pending.codeChallenge) {
        const verifier = form.get("code_verifier") ?? "";
        const challenge = createHash("sha256").update(verifier).digest("base64url");
        if (challenge !== pending.codeChallenge) return json(400, { error: "bad_verification_code" });
      }
      codes.delete(form.get("code")!);
      const token = `gho_${randomBytes(16).toString("hex")}`;
      tokens.add(token);
      return json(200, { access_token: token, token_type: "bearer", scope: "read:user,user:email" });
    }

    const bearer = req.headers.authorization?.replace(/^Bearer /, "") ?? "";
    if (url.pathname === "/user" || url.pathname === "/user/emails") {
      if (!tokens.has(bearer)) return json(401, { message: "Bad credentials" });
      if (url.pathname === "/user") return json(200, { id: FAKE_GITHUB_USER.id, login: FAKE_GITHUB_USER.login });
      return json(200, [
        { email: "old@example.com", primary: false, verified: false, visibility: null },
        { email: FAKE_GITHUB_USER.email, primary: true, verified: true, visibility: "public" },
      ]);
    }
    if (url.pathname === "/healthz") return json(200, { ok: true });
    json(404, { message: "Not Found" });
  });

  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const fake = await startFakeGitHub(Number(process.argv[2]));
  console.log(`Fake GitHub on ${fake.url}`);
}
