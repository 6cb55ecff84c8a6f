import { index, layout, route, type RouteConfig } from "@react-router/dev/routes";

// Every page is its own lazily loaded module (spec §2).
export default [
  layout("layouts/default.tsx", [
    index("routes/home.tsx"),
    route("terms", "routes/terms.tsx"),
    route("privacy", "routes/privacy.tsx"),
    route("auth/login", "routes/auth/login.tsx"),
    route("auth/verify", "routes/auth/verify.tsx"),
    route("invite", "routes/invite.tsx"),
    route("*", "routes/not-found.tsx"),
  ]),
  layout("layouts/app.tsx", [
    route("app", "routes/app/index.tsx"),
    route("app/style", "routes/app/style.tsx"),
    route("app/style/:styleId", "routes/app/style-detail.tsx"),
    route("app/styles/*", "routes/app/styles-redirect.tsx"),
    route("app/settings", "routes/app/settings.tsx"),
    route("app/credits", "routes/app/credits.tsx"),
    route("app/object", "routes/app/objects.tsx"),
    route("app/object/:objectId", "routes/app/object.tsx"),
    route("app/characters", "routes/app/characters.tsx"),
    route("app/characters/:characterId", "routes/app/character.tsx"),
    route("app/setup", "routes/app/setup.tsx"),
    route("app/teams", "routes/app/teams.tsx"),
    route("app/teams/:teamId", "routes/app/team.tsx"),
    // The operator console: every page answers 404 to anyone but an operator.
    layout("routes/app/admin/layout.tsx", [
      route("app/admin", "routes/app/admin/users.tsx"),
      route("app/admin/teams", "routes/app/admin/teams.tsx"),
      route("app/admin/usage", "routes/app/admin/usage.tsx"),
      route("app/admin/instance", "routes/app/admin/instance.tsx"),
      route("app/admin/audit", "routes/app/admin/audit.tsx"),
    ]),
    // Unknown addresses under /app get their 404 inside the signed-in shell.
    route("app/*", "routes/not-found.tsx", { id: "routes/app/not-found" }),
  ]),
] satisfies RouteConfig;
