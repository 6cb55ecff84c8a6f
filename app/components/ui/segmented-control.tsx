import { cn } from "~/lib/ui/cn";

/** A row of mutually exclusive choices, as radio buttons (keyboard: arrows within the group). */
export function SegmentedControl<T extends string>(props: {
  legend: string;
  name: string;
  value: T;
  options: { value: T; label: string; hint?: string }[];
  onChange(value: T): void;
}) {
  return (
    <fieldset className="grid gap-1.5">
      <legend className="mb-1.5 text-sm font-medium">{props.legend}</legend>
      <div className="grid auto-cols-fr grid-flow-col gap-1 rounded-xl bg-neutral-100 p-1 dark:bg-neutral-800">
        {props.options.map((option) => (
          <label
            key={option.value}
            title={option.hint}
            className={cn(
              "cursor-pointer rounded-lg px-3 py-1.5 text-center text-sm font-medium transition has-focus-visible:outline-2 has-focus-visible:outline-primary-500",
              props.value === option.value
                ? "bg-white text-neutral-900 shadow-sm dark:bg-neutral-950 dark:text-white"
                : "text-neutral-600 hover:text-neutral-900 dark:text-neutral-400 dark:hover:text-white",
            )}
          >
            <input
              type="radio"
              className="sr-only"
              name={props.name}
              value={option.value}
              checked={props.value === option.value}
              onChange={() => props.onChange(option.value)}
            />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
