import { ArrowRight, CheckCircle2, Cpu, Database, HardDrive, Mail, TriangleAlert, UserPlus } from "lucide-react";
import type { ReactNode } from "react";
import { Link, useRevalidator } from "react-router";
import { InstanceSettingsForm } from "~/components/admin/instance-settings-form";
import { SetupSection } from "~/components/setup/setup-section";
import { buttonClasses } from "~/components/ui/button";
import { utcDateTime } from "~/lib/words/admin-format";
import { cn } from "~/lib/ui/cn";
import type { SetupStatus } from "#domain/setup";
import { withRouteErrors } from "#server/http/route-errors.server";
import { readInstanceSettings } from "#server/instance/instance-settings.server";
import { operatorRoute } from "#server/ui/operator-route.server";
import { describeSetup } from "#server/setup/setup-status.server";
import type { Route } from "./+types/instance";

export function meta() {
  return [{ title: "Instance · Operator console · Motif" }];
}

export const loader = withRouteErrors(async ({ context }: Route.LoaderArgs) => {
  const { services } = await operatorRoute(context);
  const [settings, status] = await Promise.all([
    readInstanceSettings(services.database.db, services.config.instance),
    describeSetup(services),
  ]);
  return { settings, status };
});

function Check(props: { icon: typeof Cpu; label: string; detail: ReactNode; ok: boolean | null }) {
  const { icon: Icon } = props;
  return (
    <li className="flex items-start gap-3 py-3">
      <Icon aria-hidden className="mt-0.5 size-5 shrink-0 text-neutral-500 dark:text-neutral-400" />
      <div className="min-w-0 flex-1">
        <p className="font-medium">{props.label}</p>
        <p className="text-sm break-words text-neutral-600 dark:text-neutral-400">{props.detail}</p>
      </div>
      {props.ok === true && (
        <CheckCircle2 aria-label="Working" className="size-5 shrink-0 text-success-600 dark:text-success-400" />
      )}
      {props.ok === false && (
        <TriangleAlert
          aria-label="Needs attention"
          className="size-5 shrink-0 text-warning-600 dark:text-warning-400"
        />
      )}
    </li>
  );
}

/** The setup page's facts, at a glance: each model's last check, where mail, files and data go. */
function Checks({ status }: { status: SetupStatus }) {
  const { mail, storage, database } = status;
  return (
    <ul className="divide-y divide-neutral-100 dark:divide-neutral-800">
      {status.engines.map((engine) => (
        <Check
          key={engine.id}
          icon={Cpu}
          label={`${engine.name}${engine.isDefault ? " (default)" : ""}`}
          ok={engine.preview ? null : (engine.lastCheck?.ok ?? null)}
          detail={
            engine.preview
              ? "Draws placeholder pictures inside Motif: no AI model."
              : engine.lastCheck
                ? `${engine.lastCheck.ok ? "Answered" : `Not reachable: ${engine.lastCheck.message}`} (${utcDateTime(engine.lastCheck.checkedAt)})`
                : "Not checked yet."
          }
        />
      ))}
      <Check
        icon={Mail}
        label="Mail"
        ok={mail.kind === "smtp" ? true : null}
        detail={
          mail.kind === "smtp"
            ? `SMTP at ${mail.host}, from ${mail.from}`
            : `Written to ${mail.folder} (no SMTP server)`
        }
      />
      <Check
        icon={HardDrive}
        label="Storage"
        ok={true}
        detail={storage.kind === "s3" ? `S3 bucket ${storage.bucket} (${storage.region})` : `Disk: ${storage.folder}`}
      />
      <Check
        icon={Database}
        label="Database"
        ok={true}
        detail={
          database.kind === "postgres"
            ? `PostgreSQL ${database.version}, ${database.name} on ${database.host}`
            : `Embedded PostgreSQL ${database.version} in ${database.folder}`
        }
      />
    </ul>
  );
}

/** The console's instance page: who may join, what they start with, the banner, and the setup's checks. */
export default function InstancePage({ loaderData }: Route.ComponentProps) {
  const revalidator = useRevalidator();
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start">
      <SetupSection
        id="signup"
        icon={UserPlus}
        title="Sign-ups and announcement"
        description="Changed here, in force at once for everyone, without a restart. The environment's values are the defaults."
      >
        <InstanceSettingsForm initial={loaderData.settings} onSaved={() => void revalidator.revalidate()} />
      </SetupSection>
      <SetupSection
        id="checks"
        icon={Cpu}
        title="Checks"
        description="What this instance runs on. Test a model or the mail, or connect a model, on the setup page."
      >
        <Checks status={loaderData.status} />
        <Link to="/app/setup" className={cn(buttonClasses("secondary", "sm"), "mt-4")}>
          Open setup <ArrowRight aria-hidden className="size-4" />
        </Link>
      </SetupSection>
    </div>
  );
}
