import { Coins, Cpu, Database, HardDrive, Mail, PlugZap, Send, ShieldCheck, Zap } from "lucide-react";
import { PageHeader } from "~/components/page-header";
import { CheckAction, type CheckOutcome } from "~/components/setup/check-action";
import { ConnectModel } from "~/components/setup/connect-model";
import { GrantCreditsForm } from "~/components/setup/grant-credits";
import { Facts, SetupSection, StatusPill } from "~/components/setup/setup-section";
import { utcDateTime } from "~/lib/words/admin-format";
import type { CheckedEngine, ConnectionCheck, SetupStatus, TestEmailResult } from "#domain/setup";
import { userContext } from "#server/ui/require-user.server";
import { servicesContext } from "#server/ui/context";
import { withRouteErrors } from "#server/http/route-errors.server";
import { requireOperator } from "#server/auth/operator.server";
import { describeSetup } from "#server/setup/setup-status.server";
import type { Route } from "./+types/setup";

export function meta() {
  return [{ title: "Setup · Motif" }];
}

// Anyone but an operator gets the 404 page: the page's existence tells them nothing.
export const loader = withRouteErrors(async ({ context }: Route.LoaderArgs) => {
  const services = context.get(servicesContext);
  const user = context.get(userContext);
  await requireOperator({ db: services.database.db, adminEmails: services.config.adminEmails }, user);
  return { status: await describeSetup(services), email: user.email };
});

function connectionOutcome({ check }: { check: ConnectionCheck }): CheckOutcome {
  if (!check.ok) return { ok: false, title: `Connection failed after ${check.latencyMs} ms`, message: check.message };
  return { ok: true, title: `Connected in ${check.latencyMs} ms`, message: check.message };
}

function emailOutcome({ result }: { result: TestEmailResult }): CheckOutcome {
  return { ok: result.ok, title: result.ok ? "Test e-mail sent" : "Test e-mail not sent", message: result.message };
}

/** The last connection check, in words: when, and why it failed. */
function lastCheckLine(check: NonNullable<CheckedEngine["lastCheck"]>): string {
  const when = utcDateTime(check.checkedAt);
  return check.ok ? `Answered (${when})` : `Not reachable (${when}): ${check.message}`;
}

const previewOnly =
  "The preview engine draws placeholder pictures inside Motif: no AI model, no network, no key. It is there to try Motif out. Connect a real model below to generate real images.";
const previewBeside =
  "The preview engine draws placeholder pictures inside Motif: no AI model, no network, no key. A real model is connected too: users pick, for each generation, which one makes it.";

function EngineSection({
  engine,
  several,
  realModel,
}: {
  engine: CheckedEngine;
  several: boolean;
  /** Whether any real model is configured beside the preview engine. */
  realModel: boolean;
}) {
  const title = several ? engine.name : "Image engine";
  // With several, the title names the service: the pill says which one new generations default to.
  const pill = several ? (engine.isDefault ? "Default" : "Enabled") : engine.name;
  if (engine.preview) {
    return (
      <SetupSection
        id={`engine-${engine.id}`}
        icon={Cpu}
        title={title}
        status={<StatusPill tone="attention">{pill}</StatusPill>}
        description={realModel ? previewBeside : previewOnly}
      />
    );
  }
  const unreachable = engine.lastCheck?.ok === false;
  return (
    <SetupSection
      id={`engine-${engine.id}`}
      icon={Cpu}
      title={title}
      status={
        unreachable ? (
          <StatusPill tone="attention">Not reachable</StatusPill>
        ) : (
          <StatusPill tone="ready">{pill}</StatusPill>
        )
      }
      description={
        unreachable
          ? "The last connection check failed: users see this model as not reachable and cannot spend credits on it. Motif tries again every minute; fix the address or key and restart, or press Test connection once it is back."
          : "Users can generate with this model. Test connection makes one free, authenticated request; no image is made and no credits move."
      }
    >
      <div className="grid gap-5">
        <Facts
          rows={[
            ["Service", engine.name],
            ["Model", engine.model],
            ["Address", engine.addressVariable ? `${engine.host} (${engine.addressVariable})` : (engine.host ?? "")],
            ...(engine.id === "comfyui" ? [] : ([["API key", "Set (never shown)"]] as [string, string][])),
            ...(engine.lastCheck ? ([["Last check", lastCheckLine(engine.lastCheck)]] as [string, string][]) : []),
          ]}
        />
        <CheckAction
          label="Test connection"
          busyLabel="Testing…"
          icon={Zap}
          path="/api/setup/test-connection"
          body={{ provider: engine.id }}
          describe={connectionOutcome}
        />
      </div>
    </SetupSection>
  );
}

function MailSection({ mail, email }: { mail: SetupStatus["mail"]; email: string }) {
  return (
    <SetupSection
      id="mail"
      icon={Mail}
      title="Mail"
      status={
        mail.kind === "smtp" ? (
          <StatusPill tone="ready">SMTP</StatusPill>
        ) : (
          <StatusPill tone="attention">Outbox</StatusPill>
        )
      }
      description={
        mail.kind === "smtp"
          ? "Sign-in links are sent through this mail server."
          : "No mail server is set: each message is written to the outbox folder and its sign-in link is printed in the server log. Set SMTP_URL to send real e-mail."
      }
    >
      <div className="grid gap-5">
        <Facts
          rows={
            mail.kind === "smtp"
              ? [
                  ["Server", mail.port ? `${mail.host}:${mail.port}` : mail.host],
                  ["Sender", mail.from],
                ]
              : [["Outbox folder", mail.folder]]
          }
        />
        <CheckAction
          label="Send a test e-mail to me"
          busyLabel="Sending…"
          icon={Send}
          path="/api/setup/test-email"
          describe={emailOutcome}
        />
        <p className="sr-only">The test e-mail goes to {email}.</p>
      </div>
    </SetupSection>
  );
}

function StorageSection({ storage }: { storage: SetupStatus["storage"] }) {
  return (
    <SetupSection
      id="storage"
      icon={HardDrive}
      title="Storage"
      status={<StatusPill tone="ready">{storage.kind === "s3" ? "S3 bucket" : "Disk"}</StatusPill>}
      description={
        storage.kind === "s3"
          ? "Images are kept in an S3-compatible bucket that every process shares."
          : "Images are kept on this machine's disk. Set S3_BUCKET when more than one process serves Motif."
      }
    >
      <Facts
        rows={
          storage.kind === "s3"
            ? [
                ["Bucket", storage.bucket],
                ["Region", storage.region],
                ["Endpoint", storage.endpointHost ?? "Amazon S3"],
              ]
            : [["Folder", storage.folder]]
        }
      />
    </SetupSection>
  );
}

function DatabaseSection({ database }: { database: SetupStatus["database"] }) {
  return (
    <SetupSection
      id="database"
      icon={Database}
      title="Database"
      status={<StatusPill tone="ready">{database.kind === "postgres" ? "PostgreSQL" : "Embedded"}</StatusPill>}
      description={
        database.kind === "postgres"
          ? "A PostgreSQL server: any number of Motif processes can share it."
          : "An embedded PostgreSQL (PGlite) in a folder: one process only. Set DATABASE_URL to use a PostgreSQL server."
      }
    >
      <Facts
        rows={
          database.kind === "postgres"
            ? [
                ["Server", database.host],
                ["Database", database.name],
                ["Version", database.version],
              ]
            : [
                ["Folder", database.folder],
                ["Version", database.version],
              ]
        }
      />
    </SetupSection>
  );
}

function OperatorsSection({ rule }: { rule: SetupStatus["operatorRule"] }) {
  return (
    <SetupSection
      id="operators"
      icon={ShieldCheck}
      title="Who sees this page"
      description={
        rule === "admin_emails" ? (
          <p>You see this page because your address is in ADMIN_EMAILS. Nobody else is told it exists.</p>
        ) : (
          <p>
            You see this page because yours is the oldest account. To choose who runs this instance, set ADMIN_EMAILS to
            a comma-separated list of addresses: then only they see it.
          </p>
        )
      }
    />
  );
}

export default function SetupPage({ loaderData }: Route.ComponentProps) {
  const { status, email } = loaderData;
  const realModel = status.engines.some((e) => !e.preview);
  return (
    <>
      <PageHeader title="Setup" description="How this Motif instance runs, and how to connect a real image model." />
      <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
        {status.engines.map((engine) => (
          <EngineSection key={engine.id} engine={engine} several={status.engines.length > 1} realModel={realModel} />
        ))}
        <SetupSection
          id="connect"
          icon={PlugZap}
          title={realModel ? "Change or add models" : "Connect a real model"}
          description="Motif generates with OpenAI, Google Gemini, fal or your own ComfyUI, several at once if you like: users pick the model for each generation. Set these variables where Motif runs and restart it: it checks them at start and refuses to start, naming the variable, if one is wrong."
        >
          <ConnectModel testable={realModel} />
        </SetupSection>
        <SetupSection
          id="credits"
          icon={Coins}
          title="Give credits"
          description="Adds credits to an account through its ledger (shown to them as added by the operator), settling anything it owes first. People ask for credits from their Credits page; their request reaches you by e-mail."
        >
          <GrantCreditsForm />
        </SetupSection>
        <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-2">
          <MailSection mail={status.mail} email={email} />
          <StorageSection storage={status.storage} />
          <DatabaseSection database={status.database} />
          <OperatorsSection rule={status.operatorRule} />
        </div>
      </div>
    </>
  );
}
