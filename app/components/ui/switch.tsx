import { useId } from "react";

/**
 * An on/off setting: a button with the switch role (WAI-ARIA's switch pattern), its label
 * beside it. Space and Enter toggle it as they click a button.
 */
export function Switch(props: { label: string; hint?: string; checked: boolean; onChange(checked: boolean): void }) {
  const id = useId();
  const state = props.checked ? "checked" : "unchecked";
  return (
    <div className="flex items-start justify-between gap-4">
      <label htmlFor={id} className="grid gap-0.5">
        <span className="text-sm font-medium">{props.label}</span>
        {props.hint && <span className="text-sm text-neutral-500 dark:text-neutral-400">{props.hint}</span>}
      </label>
      <button
        type="button"
        role="switch"
        id={id}
        aria-checked={props.checked}
        data-state={state}
        onClick={() => props.onChange(!props.checked)}
        className="relative h-6 w-11 shrink-0 rounded-full bg-neutral-300 transition-colors data-[state=checked]:bg-primary-600 dark:bg-neutral-700 dark:data-[state=checked]:bg-primary-500"
      >
        <span
          data-state={state}
          className="block size-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[22px]"
        />
      </button>
    </div>
  );
}
