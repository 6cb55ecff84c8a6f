import { CodeChallengeMethod, OAuth2Client } from "arctic";
import type { Config } from "../config.server";

export const oauthProviderIds = ["google", "github", "facebook", "twitter"] as const;
export type OAuthProviderId = (typeof oauthProviderIds)[number];

export const oauthProviderLabels: Record<OAuthProviderId, string> = {
  google: "Google",
  github: "GitHub",
  facebook: "Facebook",
  twitter: "X (Twitter)",
};

export interface OAuthProfile {
  id: string;
  email: string | null;
}

export interface OAuthProvider {
  id: OAuthProviderId;
  authorizationUrl(options: { state: string; codeVerifier: string }): URL;
  /** Exchanges the code and reads the account id and verified e-mail. */
  fetchProfile(options: { code: string; codeVerifier: string }): Promise<OAuthProfile>;
}

const TIMEOUT_MS = 10_000;

async function getJson<T>(url: string, accessToken: string): Promise<T> {
  const response = await fetch(url, {
    headers: { Authorization: `Bearer ${accessToken}`, Accept: "application/json", "User-Agent": "Motif" },
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return (await response.json()) as T;
}

interface Endpoints {
  authorize: string;
  token: string;
  scopes: string[];
  pkce: boolean;
  profile(accessToken: string): Promise<OAuthProfile>;
}

function endpointsFor(id: OAuthProviderId, config: Config): Endpoints | undefined {
  const o = config.auth.oauth;
  switch (id) {
    case "github": {
      if (!o.github) return undefined;
      const { baseUrl, apiUrl } = o.github;
      return {
        authorize: `${baseUrl}/login/oauth/authorize`,
        token: `${baseUrl}/login/oauth/access_token`,
        scopes: ["read:user", "user:email"],
        pkce: true,
        async profile(token) {
          const user = await getJson<{ id: number }>(`${apiUrl}/user`, token);
          const emails = await getJson<{ email: string; primary: boolean; verified: boolean }[]>(
            `${apiUrl}/user/emails`,
            token,
          );
          const email = emails.find((e) => e.primary && e.verified) ?? emails.find((e) => e.verified);
          return { id: String(user.id), email: email?.email ?? null };
        },
      };
    }
    case "google":
      if (!o.google) return undefined;
      return {
        authorize: "https://accounts.google.com/o/oauth2/v2/auth",
        token: "https://oauth2.googleapis.com/token",
        scopes: ["openid", "email", "profile"],
        pkce: true,
        async profile(token) {
          const info = await getJson<{ sub: string; email?: string; email_verified?: boolean }>(
            "https://openidconnect.googleapis.com/v1/userinfo",
            token,
          );
          return { id: info.sub, email: info.email_verified ? (info.email ?? null) : null };
        },
      };
    case "facebook":
      if (!o.facebook) return undefined;
      return {
        authorize: "https://www.facebook.com/v21.0/dialog/oauth",
        token: "https://graph.facebook.com/v21.0/oauth/access_token",
        scopes: ["email", "public_profile"],
        pkce: true,
        async profile(token) {
          const me = await getJson<{ id: string; email?: string }>(
            "https://graph.facebook.com/v21.0/me?fields=id,email",
            token,
          );
          return { id: me.id, email: me.email ?? null };
        },
      };
    case "twitter":
      if (!o.twitter) return undefined;
      return {
        authorize: "https://x.com/i/oauth2/authorize",
        token: "https://api.x.com/2/oauth2/token",
        scopes: ["users.read", "tweet.read", "users.email"],
        pkce: true,
        async profile(token) {
          const me = await getJson<{ data: { id: string; confirmed_email?: string } }>(
            "https://api.x.com/2/users/me?user.fields=confirmed_email",
            token,
          );
          return { id: me.data.id, email: me.data.confirmed_email ?? null };
        },
      };
  }
}

function credentialsFor(id: OAuthProviderId, config: Config) {
  return config.auth.oauth[id];
}

/** The providers the operator configured (client id and secret both set). */
export function configuredProviders(config: Config): OAuthProviderId[] {
  return oauthProviderIds.filter((id) => credentialsFor(id, config));
}

export function getOAuthProvider(id: OAuthProviderId, config: Config): OAuthProvider | undefined {
  const endpoints = endpointsFor(id, config);
  const credentials = credentialsFor(id, config);
  if (!endpoints || !credentials) return undefined;
  const redirectUri = `${config.publicUrl}/api/auth/oauth/${id}/callback`;
  const client = new OAuth2Client(credentials.clientId, credentials.clientSecret, redirectUri);
  return {
    id,
    authorizationUrl: ({ state, codeVerifier }) =>
      endpoints.pkce
        ? client.createAuthorizationURLWithPKCE(
            endpoints.authorize,
            state,
            CodeChallengeMethod.S256,
            codeVerifier,
            endpoints.scopes,
          )
        : client.createAuthorizationURL(endpoints.authorize, state, endpoints.scopes),
    async fetchProfile({ code, codeVerifier }) {
      const tokens = await client.validateAuthorizationCode(
        endpoints.token,
        code,
        endpoints.pkce ? codeVerifier : null,
      );
      return endpoints.profile(tokens.accessToken());
    },
  };
}
